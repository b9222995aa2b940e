"""The Blokus screen driven by synthetic events: drag, rotate, flip, drop (legal and refused), keys,
corners, passes, hints, computer players and the end of the game."""

from __future__ import annotations

import random
from typing import Any

import pygame

from bauhausbox.engine.grid import Cell
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.engine.shapes import flip, normalize, rotate
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.pieces import PIECE_BY_NAME, PIECES
from bauhausbox.games.blokus.rules import GAME, BlokusState
from bauhausbox.games.blokus.screen.scene import BlokusScene
from bauhausbox.match import Match
from bauhausbox.scenes.dialog import DialogScene
from tests.ui.helpers import click, frames, key, move, open_game, wait_until

INDEX = {piece.name: i for i, piece in enumerate(PIECES)}


def _open(app: Any, seats: list[str] | None = None, players: int = 4) -> BlokusScene:
    scene = open_game(app, "blokus", players, seats=seats or ["human"] * players, seed=1)
    assert isinstance(scene, BlokusScene)
    frames(app, 2)
    return scene


def _scene_at(app: Any, texts: list[str], seats: list[str]) -> BlokusScene:
    """A screen on the position reached by ``texts`` (all seats as given)."""
    specs = tuple(SeatSpec.from_text(seat, f"P{i + 1}") for i, seat in enumerate(seats))
    setup = Setup("blokus", len(seats), 1, specs, GAME.normalize_options(len(seats), {}))
    history = History(GAME, setup.new_state(GAME))
    for text in texts:
        history.play_text(text)
    scene = BlokusScene(app, Match(setup, history, autosave=False))
    app.push(scene)
    frames(app, 2)
    return scene


def _slot_point(scene: BlokusScene, piece: str) -> tuple[int, int]:
    """A point on a square of ``piece`` in the tray."""
    slot = scene.tray.slot_rect(INDEX[piece])
    assert slot is not None
    return slot.center


def _pointer_for(scene: BlokusScene, cells: list[Cell]) -> tuple[int, int]:
    """Where to put the pointer so the held piece covers exactly ``cells``."""
    held = scene.controller.held
    assert held is not None
    assert normalize(cells) == held.shape
    min_col = min(c for c, _ in cells)
    min_row = min(r for _, r in cells)
    gx, gy = held.grab
    return scene.board.cell_rect((min_col + gx, min_row + gy)).center


def _press(app: Any, pos: tuple[int, int]) -> None:
    app.frame(
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        ],
        1 / 60,
    )


def _release(app: Any, pos: tuple[int, int]) -> None:
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 1 / 60)


