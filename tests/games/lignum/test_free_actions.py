"""Issue 34 part 2: a seat whose free action (building huts, LG-19.1; using a hut, LG-19.3)
would open a decision gets its turn, instead of an automatic 'done' (publisher FAQ: a hut may
be built at any time in one's own turn and used at once). One test a phase: felling, spring
sawing, the task phase, winter sawing; and the controls: a loan alone, or a hut that would open
nothing, still lets the turn settle by itself."""

from meeple.games.lignum.rules import flow

from .test_examples import GAME, H, J, N, V, discs, empty_players, goto, legal, new, pieces, play, task


def _no_worker(s, seat=H):
    """``seat`` has no hired worker, no lodging hut and has used its mill worker."""
    s.workers[seat] = [0, 0, 0]
    s.mill_free[seat] = False


def _can_build(s, seat=H):
    s.products[seat] = [1, 1, 1, 0, 0]  # stake, board, shingle (LG-19.1)


def test_LG_19_1_felling_turn_kept_when_a_lodging_hut_could_fell():
    s = new(4)
    empty_players(s)
    _no_worker(s)
    _can_build(s)
    a = s.area[H]
    assert s.areas_wood[a - 1] == discs("FW FW FW")
    goto(s, "fell", clearing=[H, N, J, V])
    assert s.phase == "fell" and s.current_player == H
    assert legal(s) == ["done", "loan", "build"]
    play(s, "build", "hut 3", "hut 3", "hut 3")
    assert s.huts[H] == [0, 0, 3] and s.current_player == H
    assert "fell FW lodge" in legal(s)
    play(s, "fell FW lodge")
    assert s.woodpile[H] == discs("FW") and s.huts[H] == [0, 0, 2]
    assert s.areas_wood[a - 1] == discs("FW FW")


def test_LG_19_6_spring_sawing_turn_kept_and_the_new_hut_saws():
    s = new(4)
    empty_players(s)
    _no_worker(s)
    _can_build(s)
    s.equip[H][0] = 1
    s.sawroom[H] = discs("FW")
    goto(s, "saw", clearing=[H, N, J, V])
    assert s.phase == "saw" and s.current_player == H
    assert legal(s) == ["done", "loan", "build"]
    play(s, "build", "hut 3", "hut 3", "hut 3", "saw FW lodge", "heat", "heat", "heat", "sales")
    assert s.sawroom[H] == [0, 0, 0] and s.heat[H] == [3, 0, 0] and s.mill[H][0] == pieces("sFW")
    assert s.huts[H] == [0, 0, 2] and s.equip[H][0] == 0


def test_LG_19_3_task_phase_turn_kept_for_a_drying_hut_then_fill():
    s = new(4, variant="advanced")
    empty_players(s)
    s.tasks[H] = [[task("T01"), 0, 0]]  # T01: sHW and sFW in dryer 2
    s.mill[H] = [pieces(""), pieces("sFW"), pieces(""), pieces("")]
    s.huts[H] = [1, 0, 0]
    goto(s, "tasks", clearing=[H, N, J, V], round=1)
    assert s.phase == "tasks" and s.current_player == H
    assert legal(s) == ["done", "loan", "dryhut sFW d1"]
    play(s, "dryhut sFW d1")
    assert s.mill[H][2] == pieces("sFW") and legal(s) == ["fill T01 2", "done", "loan"]
    play(s, "fill T01 2")
    assert s.tasks[H] == [[task("T01"), 0, 1]]


def test_LG_19_1_task_phase_build_then_use_the_new_drying_hut():
    s = new(4, variant="advanced")
    empty_players(s)
    _can_build(s)
    s.tasks[H] = [[task("T01"), 0, 0]]
    s.mill[H] = [pieces(""), pieces("sFW"), pieces(""), pieces("")]
    goto(s, "tasks", clearing=[H, N, J, V], round=1)
    assert s.current_player == H and legal(s) == ["done", "loan", "build"]
    play(s, "build", "hut 1", "hut 1", "hut 1", "dryhut sFW d1", "fill T01 2")
    assert s.tasks[H] == [[task("T01"), 0, 1]] and s.huts[H] == [2, 0, 0]


def test_LG_20_4_winter_sawing_turn_kept_when_a_lodging_hut_could_saw():
    s = new(4)
    empty_players(s)
    _no_worker(s)
    _can_build(s)
    s.equip[H][0] = 1
    s.sawroom[H] = discs("SW")
    goto(s, "w_saw", clearing=[H, N, J, V], round=3)
    assert s.phase == "w_saw" and s.current_player == H
    assert legal(s) == ["done", "loan", "build"]
    play(s, "build", "hut 3", "hut 3", "hut 3", "saw SW lodge")
    assert s.sawroom[H] == [0, 0, 0] and s.huts[H] == [0, 0, 2]


def test_turn_still_settles_when_no_free_action_opens_anything():
    # a saw and wood to saw, no worker: a loan opens nothing (money is no worker)
    s = new(4)
    empty_players(s)
    _no_worker(s)
    s.equip[H][0] = 1
    s.sawroom[H] = discs("FW")
    goto(s, "saw", clearing=[H, N, J, V])
    assert not (s.phase == "saw" and s.current_player == H)
    assert s.sawroom[H] == discs("FW")
    # huts could be built, but without a saw no lodging hut saws
    s = new(4)
    empty_players(s)
    _no_worker(s)
    _can_build(s)
    s.sawroom[H] = discs("FW")
    goto(s, "saw", clearing=[H, N, J, V])
    assert not (s.phase == "saw" and s.current_player == H)
    assert s.products[H] == [1, 1, 1, 0, 0]


def test_the_look_ahead_changes_nothing():
    s = new(4, variant="advanced")
    empty_players(s)
    _can_build(s)
    s.tasks[H] = [[task("T01"), 0, 0]]
    s.mill[H] = [pieces(""), pieces("sFW"), pieces(""), pieces("")]
    goto(s, "tasks", clearing=[H, N, J, V], round=1)
    before = s.to_dict()
    assert flow.free_action_opens(s, H) is True
    assert s.to_dict() == before


def test_rules_edition_3_refuses_records_of_editions_1_and_2():
    import pytest

    from meeple import InvalidRecordError, replay

    assert GAME.rules_edition == 3 and "LG-19.1" in GAME.rules_changes[2]
    assert "LG-19.4" in GAME.rules_changes[3]
    for old in (1, 2):
        record = new(2).record()
        record["rules"] = old
        with pytest.raises(InvalidRecordError, match="edition 3: .*hut"):
            replay(record)
