"""Bad arguments to the State API get a clear error and change nothing."""

import random
import re

import pytest

import meeple


@pytest.mark.parametrize("game", ["magnum-sal", "lignum", "solomon", "klondike"])
def test_apply_action_refuses_an_index_or_none_and_changes_nothing(game):
    st = meeple.load_game(game).new_initial_state(num_players=2, seed=1)
    before = st.to_dict()
    for bad in (3, None, 1.5):
        with pytest.raises(TypeError, match=r"legal_actions\(\)\[i\]"):
            st.apply_action(bad)
    assert st.to_dict() == before
    st.apply_action(st.legal_actions()[0])  # an Action still works
    assert st.move_number == 1


@pytest.mark.parametrize("seat", [2, -1, True, "0", 1.0])
def test_observation_and_resample_refuse_what_is_not_a_seat(seat):
    st = meeple.load_game("solomon").new_initial_state(num_players=2, seed=1)
    with pytest.raises(ValueError, match="is not a seat of this 2-player game"):
        st.observation(seat)
    with pytest.raises(ValueError, match="is not a seat of this 2-player game"):
        st.resample_hidden(seat, random.Random(0))
    assert st.observation(None)["seat"] is None and st.observation(1)["seat"] == 1


def test_observation_and_resample_accept_the_same_seats():
    """An int subclass (not bool), such as an IntEnum seat, is a seat to both."""
    import enum

    class Seat(enum.IntEnum):
        FIRST = 0
        SECOND = 1

    st = meeple.load_game("solomon").new_initial_state(num_players=2, seed=1)
    assert st.observation(Seat.SECOND)["players"] == st.observation(1)["players"]
    a = st.resample_hidden(Seat.SECOND, random.Random(5))
    b = st.resample_hidden(1, random.Random(5))
    assert a.to_dict() == b.to_dict()


@pytest.mark.parametrize("name", ["seed", "num_players", "variant", "self"])
def test_an_option_named_like_a_parameter_is_an_unknown_option(name):
    """From the API, a record and the command line: a clear error, not Python's TypeError."""
    from meeple.core import InvalidConfigError, InvalidRecordError
    from meeple.sim.runner import play_game

    game = meeple.load_game("solomon")
    with pytest.raises(InvalidConfigError, match=f"unknown option '{name}' for solomon.*; options: max_moves_per_turn"):
        game.new_state(3, 1, None, {name: 2})
    with pytest.raises(InvalidConfigError, match=f"unknown option '{name}'"):
        play_game("solomon", ["random", "random"], seed=1, options={name: 2})
    record = game.new_initial_state(3, seed=1).record()
    with pytest.raises(InvalidRecordError, match=f"bad configuration: unknown option '{name}'"):
        meeple.replay({**record, "options": {name: 3}})


@pytest.mark.parametrize(
    "change, message",
    [
        ({"num_players": 0}, "'num_players' must be the number of seats, not 0"),
        ({"num_players": None}, "'num_players' must be the number of seats, not None"),
        ({"variant": None}, "record has no 'variant' (variants of solomon: standard"),
    ],
)
def test_a_record_names_its_seats_and_variant(change, message):
    from meeple.core import InvalidRecordError

    record = meeple.load_game("solomon").new_initial_state(3, seed=1).record()
    with pytest.raises(InvalidRecordError, match=re.escape(message)):
        meeple.replay({**record, **change})
    assert meeple.replay(record).num_players == 3


@pytest.mark.parametrize(
    "name, ok",
    [("Solomon", True), ("magnum_sal", True), (" Magnum-Sal ", True), ("klondike", False), (None, False), (7, False)],
)
def test_a_record_names_its_game_as_load_game_reads_a_name(name, ok):
    """replay and state_from_dict read the game's name as load_game does ("Solomon" too)."""
    from meeple.core import InvalidRecordError

    game = meeple.load_game("magnum-sal" if "sal" in str(name).lower() else "solomon")
    st = game.new_initial_state(2, seed=1)
    st.apply_action(st.legal_actions()[0])
    record, saved = {**st.record(), "game": name}, {**st.to_dict(), "game": name}
    if ok:
        assert meeple.replay(record).to_dict() == st.to_dict()
        assert game.state_from_dict(saved).to_dict() == st.to_dict()
    else:
        with pytest.raises(InvalidRecordError, match=f"this record is for game {re.escape(repr(name))}, not 'solomon'"):
            game.state_from_dict(saved)


