# meeple: two commands on a fresh machine (python3 + pip + make):
#   make serve                play in the browser: http://127.0.0.1:8000 (ARGS="..." for meeple serve options)
#   make test                 run the test suite (make test-ray: only the Ray backend's tests)
# uv is installed into the user's Python on first use; the environment is built by uv.
# Also: make play (the terminal game, ARGS="..." for meeple play), make bench.

PYTHON ?= python3
UV := $(PYTHON) -m uv
SERVE_ARGS ?=
PLAY_ARGS ?= magnum-sal --seats human,greedy,greedy,greedy

.PHONY: serve play test test-ray bench uv sync sync-all

uv:
	@$(UV) --version >/dev/null 2>&1 || $(PYTHON) -m pip install --quiet uv \
		|| $(PYTHON) -m pip install --quiet --user --break-system-packages uv

# --inexact keeps the extras a test run installed (no reinstall when switching targets)
sync: uv
	@$(UV) sync --quiet --inexact

sync-all: uv
	@$(UV) sync --quiet --all-extras

serve: sync
	@$(UV) run --quiet meeple serve $(if $(ARGS),$(ARGS),$(SERVE_ARGS))

# Ctrl-C saves the game and meeple exits 130 (128 + SIGINT, as a shell counts it): the end the
# person asked for, not an error for make to report ("make: *** Error 130"); the shell waits
# for meeple (trap), which gets Ctrl-C itself and saves
play: sync
	@trap : INT; $(UV) run --quiet meeple play $(if $(ARGS),$(ARGS),$(PLAY_ARGS)); \
		status=$$?; [ $$status -eq 130 ] || exit $$status

test: sync-all
	$(UV) run --quiet pytest -n auto

# the Ray backend's tests alone (make test runs them too)
test-ray: sync-all
	$(UV) run --quiet pytest -m ray

bench: sync-all
	$(UV) run --quiet pytest benchmarks --benchmark-only --benchmark-columns=mean,ops,rounds
