"""The Bits screen, driven by synthetic events: point at a column, turn the tile, drop it and see it
land; refusals; the neutral tile; a whole round to the scoring overlay; pass-and-play privacy."""

from __future__ import annotations

import time
from typing import Any

import pygame

from bauhausbox.games.bits.board import landing
from bauhausbox.games.bits.rules import HIDDEN, Place
from tests.ui.helpers import click, frames, key, move, open_game


def air_point(scene: Any, x: float) -> tuple[int, int]:
    """The screen point above the ramp's top edge at board x (the tile waits there)."""
    px, py = scene.ramp.point(x, 7.0)
    return round(px), round(py)


def test_click_drops_the_start_tile_where_the_ghost_showed(fresh_app: Any) -> None:
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=3)
    state = scene.match.state
    tile = state.start_tiles[0]
    move(fresh_app, air_point(scene, 3.0))  # a flat tile centred on the line between columns 3 and 4
    held = scene.held_move()
    assert held == Place(tile, False, 2)
    assert scene.check(held) is None
    click(fresh_app, air_point(scene, 3.0))
    frames(fresh_app, 3)
    board = scene.match.state.boards[0]
    assert board[2] == tile[0] and board[3] == tile[1]  # row 1, columns 3 and 4
    assert board.count(".") == 34
    assert scene.match.history.move_texts() == [f"{tile} H3"]


def test_r_turns_the_tile_upright_and_it_slides_onto_the_stack(fresh_app: Any) -> None:
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=4)
    start = scene.match.state.start_tiles[0]
    click(fresh_app, air_point(scene, 5.5))
    assert scene.match.state.boards[0][4] == start[0]  # flat in columns 5–6
    card = scene.match.state.tile_card
    assert card is not None
    key(fresh_app, pygame.K_r)  # a quarter turn clockwise: the left half goes to the top
    move(fresh_app, air_point(scene, 4.5))
    held = scene.held_move()
    assert held is not None and held.vertical and held.column == 4
    expected = landing(scene.match.state.boards[0], held.spot)
    click(fresh_app, air_point(scene, 4.5))
    frames(fresh_app, 3)
    board = scene.match.state.boards[0]
    assert expected == (2 * 6 + 4, 1 * 6 + 4)  # rows 2–3, resting on the start tile
    assert board[2 * 6 + 4] == held.colours[0] and board[1 * 6 + 4] == held.colours[1]


def test_right_click_cycles_every_orientation_including_colour_order(fresh_app: Any) -> None:
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=5)
    click(fresh_app, air_point(scene, 1.0))
    tile = scene.match.state.tile_for(0)
    seen = []
    for _ in range(4):
        move(fresh_app, air_point(scene, 3.0))
        held = scene.held()
        seen.append(held)
        click(fresh_app, air_point(scene, 3.0), button=3)
    expected = 2 if tile[0] == tile[1] else 4
    assert len(set(seen)) == expected
    assert {colours for colours, _ in seen} == {tile, tile[::-1]}


def test_a_full_column_refuses_with_its_reason_and_nothing_changes(fresh_app: Any) -> None:
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=6)
    key(fresh_app, pygame.K_r)  # upright
    for _ in range(3):  # start tile + two cards stacked in column 1: six rows
        if scene.held() is not None and not scene.held()[1]:
            key(fresh_app, pygame.K_r)
        click(fresh_app, air_point(scene, 0.5))
    assert scene.match.state.boards[0][5 * 6] != "."
    while scene.held() is not None and not scene.held()[1]:
        key(fresh_app, pygame.K_r)
    before = scene.match.state
    click(fresh_app, air_point(scene, 0.5))
    assert scene.match.state == before
    assert "column 1 has no room" in (scene.refusal() or "").lower()


def _fill_column_one(app: Any, scene: Any) -> None:
    key(app, pygame.K_r)  # upright
    for _ in range(3):  # start tile + two cards stacked in column 1: six rows
        if scene.held() is not None and not scene.held()[1]:
            key(app, pygame.K_r)
        click(app, air_point(scene, 0.5))
    while scene.held() is not None and not scene.held()[1]:
        key(app, pygame.K_r)


def test_a_refused_drop_is_not_said_again_above_the_tile(fresh_app: Any, monkeypatch: Any) -> None:
    """The refusal's note by the pointer says why; when it fades, the tile waiting over the same
    column must not start saying it again (one place only)."""
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=6)
    _fill_column_one(fresh_app, scene)
    notes: list[str] = []
    monkeypatch.setattr(scene, "_note", lambda surface, reason, pos: notes.append(reason))
    click(fresh_app, air_point(scene, 0.5))
    assert "column 1 has no room" in (scene.refusal() or "").lower()
    later = time.monotonic() + 3.0  # the pointer's note has faded
    monkeypatch.setattr(time, "monotonic", lambda: later)
    frames(fresh_app, 2)
    assert scene.held_move() is not None
    assert notes == []
    move(fresh_app, air_point(scene, 3.5))  # another column, and back: the reason is a preview again
    move(fresh_app, air_point(scene, 0.5))
    frames(fresh_app, 1)
    assert any("column 1 has no room" in note.lower() for note in notes)