def test_drag_rotate_flip_and_drop_on_a_legal_spot(fresh_app: Any) -> None:
    app = fresh_app
    scene = _open(app)
    start = _slot_point(scene, "V5")
    _press(app, start)
    assert scene.controller.held is not None and scene.controller.held.key == INDEX["V5"]
    # Drag onto the board, turning the piece on the way: R (clockwise), then F (mirror).
    for step in range(1, 7):
        target = scene.board.cell_rect((5, 10)).center
        move(
            app,
            (start[0] + (target[0] - start[0]) * step // 6, start[1] + (target[1] - start[1]) * step // 6),
            buttons=(1, 0, 0),
        )
    key(app, pygame.K_r)
    key(app, pygame.K_f)
    held = scene.controller.held
    assert held is not None
    # A clockwise quarter turn is three anticlockwise ones; F mirrors left-right.
    assert held.shape == flip(rotate(PIECE_BY_NAME["V5"].shape, 3))
    # Find the legal V5 placement in this orientation that covers blue's corner, and drop it there.
    wanted = [
        m for m in GAME.legal_moves(scene.match.state) if m.piece_name == "V5" and normalize(m.cells) == held.shape
    ]
    assert wanted, "a V5 in this orientation fits the corner"
    spot = _pointer_for(scene, list(wanted[0].cells))
    move(app, spot, buttons=(1, 0, 0))
    assert scene._verdict(held.key, held.cells_at(scene.board.cell_under(spot))) is None
    _release(app, spot)
    assert scene.match.history.cursor == 1
    state: BlokusState = scene.match.state
    assert state.boards[0] == wanted[0].mask
    assert scene.controller.held is None
    assert not state.hands[0] >> INDEX["V5"] & 1


def test_an_illegal_drop_is_refused_with_its_reason_and_changes_nothing(fresh_app: Any) -> None:
    app = fresh_app
    scene = _open(app)
    click(app, _slot_point(scene, "L4"))  # click to pick ...
    assert scene.controller.held is not None
    before = GAME.to_text(scene.match.state)
    away = scene.board.cell_rect((9, 9)).center
    move(app, away)
    click(app, away)  # ... click to drop, far from the corner
    assert scene.match.history.cursor == 0
    assert GAME.to_text(scene.match.state) == before
    assert "must cover your corner a20" in (scene.refusal() or "").lower()
    assert scene.controller.held is not None, "a refused piece stays in hand"
    # Hanging off the board is refused too.
    held = scene.controller.held
    edge_cell = (0, 10) if held.grab[0] > 0 else (19, 10)
    edge = scene.board.cell_rect(edge_cell).center
    move(app, edge)
    assert any(not scene.board.contains(cell) for cell in held.cells_at(edge_cell))
    click(app, edge)
    assert scene.match.history.cursor == 0
    assert "must lie on the board" in (scene.refusal() or "").lower()
    key(app, pygame.K_ESCAPE)  # Esc puts the piece back
    assert scene.controller.held is None


def test_touching_your_own_colour_along_a_side_is_refused(fresh_app: Any) -> None:
    app = fresh_app
    # Blue has its V5 in the corner; every other colour opened too. Blue to play.
    scene = _scene_at(app, ["a18,a19,a20,b20,c20", "t20", "t1", "a1"], ["human"] * 4)
    click(app, _slot_point(scene, "1"))
    held = scene.controller.held
    assert held is not None
    spot = scene.board.cell_rect((1, 18)).center  # b19: beside a19 and b20
    move(app, spot)
    assert scene._verdict(held.key, [(1, 18)]) == "touches your own piece along a side"
    click(app, spot)
    assert scene.match.history.cursor == 4
    assert "touches your own piece along a side" in (scene.refusal() or "").lower()
    # d19 only touches c20 at a corner: placed.
    spot = scene.board.cell_rect((3, 18)).center
    move(app, spot)
    click(app, spot)
    assert scene.match.history.cursor == 5


def test_right_click_and_wheel_rotate_and_the_buttons_too(fresh_app: Any) -> None:
    app = fresh_app
    scene = _open(app)
    click(app, _slot_point(scene, "L5"))
    held = scene.controller.held
    assert held is not None
    first = held.shape
    pos = scene.board.cell_rect((10, 10)).center
    move(app, pos)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)], 1 / 60)
    assert held.shape == rotate(first, 3)
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)], 1 / 60)
    assert held.shape == first
    frames(app, 1)
    click(app, scene.flip_button.rect.center)
    assert scene.controller.held is held and held.shape == flip(first)
    click(app, scene.rotate_button.rect.center)
    assert held.shape == rotate(flip(first), 3)
    # The turned piece keeps its orientation when put back and picked again.
    key(app, pygame.K_ESCAPE)
    click(app, _slot_point(scene, "L5"))
    assert scene.controller.held is not None and scene.controller.held.shape == rotate(flip(first), 3)


def test_letter_keys_pick_pieces_and_cycle(fresh_app: Any) -> None:
    app = fresh_app
    scene = _open(app)
    picked = []
    for _ in range(4):
        key(app, pygame.K_i)
        assert scene.controller.held is not None
        picked.append(PIECES[scene.controller.held.key].name)  # type: ignore[call-overload]
    assert picked == ["I5", "I4", "I3", "I5"]
    key(app, pygame.K_x)
    assert scene.controller.held is not None and scene.controller.held.key == INDEX["X"]
    key(app, pygame.K_f)  # while holding, F flips rather than picking the F piece
    assert scene.controller.held.key == INDEX["X"]


def test_corners_toggle_marks_where_the_colour_can_attach(fresh_app: Any) -> None:
    app = fresh_app
    scene = _open(app)
    assert not scene.show_corners
    key(app, pygame.K_c)
    assert scene.show_corners
    assert scene.attach_cells() == [(0, 19)]  # before its first piece: blue's corner a20
    scene2 = _scene_at(app, ["a18,a19,a20,b20,c20", "t20", "t1", "a1"], ["human"] * 4)
    assert set(scene2.attach_cells()) == {(1, 16), (3, 18)}  # b17 and d19
    click(app, scene2.corners_button.rect.center)
    assert scene2.show_corners


def _game_with_a_pass(seed: int) -> tuple[list[str], str, int] | None:
    """Move texts up to the move after which some colour (still holding pieces) is first out."""
    rnd = random.Random(seed)
    state = GAME.new_game(4, seed)
    texts: list[str] = []
    while state.to_play is not None:
        move_ = rnd.choice(GAME.legal_moves(state))
        after = GAME.apply(state, move_)
        newly = after.out & ~state.out
        if after.to_play is not None and any(newly >> c & 1 and after.hands[c] for c in range(4)):
            return texts, move_.text, next(c for c in range(4) if newly >> c & 1)
        texts.append(move_.text)
        state = after
    return None


def test_a_colour_that_cannot_place_is_shown_passing(fresh_app: Any) -> None:
    app = fresh_app
    found = next(result for seed in range(20) if (result := _game_with_a_pass(seed)) is not None)
    texts, last, colour = found
    scene = _scene_at(app, texts, ["human"] * 4)
    placement = GAME.parse_move(scene.match.state, last)
    assert scene.submit(placement)
    names = ("Blue", "Yellow", "Red", "Green")
    assert names[colour] in scene.banner_text and "pass" in scene.banner_text
    assert scene.match.state.out >> colour & 1
    frames(app, 2)


