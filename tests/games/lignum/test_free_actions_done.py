"""Issue 47 item 1 (rules edition 3): a seat that still has a usable free action of its own
turn - a drying hut to use (LG-19.4), a food-store hut (LG-19.5), or huts it could build and use
(LG-19.1) - gets an explicit 'done' after its last stage decision instead of an automatic one
(LG-19.3: "at any time during his own turn"; publisher FAQ: a hut may be built at any time in
one's own turn and used at once, in winter too). One test a phase where free actions exist -
sawing, selling, drying, tasks, winter - each with the money the free action makes; and the
controls: a loan alone, or a hut with nothing to move, still let the turn settle by itself."""

from meeple.games.lignum.components import FOOD_PENALTY
from meeple.games.lignum.scoring import mill_sale_value

from .test_examples import H, J, N, V, empty_players, goto, legal, new, pieces, play, task

ORDER = [H, N, J, V]


def _dry_hut(s, mill, seat=H, huts=1):
    """``seat`` holds ``huts`` drying huts and the mill ``mill`` (4 location texts)."""
    s.huts[seat] = [huts, 0, 0]
    s.mill[seat] = [pieces(t) for t in mill]


def test_LG_19_4_sawing_turn_kept_for_a_drying_hut_and_the_sale_gains_1():
    s = new(4)
    empty_players(s)
    _dry_hut(s, ["", "sSW", "", ""])  # nothing to saw; a sawn softwood in dryer 1
    goto(s, "saw", clearing=ORDER)
    assert s.phase == "saw" and s.current_player == H
    assert legal(s) == ["done", "loan", "dryhut sSW d1"]
    before = mill_sale_value(s.mill[H])
    play(s, "dryhut sSW d1")
    # LG-15.2: sSW sells for $2 base, +$1 in dryer 2 (+$0 in dryer 1)
    assert s.mill[H] == [pieces(""), pieces(""), pieces("sSW"), pieces("")] and s.huts[H] == [0, 0, 0]
    assert mill_sale_value(s.mill[H]) - before == 1
    assert s.current_player == H and legal(s) == ["done", "loan"]
    play(s, "done")
    assert s.phase == "sell"  # the others have nothing to saw; H sells next


def test_LG_19_5_selling_turn_kept_for_a_food_store_hut_and_feeding_saves_3_a_cube():
    s = new(4)
    empty_players(s)
    s.huts[H] = [0, 1, 0]
    s.areas_food = [0, 2, 0, 0, 0, 0]  # 2 food in area 2, which nobody chose
    s.area = [1, 3, 4, 5]
    goto(s, "sell", clearing=ORDER)  # an empty mill: nothing to sell
    assert s.phase == "sell" and s.current_player == H
    assert legal(s) == ["done", "loan", "foodhut 2"]
    kept, skipped = s.clone(), s.clone()
    play(kept, "foodhut 2", "done")
    play(skipped, "done")
    assert kept.food[H] == 2 and skipped.food[H] == 0
    # LG-20.8: each food cube missing at the year 1 feeding costs $3
    for x in (kept, skipped):
        goto(x, "feed", clearing=ORDER, round=3)
    assert FOOD_PENALTY == 3
    assert kept.money[H] - skipped.money[H] == 2 * FOOD_PENALTY


def test_LG_19_4_drying_turn_kept_when_the_dryers_are_full_and_the_hut_ignores_capacity():
    s = new(4)
    empty_players(s)
    # LG-16.2: a dryer holds one disc or two sticks, never mixed: the sawn firewood in dryer 2
    # may not dry on into dryer 3, which holds a firewood disc
    _dry_hut(s, ["", "", "sFW", "FW"])
    goto(s, "dry", clearing=ORDER)
    assert s.phase == "dry" and s.current_player == H
    assert legal(s) == ["done", "loan", "dryhut sFW d2"]
    before = mill_sale_value(s.mill[H])
    play(s, "dryhut sFW d2")  # LG-19.4: into dryer 3 all the same
    assert s.mill[H] == [pieces(""), pieces(""), pieces(""), pieces("sFW FW")]
    assert mill_sale_value(s.mill[H]) - before == 1  # sFW: $1, +$1 in dryer 2, +$2 in dryer 3
    play(s, "done")
    assert s.phase != "dry" or s.current_player != H


def test_LG_19_4_task_turn_kept_for_a_drying_hut_and_the_sale_gains_1():
    s = new(4, variant="advanced")
    empty_players(s)
    s.tasks[H] = [[task("T01"), 0, 0]]  # T01 wants sHW and sFW in dryer 2: nothing to fill
    _dry_hut(s, ["", "sSW", "", ""])
    goto(s, "tasks", clearing=ORDER, round=1)
    assert s.phase == "tasks" and s.current_player == H
    assert legal(s) == ["done", "loan", "dryhut sSW d1"]
    before = mill_sale_value(s.mill[H])
    play(s, "dryhut sSW d1")
    assert mill_sale_value(s.mill[H]) - before == 1
    assert legal(s) == ["done", "loan"]
    play(s, "done")
    assert s.phase == "sell"


def test_LG_19_4_year_2_winter_turn_kept_and_the_final_sale_gains_the_bonus():
    s = new(4)
    empty_players(s)
    _dry_hut(s, ["", "", "sFW", ""])  # sawn firewood in dryer 2: $1 + $1
    goto(s, "w_saw", clearing=ORDER, round=7)
    assert s.phase == "w_saw" and s.current_player == H
    assert legal(s) == ["done", "loan", "dryhut sFW d2"]
    kept, skipped = s.clone(), s.clone()
    play(kept, "dryhut sFW d2")
    assert kept.mill[H][3] == pieces("sFW")
    for x in (kept, skipped):  # the rest of the game: nothing else to decide
        while not x.is_terminal():
            x.apply_action(legal(x)[0])
    # LG-22: the final sale pays dryer 3's bonus, +$2 instead of +$1
    assert kept.money[H] - skipped.money[H] == 1


def test_LG_19_1_a_hut_that_could_be_built_and_used_keeps_the_turn():
    s = new(4)
    empty_players(s)
    s.products[H] = [1, 1, 1, 0, 0]  # stake, board, shingle: 3 huts (LG-19.1)
    s.mill[H] = [pieces(""), pieces("sSW"), pieces(""), pieces("")]
    goto(s, "saw", clearing=ORDER)
    assert s.current_player == H and legal(s) == ["done", "loan", "build"]
    play(s, "build", "hut 1", "hut 1", "hut 1", "dryhut sSW d1")
    assert s.huts[H] == [2, 0, 0] and s.mill[H][2] == pieces("sSW")


def test_the_turn_still_settles_without_a_usable_free_action():
    # a drying hut but an empty mill, and a loan: nothing to do, the seat's part is over
    s = new(4)
    empty_players(s)
    s.huts[H] = [1, 0, 0]
    goto(s, "saw", clearing=ORDER)
    assert not (s.phase == "saw" and s.current_player == H)
    # a food-store hut, but the only food lies in an area a player chose
    s = new(4)
    empty_players(s)
    s.huts[H] = [0, 1, 0]
    s.areas_food = [3, 0, 0, 0, 0, 0]
    s.area = [1, 3, 4, 5]
    goto(s, "sell", clearing=ORDER)
    assert not (s.phase == "sell" and s.current_player == H)
