"""The Buizen screen driven by synthetic events: placing tiles, turning, refusals, panning, the curtain."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox.games.buizen.rules import GAME
from bauhausbox.games.buizen.screen import paint
from bauhausbox.games.buizen.screen.scene import MAX_CELL, BuizenScene
from bauhausbox.games.buizen.state import Draw, Place, Special
from bauhausbox.games.buizen.tiles import OPEN_PIT
from bauhausbox.scenes.curtain import CurtainScene
from bauhausbox.ui import draw, icons, layout_probe, theme
from tests.ui.helpers import (
    click,
    close_outcome,
    drag,
    frames,
    key,
    move,
    open_game,
    spy_verdicts,
    wait_until,
    window_size,
)


def _hand_row_colours(app: Any, scene: BuizenScene) -> set[tuple[int, int, int]]:
    """Screen colours along a line through the hand's tiles."""
    area = scene.hand_rect
    y = area.top + area.height * 2 // 3
    return {tuple(app.screen.get_at((x, y)))[:3] for x in range(area.left, area.right, 3)}  # type: ignore[misc]


def _first_placement(scene: BuizenScene) -> Place:
    moves = [m for m in GAME.legal_moves(scene.match.state) if isinstance(m, Place)]
    assert moves, "the test seed must give the human a playable tile"
    return moves[0]


def _hold(app: Any, scene: BuizenScene, wanted: Place) -> None:
    """Pick the tile from the hand by clicking it, then turn and flip it with the keys."""
    slot = next(rect for number, rect in scene.hand_slots if number == wanted.number)
    click(app, slot.center)
    assert scene.selected == wanted.number
    if wanted.face == 1:
        key(app, pygame.K_f)
    for _ in range(wanted.rotation):
        key(app, pygame.K_r)
    assert scene.held_orientation() == (wanted.face, wanted.rotation)


def _scene_for(app: Any, text: str, seats: list[str]) -> BuizenScene:
    """A screen on a position built from text (not from a seed)."""
    from bauhausbox.engine.history import History, SeatSpec, Setup
    from bauhausbox.match import Match

    specs = tuple(SeatSpec.from_text(seat, f"P{i + 1}") for i, seat in enumerate(seats))
    setup = Setup("buizen", len(seats), 1, specs, GAME.normalize_options(len(seats), {}))
    scene = BuizenScene(app, Match(setup, History(GAME, GAME.from_text(text)), autosave=False))
    app.push(scene)
    frames(app, 2)
    return scene


def _game_scene(app: Any) -> BuizenScene:
    scene = next(s for s in app.stack if isinstance(s, BuizenScene))
    assert isinstance(scene, BuizenScene)
    return scene


def _open(app: Any, seats: list[str], seed: int = 3) -> BuizenScene:
    open_game(app, "buizen", len(seats), seats=seats, seed=seed)
    frames(app, 2)
    scene = _game_scene(app)
    if isinstance(app.top, CurtainScene):
        click(app, app.top.ready_button.rect.center)
        frames(app, 1)
    assert isinstance(scene, BuizenScene) and app.top is scene
    return scene


def test_place_a_tile_by_clicking_hand_then_cell(fresh_app: Any) -> None:
    app = fresh_app
    scene = _open(app, ["human", "human"])
    wanted = _first_placement(scene)
    _hold(app, scene, wanted)
    target = scene.to_screen(wanted.cell).center
    move(app, target)
    assert scene.reason_at(wanted.cell) is None  # the ghost is green
    anyhow, exactly = scene.fitting_cells()
    assert wanted.cell in anyhow and wanted.cell in exactly
    click(app, target)
    assert len(scene.match.history.steps) == 1
    assert dict(scene.match.state.pipes)[wanted.cell].number == wanted.number
    assert scene.selected is None


def test_place_a_tile_by_dragging_it_onto_the_table(fresh_app: Any) -> None:
    app = fresh_app
    scene = _open(app, ["human", "human"])
    wanted = _first_placement(scene)
    _hold(app, scene, wanted)
    slot = next(rect for number, rect in scene.hand_slots if number == wanted.number)
    drag(app, slot.center, scene.to_screen(wanted.cell).center)
    assert dict(scene.match.state.pipes)[wanted.cell].number == wanted.number


def test_a_refused_cell_says_why_and_changes_nothing(fresh_app: Any) -> None:
    app = fresh_app
    scene = _open(app, ["human", "human"])
    wanted = _first_placement(scene)
    _hold(app, scene, wanted)
    far = (wanted.cell[0] + 6, wanted.cell[1] + 6)  # nowhere near the layout
    scene.camera = [far[0] - 1.0, far[1] - 1.0]  # in sight at any zoom Fit may choose
    click(app, scene.to_screen(far).center)
    assert scene.match.history.steps == []
    assert "next to the layout" in (scene.refusal() or "").lower()
    assert scene.reason_at(far) is not None


def test_a_red_ghost_says_why_in_the_status_bar_while_hovered(fresh_app: Any) -> None:
    """The rules page promised the reason on a red ghost, but it came only after a click (then in a
    note over the tile above). While the pointer rests on a red ghost the status bar says why, in the
    players' language; over a green one it does not; after a click the note alone says it."""
    from bauhausbox import i18n
    from bauhausbox.ui.text import shown

    app = fresh_app
    for language in ("en", "fr"):
        i18n.set_language(language)
        scene = _open(app, ["human", "human"])
        wanted = _first_placement(scene)
        _hold(app, scene, wanted)
        move(app, scene.to_screen((0, 0)).center)  # the start pump room: red
        reason = scene.reason_at((0, 0))
        assert reason
        with layout_probe.recording(app.screen.get_size()) as record:
            frames(app, 1)
        words = shown(reason).lower()  # the rules' words, in the players' language
        said = [t.content for t in record.texts if t.content.lower().startswith(words[:12])]
        assert said, (language, reason, [t.content for t in record.texts])
        move(app, scene.to_screen(wanted.cell).center)  # green: no reason
        assert scene.reason_at(wanted.cell) is None and scene.hover_reason() == ""
        click(app, scene.to_screen((0, 0)).center)
        assert scene.refusal() and scene.hover_reason() == ""  # said once, by the pointer
        app.pop()
    i18n.set_language("en")


def test_right_click_turns_and_right_drag_pans(fresh_app: Any) -> None:
    app = fresh_app
    scene = _open(app, ["human", "human"])
    wanted = _first_placement(scene)
    slot = next(rect for number, rect in scene.hand_slots if number == wanted.number)
    click(app, slot.center)
    centre = scene.board_rect.center
    click(app, centre, button=3)
    assert scene.held_orientation() == (0, 1)
    before = list(scene.camera)
    app.frame(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=3),
            pygame.event.Event(pygame.MOUSEMOTION, pos=(centre[0] + 150, centre[1]), rel=(150, 0), buttons=(0, 0, 1)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(centre[0] + 150, centre[1]), button=3),
        ],
        1 / 60,
    )
    assert scene.camera[0] < before[0]  # dragging right shows what lies to the left
    assert scene.held_orientation() == (0, 1)  # a pan is not a turn
    zoom = scene.cell_px
    key(app, pygame.K_EQUALS)
    assert scene.cell_px > zoom