def test_the_tile_leaves_the_column_when_the_pointer_leaves_the_window(fresh_app: Any, monkeypatch: Any) -> None:
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=6)
    _fill_column_one(fresh_app, scene)
    move(fresh_app, air_point(scene, 0.5))
    frames(fresh_app, 1)
    assert scene.held_move() is not None
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: False)  # out of the window: no motion seen
    notes: list[str] = []
    monkeypatch.setattr(scene, "_note", lambda surface, reason, pos: notes.append(reason))
    frames(fresh_app, 2)
    assert scene.held_move() is None
    assert notes == []


def test_neutral_tile_button_places_it_once(fresh_app: Any) -> None:
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=7)
    click(fresh_app, air_point(scene, 1.0))
    key(fresh_app, pygame.K_n)
    assert scene.held()[0] == "NN"
    click(fresh_app, air_point(scene, 4.0))
    assert scene.match.state.neutral_used == (True,)
    frames(fresh_app, 2)
    assert not scene.neutral_button.enabled
    key(fresh_app, pygame.K_n)
    assert scene.held()[0] != "NN"


def test_a_whole_round_ends_in_the_scoring_overlay(fresh_app: Any) -> None:
    from bauhausbox.games.bits.screen.scene import BitsRoundScene

    scene = open_game(fresh_app, "bits", 1, ["human"], seed=8)
    for _ in range(40):
        if scene.match.state.round > 1:
            break
        # Find a legal spot from the keyboard: try each column with each orientation.
        placed = False
        for _turn in range(4):
            for column in range(6):
                scene.column = column
                held = scene.held_move()
                if held is not None and scene.check(held) is None:
                    key(fresh_app, pygame.K_SPACE)
                    placed = True
                    break
            if placed:
                break
            key(fresh_app, pygame.K_r)
        assert placed
    frames(fresh_app, 3)
    assert isinstance(fresh_app.top, BitsRoundScene)
    assert fresh_app.top.round_number == 1
    # The overlay says the round is over: no notice of it sticks out around it, nor stays over the
    # goal cards' heading afterwards.
    assert scene.notice == ""
    key(fresh_app, pygame.K_RETURN)
    assert fresh_app.top is scene
    assert scene.match.state.round == 2
    assert scene.notice == ""


def test_pass_and_play_hides_the_first_players_placement(fresh_app: Any) -> None:
    from bauhausbox.games.bits.screen.scene import BitsScene
    from bauhausbox.scenes.curtain import CurtainScene

    open_game(fresh_app, "bits", 2, ["human", "human"], seed=9)
    frames(fresh_app, 2)
    scene = next(s for s in fresh_app.stack if isinstance(s, BitsScene))
    assert isinstance(fresh_app.top, CurtainScene)  # the first player takes the device
    key(fresh_app, pygame.K_RETURN)
    frames(fresh_app, 1)
    assert fresh_app.top is scene
    click(fresh_app, air_point(scene, 3.0))
    assert scene.match.state.to_play == 1
    frames(fresh_app, 2)
    assert isinstance(fresh_app.top, CurtainScene)
    key(fresh_app, pygame.K_RETURN)  # the second player takes the device
    frames(fresh_app, 1)
    assert fresh_app.top is scene and scene.viewer == 1
    assert scene.view.pending[0] == HIDDEN
    assert scene.view.boards[0].count(".") == 36  # seat 0's tile is not on its board yet
    click(fresh_app, air_point(scene, 3.0))
    frames(fresh_app, 2)
    # Both placed: the placements show together and the first tile card is up.
    state = scene.match.state
    assert state.tile_card is not None
    assert all(board.count(".") == 34 for board in state.boards)


def test_computers_place_at_the_same_time_without_showing_where(fresh_app: Any) -> None:
    from tests.ui.helpers import wait_until

    scene = open_game(fresh_app, "bits", 3, ["human", "ai:easy", "ai:medium"], seed=10)
    assert wait_until(fresh_app, lambda: None not in scene.match.state.pending[1:], 600)
    # The computers placed their start tiles while the human is still to play; the human sees that
    # they have placed, not where.
    assert scene.match.state.to_play == 0
    assert scene.view.pending[1:] == (HIDDEN, HIDDEN)
    assert scene._status(scene.view, 1).endswith("placed")
    wait_until(fresh_app, lambda: scene.input_allowed(), 300)
    click(fresh_app, air_point(scene, 3.0))
    frames(fresh_app, 2)
    assert scene.match.state.tile_card is not None  # all three placed: the first card is up