def test_records_saves_and_given_options_are_copies():
    """Editing a record, a save or the list given as an option never changes a game's rules."""
    children = [1]
    st = meeple.load_game("klondike").new_initial_state(2, seed=1, variant="race", children=children)
    children.append(0)
    st.record()["options"]["children"].append(0)
    st.to_dict()["options"]["children"].append(0)
    assert st.options["children"] == [1] and st.clone().options["children"] == [1]
    assert meeple.load_game("klondike").new_initial_state(2, seed=1).options["children"] == []


def test_the_spec_option_for_the_mapped_mine_points_to_its_variant():
    from meeple.core import InvalidConfigError

    with pytest.raises(InvalidConfigError, match="MS-25's mapped mine is the variant mapped-mine"):
        meeple.load_game("magnum-sal").new_initial_state(2, variant_mapped_mine=True)
    assert meeple.load_game("magnum-sal").new_initial_state(2, variant="mapped-mine").variant == "mapped-mine"


def test_a_parameter_given_as_an_option_says_where_it_goes():
    from meeple.core import InvalidConfigError

    with pytest.raises(InvalidConfigError, match="seed is not an option: give it with --seed"):
        meeple.load_game("klondike").new_state(2, 1, None, {"seed": 3})
    g = meeple.load_game("klondike")
    assert g.check_config(2, "expert", {})["tick_cap"] == 40  # an alias is a variant here too


@pytest.mark.parametrize(
    "game, typed, variant",
    [
        ("lignum", "Advanced", "advanced"),
        ("lignum", "BASIC-Tactical", "basic-tactical"),
        ("klondike", "Expert", "race"),
        ("magnum-sal", "Mapped-Mine", "mapped-mine"),
    ],
)
def test_a_variant_name_is_read_in_any_case_as_game_names_are(game, typed, variant):
    assert meeple.load_game(game).new_initial_state(2, seed=1, variant=typed).variant == variant


@pytest.mark.parametrize("game", ["magnum-sal", "lignum", "solomon", "klondike"])
def test_parse_action_refuses_what_is_not_text_and_an_action_object_reads_as_typed(game):
    st = meeple.load_game(game).new_initial_state(num_players=2, seed=1)
    before = st.to_dict()
    for bad in (None, 5, b"pass"):
        with pytest.raises(TypeError, match="parse_action takes an action's notation"):
            st.parse_action(bad)
    assert st.to_dict() == before
    first = st.legal_actions()[0].text
    st.apply_action(meeple.Action(f" {first.upper()} "))  # forgiven as the typed string is
    assert st.history == [first]


@pytest.mark.parametrize(
    "game, variant, moves, path, value",
    [
        ("magnum-sal", None, 10, ("market", 1), -1),
        ("magnum-sal", None, 10, ("assist", 0), 5),
        ("klondike", "race", 60, ("req_seen", 0), 10**6),
        ("klondike", "race", 60, ("req",), 10**6),
    ],
)
def test_a_loaded_state_with_a_value_out_of_range_is_refused(game, variant, moves, path, value):
    """Not loaded to crash later (a negative market count, a card index past the deck)."""
    g = meeple.load_game(game)
    st = g.new_initial_state(num_players=3 if game == "klondike" else 2, seed=2, variant=variant)
    rng = random.Random(0)
    for _ in range(moves):
        st.apply_action(rng.choice(st.legal_actions()))
    d = st.to_dict()
    g.state_from_dict(d)  # as saved: loads
    field = d["state"][path[0]]
    if len(path) == 1:
        d["state"][path[0]] = value
    else:
        if not field:
            pytest.skip("no entry to change at this position")
        field[path[1]] = value
    with pytest.raises(meeple.InvalidRecordError):
        g.state_from_dict(d)


@pytest.mark.parametrize("options", [[], "", 0, ["max_rounds", 3]])
def test_a_record_whose_options_are_not_an_object_is_refused(options):
    st = meeple.load_game("solomon").new_initial_state(num_players=2, seed=1)
    record = st.record()
    record["options"] = options
    with pytest.raises(meeple.InvalidRecordError, match="record 'options' must be an object"):
        meeple.replay(record)


