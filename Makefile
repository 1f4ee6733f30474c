# meeple: two commands on a fresh machine (python3 + pip + make):
#   make play                 play Magnum Sal against three bots (ARGS="..." for anything else)
#   make test                 run the whole test suite
# uv is installed into the user's Python on first use; the environment is built by uv.

PYTHON ?= python3
UV := $(PYTHON) -m uv
ARGS ?= magnum-sal --seats human,greedy,greedy,greedy

.PHONY: play test bench uv sync

uv:
	@$(UV) --version >/dev/null 2>&1 || $(PYTHON) -m pip install --quiet uv \
		|| $(PYTHON) -m pip install --quiet --user --break-system-packages uv

sync: uv
	@$(UV) sync --quiet

play: sync
	@$(UV) run --quiet meeple play $(ARGS)

test: sync
	$(UV) run --quiet pytest -n auto

bench: sync
	$(UV) run --quiet pytest benchmarks --benchmark-only --benchmark-columns=mean,ops,rounds
