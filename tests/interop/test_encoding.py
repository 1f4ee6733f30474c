"""The games' fixed action spaces and observation vectors (games/<pkg>/encoding.py).

Every legal action of random and greedy whole games is in the space; the vector has one
length per configuration, for every seat and a spectator; the layout covers it."""

import random
import re

import pytest

import meeple
import meeple.agents
from meeple.interop.spaces import ActionSpace, Writer, encoding_of

from .conftest import CONFIGS, GAMES, IDS


def _vector_len(game, n, variant):
    st = meeple.load_game(game).new_initial_state(n, 0, variant)
    return len(encoding_of(game).observation_vector(st.observation(0), n, variant))


@pytest.mark.parametrize("game,n,variant", CONFIGS, ids=IDS)
def test_random_games_stay_in_the_action_space_and_the_vector_keeps_its_length(game, n, variant):
    enc = encoding_of(game)
    space = ActionSpace(enc.action_notations(n, variant))  # raises on a duplicate
    length = _vector_len(game, n, variant)
    g = meeple.load_game(game)
    for seed in range(2):
        st = g.new_initial_state(n, seed, variant)
        rng = random.Random(seed)
        step = 0
        while not st.is_terminal():
            legal = st.legal_actions()
            missing = [a.text for a in legal if a.text not in space.index]
            assert not missing, f"seed {seed} move {st.move_number}: {missing[:5]} not in the action space"
            if seed == 0 and step % 7 == 0:  # every seat's and a spectator's vector, now and then
                for seat in [*range(n), None]:
                    vec = enc.observation_vector(st.observation(seat), n, variant)
                    assert len(vec) == length
                    assert all(isinstance(x, (int, float)) for x in vec)  # never None or a string
            st.apply_action(legal[rng.randrange(len(legal))])
            step += 1
        vec = enc.observation_vector(st.observation(0), n, variant)
        assert len(vec) == length


@pytest.mark.parametrize("game", GAMES)
def test_greedy_games_stay_in_the_action_space(game):
    g = meeple.load_game(game)
    enc = encoding_of(game)
    for n in (g.min_players, g.max_players):
        space = set(enc.action_notations(n, g.variants[0]))
        st = g.new_initial_state(n, 11, g.variants[0])
        bots = [meeple.agents.make("greedy", seed=s) for s in range(n)]
        while not st.is_terminal():
            for a in st.legal_actions():
                assert a.text in space, f"{a.text!r} not in the {game} action space"
            st.apply_action(bots[st.current_player].choose(st))