def test_an_option_choice_is_read_in_any_case():
    st = meeple.load_game("klondike").new_initial_state(2, seed=1, layout="Identical")
    assert st.options["layout"] == "identical" and st.record()["options"]["layout"] == "identical"
    with pytest.raises(meeple.InvalidConfigError, match="must be one of"):
        meeple.load_game("klondike").new_initial_state(2, seed=1, layout="sideways")


def test_bad_configurations_from_the_api_are_config_errors():
    """No bots, num_players=False and options that are not a dict: InvalidConfigError, not a
    Python error or a game of the maximum size."""
    from meeple.core import InvalidConfigError
    from meeple.sim import play_game

    game = meeple.load_game("solomon")
    with pytest.raises(
        InvalidConfigError, match="play_game needs a bot for each seat: Lignum takes 2 to 4 players, not 0"
    ):
        play_game("lignum", [], seed=1)
    with pytest.raises(InvalidConfigError, match="num_players must be an int, not False"):
        game.new_initial_state(num_players=False)
    for options in ([1], "max_moves_per_turn=2"):
        with pytest.raises(InvalidConfigError, match="options must be a dict of NAME: value"):
            game.new_state(2, 1, None, options)
    assert game.new_initial_state(num_players=0).num_players == 5  # 0 still means the maximum


def test_a_seat_may_be_any_integer_type_but_a_bool():
    """numpy integers and IntEnums (anything with __index__) are seats; the observation names
    the seat as a plain int."""

    class NumpyLikeInt:
        def __index__(self):
            return 1

    st = meeple.load_game("klondike").new_initial_state(2, seed=3)
    obs = st.observation(NumpyLikeInt())
    assert obs["seat"] == 1 and type(obs["seat"]) is int and obs == st.observation(1)
    assert (
        st.resample_hidden(NumpyLikeInt(), random.Random(2)).to_dict()
        == st.resample_hidden(1, random.Random(2)).to_dict()
    )
    with pytest.raises(ValueError, match="seat 2 is not a seat of this 2-player game"):
        st.observation(2)


@pytest.mark.parametrize(
    "key, value, message",
    [
        ("seed", 1.9, "seed must be an integer, not 1.9"),
        ("rng", "12", "rng must be an integer, not '12'"),
        ("rng", -5, "rng must be a generator state 0..2**64-1, not -5"),
        ("version", True, "unsupported record version True"),
    ],
)
def test_a_saved_state_header_is_read_strictly(key, value, message):
    from meeple.core import InvalidRecordError

    game = meeple.load_game("solomon")
    d = game.new_initial_state(2, seed=1).to_dict()
    with pytest.raises(InvalidRecordError, match=re.escape(message)):
        game.state_from_dict({**d, key: value})


@pytest.mark.parametrize(
    "game, variant, steps, field, index, value, message",
    [
        ("klondike", "race", 40, "status", 0, 7, "status must hold values 0..2, not 7"),
        ("klondike", "race", 40, "lastp", None, 1.5, "lastp must be an integer, not 1.5"),
        ("klondike", "family", 30, "won", 0, 10**6, "won must hold values -1..10, not 1000000"),
        ("klondike", "family", 30, "pool", 0, 10**6, "pool must hold values 0..10, not 1000000"),
        ("klondike", "family", 30, "rubies", 0, -1, "rubies must hold values 0..1000, not -1"),
        ("lignum", "advanced", 40, "pos", 0, 99, "pos must hold values 0..21, not 99"),
        ("lignum", "advanced", 40, "order", None, [], "order must hold each seat once, not []"),
        ("magnum-sal", "standard", 60, "order_stack", 0, None, "unknown order None in order_stack"),
        ("magnum-sal", "standard", 60, "market", 0, 10**6, "market holds 1000000 cubes of brown"),
    ],
)
def test_a_malformed_saved_state_is_refused_at_load_not_later(game, variant, steps, field, index, value, message):
    """These values used to load, then crash with an IndexError or TypeError a few actions on."""
    from meeple.core import InvalidRecordError

    g = meeple.load_game(game)
    st = g.new_initial_state(3, seed=4, variant=variant)
    rng = random.Random(4)
    for _ in range(steps):
        st.apply_action(rng.choice(st.legal_actions()))
    d = st.to_dict()
    if index is None:
        d["state"][field] = value
    else:
        d["state"][field][index] = value
    with pytest.raises(InvalidRecordError, match=re.escape(message)):
        g.state_from_dict(d)
    assert g.state_from_dict(st.to_dict()).to_dict() == st.to_dict()