def test_hint_outlines_a_legal_move(fresh_app: Any) -> None:
    app = fresh_app
    scene = _open(app)
    key(app, pygame.K_h)
    assert wait_until(app, lambda: scene.hint_move is not None, limit=900)
    assert scene.hint_move in GAME.legal_moves(scene.match.state)
    assert "Hint" in scene.status_message()


def test_computer_players_finish_a_game_and_the_table_appears(fresh_app: Any) -> None:
    app = fresh_app
    scene = _open(app, seats=["ai:easy", "ai:easy"], players=2)
    assert wait_until(app, lambda: scene.match.over, limit=3000)
    assert wait_until(app, lambda: app.top is not scene, limit=300)
    assert type(app.top).__name__ == "GameOverScene"
    assert scene.match.state.out == 0b1111


def test_undo_puts_the_board_back_and_drops_what_is_held(fresh_app: Any) -> None:
    app = fresh_app
    scene = _scene_at(app, ["a18,a19,a20,b20,c20"], ["human"] * 4)
    key(app, pygame.K_o)
    assert scene.controller.held is not None
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    # Blue's move is another player's: everyone at the table agrees first (nothing moves before).
    dialog = app.top
    assert isinstance(dialog, DialogScene) and scene.match.history.cursor == 1
    click(app, dialog.buttons[0].rect.center)  # "Everyone agrees"
    assert scene.match.history.cursor == 0
    assert scene.controller.held is None
    assert scene.match.state.boards[0] == 0
    assert scene.match.state.hands[0] == bb.FULL_HAND


def test_colour_blind_mode_makes_the_seat_shape_bold(fresh_app: Any) -> None:
    app = fresh_app
    scene = _scene_at(app, ["a18,a19,a20,b20,c20", "t20", "t1", "a1"], ["human"] * 4)
    cells = [(0, 17), (0, 18), (0, 19), (1, 19), (2, 19)]  # blue's piece

    def inks() -> int:
        frames(app, 1)
        count = 0
        for cell in cells:
            inner = scene.board.cell_rect(cell).inflate(-8, -8)
            for x in range(inner.left, inner.right):
                for y in range(inner.top, inner.bottom):
                    count += tuple(app.screen.get_at((x, y)))[:3] == (20, 20, 20)
        return count

    app.settings.colour_blind = False
    quiet = inks()
    try:
        app.settings.colour_blind = True
        strong = inks()
    finally:
        app.settings.colour_blind = False
    assert quiet == 0 and strong > 0  # the circle turns from a darker blue to bold ink


def scene_colour(name: str) -> tuple[int, int, int]:
    from bauhausbox.games.blokus.screen.board_view import PIECE_COLOURS

    return PIECE_COLOURS[name]


def test_three_players_see_who_places_the_shared_green(fresh_app: Any) -> None:
    app = fresh_app
    scene = _scene_at(app, ["a20", "t20", "t1"], ["human"] * 3)
    assert scene.view.colour == 3 and scene.view.to_play == 0
    assert "Green (shared)" in scene.turn_text()
    assert "next: P1" in scene._who(scene.view, 3)


def test_a_piece_turned_for_one_colour_stays_as_it_was_for_the_next(fresh_app: Any) -> None:
    """Every colour has its own L5: blue turning its own must not turn yellow's, and blue finds its
    own turned again when its turn comes back."""
    app = fresh_app
    scene = _open(app)
    tray_shape = normalize(PIECE_BY_NAME["L5"].shape)
    click(app, _slot_point(scene, "L5"))
    key(app, pygame.K_r)
    key(app, pygame.K_f)
    held = scene.controller.held
    assert held is not None and held.shape != tray_shape
    turned = held.shape
    key(app, pygame.K_ESCAPE)  # back to blue's tray, turned
    assert scene.controller.held is None
    assert scene.controller.orientation(INDEX["L5"]) == turned
    blue_move = next(m for m in GAME.legal_moves(scene.match.state) if m.piece_name == "1")
    assert scene.submit(blue_move)
    frames(app, 2)
    assert scene.view.colour == 1  # yellow
    click(app, _slot_point(scene, "L5"))
    held = scene.controller.held
    assert held is not None and held.shape == tray_shape
    key(app, pygame.K_ESCAPE)
    for colour in (1, 2, 3):  # yellow, red and green place their monomino; blue's turn again
        assert scene.view.colour == colour
        assert scene.submit(next(m for m in GAME.legal_moves(scene.match.state) if m.piece_name == "1"))
        frames(app, 2)
    click(app, _slot_point(scene, "L5"))
    held = scene.controller.held
    assert held is not None and held.shape == turned
