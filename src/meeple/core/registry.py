"""The registry of games. The core knows no game: each game registers itself."""

from __future__ import annotations

from .errors import InvalidConfigError, InvalidRecordError
from .game import Game, _config_field
from .state import REDACTED, State, check_record_header, game_key

_GAMES: dict[str, Game] = {}
_LOADED = False


def register(game_class: type[Game]) -> type[Game]:
    """Class decorator: register a :class:`Game` subclass under its ``name``.

    Raises:
        TypeError: its ``state_class`` leaves hooks of :class:`State` unimplemented (named), or
            declares no ``FIELDS`` (:mod:`meeple.core.fields`) and writes no copying, saving
            and loading of its own.
    """
    cls = game_class.state_class
    missing = sorted(cls.__abstractmethods__)  # State is an ABC
    if missing:
        raise TypeError(
            f"game {game_class.name!r}: {cls.__name__} does not implement the "
            f"State hooks {', '.join(missing)} (see meeple.core.State)"
        )
    own = [
        h for h in ("_fields", "_copy", "_state_dict", "_load_state_dict") if getattr(cls, h) is not getattr(State, h)
    ]
    if cls.FIELDS is None and len(own) < 3 and "_fields" not in own:
        raise TypeError(
            f"game {game_class.name!r}: {cls.__name__} declares no FIELDS: declare its fields once "
            "(meeple.core.fields: FIELDS = Fields(Field('heap', int, low=0), ...)), or write _copy, "
            "_state_dict and _load_state_dict itself"
        )
    _GAMES[game_class.name] = game_class()
    return game_class


def _ensure_loaded() -> None:
    global _LOADED
    if not _LOADED:
        _LOADED = True
        import meeple.games  # noqa: F401  (registers every bundled game)


def game_names() -> list[str]:
    """The ids of all registered games, sorted (e.g. ``["other-game", "some-game"]``)."""
    _ensure_loaded()
    return sorted(_GAMES)


def load_game(name: str) -> Game:
    """The game with id ``name`` (``_`` and ``-`` are interchangeable).

    Raises:
        InvalidConfigError: no such game.
    """
    _ensure_loaded()
    key = game_key(str(name))
    if key not in _GAMES:
        raise InvalidConfigError(f"unknown game {name!r}; games: {', '.join(sorted(_GAMES))}")
    return _GAMES[key]


def replay(record: dict) -> State:
    """The state reached by replaying a game record (``State.record()``, or a saved
    ``State.to_dict()``, whose ``history`` is then its actions).

    Raises:
        InvalidRecordError: malformed record, bad configuration, or an action that is not
            legal where it stands (the message gives its number, from 1 as ``meeple replay``
            lists them, and the rule broken).
    """
    from .errors import IllegalActionError

    if not isinstance(record, dict):
        raise InvalidRecordError(f"a record must be a JSON object, not {type(record).__name__}", "")
    if "meeple_save" in record and "game" not in record:
        raise InvalidRecordError(
            "this is a save file of 'meeple play' or 'simulate --records', not a record: "
            "replay its record, meeple.replay(save['record'])",
            "record",
        )
    try:
        game = load_game(record.get("game", ""))
    except InvalidConfigError as e:
        raise InvalidRecordError(str(e), "game") from e
    check_record_header(record, game.name, game.rules_edition, game.rules_changes)
    actions, where = record.get("actions"), "actions"
    if actions is None and "history" in record and "state" in record:  # a State.to_dict()
        actions, where = record["history"], "history"
    if not isinstance(actions, list):
        raise InvalidRecordError("record 'actions' must be a list of action notations", where)
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise InvalidRecordError(f"record 'actions' must be a list of action notations, not {a!r}", f"{where}[{i}]")
    seed = record.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidRecordError(f"record 'seed' must be an int, not {seed!r}", "seed")
    options = record.get("options")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidRecordError(f"record 'options' must be an object (NAME: value), not {options!r}", "options")
    num_players = record.get("num_players")
    if num_players == 0 or num_players is None:  # 0 would mean 'the most' to new_initial_state
        raise InvalidRecordError(
            f"record 'num_players' must be the number of seats, not {num_players!r}", "num_players"
        )
    variant = record.get("variant")
    if variant is None:  # a record names its variant (record() always writes it)
        raise InvalidRecordError(
            f"record has no 'variant' (variants of {game.name}: {game.variants_text()})", "variant"
        )
    try:
        state = game.new_state(num_players, seed, variant, options)
    except InvalidConfigError as e:
        raise InvalidRecordError(f"record has a bad configuration: {e}", _config_field(str(e))) from e
    if REDACTED in actions:
        raise InvalidRecordError(
            f"action {actions.index(REDACTED) + 1} is {REDACTED!r}: this is the record of a "
            "re-sample (resample_hidden), whose history hides the choices its seat did not "
            "see; it cannot be replayed (save the re-sample with to_dict and load it with "
            "state_from_dict)",
            f"{where}[{actions.index(REDACTED)}]",
        )
    for i, text in enumerate(actions):
        try:
            state.apply_action(text)
        except IllegalActionError as e:
            raise InvalidRecordError(f"action {i + 1} ({text!r}) cannot be replayed: {e}", f"{where}[{i}]") from e
    return state