def test_a_human_with_a_full_ramp_passes_automatically(fresh_app: Any) -> None:
    from dataclasses import replace

    from bauhausbox.engine.history import History, SeatSpec, Setup
    from bauhausbox.games.bits.rules import GAME, PASS
    from bauhausbox.games.bits.screen.scene import BitsScene
    from bauhausbox.match import Match

    setup = Setup("bits", 2, 5, (SeatSpec("Ann"), SeatSpec("Ben")), {})
    state = GAME.new_game(2, 5)
    state = GAME.play_texts(state, [f"{state.start_tiles[0]} V1", f"{state.start_tiles[1]} V1"])
    state = replace(state, boards=("RYBPKR" * 6, state.boards[1]))
    assert GAME.legal_moves(state) == [PASS]
    scene = BitsScene(fresh_app, Match(setup, History(GAME, state), autosave=False))
    fresh_app.push(scene)
    frames(fresh_app, 3)
    assert scene.match.history.move_texts()[:1] == ["pass"]
    assert scene.match.state.to_play == 1


def test_a_full_ramp_at_another_computer_is_not_passed_for_here(fresh_app: Any, monkeypatch: Any) -> None:
    """Across computers only the screen where the player sits passes for a full ramp: another
    screen tried on every frame and was refused ("It is not your turn") every time."""
    from dataclasses import replace

    from bauhausbox.engine.history import History, SeatSpec, Setup
    from bauhausbox.games.bits.rules import GAME, PASS
    from bauhausbox.games.bits.screen.scene import BitsScene
    from bauhausbox.match import Match

    setup = Setup("bits", 2, 5, (SeatSpec("Ann"), SeatSpec("Ben")), {})
    state = GAME.new_game(2, 5)
    state = GAME.play_texts(state, [f"{state.start_tiles[0]} V1", f"{state.start_tiles[1]} V1"])
    state = replace(state, boards=("RYBPKR" * 6, state.boards[1]))
    assert GAME.legal_moves(state) == [PASS] and state.to_play == 0
    scene = BitsScene(fresh_app, Match(setup, History(GAME, state), autosave=False))
    monkeypatch.setattr(scene.table, "plays_here", lambda seat: seat == 1)  # Ann plays at another computer
    tried: list[Any] = []
    monkeypatch.setattr(scene.table, "play", lambda move, seat=None: tried.append(move))
    fresh_app.push(scene)
    frames(fresh_app, 3)
    assert tried == [] and scene.match.history.move_texts() == []


def test_an_opponents_ramp_is_shown_large_from_your_view_and_back(fresh_app: Any) -> None:
    """Clicking an opponent's thumbnail shows its ramp large, named, with only what you may see;
    clicking it again (or Esc) brings yours back."""
    from bauhausbox.ui import layout_probe

    scene = open_game(fresh_app, "bits", 3, ["human", "ai:easy", "ai:easy"], seed=5)
    frames(fresh_app, 5)  # the computers place their start tiles at once, unseen
    assert isinstance(scene.match.state.pending[1], Place)
    click(fresh_app, scene.thumb_rects[1].center)
    assert scene.peek == 1
    with layout_probe.recording(fresh_app.screen.get_size()) as record:
        frames(fresh_app, 1)
    texts = [t.content.lower() for t in record.texts]
    assert f"{scene.match.seat_name(1)}'s ramp".lower() in texts
    assert scene.ramp_board(scene.state) == scene.state.boards[1] == "." * 36  # its placement is still secret
    assert scene.held() is None  # nothing to drop on someone else's ramp
    click(fresh_app, scene.thumb_rects[1].center)
    assert scene.peek is None and scene.held() is not None
    click(fresh_app, scene.thumb_rects[2].center)
    key(fresh_app, pygame.K_ESCAPE)
    assert scene.peek is None and fresh_app.top is scene


def test_the_rotate_button_and_the_header_with_the_neutral_tile_in_hand(fresh_app: Any) -> None:
    """The button that turns the tile says Rotate (as Blokus's does: "Turn" read as a player's turn),
    and with the neutral tile in hand the header asks for the neutral tile, not the card's."""
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=7)
    assert scene.turn_button.label == "Rotate"
    click(fresh_app, air_point(scene, 1.0))  # the start tile
    frames(fresh_app, 3)
    card = scene.turn_text()
    key(fresh_app, pygame.K_n)
    assert scene.turn_text() != card and "neutral" in scene.turn_text()
    key(fresh_app, pygame.K_n)
    assert scene.turn_text() == card