def test_the_curtain_hides_the_hand_between_humans(fresh_app: Any) -> None:
    app = fresh_app
    open_game(app, "buizen", 2, seats=["human", "human"], seed=3)
    frames(app, 2)
    scene = _game_scene(app)
    assert isinstance(app.top, CurtainScene)  # even before the first turn
    frames(app, 1)
    assert paint.SAND not in _hand_row_colours(app, scene)  # no pipe tile of the hand shows
    click(app, app.top.ready_button.rect.center)
    frames(app, 1)
    assert app.top is scene and scene.hand() == scene.match.state.hands[0]
    assert paint.SAND in _hand_row_colours(app, scene)  # now the hand's tiles are on screen
    wanted = _first_placement(scene)
    _hold(app, scene, wanted)
    click(app, scene.to_screen(wanted.cell).center)
    frames(app, 2)
    assert close_outcome(app), "P1 sees what the move drew before the device passes"
    frames(app, 2)
    assert isinstance(app.top, CurtainScene) and app.top.player == "P2"
    # Seat 1's view is only shown after P2 says they are ready, and never seat 0's hand again.
    click(app, app.top.ready_button.rect.center)
    frames(app, 1)
    assert scene.hand() == scene.match.state.hands[1]
    assert scene.view.hands[0] == (0,) * len(scene.match.state.hands[0])


def test_draw_button_when_no_tile_fits(fresh_app: Any) -> None:
    app = fresh_app
    # Only the start tile is down, and no tile in the human's hand has an eave.
    text = "buizen players=2 to_play=0 pumps=9 roads=10\ncolours: FH PP GAS PE\nhand 0: 1 4 7\nhand 1: 3\nbag: 5 6"
    scene = _scene_for(app, text + "\nboard: 0,0 pump", ["human", "ai:easy"])
    assert GAME.legal_moves(scene.match.state) == [Draw()]
    assert scene.action_button.visible and scene.action_button.label == "Draw a tile"
    key(app, pygame.K_d)
    assert scene.match.state.hands[0] == (1, 4, 5, 7)


def test_game_over_and_how_to_play_render(fresh_app: Any) -> None:
    app = fresh_app
    worked = (
        "buizen players=2 to_play=- pumps=9 roads=9\ncolours: FH PP GAS PE\nhand 0:\nhand 1:\nbag:\n"
        "board: 0,1 pump; 1,1 3f r270; 2,1 38b r90; 3,1 2f r180; 2,2 17f r0; 3,2 38b r270; 4,2 18f r90; 5,2 road"
    )
    scene = _scene_for(app, worked, ["human", "ai:easy"])
    frames(app, 3)
    assert GAME.scores(scene.view) == [12, 0]
    pages = BuizenScene.how_to_play()
    assert len(pages) >= 5
    surface = pygame.Surface((640, 480))
    for page in pages:
        if page.diagram is not None:
            page.diagram(surface, pygame.Rect(0, 0, 640, 480), scene.metrics)


def test_the_table_fits_itself_when_the_game_ends(fresh_app: Any) -> None:
    app = fresh_app
    # The human holds the last tile of the game and nobody else holds any: placing it ends the game.
    for number in range(1, 40):
        text = f"buizen players=2 to_play=0 pumps=9 roads=10\ncolours: FH PP GAS PE\nhand 0: {number}\nhand 1:\nbag:"
        scene = _scene_for(app, text + "\nboard: 0,0 pump", ["human", "ai:easy"])
        if any(isinstance(m, Place) for m in GAME.legal_moves(scene.match.state)):
            break
        app.pop()
    last = _first_placement(scene)
    scene.zoom(1.5)
    scene.camera = [last.cell[0] + 0.5, float(last.cell[1])]  # away from the fitted view, the cell in sight
    frames(app, 1)
    assert scene.board_rect.contains(scene.to_screen(last.cell)), "the test needs the cell on screen"
    _hold(app, scene, last)
    click(app, scene.to_screen(last.cell).center)
    frames(app, 2)
    assert scene.match.over
    shown = (list(scene.camera), scene.cell_px)
    scene.fit()
    assert shown == (list(scene.camera), scene.cell_px), "the final table should be fitted to the screen"


def test_escape_puts_the_held_tile_back_before_the_menu_opens(fresh_app: Any) -> None:
    from bauhausbox.scenes.pause import PauseScene

    app = fresh_app
    scene = _open(app, ["human", "human"])
    wanted = _first_placement(scene)
    _hold(app, scene, wanted)
    key(app, pygame.K_ESCAPE)
    assert scene.selected is None, "Esc drops what is held"
    assert app.top is scene, "the first Esc must not open the pause menu"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)


def test_a_drag_let_go_off_the_table_returns_the_tile_to_the_hand(fresh_app: Any) -> None:
    app = fresh_app
    scene = _open(app, ["human", "human"])
    wanted = _first_placement(scene)
    slot = next(rect for number, rect in scene.hand_slots if number == wanted.number)
    off_table = (scene.panel_rect.centerx, scene.panel_rect.centery)
    drag(app, slot.center, off_table)
    assert scene.selected is None
    assert scene.match.history.steps == []
    frames(app, 1)
    lifted = next(rect for number, rect in scene.hand_slots if number == wanted.number)
    assert lifted == slot, "the tile lies in the hand again, not lifted"


