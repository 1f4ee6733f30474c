"""Declared state fields (issue 46, item 2): a game lists its fields once in ``FIELDS``; the core
generates the clone and the save, and checks types, sizes and bounds at load, naming the exact
place of a bad value."""

from __future__ import annotations

import json
import random

import pytest

import meeple
from meeple.core.fields import OUTER, ROWS, SEATS, SHARED, Field, Fields, last_seat
from meeple.core.state import State

BUNDLED = ["klondike", "lignum", "magnum-sal", "solomon"]
BASE = {
    "game",
    "num_players",
    "seed",
    "variant",
    "options",
    "rng",
    "_history",
    "_events",
    "_shared",
    "_legal_cache",
    "_redacted",
    "start_player",
}
"""The base class's own attributes (copied by the generated clone as ``State._copy_base`` does)."""
DERIVED = {"mode", "loose_edges", "_move_count", "advanced", "tactical", "max_moves", "upward"}
"""Attributes a game derives from its variant and options (immutable; clones share them)."""


def _states(name: str, per_variant: int = 3):
    """Mid-game states of every variant of ``name``, at several depths."""
    game = meeple.load_game(name)
    for variant in game.variants:
        for seed in range(per_variant):
            state = game.new_initial_state(game.max_players - seed % 2, seed=seed, variant=variant)
            r = random.Random(seed)
            for step in range(400):
                if state.is_terminal():
                    break
                if step % 50 == 10:
                    yield state
                state.apply_action(r.choice(state.legal_actions()))


@pytest.mark.parametrize("name", BUNDLED)
def test_every_attribute_of_a_state_is_declared(name):
    """A field the declaration does not list would be shared by clones unseen (the generated
    clone copies the instance dict, then each declared field to its depth): every attribute
    holding a list or dict must be declared."""
    for state in _states(name, 2):
        declared = {f.name for f in state._fields()}
        for key, value in vars(state).items():
            if key in declared or key in BASE:
                continue
            assert key in DERIVED and not isinstance(value, (list, dict)), (name, key, type(value))


@pytest.mark.parametrize("name", BUNDLED)
def test_a_clone_copies_each_field_to_its_declared_depth(name):
    """Each declared level is a new object in the clone; a shared level is the same object
    (the rules replace it, never change it in place: that is what makes the clone cheap)."""

    def walk(a, b, depth, where):
        if not isinstance(a, (list, dict)):
            return
        if depth == 0:
            assert a is b, f"{where} should be shared"
            return
        assert a is not b, f"{where} should be copied"
        assert a == b
        items = a.values() if isinstance(a, dict) else a
        others = b.values() if isinstance(b, dict) else b
        for x, y in zip(items, others):
            walk(x, y, None if depth is None else depth - 1, where + "[]")

    for state in _states(name, 1):
        copy = state.clone()
        assert copy.to_dict() == state.to_dict()
        for f in state._fields():
            walk(getattr(state, f.name), getattr(copy, f.name), f.copy, f.name)


@pytest.mark.parametrize("name", BUNDLED)
def test_saves_are_fresh_json_values_that_load_back(name):
    """``to_dict()`` shares no list with the state, and loads back to the same text."""
    for state in _states(name, 1):
        d = state.to_dict()
        text = json.dumps(d)
        for k, v in d["state"].items():
            if isinstance(v, list) and v:
                assert v is not getattr(state, k)
        assert json.dumps(state.game.state_from_dict(json.loads(text)).to_dict()) == text


# -------------------------------------------------------------- the declaration itself
class _Box(State):
    """A tiny state declaring one field of each kind (no rules: only copy, save and load)."""

    FIELDS = Fields(
        Field("count", int, low=0, high=9, why="BX-1"),
        Field("name", str, choices=("a", "b"), noun="letter"),
        Field("flag", bool),
        Field("per_seat", list[int], (SEATS,), low=-1, high=last_seat),
        Field("grid", list[list[int]], (2, range(4))),
        Field("deck", list[int], copy=SHARED),
        Field("rows", list[list[str | None]], copy=OUTER),
        Field("cube", list[list[list[int]]], copy=ROWS),
        Field("pairs", list[tuple[int, str]], noun="pair"),
        Field("bag", dict[str, int], keys=("x", "y")),
        Field("mixed", list[int | list]),
        Field("any", object),
        Field("later", int, default=7),
        Field("derived", list[int], saved=False),
    )

    def _after_load(self, d):
        self.derived = [self.count]

    # no rules: the contract's other hooks are never called here
    def _setup(self):
        raise NotImplementedError

    def _legal_actions(self):
        raise NotImplementedError

    def _apply(self, action):
        raise NotImplementedError

    def _observation(self, seat):
        raise NotImplementedError

    def _resample(self, seat, rng):
        raise NotImplementedError

    @property
    def current_player(self):
        return 0

    def scores(self):
        return [0] * self.num_players


class _BoxGame:
    name = "box"