def test_a_record_of_an_older_rules_edition_is_refused_with_what_changed():
    """Magnum Sal's rules edition 2 (2026-12-01: MS-3.3 random start player, MS-20.2 rope) gives
    a seed another game: a record or save of edition 1 (no "rules" key) is refused clearly,
    not replayed as another game nor called edited."""
    ms = meeple.load_game("magnum-sal")
    st = ms.new_initial_state(num_players=2, seed=1)
    st.apply_action(st.legal_actions()[0])
    rec = st.record()
    assert rec["rules"] == 2 and st.to_dict()["rules"] == 2
    assert meeple.replay(rec).to_dict() == st.to_dict()
    old = {k: v for k, v in rec.items() if k != "rules"}
    with pytest.raises(meeple.InvalidRecordError, match=r"rules edition 1; .* edition 2 .*MS-3\.3.*MS-20\.2"):
        meeple.replay(old)
    saved = {k: v for k, v in st.to_dict().items() if k != "rules"}
    with pytest.raises(meeple.InvalidRecordError, match="rules edition 1"):
        ms.state_from_dict(saved)
    with pytest.raises(meeple.InvalidRecordError, match="saved by a newer meeple, under rules edition 3"):
        meeple.replay(dict(rec, rules=3))
    for bad in (True, 2.0, "2"):
        with pytest.raises(meeple.InvalidRecordError, match="rules edition"):
            meeple.replay(dict(rec, rules=bad))
    # results rows name the edition of the game they name
    from meeple.sim import play_game

    res = play_game("magnum-sal", ["random", "random"], seed=1)
    assert res.rows("magnum-sal", "standard")[0]["rules"] == 2 and res.rows()[0]["rules"] == 2
    assert (
        play_game("klondike", ["random", "random"], seed=1).rows()[0]["rules"] == 2
    )  # edition 2: KL-21.3 revised, KL-12.3 checked first (issue 47)
    # a game still in its first edition reads a record without the key (an older meeple's)
    so = meeple.load_game("solomon").new_initial_state(num_players=2, seed=1)
    so.apply_action(so.legal_actions()[0])
    rec = so.record()
    assert rec["rules"] == 1
    assert meeple.replay({k: v for k, v in rec.items() if k != "rules"}).to_dict() == so.to_dict()


def test_replay_reads_a_saved_state_as_its_record():
    st = meeple.load_game("solomon").new_initial_state(num_players=2, seed=3)
    for _ in range(5):
        st.apply_action(st.legal_actions()[0])
    assert meeple.replay(st.to_dict()).to_dict() == st.to_dict()


def test_replaying_a_resamples_record_says_it_hides_choices():
    """A re-sample's history hides the choices its seat did not see ('?'): replay says so,
    rather than citing the rule the '?' breaks (KL-12.2 in the auction)."""
    from meeple.core import InvalidRecordError

    st = meeple.load_game("klondike").new_initial_state(num_players=2, seed=3)
    st.apply_action(st.legal_actions()[0])
    probe = st.resample_hidden(1, random.Random(1))
    assert probe.record()["actions"][0] == "?"
    with pytest.raises(InvalidRecordError, match=re.escape("action 1 is '?': this is the record of a re-sample")):
        meeple.replay(probe.record())
    assert meeple.load_game("klondike").state_from_dict(probe.to_dict()).to_dict() == probe.to_dict()