@pytest.mark.slow
@pytest.mark.parametrize("game,n,variant", CONFIGS, ids=IDS)
def test_many_random_games_stay_in_the_action_space(game, n, variant):
    space = set(encoding_of(game).action_notations(n, variant))
    g = meeple.load_game(game)
    for seed in range(2, 22):
        st = g.new_initial_state(n, seed, variant)
        rng = random.Random(seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            assert all(a.text in space for a in legal)
            st.apply_unchecked(legal[rng.randrange(len(legal))])


def test_action_space_sizes():
    """The sizes docs/research.md lists (a change of the engine's notations shows here)."""
    sizes = {g: len(encoding_of(g).action_notations(2, meeple.load_game(g).variants[0])) for g in GAMES}
    assert sizes == {"magnum-sal": 250, "lignum": 292, "solomon": 1820, "klondike": 3263}
    kl = encoding_of("klondike")
    assert [len(kl.action_notations(4, v)) for v in ("family", "square", "race")] == [3319, 3559, 3233]
    assert kl.RUBY_CAP == 3 + 4 * 6  # 3 to start (KL-10.4), face C's 6 ruby cells on each of 4 tiles


def test_notations_map_both_ways():
    space = ActionSpace(encoding_of("solomon").action_notations(3, "standard"))
    assert space.to_notation(space.to_index("play 17")) == "play 17"
    assert space.to_index("a1-b2") == space.notations.index("a1-b2")
    st = meeple.load_game("solomon").new_initial_state(3, 5)
    legal = st.legal_actions()
    assert [space.to_notation(i) for i in space.legal_indices(legal)] == [a.text for a in legal]
    with pytest.raises(KeyError, match="not in this game's action space"):
        space.to_index("play 99")
    with pytest.raises(IndexError):
        space.to_notation(len(space))
    with pytest.raises(ValueError, match="twice"):
        ActionSpace(["pass", "pass"])


@pytest.mark.parametrize("game,n,variant", [c for c in CONFIGS if c[1] in (2, 4)], ids=lambda c: str(c))
def test_the_layout_covers_the_vector_and_is_documented(game, n, variant):
    enc = encoding_of(game)
    st = meeple.load_game(game).new_initial_state(n, 0, variant)
    w = Writer(record_layout=True)
    vec = enc.observation_vector(st.observation(0), n, variant, w)
    stops = 0
    for name, start, stop in w.layout:
        assert start == stops and stop > start
        stops = stop
    assert stops == len(vec)
    documented = " ".join(enc.OBSERVATION_LAYOUT)
    for name, _, _ in w.layout:
        base = re.split(r"[\[.]", name)[0]
        assert base in documented, f"{game} field {name!r} is not in OBSERVATION_LAYOUT"


def test_observation_values_read_the_observation():
    """Slots read their fields: Magnum Sal's money and the observing seat's one-hot; in
    Solomon the observing seat's hand (SO-3.4) counted, another seat's hand all zero."""

    def observation_layout(game, n):  # as meeple.interop.pettingzoo's, without the rl extra
        w = Writer(record_layout=True)
        st = meeple.load_game(game).new_initial_state(n, 0)
        encoding_of(game).observation_vector(st.observation(0), n, st.variant, w)
        return w.layout

    st = meeple.load_game("magnum-sal").new_initial_state(4, 3)
    vec = encoding_of("magnum-sal").observation_vector(st.observation(1), 4, "standard")
    where = {name: (a, b) for name, a, b in observation_layout("magnum-sal", 4)}
    a, b = where["money"]
    assert vec[a:b] == st.observation(1)["money"]
    a, b = where["seat"]
    assert vec[a:b] == [0, 1, 0, 0]
    so = meeple.load_game("solomon").new_initial_state(4, 3)
    where = {name: (a, b) for name, a, b in observation_layout("solomon", 4)}
    vec = encoding_of("solomon").observation_vector(so.observation(2), 4, "standard")
    a, b = where["players[2].hand"]
    assert sum(vec[a:b]) == len(so.observation(2)["players"][2]["hand"]) > 0
    a, b = where["players[1].hand"]
    assert sum(vec[a:b]) == 0  # another seat's hand is hidden


def test_import_meeple_stays_light():
    import subprocess
    import sys

    code = (
        "import sys, meeple; meeple.load_game('klondike').new_initial_state(2, 1); "
        "import meeple.games.klondike.encoding, meeple.interop.spaces; "
        "print(sorted(m for m in ('numpy', 'pettingzoo', 'pyspiel', 'gymnasium') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("game,n,variant", [c for c in CONFIGS if c[1] == 3], ids=lambda c: str(c))
def test_cached_blocks_give_the_field_by_field_vector(game, n, variant):
    """Solomon's cells, Klondike's boards and repeated one-hot lists come from caches; the
    vector is the one written field by field (as when the layout is recorded)."""
    enc = encoding_of(game)
    st = meeple.load_game(game).new_initial_state(n, 4, variant)
    rng = random.Random(4)
    while not st.is_terminal():
        if st.move_number % 3 == 0:
            for seat in (st.current_player, None):
                obs = st.observation(seat)
                assert enc.observation_vector(obs, n, variant) == enc.observation_vector(
                    obs, n, variant, Writer(record_layout=True)
                )
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])


def test_a_packed_writer_gives_the_float32_bytes_of_the_plain_one():
    import struct

    from meeple.interop.spaces import pack

    def fill(w):
        w.scalar("a", None)
        w.numbers("b", [3, True, 0.5], 4, pad=-1.0)
        w.block((7, 0, 1), pack((7, 0, 1)))
        w.onehots("c", ["x", "y", None], {"x": 0, "y": 1})
        w.counts("d", ["x", "x", "z"], {"x": 0, "z": 1})
        return w

    plain, packed = fill(Writer()), fill(Writer(packed=True))
    want = [-1, 3, True, 0.5, -1.0, 7, 0, 1, 1, 0, 0, 1, 0, 0, 2, 1]
    assert plain.values == want
    assert packed.to_bytes() == struct.pack(f"={len(want)}f", *want)
    with pytest.raises(ValueError, match="packed"):
        plain.to_bytes()