def _box():
    s = State.__new__(_Box)
    s._init_base(_BoxGame(), 3, 1, "standard", {})
    s.count, s.name, s.flag = 3, "a", True
    s.per_seat = [0, -1, 2]
    s.grid = [[1, 2], []]
    s.deck = [5, 6]
    s.rows = [["a", None]]
    s.cube = [[[1], [2]]]
    s.pairs = [[1, "x"]]
    s.bag = {"x": 1, "y": 2}
    s.mixed = [1, [2, [3]]]
    s.any = {"k": [1, 2]}
    s.later = 1
    s.derived = [3]
    return s


def _load(change=None) -> _Box:
    d = _box()._state_dict()
    if change:
        change(d)
    s = State.__new__(_Box)
    s._init_base(_BoxGame(), 3, 1, "standard", {})
    s._load_state_dict(d)
    return s


def test_the_generated_clone_copies_to_the_declared_depth():
    s = _box()
    c = s.clone()
    assert type(c) is _Box and c.__dict__.keys() == s.__dict__.keys()
    assert c.deck is s.deck  # SHARED
    assert c.rows is not s.rows and c.rows[0] is s.rows[0]  # OUTER
    assert c.cube[0] is not s.cube[0] and c.cube[0][0] is s.cube[0][0]  # ROWS
    assert c.grid[1] is not s.grid[1] and c.pairs[0] is not s.pairs[0]  # DEEP
    assert c.mixed[1] is not s.mixed[1] and c.mixed[1][1] is s.mixed[1][1]  # a bare list: one level
    assert c.any is s.any  # object: shared
    assert c.bag is not s.bag and c.bag == s.bag
    assert c.derived is not s.derived
    assert c.rng is not s.rng and c.rng.state == s.rng.state
    assert "copy.deepcopy" not in _Box.FIELDS.copy_source and _Box._copy is _Box.FIELDS.copy


def test_the_save_is_fresh_and_in_declaration_order():
    s = _box()
    d = s._state_dict()
    assert list(d) == [f.name for f in _Box.FIELDS if f.saved]
    assert "derived" not in d
    assert d["mixed"] == [1, [2, [3]]] and d["mixed"][1][1] is not s.mixed[1][1]
    assert d["any"] == {"k": [1, 2]} and d["any"]["k"] is not s.any["k"]
    assert _load().__dict__.keys() >= {f.name for f in _Box.FIELDS}
    assert _load()._state_dict() == d


@pytest.mark.parametrize(
    "change, field, words",
    [
        (lambda d: d.pop("count"), "state.count", ["count is missing", "an integer"]),
        (lambda d: d.update(count="3"), "state.count", ["must be an integer, not '3'"]),
        (lambda d: d.update(count=True), "state.count", ["must be an integer, not True"]),
        (lambda d: d.update(count=10), "state.count", ["count must hold values 0..9, not 10 (BX-1)"]),
        (lambda d: d.update(name="c"), "state.name", ["unknown letter 'c' in name; one of 'a', 'b'"]),
        (lambda d: d.update(flag=1), "state.flag", ["must be true or false, not 1"]),
        (lambda d: d.update(per_seat=[0, 0]), "state.per_seat", ["must hold 3 integers, one per seat, not 2"]),
        (lambda d: d["per_seat"].__setitem__(2, 3), "state.per_seat[2]", ["per_seat must hold values -1..2, not 3"]),
        (lambda d: d["grid"].__setitem__(1, [1, 2, 3, 4]), "state.grid[1]", ["must hold 0..3 integers, not 4"]),
        (lambda d: d["grid"][0].__setitem__(0, 1.0), "state.grid[0][0]", ["must be an integer, not 1.0"]),
        (lambda d: d["rows"][0].__setitem__(1, 5), "state.rows[0][1]", ["a string or null, not 5"]),
        (lambda d: d["pairs"].__setitem__(0, [1]), "state.pairs[0]", ["a pair [an integer, a string]"]),
        (lambda d: d.update(bag={"x": 1}), "state.bag", ["must have the keys x, y"]),
        (lambda d: d["bag"].__setitem__("y", "2"), "state.bag.y", ["an integer, not '2'"]),
        (lambda d: d["mixed"].__setitem__(0, "s"), "state.mixed[0]", ["an integer or a list"]),
    ],
)
def test_loading_names_the_place_and_the_expected_value(change, field, words):
    with pytest.raises(meeple.InvalidRecordError) as info:
        _load(change)
    assert info.value.field == field, str(info.value)
    for w in words:
        assert w in str(info.value)


def test_a_default_fills_a_field_older_saves_lack():
    s = _load(lambda d: d.pop("later"))
    assert s.later == 7 and s.derived == [3]


def test_a_declaration_refuses_what_it_cannot_copy_or_check():
    with pytest.raises(TypeError):
        Field("x", set[int])
    with pytest.raises(TypeError):
        Field("x", list[int] | dict[str, int])
    with pytest.raises(ValueError, match="declared twice"):
        Fields(Field("x", int), Field("x", str))