class _NumpyLikeInt:
    """Stands in for a numpy integer (numpy is not a dependency): an int through __index__."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


def test_seeds_counts_options_and_bot_seeds_take_any_integer_type_but_a_bool():
    """A seed drawn with numpy (here a stand-in with __index__) plays the game of the plain int;
    the state, the result and the bot keep plain ints."""
    from meeple.sim import play_game

    game = meeple.load_game("klondike")
    st = game.new_initial_state(
        _NumpyLikeInt(3), seed=_NumpyLikeInt(5), variant="race", tick_cap=_NumpyLikeInt(12), children=[_NumpyLikeInt(1)]
    )
    plain = game.new_initial_state(3, seed=5, variant="race", tick_cap=12, children=[1])
    assert st.to_dict() == plain.to_dict()
    assert type(st.seed) is int and type(st.num_players) is int and type(st.options["tick_cap"]) is int
    assert meeple.agents.make("greedy", seed=_NumpyLikeInt(4)).seed == 4
    r = play_game("solomon", ["random", "random"], seed=_NumpyLikeInt(9))
    assert type(r.seed) is int and r.scores == play_game("solomon", ["random", "random"], seed=9).scores
    for bad in (True, 1.0, "5"):
        with pytest.raises(meeple.InvalidConfigError, match="seed must be an int"):
            game.new_initial_state(2, seed=bad)
        with pytest.raises(meeple.InvalidConfigError, match="a bot's seed must be an int"):
            meeple.agents.make("greedy", seed=bad)


@pytest.mark.parametrize(
    "seed, ok", [(2**63 - 1, True), (-(2**63), True), (2**63, False), (2**64, False), (-(2**63) - 1, False)]
)
def test_a_seed_is_a_signed_64_bit_integer_so_each_deals_its_own_game(seed, ok):
    """The generator keeps 64 bits: 0 and 2**64 would deal the same game, so seeds beyond the
    int64 range (which a results file's seed column holds) are refused."""
    game = meeple.load_game("solomon")
    if ok:
        assert game.new_initial_state(2, seed=seed).seed == seed
    else:
        with pytest.raises(meeple.InvalidConfigError, match=r"seed must be a signed 64-bit integer \(-2\*\*63 "):
            game.new_initial_state(2, seed=seed)


@pytest.mark.parametrize("game", ["magnum-sal", "lignum", "solomon", "klondike"])
def test_options_are_read_only_as_clones_and_resamples_share_them(game):
    """Editing a clone's options would change the original's rules: every change is refused,
    and the options still write to JSON and pickle as a dict."""
    import json
    import pickle

    st = meeple.load_game(game).new_initial_state(2, seed=1)
    before = dict(st.options)
    copies = (st.clone(), st.resample_hidden(0, random.Random(1)))
    for c in copies:
        with pytest.raises(TypeError, match="options are read-only"):
            c.options["max_rounds"] = 2
        for change in (
            lambda o: o.update(x=1),
            lambda o: o.pop(next(iter(o))),
            lambda o: o.clear(),
            lambda o: o.setdefault("x", 1),
            lambda o: o.popitem(),
        ):
            with pytest.raises(TypeError, match="options are read-only"):
                change(c.options)
    assert st.options == before and isinstance(st.options, dict)
    assert json.loads(json.dumps(st.record()))["options"] == before
    assert pickle.loads(pickle.dumps(st)).to_dict() == st.to_dict()


def test_a_list_option_is_read_only_too():
    """Klondike's children seats (KL-39): a list value changed in place would change the
    rules of every clone and the record; it is refused, and still reads, compares, writes to
    JSON and pickles as a list."""
    import copy
    import json
    import pickle

    st = meeple.load_game("klondike").new_initial_state(3, seed=1, variant="race", children=[1])
    c = st.clone()
    children = st.options["children"]
    for change in (
        lambda x: x.append(2),
        lambda x: x.extend([2]),
        lambda x: x.insert(0, 2),
        lambda x: x.__setitem__(0, 2),
        lambda x: x.__delitem__(0),
        lambda x: x.pop(),
        lambda x: x.remove(1),
        lambda x: x.clear(),
        lambda x: x.sort(),
        lambda x: x.reverse(),
    ):
        with pytest.raises(TypeError, match="options are read-only"):
            change(children)
    with pytest.raises(TypeError, match="options are read-only"):
        children += [2]
    assert st.options["children"] == c.options["children"] == [1] and isinstance(children, list)
    assert st.record()["options"]["children"] == [1] and json.loads(json.dumps(st.options))["children"] == [1]
    assert pickle.loads(pickle.dumps(st)).options["children"] == [1]
    assert copy.deepcopy(st).options == st.options
    # the canonical options of a results file: the default [] is no option, as a plain list
    game = meeple.load_game("klondike")
    assert game.non_default_options(st.options) == {"children": [1]}
    plain = game.new_initial_state(3, seed=1, variant="race")
    assert game.non_default_options(plain.options) == {}


@pytest.mark.parametrize(
    "game, name", [("magnum-sal", "black"), ("lignum", "P2"), ("solomon", None), ("klondike", "P2")]
)
def test_seat_name_refuses_what_is_not_a_seat_in_every_game(game, name):
    st = meeple.load_game(game).new_initial_state(2, seed=1)
    if name is not None:
        assert st.seat_name(1) == name
    assert st.seat_name(_NumpyLikeInt(1)) == st.seat_name(1)
    for bad in (2, 9, -1, True, "1"):
        with pytest.raises(ValueError, match="is not a seat of this 2-player game"):
            st.seat_name(bad)


def test_replay_of_a_save_file_says_to_replay_its_record(tmp_path):
    """``meeple.replay(json.load(f))`` on a file of ``meeple play`` / ``simulate --records``."""
    st = meeple.load_game("solomon").new_initial_state(2, seed=1)
    save = {"meeple_save": 1, "seats": ["greedy", "greedy"], "record": st.record(), "state": st.to_dict()}
    with pytest.raises(meeple.InvalidRecordError, match=r"this is a save file .* meeple.replay\(save\['record'\]\)"):
        meeple.replay(save)
    assert meeple.replay(save["record"]).to_dict() == st.to_dict()


def test_game_not_ending_error_is_a_meeple_error_exported_from_sim():
    from meeple.sim import GameNotEndingError, play_game

    assert issubclass(GameNotEndingError, meeple.MeepleError)
    with pytest.raises(meeple.MeepleError, match="no end after 5 actions"):
        play_game("solomon", ["random", "random"], seed=1, max_steps=5)


def test_a_game_result_knows_what_was_played_and_refuses_to_be_labelled_otherwise():
    """play_game's result names its game, variant (its own name, not an alias) and options;
    rows() writes them (the options not at their default), and refuses another game's or variant's label."""
    from meeple.sim import play_game
    from meeple.sim.runner import results_from_rows

    res = play_game("klondike", ["random", "random"], seed=1, variant="expert")
    assert (res.game, res.variant) == ("klondike", "race") and res.options["tick_cap"] == 40
    row = res.rows()[0]
    assert (row["game"], row["variant"]) == ("klondike", "race") and row["options"] == "{}"  # all defaults
    capped = play_game("klondike", ["random", "random"], seed=1, variant="race", options={"tick_cap": 12})
    assert capped.options["tick_cap"] == 12 and capped.rows()[0]["options"] == '{"tick_cap": 12}'
    assert res.rows("klondike", "race") == res.rows()
    with pytest.raises(ValueError, match="this result is of game 'klondike', not 'lignum'"):
        res.rows("lignum", "basic")
    with pytest.raises(ValueError, match="this result is of variant 'race', not 'family'"):
        res.rows("klondike", "family")
    back = results_from_rows(res.rows())[0]  # read back from a table: the labels are the table's
    with pytest.raises(ValueError, match="rows\\(\\) needs the game"):
        back.rows()
    assert back.rows("klondike", "race")[0]["score"] == row["score"]


def test_actions_are_immutable_because_every_state_shares_them():
    """Changing an Action from legal_actions() would change it in every state of its game
    (and their records): it raises, and a fresh state still lists the action unchanged."""
    import copy
    import pickle

    g = meeple.load_game("klondike")
    a = g.new_initial_state(num_players=2, seed=1).legal_actions()[0]
    for name in ("text", "kind", "args"):
        with pytest.raises(AttributeError, match="an Action cannot be changed"):
            setattr(a, name, "bid 9 9")
        with pytest.raises(AttributeError, match="an Action cannot be changed"):
            delattr(a, name)
    other = g.new_initial_state(num_players=2, seed=99)
    assert other.legal_actions()[0].text == a.text == "bid 0 0"
    for twin in (pickle.loads(pickle.dumps(a)), copy.deepcopy(a), copy.copy(a)):
        assert (twin.text, twin.kind, twin.args) == (a.text, a.kind, a.args)