def test_the_curtain_says_what_bits_hides_not_hands(fresh_app: Any) -> None:
    """Bits has no hands: the pass-the-device curtain tells the others what stays hidden here."""
    from bauhausbox.scenes.curtain import CurtainScene
    from bauhausbox.ui import layout_probe

    open_game(fresh_app, "bits", 2, ["human", "human"], seed=9)
    frames(fresh_app, 2)
    assert isinstance(fresh_app.top, CurtainScene)
    with layout_probe.recording(fresh_app.screen.get_size()) as record:
        frames(fresh_app, 1)
    texts = " ".join(t.content for t in record.texts)
    assert "look away" in texts
    assert "Hands" not in texts and "placed" in texts


def test_the_undo_question_to_everyone_blanks_the_tile_buttons_and_passes_nothing(fresh_app: Any) -> None:
    """Two humans, an undo past a draw: while everyone is asked, the board is blanked and so are the
    Rotate and Neutral buttons; the footer does not ask to pass the device to the player at it."""
    from bauhausbox.games.bits.screen.scene import BitsScene
    from bauhausbox.scenes.dialog import DialogScene

    open_game(fresh_app, "bits", 2, ["human", "human"], seed=9)
    frames(fresh_app, 2)
    scene = next(s for s in fresh_app.stack if isinstance(s, BitsScene))
    for _ in range(2):  # each takes the device and places the start tile
        key(fresh_app, pygame.K_RETURN)
        frames(fresh_app, 1)
        click(fresh_app, air_point(scene, 3.0))
        frames(fresh_app, 2)
    key(fresh_app, pygame.K_RETURN)
    frames(fresh_app, 2)
    assert fresh_app.top is scene and scene.turn_button.visible
    scene.undo()
    frames(fresh_app, 2)
    assert isinstance(fresh_app.top, DialogScene) and scene.veiled()
    assert not scene.turn_button.visible and not scene.neutral_button.visible
    assert "Pass the device" not in scene.situation()


def test_a_full_ramp_is_passed_without_a_curtain_while_the_last_tile_slides(fresh_app: Any, monkeypatch: Any) -> None:
    """A seat with nothing to decide is never called to the screen: with Ben at the screen and his
    tile still sliding, Ann's full ramp passes for her; no "Pass to Ann" curtain comes."""
    from dataclasses import replace

    from bauhausbox.engine.history import History, SeatSpec, Setup
    from bauhausbox.games.bits.rules import GAME, PASS
    from bauhausbox.games.bits.screen.scene import BitsScene
    from bauhausbox.match import Match
    from bauhausbox.scenes.curtain import CurtainScene

    setup = Setup("bits", 2, 5, (SeatSpec("Ann"), SeatSpec("Ben")), {})
    state = GAME.new_game(2, 5)
    state = GAME.play_texts(state, [f"{state.start_tiles[0]} V1", f"{state.start_tiles[1]} V1"])
    state = replace(state, boards=("RYBPKR" * 6, state.boards[1]))
    assert GAME.legal_moves(state) == [PASS] and state.to_play == 0
    scene = BitsScene(fresh_app, Match(setup, History(GAME, state), autosave=False))
    scene.table.present(1)  # Ben was at the screen: his tile is still sliding
    monkeypatch.setattr(scene, "animating", lambda: True)
    curtains: list[str] = []
    push = fresh_app.push
    monkeypatch.setattr(
        fresh_app, "push", lambda s: (curtains.append(s.player) if isinstance(s, CurtainScene) else None, push(s))
    )
    fresh_app.push(scene)
    frames(fresh_app, 3)
    assert curtains == []
    assert scene.match.history.move_texts()[:1] == ["pass"] and scene.match.state.to_play == 1


def test_the_tile_card_turns_with_the_tile_in_hand(fresh_app: Any, monkeypatch: Any) -> None:
    """One orientation shown everywhere: after R (or a right-click) the tile card on the panel shows
    the tile as it is held over the ramp, not lying flat."""
    from bauhausbox.games.bits.screen import paint

    faces: list[tuple[str, bool]] = []
    real = paint.draw_tile_face
    monkeypatch.setattr(
        paint,
        "draw_tile_face",
        lambda s, r, colours, vertical=False, cb=False: (
            faces.append((colours, vertical)),
            real(s, r, colours, vertical, cb),
        )[1],
    )
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=5)
    click(fresh_app, air_point(scene, 1.0))  # the start tile: the first tile card comes up
    frames(fresh_app, 3)
    tile = scene.match.state.tile_for(0)
    for presses in range(1, 4):
        move(fresh_app, air_point(scene, 3.0))
        faces.clear()
        if presses % 2:
            key(fresh_app, pygame.K_r)
        else:
            click(fresh_app, air_point(scene, 3.0), button=3)
        frames(fresh_app, 3)  # a changed part may show its old copy for a frame or two (ui/layer.py)
        assert faces, "the tile card was not drawn again after the turn"
        assert faces[-1] == scene.held(), presses
    assert {faces[-1]} <= {(tile, True), (tile[::-1], False), (tile[::-1], True)}