def test_the_dragged_tile_is_drawn_over_the_buttons(fresh_app: Any) -> None:
    app = fresh_app
    scene = _open(app, ["human", "human"])
    wanted = _first_placement(scene)
    slot = next(rect for number, rect in scene.hand_slots if number == wanted.number)
    target = scene.fit_button.rect.center
    app.frame(
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=slot.center, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=slot.center, button=1),
        ],
        1 / 60,
    )
    dx, dy = target[0] - slot.centerx, target[1] - slot.centery
    for step in range(1, 7):
        move(app, (slot.centerx + dx * step // 6, slot.centery + dy * step // 6), buttons=(1, 0, 0))
    assert scene.dragging_tile
    # The tile's sand ground covers the button under the pointer.
    assert tuple(app.screen.get_at((target[0] + 2, target[1] + 2)))[:3] == paint.SAND


def test_the_ghost_says_yes_or_no_with_a_tick_or_a_cross(fresh_app: Any, monkeypatch: Any) -> None:
    app = fresh_app
    scene = _open(app, ["human", "human"])
    verdicts = spy_verdicts(monkeypatch, outside=scene.hand_rect)  # the hand's own marks aside
    wanted = _first_placement(scene)
    _hold(app, scene, wanted)
    move(app, scene.to_screen(wanted.cell).center)
    assert verdicts[-1:] == [True]
    occupied = scene.to_screen((0, 0)).center  # the start pump room: nothing goes there
    move(app, occupied)
    assert verdicts[-1:] == [False]


def test_a_refusal_is_told_once_beside_the_refused_cell(fresh_app: Any) -> None:
    app = fresh_app
    scene = _open(app, ["human", "human"])
    wanted = _first_placement(scene)
    _hold(app, scene, wanted)
    click(app, scene.to_screen((0, 0)).center)  # on the start pump room
    assert scene.match.history.steps == []
    assert scene.refusal()
    area = scene.refusal_area()
    assert area is not None and area.colliderect(scene.to_screen((0, 0)))
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    told = [t for t in record.texts if t.content.lower() == (scene.refusal() or "").lower()]
    assert len(told) == 1, "the reason shows once: in the note by the pointer"


def test_r_turns_a_quarter_clockwise_and_shift_r_back(fresh_app: Any) -> None:
    from bauhausbox.games.buizen.tiles import sides_of

    app = fresh_app
    scene = _open(app, ["human", "human"])
    wanted = _first_placement(scene)
    slot = next(rect for number, rect in scene.hand_slots if number == wanted.number)
    click(app, slot.center)
    before = sides_of(wanted.number, *scene.held_orientation())
    key(app, pygame.K_r)
    after = sides_of(wanted.number, *scene.held_orientation())
    assert after[1] == before[0], "clockwise: what faced north now faces east"
    key(app, pygame.K_r, mod=pygame.KMOD_LSHIFT)
    assert sides_of(wanted.number, *scene.held_orientation()) == before


def _final_table(players: int, seed: int, before_the_end: bool = False) -> Any:
    """The last position of a game of random moves (the table as big as games make it); with
    ``before_the_end``, the one before its last move (still in play: the ring of free cells shows)."""
    import random

    rnd = random.Random(seed)
    state = GAME.new_game(players, seed, **GAME.normalize_options(players, {}))
    previous = state
    while not GAME.is_over(state):
        previous, state = state, GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
    return previous if before_the_end else state


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_fit_shows_the_whole_table_with_a_margin(fresh_app: Any, size: tuple[int, int]) -> None:
    from bauhausbox.engine.history import History, SeatSpec, Setup
    from bauhausbox.match import Match

    app = fresh_app
    with window_size(app, size):
        for players, seed in ((2, 1), (2, 2), (4, 1)):  # a wide table, a tall one, a four-player one
            state = _final_table(players, seed)
            specs = tuple(SeatSpec.from_text("human" if i == 0 else "ai:easy", f"P{i + 1}") for i in range(players))
            setup = Setup("buizen", players, seed, specs, GAME.normalize_options(players, {}))
            scene = BuizenScene(app, Match(setup, History(GAME, state), autosave=False))
            app.push(scene)
            frames(app, 2)
            if app.settings.log_open:
                key(app, pygame.K_TAB)
            click(app, scene.fit_button.rect.center)  # fitted with the log closed
            for log_open, how in ((True, "tab"), (True, "fit"), (False, "tab"), (False, "fit")):
                if how == "tab":
                    key(app, pygame.K_TAB)  # the board's room changes: a fitted view follows it
                else:
                    key(app, pygame.K_PLUS)
                    click(app, scene.fit_button.rect.center)
                assert app.settings.log_open == log_open
                cells = scene.occupied(state)
                shown = scene.to_screen(cells[0]).unionall([scene.to_screen(cell) for cell in cells])
                margin = max(8, round(scene.cell_px / 2))
                assert scene.board_rect.contains(shown.inflate(2 * margin, 2 * margin)), (
                    f"{players} players, seed {seed}, log {'open' if log_open else 'closed'} ({how}): "
                    f"table {tuple(shown)} in {tuple(scene.board_rect)}"
                )
            app.pop()


def test_recap_badges_never_cover_each_other(fresh_app: Any, monkeypatch: Any) -> None:
    import math

    from bauhausbox.engine.history import History, SeatSpec, Setup
    from bauhausbox.games.buizen.state import Special
    from bauhausbox.games.buizen.tiles import MANHOLE, OPEN_PIT
    from bauhausbox.match import Match
    from bauhausbox.ui import draw

    app = fresh_app
    text = (
        "buizen players=3 to_play=1 pumps=9 roads=10\ncolours: FH PP GAS PE\nhand 0: 1 4\nhand 1: pit 5\n"
        "hand 2: manhole 6\nbag: 7 8 9 10 11 12\nboard: 0,0 pump; 1,0 3f r270; 2,0 29f r180; 2,1 road"
    )
    specs = (
        SeatSpec.from_text("human", "P1"),
        SeatSpec.from_text("ai:easy", "P2"),
        SeatSpec.from_text("ai:easy", "P3"),
    )
    match = Match(Setup("buizen", 3, 1, specs, GAME.normalize_options(3, {})), History(GAME, GAME.from_text(text)))
    match.autosave = False
    # Two computers, one after the other, on the same road: an open pit, then a manhole on it.
    match.history.play(Special(OPEN_PIT, (2, 1)))
    match.history.play(Special(MANHOLE, (2, 1)))
    scene = BuizenScene(app, match)
    app.push(scene)
    frames(app, 3)
    assert scene.recap, "the human's turn begins with a recap of the two moves"
    drawn: list[tuple[tuple[float, float], int, str, int]] = []
    real = draw.badge

    def spy(surface: pygame.Surface, center: Any, radius: int, colour: Any, label: str, size: int) -> None:
        drawn.append((center, radius, label, size))
        real(surface, center, radius, colour, label, size)

    monkeypatch.setattr(draw, "badge", spy)
    for zoom_steps in (0, 4, 12):  # the default zoom, zoomed out, as far out as it goes
        for _ in range(zoom_steps):
            key(app, pygame.K_MINUS)
        drawn.clear()
        frames(app, 1)
        on_table = [b for b in drawn if scene.board_rect.collidepoint(b[0])]
        assert sorted(b[2] for b in on_table) == ["1", "2"]
        (a, ra, _, size), (b, rb, _, _) = on_table
        assert math.hypot(a[0] - b[0], a[1] - b[1]) >= ra + rb, f"badges overlap at {scene.cell_px:.0f} px per cell"
        assert size >= 14, "the numbers stay legible"
        cell = scene.to_screen((2, 1))
        for centre, radius, _, _ in on_table:
            assert math.hypot(centre[0] - cell.centerx, centre[1] - cell.centery) < cell.width + 6 * radius


def test_a_big_hand_fits_its_strip_with_four_players_and_the_log_open(fresh_app: Any) -> None:
    from tests.ui.scenarios.buizen import open_big_hand

    app = fresh_app
    with window_size(app, (1024, 700)):
        scene = open_big_hand(app)
        frames(app, 1)
        assert len(scene.hand_slots) == len(scene.hand()) == 11
        for index, (_, box) in enumerate(scene.hand_slots):
            assert scene.hand_rect.contains(box), f"tile {index + 1} leaves the hand"
            for _, other in scene.hand_slots[index + 1 :]:
                assert not box.colliderect(other)


def test_a_hint_marks_its_cell_in_view_and_says_it_in_words(fresh_app: Any) -> None:
    import re

    from bauhausbox.games.buizen.state import Special
    from tests.ui.helpers import wait_until

    app = fresh_app
    scene = _open(app, ["human", "ai:easy"])
    scene.camera = [40.0, -30.0]  # looking far away from the layout
    key(app, pygame.K_h)
    assert wait_until(app, lambda: scene.hint_move is not None)
    hinted = scene.hint_move
    assert isinstance(hinted, Place | Special)
    frames(app, 1)
    assert scene.board_rect.contains(scene.to_screen(hinted.cell)), "the hinted cell is scrolled into view"
    assert scene.status_message().startswith("Hint: ")
    assert not re.search(r"\br\d+\b|-?\d+,\s*-?\d+|\b\d+[fb]\b", scene.status_message()), scene.status_message()
    # Its frame is drawn round the cell.
    frame = scene.to_screen(hinted.cell).inflate(8, 8)
    assert tuple(app.screen.get_at((frame.left + 1, frame.centery)))[:3] == theme.YELLOW


def test_the_move_in_words_is_said_whole_or_shorter_never_cut(fresh_app: Any, monkeypatch: Any) -> None:
    """Seen in French at 1280×800: the status bar cut the computer's move with "…". A move too long
    for the bar is said shorter (the tile, not where it went); the log keeps the whole sentence."""
    import random

    from bauhausbox import i18n
    from bauhausbox.ui import draw

    i18n.set_language("fr")
    app = fresh_app
    scene = _open(app, ["human", "ai:easy", "ai:easy"], seed=4)
    said: list[str] = []
    say = scene.say
    monkeypatch.setattr(scene, "say", lambda message, *args, **kwargs: said.append(message) or say(message))
    rnd = random.Random(2)
    shortened = 0
    for _ in range(30):
        before = len(said)
        _play_on(app, scene, rnd)
        index = scene.match.history.cursor - 1
        whole = scene.match.describe_step(index, scene.viewer)
        told = [message for message in said[before:] if message == whole or whole.startswith(message.split()[0])]
        assert told, (whole, said[before:])
        for message in told:
            assert "…" not in message, message
            width = draw.render_text(message, scene.metrics.body, weight="semibold").get_width()
            assert width <= scene.status_room(), (message, width, scene.status_room())
        shortened += told[-1] != whole
    assert shortened, "the seed should give a move too long for the bar"


def test_a_hint_shows_one_ghost_not_a_second_one_under_the_pointer(fresh_app: Any, monkeypatch: Any) -> None:
    """The hint picks its tile up; the pointer resting elsewhere on the table must not add the held
    tile's ✓/✗ ghost to the hint's."""
    from tests.ui.helpers import wait_until

    app = fresh_app
    scene = _open(app, ["human", "ai:easy"])
    key(app, pygame.K_h)
    assert wait_until(app, lambda: scene.hint_move is not None)
    hinted = scene.hint_move
    assert isinstance(hinted, Place)
    assert scene.selected == hinted.number
    verdicts = spy_verdicts(monkeypatch, outside=scene.hand_rect)  # the hand's own marks aside
    move(app, scene.to_screen((0, 0)).center)  # on the start pump room, away from the hinted cell
    frames(app, 1)
    assert verdicts == []
    # A tile picked up by the player shows its ghost again, hint or not.
    other = next((n for n, _ in scene.hand_slots if n != hinted.number), None)
    if other is not None:
        click(app, next(box for n, box in scene.hand_slots if n == other).center)
        move(app, scene.to_screen((0, 0)).center)
        frames(app, 1)
        assert verdicts[-1:] == [False]


def test_resting_on_a_tile_in_the_hand_shows_where_it_fits(fresh_app: Any) -> None:
    app = fresh_app
    scene = _open(app, ["human", "human"])
    # On the face it shows (a tile that fits only once flipped has no places until F).
    wanted = next(m for m in GAME.legal_moves(scene.match.state) if isinstance(m, Place) and m.face == 0)
    centre = scene.to_screen(wanted.cell).center
    move(app, (scene.hand_rect.right - 2, scene.hand_rect.top + 2))  # in the hand, on no tile
    frames(app, 1)
    bare = tuple(app.screen.get_at(centre))[:3]
    slot = next(box for number, box in scene.hand_slots if number == wanted.number)
    move(app, slot.center)
    frames(app, 1)
    assert scene.selected is None, "only resting on it, not picked up"
    shaded = tuple(app.screen.get_at(centre))[:3]
    assert shaded != bare
    # The shade leans towards the legal green: its green share grows.
    assert shaded[1] - max(shaded[0], shaded[2]) > bare[1] - max(bare[0], bare[2])


def _distance(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    return float(sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5)


def test_seat_markers_cannot_be_taken_for_a_material(fresh_app: Any) -> None:
    """The review: yellow, red and black seats read as gas, fire hose and PE100. Each seat's marker,
    the same in the panel, the log, the banners and the setup, is far from every material colour
    (and the pipes' colours are taken from the materials here, not from the seats)."""
    scene = open_game(fresh_app, "buizen", 4, ["human", "ai:random", "ai:random", "ai:random"], seed=3)
    styles = [scene.seat_style(seat) for seat in range(4)]
    assert [shape for _colour, shape in styles] == ["circle", "triangle", "square", "cross"]
    for colour, _shape in styles:
        for material in ("PP", "PE", "FH", "GAS"):
            assert _distance(colour, paint.MATERIAL_COLOURS[material]) > 70, (colour, material)
    assert min(_distance(a, b) for i, (a, _s) in enumerate(styles) for b, _t in styles[i + 1 :]) > 40
    assert [BuizenScene.setup_marker(seat, 4) for seat in range(4)] == styles
    assert wait_until(fresh_app, lambda: scene.match.to_play == 0, 2000)
    assert scene.submit(GAME.legal_moves(scene.match.state)[0])
    assert wait_until(fresh_app, lambda: scene.match.history.cursor >= 2, 2000)
    frames(fresh_app, 2)
    assert len(scene.log.lines) >= 2
    for index, line in enumerate(scene.log.lines):
        assert line.colour == styles[scene.match.history.steps[index].seat][0]
    scene.banner("x", 2)
    assert scene.banner_style == styles[2]


def _fits_by_the_rules(state: Any) -> dict[int, set[int]]:
    """The faces on which each tile of the hand has a legal place, from the rules alone."""
    faces: dict[int, set[int]] = {}
    for legal in GAME.legal_moves(state):
        if isinstance(legal, Place):
            faces.setdefault(legal.number, set()).add(legal.face)
    return faces


def test_the_hand_marks_which_tiles_have_a_place_before_one_is_picked(
    fresh_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The review: nothing said which tiles of the hand could go anywhere. A ✓ on a tile that fits
    as it shows, the flip sign on one that fits only on its other face, a ✗ (washed out) on one that
    fits nowhere; F on the hand's tile turns its mark into a ✓."""
    seed = next(
        s
        for s in range(100)
        if len({frozenset(_fits_by_the_rules(GAME.new_game(2, s)).get(n, ())) for n in GAME.new_game(2, s).hands[0]})
        == 3
        and GAME.new_game(2, s).to_play == 0
    )
    scene = open_game(fresh_app, "buizen", 2, ["human", "ai:random"], seed=seed)
    state = scene.match.state
    assert state.hands[0] == GAME.new_game(2, seed).hands[0]
    faces = _fits_by_the_rules(state)
    marks: list[tuple[tuple[int, int], bool]] = []
    monkeypatch.setattr(draw, "verdict_mark", lambda s, centre, r, legal: marks.append((centre, legal)) or None)
    flips: list[pygame.Rect] = []
    monkeypatch.setattr(icons, "flip", lambda s, rect, colour: flips.append(rect))
    scene.layers.forget()  # the hand is shown from a copy: painted again, for the spies above
    frames(fresh_app, 1)
    seen: dict[int, str] = {}
    for number, box in scene.hand_slots:
        near = box.inflate(box.width, box.height)
        legal = [ok for centre, ok in marks if near.collidepoint(centre) and box.right - centre[0] < box.width // 2]
        flipped = [r for r in flips if box.collidepoint(r.center)]  # the sign sits on its tile's corner
        seen[number] = "flip" if flipped else ("yes" if legal == [True] else "no" if legal == [False] else "?")
    expected = {n: "no" if n not in faces else ("yes" if 0 in faces[n] else "flip") for n in state.hands[0] if n}
    assert seen == expected
    assert set(expected.values()) == {"no", "yes", "flip"}
    # Flipping the other-face tile (picked, then F) makes it fit as it shows.
    other = next(n for n, what in expected.items() if what == "flip")
    click(fresh_app, next(box for n, box in scene.hand_slots if n == other).center)
    key(fresh_app, pygame.K_f)
    assert scene.playable() is not None and scene.playable()[other] == "fits"


def test_the_replay_shows_each_seats_tiles_at_the_position_shown(fresh_app: Any) -> None:
    """The review: the replay's tiles panel contradicted the board ("Computer players' tiles stay
    hidden" under "everything is shown", or a seat's tiles called "Your tiles" with play marks). A
    finished game's replay shows every seat's hand at each position; an unfinished one names the seat."""
    import random

    from bauhausbox.engine.history import History, SeatSpec, Setup
    from bauhausbox.scenes.replay import ReplayScene

    seats = (SeatSpec("Anni"), SeatSpec("Bo"), SeatSpec("Cy", "ai"))
    setup = Setup("buizen", 3, 7, seats, GAME.normalize_options(3, {}))
    history: History[Any] = History(GAME, setup.new_state(GAME))
    rnd = random.Random(1)
    while history.state.to_play is not None:
        history.play(rnd.choice(GAME.legal_moves(history.state)))
    replay = ReplayScene(fresh_app, setup, history)
    fresh_app.push(replay)
    board = replay.board
    assert isinstance(board, BuizenScene)
    for position in (0, 5, 12, replay.moves // 2):
        replay.go_to(position, pause=True)
        frames(fresh_app, 1)
        state = history.states[position]
        shown = sorted(number for number, _box in board.hand_slots)
        assert shown == sorted(n for hand in state.hands for n in hand if n), position
        assert board.playable() is None
    fresh_app.pop()
    unfinished = History(GAME, setup.new_state(GAME))
    for step in history.steps[:10]:
        unfinished.play(step.move, step.seat)
    replay = ReplayScene(fresh_app, setup, unfinished)
    fresh_app.push(replay)
    replay.go_to(6, pause=True)
    with layout_probe.recording(fresh_app.screen.get_size()) as record:
        frames(fresh_app, 1)
    words = [text.content for text in record.texts]
    assert "YOUR TILES" not in words and "ANNI'S TILES" in words, words
    assert sorted(n for n, _box in replay.board.hand_slots) == sorted(n for n in unfinished.states[6].hands[0] if n)
    assert replay.board.playable() is None
    fresh_app.pop()


@pytest.mark.parametrize("size", [(1024, 640), (1024, 700), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_cells_where_a_tile_may_go_never_touch_the_tables_frame(fresh_app: Any, size: tuple[int, int]) -> None:
    """The review found the table cramped at 1024×700: the fitted view put the ring of free cells
    (where a tile goes, and its ghost) against the frame. Fitted, they keep a quarter cell clear."""
    from bauhausbox.engine.history import History, SeatSpec, Setup
    from bauhausbox.match import Match

    with window_size(fresh_app, size):
        for players, seed in ((2, 1), (2, 2), (3, 4)):  # a wide table, a tall one, three players
            state = _final_table(players, seed, before_the_end=True)
            # Everyone human: no computer plays the last move (the end fits the laid network alone).
            specs = tuple(SeatSpec.from_text("human", f"P{i + 1}") for i in range(players))
            setup = Setup("buizen", players, seed, specs, GAME.normalize_options(players, {}))
            scene = BuizenScene(fresh_app, Match(setup, History(GAME, state), autosave=False))
            fresh_app.push(scene)
            frames(fresh_app, 2)
            scene.fit()
            cells = set(scene.occupied(state))
            ring = {(x + dx, y + dy) for x, y in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - cells
            clear = round(scene.cell_px / 4)
            for cell in ring:
                box = scene.to_screen(cell).inflate(2 * clear, 2 * clear)
                assert scene.board_rect.contains(box), (size, seed, cell, box, scene.board_rect)
            while fresh_app.top is not scene:
                fresh_app.pop()
            fresh_app.pop()


def test_an_open_pits_places_are_marked_on_the_roads_with_an_ink_frame(fresh_app: Any) -> None:
    """An open pit (or a manhole) goes on a road already on the table: its places must show over the
    road's picture, not under it, and by an ink frame, not by a green wash alone."""
    app = fresh_app
    text = (
        "buizen players=2 to_play=0 pumps=9 roads=10\ncolours: FH PP GAS PE\nhand 0: pit 4\nhand 1: 5 6\n"
        "bag: 7 8 9 10 11 12\nboard: 0,0 pump; 1,0 3f r270; 2,0 29f r180; 2,1 road"
    )
    scene = _scene_for(app, text, ["human", "human"])
    if isinstance(app.top, CurtainScene):
        click(app, app.top.ready_button.rect.center)
        frames(app, 1)
    assert app.top is scene
    road = scene.to_screen((2, 1))
    slot = next(box for number, box in scene.hand_slots if number == OPEN_PIT)
    move(app, (scene.hand_rect.right - 2, scene.hand_rect.top + 2))  # in the hand, on no tile
    frames(app, 1)
    bare = [tuple(app.screen.get_at((x, road.centery)))[:3] for x in range(road.left, road.right)]
    move(app, slot.center)  # resting on the pit in the hand
    frames(app, 1)
    marked = [tuple(app.screen.get_at((x, road.centery)))[:3] for x in range(road.left, road.right)]
    assert marked != bare, "the road where the pit may go looks the same as before"
    # A solid ink frame round the road's cell.
    edge = [tuple(app.screen.get_at((x, road.top + 1)))[:3] for x in range(road.left + 4, road.right - 4)]
    assert all(sum(colour) < 150 for colour in edge), "no ink frame along the road's top edge"


def test_the_mover_sees_what_the_move_drew_before_the_computer_and_the_curtain(fresh_app: Any) -> None:
    """Two humans and a computer: after P1's move the screen shows P1 what it drew (the tiles new
    in P1's hand, pictured), the move in words as P1 knows it and P1's points; the computer waits
    until P1 closes it, then plays, then the curtain calls P3."""
    from bauhausbox.scenes.outcome import OutcomeScene

    app = fresh_app
    scene = _open(app, ["human", "ai:easy", "human"])
    before = scene.match.state.hands[0]
    wanted = _first_placement(scene)
    _hold(app, scene, wanted)
    click(app, scene.to_screen(wanted.cell).center)
    frames(app, 30)
    moment = app.top
    assert isinstance(moment, OutcomeScene), "the curtain or the computer came first"
    assert scene.match.history.cursor == 1, "the computer waits while P1 looks"
    after = list(scene.match.state.hands[0])
    kept = list(before)
    kept.remove(wanted.number)
    for number in kept:
        after.remove(number)
    assert after, "the move drew"
    assert moment.outcome.seat == 0 and len(moment.outcome.pictures) == len(after)
    told = scene.match.describe_step(0, 0)
    assert moment.outcome.lines[0] == told and "drew" in told
    assert close_outcome(app)
    assert wait_until(app, lambda: isinstance(app.top, CurtainScene), 600)
    assert scene.match.history.cursor == 2 and app.top.player == "P3"


def test_the_tables_tools_go_with_the_table_while_the_device_passes(fresh_app: Any) -> None:
    """Seen at 1024×700: beside the move's outcome (and the curtain) the table was empty but its
    Rotate, Flip, Fit and zoom buttons still stood in the empty panel."""
    from bauhausbox.scenes.outcome import OutcomeScene
    from bauhausbox.ui import layout_probe

    app = fresh_app
    scene = _open(app, ["human", "ai:easy", "human"])
    tools = {"Rotate", "Flip", "Fit", "+", "−"}
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    assert tools <= {control.name for control in record.controls}, "the tools show at the player's turn"
    wanted = _first_placement(scene)
    _hold(app, scene, wanted)
    click(app, scene.to_screen(wanted.cell).center)
    frames(app, 30)
    assert isinstance(app.top, OutcomeScene)
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    assert not tools & {control.name for control in record.controls}, "a tool stands beside the empty table"


def test_of_two_equal_tiles_only_the_picked_one_looks_held(fresh_app: Any) -> None:
    app = fresh_app
    text = (
        "buizen players=2 to_play=0 pumps=9 roads=10\ncolours: FH PP GAS PE\n"
        "hand 0: 1 manhole manhole\nhand 1: 3\nbag: 5 6"
    )
    scene = _scene_for(app, text + "\nboard: 0,0 pump", ["human", "ai:easy"])
    resting = [rect.copy() for _, rect in scene.hand_slots]
    assert [number for number, _ in scene.hand_slots] == [1, 42, 42]
    click(app, resting[2].center)  # the second manhole
    frames(app, 1)
    boxes = [rect for _, rect in scene.hand_slots]
    assert boxes[2].top < resting[2].top, "the picked manhole is lifted"
    assert boxes[1].top == resting[1].top, "the other manhole stays in the hand"

    def framed(box: pygame.Rect) -> bool:
        return tuple(app.screen.get_at((box.left - 3, box.centery)))[:3] == theme.INK[:3]

    assert framed(boxes[2]) and not framed(boxes[1])
    key(app, pygame.K_2)  # the first manhole, by its key
    frames(app, 1)
    boxes = [rect for _, rect in scene.hand_slots]
    assert boxes[1].top < resting[1].top and boxes[2].top == resting[2].top


def _play_first_placement(app: Any, scene: BuizenScene) -> None:
    wanted = _first_placement(scene)
    assert scene.board_rect.contains(scene.to_screen(wanted.cell)), "the test needs the cell on screen"
    _hold(app, scene, wanted)
    click(app, scene.to_screen(wanted.cell).center)
    frames(app, 2)
    assert scene.match.history.cursor == 1


def test_a_fitted_table_follows_the_layout_as_it_grows(fresh_app: Any) -> None:
    app = fresh_app
    scene = _open(app, ["human", "human"])
    first = (list(scene.camera), scene.cell_px)
    _play_first_placement(app, scene)
    shown = (list(scene.camera), scene.cell_px)
    assert shown != first, "the layout grew: the view should have followed it"
    scene.fit()
    assert shown == (list(scene.camera), scene.cell_px), "after a move a fitted view is fitted again"


def test_a_table_zoomed_by_hand_stays_as_the_player_left_it(fresh_app: Any) -> None:
    app = fresh_app
    scene = _open(app, ["human", "human"])
    key(app, pygame.K_MINUS)
    zoomed = (list(scene.camera), scene.cell_px)
    _play_first_placement(app, scene)
    assert (list(scene.camera), scene.cell_px) == zoomed


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_final_table_fits_the_laid_network_not_an_empty_ring(fresh_app: Any, size: tuple[int, int]) -> None:
    """Once the game is over no tile can go on the ring of free cells round the layout: the end
    board is the laid network alone, as large as the frame allows (half a cell to spare)."""
    from bauhausbox.engine.history import History, SeatSpec, Setup
    from bauhausbox.match import Match

    app = fresh_app
    with window_size(app, size):
        for players, seed in ((2, 1), (2, 2), (4, 1)):
            state = _final_table(players, seed)
            specs = tuple(SeatSpec.from_text("human" if i == 0 else "ai:easy", f"P{i + 1}") for i in range(players))
            setup = Setup("buizen", players, seed, specs, GAME.normalize_options(players, {}))
            scene = BuizenScene(app, Match(setup, History(GAME, state), autosave=False))
            app.push(scene)
            frames(app, 2)
            scene.fit()
            cells = scene.occupied(state)
            shown = scene.to_screen(cells[0]).unionall([scene.to_screen(cell) for cell in cells])
            frame = scene.board_rect
            assert frame.contains(shown), (players, seed, tuple(shown), tuple(frame))
            # Along the tighter side the network reaches to half a cell of the frame's edges.
            spare = min(frame.width - shown.width, frame.height - shown.height)
            assert spare <= scene.cell_px + 6 or scene.cell_px == MAX_CELL, (
                f"{players} players, seed {seed}: {spare} px to spare at {scene.cell_px:.0f} px a cell"
            )
            app.pop()


def test_fit_uses_the_frame(fresh_app: Any) -> None:
    app = fresh_app
    text = "buizen players=2 to_play=0 pumps=9 roads=10\ncolours: FH PP GAS PE\nhand 0: 1 4 7\nhand 1: 3\nbag: 5 6"
    with window_size(app, (1920, 1080)):
        scene = _scene_for(app, text + "\nboard: 0,0 pump; 1,0 3f r270; 2,0 29f r180; 3,0 road", ["human", "ai:easy"])
        scene.fit()
        left, right = scene.to_screen((-1, 0)), scene.to_screen((4, 0))  # the ring round the layout
        # Wide and one row high: the ring and half a cell either side span the frame's width.
        assert right.right - left.left >= scene.board_rect.width - scene.cell_px - 6  # 2 px a side kept


def test_a_hand_longer_than_its_keys_says_why_some_tiles_have_no_number(fresh_app: Any) -> None:
    from tests.ui.scenarios.buizen import open_big_hand

    app = fresh_app
    scene = open_big_hand(app)
    assert len(scene.hand()) == 11
    scene.layers.forget()
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    inside = [t for t in record.texts if scene.hand_rect.contains(t.rect)]
    numbers = sorted(int(t.content) for t in inside if t.content.isdigit())
    assert numbers == list(range(1, 10)), "keys 1 to 9 under the first nine tiles"
    assert any("1–9" in t.content for t in inside), "the hand says why the last tiles have no key"
    key(app, pygame.K_9)
    assert scene.selected == scene.hand()[8]


def _play_on(app: Any, scene: BuizenScene, rnd: Any) -> None:
    """One more move: past the outcome and the curtain, a human seat plays a seeded random legal
    move (a computer seat plays its own)."""
    from bauhausbox.scenes.outcome import OutcomeScene

    cursor = scene.match.history.cursor
    for _ in range(600):
        if scene.match.history.cursor > cursor or scene.match.over:
            break
        if isinstance(app.top, CurtainScene):
            click(app, app.top.ready_button.rect.center)
        elif isinstance(app.top, OutcomeScene):
            close_outcome(app)
        elif app.top is scene and scene.match.is_human(scene.match.to_play) and scene.input_allowed():
            scene.submit(rnd.choice(scene.legal()))
        frames(app, 1)
    assert scene.match.history.cursor > cursor or scene.match.over


def test_a_long_game_keeps_the_whole_layout_in_view_after_every_move(fresh_app: Any) -> None:
    """Seen in French at 1280×800: after some forty turns of two humans and a computer the layout
    ran off the bottom of the table while its top was empty. A view left as Fit made it is fitted
    again after every move (the computer's too); once the player zooms, the newest tile stays in view."""
    import random

    app = fresh_app
    rnd = random.Random(5)
    scene = _open(app, ["human", "human", "ai:easy"], seed=7)
    for _ in range(42):
        _play_on(app, scene, rnd)
        if scene.match.over:
            break
        cells = scene.occupied(scene.match.state)
        shown = scene.to_screen(cells[0]).unionall([scene.to_screen(cell) for cell in cells])
        assert scene.board_rect.contains(shown), (scene.match.history.cursor, tuple(shown), tuple(scene.board_rect))
    assert scene.match.history.cursor >= 40, "the game should last forty moves"
    scene.zoom(1.2 * 1.2 * 1.2)  # the player zooms in: the view no longer follows the whole layout
    zoomed = scene.cell_px
    for _ in range(12):
        _play_on(app, scene, rnd)
        if scene.match.over:
            break
        step = scene.match.history.steps[scene.match.history.cursor - 1]
        if isinstance(step.move, Place | Special):
            assert scene.board_rect.contains(scene.to_screen(step.move.cell)), "the newest tile is out of view"
        assert scene.cell_px == zoomed, "the player's zoom is kept"


def test_the_movers_points_are_not_unchanged_when_others_closed_their_network(fresh_app: Any) -> None:
    """Seen in French: Anni's points went 0 → 2 → 8 between her turns, and after her next move her
    summary said "Vos points : 8 (inchangés)". The summary counts from what she last saw."""
    import random

    from bauhausbox.engine.history import History, SeatSpec, Setup
    from bauhausbox.match import Match

    rnd = random.Random(8)
    state = GAME.new_game(3, 8, **GAME.normalize_options(3, {}))
    states, moves = [state], []
    while not GAME.is_over(state):
        moves.append(rnd.choice(GAME.legal_moves(state)))
        state = GAME.apply(state, moves[-1])
        states.append(state)
    # A move that scores nothing for its maker, whose points others changed since their last move.
    seat_of = [s.to_play for s in states[:-1]]
    found = None
    for k in range(len(moves)):
        seat = seat_of[k]
        previous = max((i for i in range(k) if seat_of[i] == seat), default=None)
        if previous is None:
            continue
        last_seen, was, now = (GAME.scores(states[i])[seat] for i in (previous + 1, k, k + 1))
        if now == was and now != last_seen:
            found = (k, seat, now, now - last_seen)
            break
    assert found is not None, "the seed should have another player close a seat's network"
    k, seat, points, change = found
    specs = tuple(SeatSpec.from_text("human", f"P{i + 1}") for i in range(3))
    setup = Setup("buizen", 3, 8, specs, GAME.normalize_options(3, {}))
    match = Match(setup, History(GAME, states[0]), autosave=False)
    for played in moves[: k + 1]:
        match.play(played)
    scene = BuizenScene(fresh_app, match)
    outcome = scene.move_outcome(states[k], states[k + 1], match.history.steps[k])
    assert outcome is not None
    assert outcome.lines[1] == f"Your points: {points} (+{change} since your last turn)", outcome.lines


def test_the_tables_tools_go_with_the_table_under_the_undo_question(fresh_app: Any) -> None:
    """Seen in French at 1280×800: under the "Undo past a draw?" question the table and the log were
    blank but Fit, − / + and Rotate / Flip still stood in the empty panel."""
    from bauhausbox.scenes.dialog import DialogScene
    from bauhausbox.ui import layout_probe

    app = fresh_app
    scene = _open(app, ["human", "human"])
    _play_first_placement(app, scene)  # the move drew: undoing it needs everyone's agreement
    close_outcome(app)
    assert wait_until(app, lambda: isinstance(app.top, CurtainScene), 60)
    click(app, app.top.ready_button.rect.center)  # P2 at the screen asks to undo P1's move
    frames(app, 2)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    frames(app, 2)
    assert isinstance(app.top, DialogScene), type(app.top)
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    tools = {"Rotate", "Flip", "Fit", "+", "−"}
    assert not tools & {control.name for control in record.controls}, "a tool stands beside the blank table"


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_end_boards_point_badges_never_cover_each_other(fresh_app: Any, size: tuple[int, int]) -> None:
    """The review: on the end board a double pipe in two scored networks showed two "1" badges on top of
    each other. Each badge is drawn as a badge the layout probe records (they were plain circles, so the
    rule on texts over badges never saw them); on a fitted end board (small tiles), none covers another
    or another's number, and each is centred on its tile."""
    import math

    from bauhausbox.engine.history import History, SeatSpec, Setup
    from bauhausbox.match import Match
    from tests.ui.layout_check import _texts_on_figures

    app = fresh_app
    shared = counted = 0
    with window_size(app, size):
        for players, seed in ((4, 1), (4, 4), (3, 10), (2, 3)):  # 4 4, 3 10 and 2 3 have a tile in two
            state = _final_table(players, seed)
            specs = tuple(SeatSpec.from_text("human", f"P{i + 1}") for i in range(players))
            setup = Setup("buizen", players, seed, specs, GAME.normalize_options(players, {}))
            scene = BuizenScene(app, Match(setup, History(GAME, state), autosave=False))
            app.push(scene)
            frames(app, 2)
            with layout_probe.recording(app.screen.get_size()) as record:
                scene.draw(app.screen)
            badges = [f.rect for f in record.figures if f.name == draw.BADGE and scene.board_rect.contains(f.rect)]
            counted += len(badges)
            for i, one in enumerate(badges):
                assert any(scene.to_screen(cell).collidepoint(one.center) for cell in scene.occupied(state)), tuple(one)
                for other in badges[i + 1 :]:  # discs: apart by more than their radii
                    apart = math.dist(one.center, other.center)
                    assert apart >= (one.width + other.width) / 2, (players, seed, tuple(one), tuple(other))
            cells = [
                next(c for c in scene.occupied(state) if scene.to_screen(c).collidepoint(b.center)) for b in badges
            ]
            shared += len(cells) - len(set(cells))
            assert not [p for p in _texts_on_figures(record) if "badge" in p], (players, seed)
            app.pop()
    assert counted >= 10 and shared, "the games should score, some tile for two networks"


def _seed_with_a_flip_only_tile() -> tuple[int, int]:
    """A 2-player seed whose first hand holds a tile that fits only on its other face, and that tile."""
    for seed in range(100):
        state = GAME.new_game(2, seed)
        faces = _fits_by_the_rules(state)
        flip_only = [n for n in state.hands[0] if n in faces and faces[n] == {1}]
        if state.to_play == 0 and flip_only:
            return seed, flip_only[0]
    raise AssertionError("no seed with a tile that fits only on its other face")


def test_the_green_places_agree_with_the_move_the_ghost_makes(fresh_app: Any) -> None:
    """The review (EN 1024): a tile marked "fits only on its other face" was picked on turn 1; the
    status bar said "press F to flip it", yet every cell by the start pump room was green. Green only
    where the tile as it shows (turned by the app) fits: no place until F, and then every green cell
    takes the held tile and every other cell refuses it. Fails with the places taken from both faces."""
    seed, number = _seed_with_a_flip_only_tile()
    scene = open_game(fresh_app, "buizen", 2, ["human", "ai:random"], seed=seed)
    frames(fresh_app, 1)
    slot = next(box for n, box in scene.hand_slots if n == number)
    move(fresh_app, slot.center)
    assert "other face" in scene.situation()
    assert scene.fitting_cells(number) == (set(), set()), "the tile as it shows fits nowhere: nothing green"
    click(fresh_app, slot.center)
    assert scene.fitting_cells() == (set(), set())
    # Over a place of its other face the bar says the one key that makes it fit.
    back = next(m.cell for m in GAME.legal_moves(scene.match.state) if isinstance(m, Place) and m.number == number)
    move(fresh_app, scene.to_screen(back).center)
    assert scene.hover_reason() == "This tile fits here on its other face: press F to flip it"
    key(fresh_app, pygame.K_f)
    anyhow, _exactly = scene.fitting_cells()
    by_rules = {m.cell for m in GAME.legal_moves(scene.match.state) if isinstance(m, Place) and m.number == number}
    assert anyhow == by_rules and anyhow
    ring = {(x, y) for x in range(-3, 4) for y in range(-3, 4)}
    for cell in ring:
        placed = scene.held_move(cell)
        assert placed is not None
        assert (GAME.check(scene.match.state, placed) is None) == (cell in anyhow), cell


def _turned_placement(scene: BuizenScene) -> Place:
    """A legal front-face placement of a tile that does not fit there as the hand shows it (unturned)."""
    moves = GAME.legal_moves(scene.match.state)
    for candidate in moves:
        if isinstance(candidate, Place) and candidate.face == 0:
            unturned = Place(candidate.number, 0, 0, candidate.cell)
            if GAME.check(scene.match.state, unturned) is not None:
                return candidate
    raise AssertionError("the seed must give a tile that needs turning")


@pytest.mark.parametrize("how", ["click", "drag"])
def test_the_app_turns_the_held_tile_to_fit_whether_clicked_or_dragged(fresh_app: Any, how: str) -> None:
    """The review: a tile clicked then laid turned itself to fit, but the fire-hose bend dragged to
    the same place showed a red ghost until R was pressed three times. Both ways the held tile turns to
    a fitting turn of the face it shows, the ghost is green and the tile is laid. Fails with the held
    tile laid as turned by hand only."""
    seed = next(
        s
        for s in range(60)
        if GAME.new_game(2, s).to_play == 0
        and any(
            isinstance(m, Place) and m.face == 0 and GAME.check(GAME.new_game(2, s), Place(m.number, 0, 0, m.cell))
            for m in GAME.legal_moves(GAME.new_game(2, s))
        )
    )
    scene = _open(fresh_app, ["human", "human"], seed=seed)
    wanted = _turned_placement(scene)
    slot = next(box for n, box in scene.hand_slots if n == wanted.number)
    target = scene.to_screen(wanted.cell).center
    if how == "click":
        click(fresh_app, slot.center)
        move(fresh_app, target)
        assert scene.reason_at(wanted.cell) is None and scene.hover_reason() == ""
        click(fresh_app, target)
    else:
        drag(fresh_app, slot.center, target)
    laid = dict(scene.match.state.pipes).get(wanted.cell)
    assert laid is not None and laid.number == wanted.number, how


def test_r_over_a_place_goes_through_the_turns_that_fit(fresh_app: Any) -> None:
    """Over a place, R never turns the tile to a refused turn: each press shows another turn that fits."""
    scene = _open(fresh_app, ["human", "human"])
    wanted = next(m for m in GAME.legal_moves(scene.match.state) if isinstance(m, Place) and m.face == 0)
    click(fresh_app, next(box for n, box in scene.hand_slots if n == wanted.number).center)
    move(fresh_app, scene.to_screen(wanted.cell).center)
    for _ in range(4):
        assert scene.reason_at(wanted.cell) is None
        key(fresh_app, pygame.K_r)


def test_the_hints_words_stay_while_the_pointer_rests_on_a_refused_cell(fresh_app: Any) -> None:
    """The review (FR 1280): the pointer on the table, H pressed: the status bar said "La tuile doit
    être posée à côté des tuiles déjà en place" in place of the hint's line (the hint held its tile,
    and the cell under the pointer refused it). While a hint is shown its words win. Fails with the
    hover reason put before the hint."""
    app = fresh_app
    scene = _open(app, ["human", "ai:easy"])
    far = (scene.board_rect.left + 12, scene.board_rect.top + 12)  # a fitted table is centred: far from it
    move(app, far)
    key(app, pygame.K_h)
    assert wait_until(app, lambda: scene.hint_move is not None)
    move(app, (far[0] + 1, far[1]))
    assert scene.reason_at(scene.to_cell(scene.mouse)) is not None, "the held (hinted) tile is refused there"
    hint = scene.hint_line()
    assert hint and scene.status_message() == hint
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    reason = scene.reason_at(scene.to_cell(scene.mouse)) or ""
    assert not [t.content for t in record.texts if reason[:20].lower() in t.content.lower()]


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_hand_grows_with_the_room(fresh_app: Any, size: tuple[int, int]) -> None:
    """The review (1920 × 1080): the hand's tiles stayed small (98 px) in a strip 1084 px wide. A
    short hand's tiles take at least a seventh of the height beside the panel (fails with the strip
    at its old fixed height)."""
    with window_size(fresh_app, size):
        scene = _open(fresh_app, ["human", "human", "ai:easy"])
        frames(fresh_app, 1)
        assert len(scene.hand()) <= 5
        column = scene.board_rect.height + scene.hand_rect.height
        assert scene.hand_tile_px * 7 >= column, (scene.hand_tile_px, column)
        assert all(scene.hand_rect.contains(box) for _n, box in scene.hand_slots)
        fresh_app.pop()
