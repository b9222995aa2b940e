"""Buizen rules from text positions: placement, automatic tiles, draws, special road tiles, the end, scoring."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bauhausbox.engine.api import IllegalMoveError, InvalidMoveError
from bauhausbox.games.buizen.networks import networks
from bauhausbox.games.buizen.rules import GAME
from bauhausbox.games.buizen.state import BuizenState, Draw, Pass, Place, Special
from bauhausbox.games.buizen.tiles import MANHOLE, OPEN_PIT


def position(
    board: str,
    hand0: str = "",
    hand1: str = "",
    bag: str = "5 6 7 8",
    to_play: int = 0,
    pumps: int | None = None,
    roads: int | None = None,
    colours: str = "FH PP GAS PE",
) -> BuizenState:
    entries = [e for e in board.split(";") if e.strip()]
    pump_count = sum(1 for e in entries if e.split()[1] == "pump")
    road_count = sum(1 for e in entries if e.split()[1].startswith("road"))
    pumps = 10 - pump_count if pumps is None else pumps
    roads = 10 - road_count if roads is None else roads
    text = (
        f"buizen players=2 to_play={to_play} pumps={pumps} roads={roads}\n"
        f"colours: {colours}\nhand 0: {hand0}\nhand 1: {hand1}\nbag: {bag}\nboard: {board}"
    )
    return GAME.from_text(text)


def play(state: BuizenState, text: str) -> BuizenState:
    return GAME.apply(state, GAME.parse_move(state, text))


def refusal(state: BuizenState, text: str) -> str:
    with pytest.raises(IllegalMoveError) as caught:
        play(state, text)
    reason = str(caught.value)
    assert GAME.check(state, GAME.parse_move(state, text)) == reason
    return reason


# -- the worked check of docs/rules/buizen.md ---------------------------------------------------------
# L1(1,1)=[-, FH, -, E:FH] is tile 3 front turned 270; A and C are T FH (tile 38 back) at 90 and 270;
# B(3,1)=[-, -, FH, FH] is tile 2 front at 180; D(2,2)=[FH, FH, -, -] tile 17 front; L2 tile 18 front at 90.
WORKED = "0,1 pump; 1,1 3f r270; 2,1 38b r90; 3,1 2f r180; 2,2 17f r0; 3,2 38b r270; 4,2 18f r90; 5,2 road"


def test_worked_example_scores_twelve_then_zero_then_twelve() -> None:
    state = position(WORKED, hand0="pit", hand1="manhole", colours="FH PP GAS PE")
    fire_hose = [n for n in networks(state) if n.material == "FH"]
    assert len(fire_hose) == 1 and fire_hose[0].closed
    per_tile = dict(fire_hose[0].points)
    assert per_tile == {(1, 1): 1, (2, 1): 3, (3, 1): 2, (3, 2): 3, (2, 2): 2, (4, 2): 1}
    assert GAME.scores(state) == [12, 0]

    pitted = play(state, "pit at 5,2")
    assert GAME.scores(pitted) == [0, 0]
    assert not next(n for n in networks(pitted) if n.material == "FH").closed

    covered = play(pitted, "manhole at 5,2")
    assert GAME.scores(covered) == [12, 0]
    assert dict(covered.roads)[(5, 2)] == (OPEN_PIT, MANHOLE)


def test_a_network_with_an_open_end_scores_nothing() -> None:
    # The same layout without the road: L2's kerb faces an empty cell.
    state = position(WORKED.replace("; 5,2 road", ""))
    assert GAME.scores(state) == [0, 0]


# -- placement ------------------------------------------------------------------------------------------
def test_first_tile_needs_an_eave_against_the_start_pump_room() -> None:
    state = position("0,0 pump", hand0="1 3")
    assert "real connection" in refusal(state, "1f r0 at 1,0")  # a straight: plain ground to the pump
    assert "cannot touch" in refusal(state, "1f r90 at 1,0")  # a pipe end against the pump room
    after = play(state, "3f r270 at 1,0")  # ES FH, the eave turned west onto the pump room
    assert dict(after.pipes)[(1, 0)].number == 3
    moves = GAME.legal_moves(state)
    assert Place(3, 0, 3, (1, 0)) in moves
    assert all(not (isinstance(m, Place) and m.number == 1) for m in moves)


def test_a_tile_must_touch_the_layout() -> None:
    state = position("0,0 pump", hand0="3")
    assert "next to the layout" in refusal(state, "3f r270 at 4,4")
    assert "you do not hold" in refusal(state, "5f r0 at 1,0")
    assert "taken" in refusal(state, "3f r0 at 0,0")


def test_pipes_join_only_the_same_material() -> None:
    state = position("0,0 pump; 1,0 3f r270", hand0="4 1")
    # 1,0 shows FH on its east side.
    assert "a gas pipe would meet a fire hose" in refusal(state, "4f r90 at 2,0")
    play(state, "1f r90 at 2,0")


def test_eaves_never_touch_even_beside_a_real_connection() -> None:
    # 2,0 (ES GAS turned 180) shows an eave on its south side; 3,1 offers a fire hose from the east.
    state = position("2,0 6f r180; 3,1 1f r90", hand0="28")
    assert "two pump-room eaves would touch" in refusal(state, "28f r0 at 2,1")


def test_two_road_connections_never_face() -> None:
    state = position("2,0 12f r180; 3,1 1f r90", hand0="29")
    assert "two road connections would face each other" in refusal(state, "29f r0 at 2,1")


def test_automatic_road_is_laid_and_taken_from_the_pile() -> None:
    state = position("0,0 pump; 1,0 3f r270", hand0="29")
    after = play(state, "29f r180 at 2,0")  # RB FH: fire hose west, kerb south
    assert dict(after.roads) == {(2, 1): ()}
    assert after.road_pile == state.road_pile - 1


def test_automatic_pump_room_is_laid_and_taken_from_the_pile() -> None:
    state = position("0,0 pump; 1,0 3f r270", hand0="28")
    after = play(state, "28f r180 at 2,0")  # EB FH: fire hose west, eave south
    assert (2, 1) in after.pumps
    assert after.pump_pile == state.pump_pile - 1


def test_an_automatic_tile_that_would_not_fit_makes_the_move_illegal() -> None:
    # 1,1 shows a gas pipe on its east side, right where the road for 2,0's kerb would go.
    state = position("0,0 pump; 1,0 3f r270; 1,1 4f r90", hand0="29")
    reason = refusal(state, "29f r180 at 2,0")
    assert "road" in reason and "gas" in reason
    assert Place(29, 0, 2, (2, 0)) not in GAME.legal_moves(state)


def test_an_automatic_pump_room_beside_a_kerb_would_not_fit() -> None:
    # 1,1 (RS GAS turned 90) shows a kerb east, where the pump room for 2,0's eave would go.
    state = position("0,0 pump; 1,0 3f r270; 1,1 12f r90", hand0="28")
    assert "pump room" in refusal(state, "28f r180 at 2,0")


def test_empty_pile_leaves_the_end_open_for_good() -> None:
    state = position("0,0 pump; 1,0 3f r270", hand0="29 30", roads=0)
    after = play(state, "29f r180 at 2,0")
    assert after.roads == () and after.blocked == ((2, 1),)
    # Nobody may ever fill that cell, and the network stays open.
    later = replace(after, to_play=0)
    assert "never be filled" in refusal(later, "30f r0 at 2,1")
    fire_hose = [n for n in networks(after) if n.material == "FH"]
    assert not fire_hose[0].closed and ((2, 0), 2) in fire_hose[0].open_ends


def test_empty_pump_pile_leaves_the_eave_open() -> None:
    state = position("0,0 pump; 1,0 3f r270", hand0="28", pumps=0)
    after = play(state, "28f r180 at 2,0")
    assert (2, 1) not in after.pumps and after.blocked == ((2, 1),)


@pytest.mark.parametrize(
    ("board", "expected"),
    [
        ("0,0 pump; 1,0 3f r270", 1),
        ("0,0 pump; 1,0 3f r270; 2,1 4f r90", 2),
        ("0,0 pump; 1,0 3f r270; 2,1 4f r90; 3,0 1f r90", 3),
        ("0,0 pump; 1,0 3f r270; 2,1 4f r90; 3,0 1f r90; 2,-1 4f r90", 3),  # four touched: still 3
    ],
)
def test_draws_equal_the_tiles_touched_up_to_three(board: str, expected: int) -> None:
    state = position(board, hand0="16", bag="5 6 7 8 9")
    after = play(state, "16f r90 at 2,0")  # S2 FH laid east-west
    assert after.drawn == expected
    assert len(after.hands[0]) == expected
    assert len(after.bag) == 5 - expected
    assert after.hands[0] == tuple(sorted([5, 6, 7, 8, 9][:expected]))


def test_draws_stop_when_the_bag_runs_out() -> None:
    state = position("0,0 pump; 1,0 3f r270; 2,1 4f r90; 3,0 1f r90", hand0="16", hand1="9", bag="5")
    after = play(state, "16f r90 at 2,0")
    assert after.drawn == 1 and after.bag == ()


def test_symmetric_turns_share_one_notation() -> None:
    state = position("0,0 pump; 1,0 3f r270", hand0="16")
    after = play(state, "16f r270 at 2,0")
    assert dict(after.pipes)[(2, 0)].rotation == 1
    assert GAME.format_move(state, Place(16, 0, 3, (2, 0))) == "16f r90 at 2,0"


# -- special road tiles ---------------------------------------------------------------------------------
ROADS = "0,0 pump; 1,0 3f r270; 2,0 29f r180; 2,1 road; 4,4 road+pit; 5,5 road+manhole"


def test_open_pit_goes_on_a_plain_road_only() -> None:
    state = position(ROADS, hand0="pit")
    after = play(state, "pit at 2,1")
    assert dict(after.roads)[(2, 1)] == (OPEN_PIT,)
    assert after.drawn == 1
    assert "manhole" in refusal(state, "pit at 5,5")
    assert "already an open pit" in refusal(state, "pit at 4,4")
    assert "goes on a road" in refusal(state, "pit at 2,0")
    assert set(GAME.legal_moves(state)) == {Special(OPEN_PIT, (2, 1))}


def test_manhole_goes_on_a_plain_road_or_an_open_pit() -> None:
    state = position(ROADS, hand0="manhole")
    assert set(GAME.legal_moves(state)) == {Special(MANHOLE, (2, 1)), Special(MANHOLE, (4, 4))}
    assert dict(play(state, "manhole at 4,4").roads)[(4, 4)] == (OPEN_PIT, MANHOLE)
    assert "nothing goes on top of a manhole" in refusal(state, "manhole at 5,5")


def test_a_manhole_protects_a_road_for_good() -> None:
    state = position(WORKED, hand0="manhole", hand1="pit")
    after = play(state, "manhole at 5,2")
    assert "nothing goes on top of a manhole" in refusal(after, "pit at 5,2")
    assert GAME.legal_moves(after) == [Draw()]
    assert GAME.scores(after) == [12, 0]


# -- stuck, passing and the end ---------------------------------------------------------------------------
def test_drawing_when_stuck() -> None:
    # None of these faces has an eave, and no road exists for the pit.
    state = position("0,0 pump", hand0="1 4 7 pit", bag="3 5")
    assert GAME.legal_moves(state) == [Draw()]
    after = play(state, "draw")
    assert after.hands[0] == (1, 3, 4, 7, OPEN_PIT) and after.bag == (5,) and after.to_play == 1
    assert GAME.revealed(state, after)


def test_may_not_draw_when_a_tile_can_be_played() -> None:
    state = position("0,0 pump", hand0="3")
    assert "must" in refusal(state, "draw")
    assert "pass" not in [GAME.format_move(state, m) for m in GAME.legal_moves(state)]


def test_pass_when_stuck_and_the_bag_is_empty() -> None:
    # Seat 1 can still play (tile 3 onto the start pump room), so the game goes on.
    state = position("0,0 pump", hand0="1", hand1="3", bag="")
    assert GAME.legal_moves(state) == [Pass()]
    assert "bag is empty" in refusal(state, "draw")
    after = play(state, "pass")
    assert after.to_play == 1 and after.hands == state.hands


def test_a_player_without_tiles_is_out() -> None:
    # Seat 1 has no tiles: after seat 0 plays, seat 0 plays again.
    state = position("0,0 pump", hand0="3 9", hand1="", bag="")
    after = play(state, "3f r270 at 1,0")
    assert after.to_play == 0


def test_the_game_ends_when_nobody_holds_tiles() -> None:
    state = position("0,0 pump", hand0="3", hand1="", bag="")
    after = play(state, "3f r270 at 1,0")
    assert after.to_play is None and GAME.is_over(after)
    assert GAME.legal_moves(after) == []


def test_the_game_ends_when_a_round_would_pass_with_nobody_playing() -> None:
    # Tile 4 (S1 GAS / D1 PP/PE) has no eave and no fire hose: seat 1 can never play it here.
    state = position("0,0 pump", hand0="3 1", hand1="4", bag="")
    after = play(state, "3f r270 at 1,0")
    assert after.to_play == 1 and GAME.legal_moves(after) == [Pass()]
    after = play(after, "pass")
    assert after.to_play == 0
    after = play(after, "1f r90 at 2,0")
    assert after.to_play is None and after.hands[1] == (4,)


def test_winners_share_ties_and_the_table_reveals_colours() -> None:
    state = position(WORKED, colours="FH FH GAS PE", bag="")
    assert GAME.winners(state) == [0, 1]
    rows = {row.label: row.cells for row in GAME.score_table(state)}
    assert rows["Material"] == ("fire hose", "fire hose")
    assert rows["Points"] == ("12", "12")
    assert rows["Closed networks"] == ("1", "1")


# -- notation -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("17b r90 at 2,-1", Place(17, 1, 1, (2, -1))),
        ("3f r0 at -10,4", Place(3, 0, 0, (-10, 4))),
        ("pit at 5,2", Special(OPEN_PIT, (5, 2))),
        ("manhole at 0,-3", Special(MANHOLE, (0, -3))),
        ("draw", Draw()),
        ("pass", Pass()),
    ],
)
def test_move_notation(text: str, move: object) -> None:
    state = GAME.new_game(2, 1)
    assert GAME.parse_move(state, text) == move
    assert GAME.format_move(state, GAME.parse_move(state, text)) == text


@pytest.mark.parametrize("text", ["17 r90 at 2,1", "41f r0 at 1,1", "17b r45 at 1,1", "17b r90 at 2", "hop", "pit 5,2"])
def test_malformed_moves(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        GAME.parse_move(GAME.new_game(2, 1), text)


def test_new_game_setup() -> None:
    state = GAME.new_game(4, 7)
    assert state.pumps == ((0, 0),) and state.pump_pile == 9 and state.road_pile == 10
    assert [len(hand) for hand in state.hands] == [4, 4, 4, 4]
    assert len(state.bag) == 48 - 16
    assert sorted(state.colours) == sorted(["PP", "PE", "FH", "GAS"])
    assert state.to_play == 0
    assert GAME.invariant_errors(state) == []
    starts = {GAME.new_game(3, seed, start="random").to_play for seed in range(30)}
    assert starts == {0, 1, 2}
    with pytest.raises(InvalidMoveError):
        GAME.new_game(5, 1)


def test_position_text_round_trips() -> None:
    state = position(ROADS, hand0="pit 3", hand1="manhole", bag="5 6")
    assert GAME.from_text(GAME.to_text(state)) == state
    assert "4,4 road+pit" in GAME.to_text(state)
