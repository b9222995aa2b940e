"""The Bauhaus look: the board's border is not drawn like a wall, owned zones (black's too) are flat
fields, never hatched like unowned ones, the how-to diagrams stay in their frames with readable
captions, greyed cards and a clogged display say why, a wall just built is not called a refusal, a
cancelled card cannot be redone, ghosts carry the shared ✓/✗ frame, and four players' names fit at
1024×700 with the log open."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pygame
import pytest

from bauhausbox import i18n
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.games.bauhaus.cards import NO_CARD
from bauhausbox.games.bauhaus.positions import EMPTY_BOARD, zones_picture
from bauhausbox.games.bauhaus.rules import GAME, RESOLVE, BauhausState, Move, MoveKind
from bauhausbox.games.bauhaus.screen import howto
from bauhausbox.games.bauhaus.screen.paint import draw_board, draw_token, fit_board, seat_colour
from bauhausbox.games.bauhaus.screen.panel import greyed_reason, prompt_text
from bauhausbox.games.bauhaus.screen.scene import BauhausScene
from bauhausbox.match import Match
from bauhausbox.scenes.story import MoveMark
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.theme import Metrics
from tests.games.bauhaus.test_bauhaus_scene import edge_point, open_position, square_point, with_tokens
from tests.ui.helpers import click, frames, key, move, redraw_everything, window_size

SIZES = ((1024, 700), (1280, 800), (1920, 1080))
BACKGROUND = (1, 2, 3)


def _board_picture(state: BauhausState, size: int = 400) -> tuple[pygame.Surface, Any]:
    surface = pygame.Surface((size + 80, size + 80))
    surface.fill(theme.PAPER)
    geo = fit_board(GAME.board, pygame.Rect(40, 40, size, size))
    draw_board(surface, geo, GAME, state, Metrics(1280, 800), labels=False)
    return surface, geo


def _luminance(colour: Any) -> float:
    return 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]


def test_the_board_edge_has_no_dark_band_but_a_border_wall_is_heavy_ink() -> None:
    wall = GAME.board.parse_edge("h4E")  # on the right border
    state = replace(GAME.from_picture(EMPTY_BOARD), walls=1 << wall)
    surface, geo = _board_picture(state)
    rect = geo.rect
    half = geo.wall_thickness() // 2
    # Just outside the right and bottom edges, away from the wall: no ink (the shadow is light).
    for x, y in (
        (rect.right + 2, geo.square_rect(GAME.board.parse_square("h7")).centery),
        (geo.square_rect(GAME.board.parse_square("c1")).centerx, rect.bottom + 2),
    ):
        assert _luminance(surface.get_at((x, y))) > 150, (x, y)
    # The wall on the border: heavy ink inside the frame, its whole thickness, and nothing of it
    # outside (a wall sticking out of the board reads as lying off it).
    y = geo.square_rect(GAME.board.parse_square("h4")).centery
    for x in (rect.right - 2 * half + 1, rect.right - 1):
        assert _luminance(surface.get_at((x, y))) < 60, x
    assert _luminance(surface.get_at((rect.right + 1, y))) > 150
    assert geo.edge_rect(wall, geo.wall_thickness() + 10).right <= rect.right  # its highlights too


def _ring(surface: pygame.Surface, cell: pygame.Rect, wall: int) -> set[tuple[int, ...]]:
    """The colours of a square's band between its walls (``wall`` thick) and its middle (where a
    mark goes)."""
    inner = cell.inflate(-2 * wall, -2 * wall)
    middle = cell.inflate(-cell.width // 2, -cell.height // 2)
    return {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(inner.left, inner.right)
        for y in range(inner.top, inner.bottom)
        if not middle.collidepoint(x, y)
    }


@pytest.mark.parametrize("owner", range(4), ids=("blue", "yellow", "red", "black"))
def test_an_owned_zone_reads_as_owned_whatever_the_owner(owner: int) -> None:
    """Hatching means "unowned" on this board: an owned zone, black's included, is one flat field
    (the review found black's owned zones hatched like unowned ones) with its owner's shape small in
    a corner of each empty square, never where a token stands (a centred ring read as a blue token);
    black's field is far from the grey of disabled things and light enough for black tokens."""
    letter = "byrk"[owner]  # the picture's letters for Blue, Yellow, Red, Black
    picture = zones_picture([(["a1", "b1"], letter + "."), (["e5", "f5"], "by"), (["g7", "h7"], "br")])
    surface, geo = _board_picture(GAME.from_picture(picture, players=4))
    cell = geo.square_rect(GAME.board.parse_square("b1"))
    inner = cell.inflate(-2 * geo.wall_thickness(), -2 * geo.wall_thickness())

    def colours(area: pygame.Rect, skip: pygame.Rect | None = None) -> set[tuple[int, ...]]:
        return {
            tuple(surface.get_at((x, y)))[:3]
            for x in range(area.left, area.right)
            for y in range(area.top, area.bottom)
            if skip is None or not skip.collidepoint(x, y)
        }

    corner = pygame.Rect(cell.left, cell.top, cell.width // 2, cell.height // 2)
    owned = colours(inner, corner)  # all but the top-left quarter, where the mark goes
    assert len(owned) == 1, f"an owned square is one flat colour, not {len(owned)} (hatched, or a token-like mark?)"
    ground = next(iter(owned))
    unowned = colours(geo.square_rect(GAME.board.parse_square("f5")).inflate(-2 * geo.wall_thickness(), -8))
    assert len(unowned) > 1  # the unowned zone keeps its hatching
    assert ground not in unowned
    assert ground not in colours(geo.square_rect(GAME.board.parse_square("d2")).inflate(-4, -4))
    if owner == 3:
        assert _luminance(ground) - _luminance(theme.INK) > 120, "black tokens must stand out on black's field"
        for grey in (theme.GREY, theme.LIGHT_GREY):
            assert max(abs(a - b) for a, b in zip(ground, grey, strict=True)) > 20
    # The empty owned square carries its owner's shape in the corner, so ownership does not rest on
    # colour alone.
    marked = [
        (x, y)
        for x in range(corner.left + 2, corner.right)
        for y in range(corner.top + 2, corner.bottom)
        if tuple(surface.get_at((x, y)))[:3] != ground
    ]
    assert len(marked) > cell.width // 4
    # Where a token would stand, the empty owned square is flat.
    assert colours(cell.inflate(-round(cell.width * 0.64), -round(cell.height * 0.64))) == {ground}


def _diagrams() -> list[Any]:
    return [(page.title, page.diagram) for page in howto.how_to_play_pages() if page.diagram]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_how_to_diagram_stays_in_its_frame(size: tuple[int, int]) -> None:
    metrics = Metrics(*size)
    half = (size[0] - metrics.u(12)) // 2 - metrics.u(2)
    height = size[1] - metrics.u(16) - metrics.u(6) - metrics.button_height
    for shape in ((half, height), (half, half), (round(half * 0.7), height)):
        rect = pygame.Rect((metrics.u(4), metrics.u(4)), shape).inflate(-metrics.u(4), -metrics.u(4))
        for title, diagram in _diagrams():
            surface = pygame.Surface((shape[0] + metrics.u(8), shape[1] + metrics.u(8)))
            surface.fill(BACKGROUND)
            with layout_probe.recording(surface.get_size()) as record:
                diagram(surface, rect, metrics)
            changed = pygame.mask.from_threshold(surface, BACKGROUND, (1, 1, 1, 255))
            changed.invert()
            spill = [r for r in changed.get_bounding_rects() if not rect.contains(r)]
            assert not spill, f"{title!r} at {shape}: drawn outside its frame at {spill}"
            for text in record.texts:
                assert rect.contains(text.rect), f"{title!r}: {text.content!r} leaves the frame"


def test_a_diagram_caption_is_read_not_drawn_over() -> None:
    metrics = Metrics(1280, 800)
    rect = pygame.Rect(20, 20, 520, 520)
    given: list[pygame.Rect] = []

    def picture(surface: pygame.Surface, area: pygame.Rect, metrics: Metrics) -> None:
        given.append(area)

    surface = pygame.Surface((560, 560))
    with layout_probe.recording(surface.get_size()) as record:
        howto._captioned(picture, "Blue: 6 + 6 + 5 = 17 points")(surface, rect, metrics)
    (caption,) = record.texts
    assert caption.size >= metrics.body
    assert rect.contains(caption.rect) and not given[0].colliderect(caption.rect)


def test_a_greyed_card_says_why_in_a_tooltip(fresh_app: Any) -> None:
    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=("swap", "free", "place", "T3")), ("c3", "d5"), ())
    scene = open_position(fresh_app, state)
    move(fresh_app, scene.card_rects[0].center)
    with layout_probe.recording(fresh_app.screen.get_size()) as record:
        frames(fresh_app, 1)
    tips = [tip.content for tip in record.tooltips]
    assert tips == ["Swap tokens cannot be taken now: there are no two deployed tokens of different colours."]
    assert greyed_reason(scene, 1) is None  # Two walls can be taken: nothing to explain


@pytest.mark.parametrize("size", SIZES)
def test_a_greyed_card_tooltip_leaves_the_players_scores_in_view(fresh_app: Any, size: tuple[int, int]) -> None:
    """The review: "Move wall cannot be taken now..." covered Anni's score (1920 wide)."""
    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=("place", "move-wall", "free", "swap")), ("c3",), ())
    with window_size(fresh_app, size) as app:
        scene = open_position(app, state)
        move(app, scene.card_rects[1].center)
        with layout_probe.recording(app.screen.get_size()) as record:
            frames(app, 1)
        (tip,) = record.tooltips
        assert tip.content.startswith("Move wall cannot be taken now")
        covered = [row for row in scene.player_rects if row.colliderect(tip.rect)]
        assert not covered, (tip.rect, covered)


def test_a_clogged_display_says_the_reserve_is_empty(fresh_app: Any) -> None:
    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=("place", "place", "swap", "place")), ("c3",), ())
    scene = open_position(fresh_app, replace(state, reserve=(0, 8)))
    text = prompt_text(scene, scene.state)
    assert "discard" in text and "Blue's reserve is empty" in text and "different colours" in text


def test_after_the_first_wall_the_prompt_does_not_refuse_the_wall_just_built(fresh_app: Any) -> None:
    walls = 1 << GAME.board.parse_edge("f6N")
    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=("free", "move", "swap", "place")), ("c3",), ("f6",))
    scene = open_position(fresh_app, replace(state, walls=walls, supply=65))
    click(fresh_app, scene.card_rects[0].center)
    click(fresh_app, edge_point(scene, "c5N"))
    assert scene.match.state.placed == 1
    frames(fresh_app, 1)
    assert scene.preview() == (None, None)
    # Elsewhere an existing wall is still explained.
    move(fresh_app, edge_point(scene, "f6N"))
    assert scene.preview()[1] == "that edge already has a wall"
    move(fresh_app, edge_point(scene, "c5N"))
    assert scene.preview()[1] == "that edge already has a wall"  # once left, it is a wall like any other


def test_cancelling_a_card_leaves_nothing_to_redo(fresh_app: Any) -> None:
    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=("I2", "free", "swap", "place")), ("c3",), ("f6",))
    scene = open_position(fresh_app, state)
    click(fresh_app, scene.card_rects[1].center)
    assert scene.match.state.phase == RESOLVE
    click(fresh_app, scene.cancel_button.rect.center)
    frames(fresh_app, 1)
    assert scene.match.state == state
    assert not scene.match.history.can_redo and not scene.redo_button.enabled


def test_ghosts_carry_the_shared_frame(fresh_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    verdicts: list[bool] = []
    real = draw.ghost_frame

    def spy(surface: pygame.Surface, rect: pygame.Rect, legal: bool, unit: int) -> None:
        verdicts.append(legal)
        real(surface, rect, legal, unit)

    monkeypatch.setattr(draw, "ghost_frame", spy)
    picture = zones_picture([(["a1", "b1"], "bb")])
    state = GAME.from_picture(picture, display=("T3", "free", "swap", "place"))
    scene = open_position(fresh_app, replace(state, supply=66 - state.walls.bit_count()))
    click(fresh_app, scene.card_rects[0].center)
    move(fresh_app, square_point(scene, "e5"))
    assert verdicts and verdicts[-1] is True
    move(fresh_app, square_point(scene, "a2"))
    assert verdicts[-1] is False


def test_four_names_fit_at_1024_by_700_with_the_log_open(fresh_app: Any) -> None:
    with window_size(fresh_app, (1024, 700)):
        fresh_app.settings.log_open = True
        names = ("Anni Albers", "Marianne Brandt", "Gunta Stölzl", "Lucia Moholy")
        state = GAME.from_picture(EMPTY_BOARD, players=4, powers=True)
        setup = Setup("bauhaus", 4, 1, tuple(SeatSpec(name) for name in names), {"powers": True})
        fresh_app.push(BauhausScene(fresh_app, Match(setup, History(GAME, state), autosave=False)))
        with layout_probe.recording(fresh_app.screen.get_size()) as record:
            frames(fresh_app, 1)
        drawn = {text.content for text in record.texts}
        assert set(names) <= drawn, drawn


@pytest.mark.parametrize("language", ["en", "fr"])
def test_computers_names_and_levels_are_whole_and_the_board_grows_at_1024_by_700(
    fresh_app: Any, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four players with powers, three computers, the log open, at 1024×700: every name and level is
    drawn whole ("Marianne Brandt · difficile" was cut to "Marianne Bran…"), and the board, short of
    width, gets more than the 392 px it had when the power button kept the names' line."""
    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    i18n.set_language(language)
    with window_size(fresh_app, (1024, 700)):
        fresh_app.settings.log_open = True
        names = ("Anni Albers", "Marianne Brandt", "Gunta Stölzl", "Lucia Moholy")
        kinds = ("human", "ai:hard", "ai:hard", "ai:hard")
        seats = tuple(SeatSpec.from_text(kind, name) for kind, name in zip(kinds, names, strict=True))
        state = GAME.from_picture(EMPTY_BOARD, players=4, powers=True)
        setup = Setup("bauhaus", 4, 1, seats, {"powers": True})
        scene = BauhausScene(fresh_app, Match(setup, History(GAME, state), autosave=False))
        scene.runner.cancel()  # the computers need not think: only the table is looked at
        fresh_app.push(scene)
        with layout_probe.recording(fresh_app.screen.get_size()) as record:
            frames(fresh_app, 1)
        drawn = [text.content for text in record.texts]
        level = " · " + i18n._("hard")
        assert all(name in drawn for name in names), drawn
        assert drawn.count(level) == 3, drawn
        assert not any(text.endswith("…") for text in drawn if any(name[:5] in text for name in names)), drawn
        assert scene.geo.rect.width >= 424, scene.geo.rect


def test_r_turns_the_pattern_clockwise_and_shift_r_back(fresh_app: Any) -> None:
    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=("L2", "free", "swap", "place")), ("c3",), ("f6",))
    scene = open_position(fresh_app, state)
    click(fresh_app, scene.card_rects[0].center)

    def corner() -> tuple[int, int]:
        """Where L2's corner is on screen, as (x side, y side): (-1, 1) top left … (1, -1) bottom right."""
        shape = scene.pattern_shape()
        assert shape is not None
        hx, hy = next((x, y) for x, y in shape if x % 2)  # the lying wall (doubled coordinates, y up)
        vx, vy = next((x, y) for x, y in shape if not x % 2)  # the standing one
        return (1 if vx > hx else -1), (1 if hy > vy else -1)

    assert corner() == (-1, -1)  # as the card shows it: the corner at the bottom left
    key(fresh_app, pygame.K_r)
    assert corner() == (-1, 1)  # a quarter turn clockwise: top left
    key(fresh_app, pygame.K_r)
    assert corner() == (1, 1)  # top right
    key(fresh_app, pygame.K_r, mod=pygame.KMOD_SHIFT)
    assert corner() == (-1, 1)  # Shift+R turns back


def test_a_recap_number_sits_on_where_a_token_went_drawn_over_every_outline(
    fresh_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Yellow moved its token from c6 to c2, then Blue placed one on b2: the "1" is on c2 (not on
    the empty c6), inside the board, and no outline is drawn after the numbers."""
    state = GAME.from_picture(EMPTY_BOARD, display=("move", "place", "swap", "I2"), turn=1)
    board = GAME.board
    state = replace(state, deployed=(0, 1 << board.parse_square("c6")), reserve=(8, 7))
    history: History[Any] = History(GAME, state)
    for text in ("card0", "move c6>c2", "card1", "place b2"):
        history.play(GAME.parse_move(history.state, text))
    seats = (SeatSpec("Walter"), SeatSpec("Josef"))
    scene = BauhausScene(fresh_app, Match(Setup("bauhaus", 2, 1, seats, {}), history, autosave=False))
    fresh_app.push(scene)
    frames(fresh_app, 2)
    calls: list[tuple[str, Any]] = []
    real_badge, real_outline = draw.badge, draw.move_outline
    monkeypatch.setattr(draw, "badge", lambda s, c, r, col, label, size: calls.append(("badge", (c, label))))
    monkeypatch.setattr(draw, "move_outline", lambda s, rect, w: calls.append(("outline", rect)))
    scene.recap = (0, 1, 2, 3)
    frames(fresh_app, 1)
    monkeypatch.setattr(draw, "badge", real_badge)
    monkeypatch.setattr(draw, "move_outline", real_outline)
    on_board = [(kind, value) for kind, value in calls if kind == "outline" or value[0][0] < scene.panel_rect.left]
    calls = on_board  # the log beside the board draws the same numbers
    badges = {label: center for kind, (center, label) in ((k, v) for k, v in calls if k == "badge")}
    c2, c6 = scene.geo.square_rect(board.parse_square("c2")), scene.geo.square_rect(board.parse_square("c6"))
    assert c2.collidepoint(badges["2"]) and not c6.collidepoint(badges["2"]), (badges, c2)
    assert all(scene.geo.rect.collidepoint(center) for center in badges.values())
    last_badge = max(i for i, (kind, _) in enumerate(calls) if kind == "badge")
    last_outline = max(i for i, (kind, _) in enumerate(calls) if kind == "outline")
    assert last_outline < last_badge


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_recap_numbers_cover_no_token_nor_each_other_nor_lie_under_a_hint(
    fresh_app: Any, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """A new player saw "3" and "7" piled on g7 over its token, "2" and "7" on f8, and the hint's
    frame over a "5". Tokens on f7, g7, f8 and g8; g7's token placed, then flipped, then a wall on
    its side: every number is clear of every token's disc and of every other number, and the hint
    (drawn before them) hides none."""
    board = GAME.board
    state = GAME.from_picture(EMPTY_BOARD, display=("place", "move", "I2", "swap"), turn=1)
    state = replace(
        state,
        deployed=(sum(1 << board.parse_square(q) for q in ("f7", "g8")), 1 << board.parse_square("f8")),
        reserve=(6, 7),
    )
    history: History[Any] = History(GAME, state)
    for text in ("card0", "place g7"):
        history.play(GAME.parse_move(history.state, text))
    with window_size(fresh_app, size):
        seats = (SeatSpec("Walter"), SeatSpec("Josef"))
        scene = BauhausScene(fresh_app, Match(Setup("bauhaus", 2, 1, seats, {}), history, autosave=False))
        fresh_app.push(scene)
        frames(fresh_app, 2)
        g7 = board.parse_square("g7")
        wall = next(e for e in board.edges if board.edge_name(e) == "g7N")
        marks = [
            MoveMark(1, 1, history.steps[1].move, theme.YELLOW, "3"),
            MoveMark(1, 1, Move(MoveKind.POWER, squares=(g7,), power="forced"), theme.RED, "7"),
            MoveMark(1, 1, Move(MoveKind.WALL, edges=(wall,)), theme.BLUE, "8"),
        ]
        calls: list[tuple[str, Any]] = []
        monkeypatch.setattr(draw, "badge", lambda s, c, r, col, label, sz: calls.append(("badge", (c, r))))
        scene.draw_marks(fresh_app.screen, marks)
        radius = scene.metrics.u(1.6)
        centres = [c for _kind, (c, _r) in calls]
        assert len(centres) == 3
        tokens = [scene.geo.square_center(board.parse_square(q)) for q in ("f7", "g7", "f8", "g8")]
        token_radius = scene.geo.cell * 0.3  # a token's disc fills well over half its square
        for i, (x, y) in enumerate(centres):
            for tx, ty in tokens:
                assert math.hypot(x - tx, y - ty) >= radius + token_radius, (centres[i], (tx, ty))
            for ox, oy in centres[i + 1 :]:
                assert math.hypot(x - ox, y - oy) >= 2 * radius, centres
            assert scene.geo.rect.collidepoint((x, y))
        # The recap's numbers come after the hint's frame in a frame's drawing.
        order: list[str] = []
        monkeypatch.setattr(draw, "badge", lambda *a, **k: order.append("badge"))
        monkeypatch.setattr(scene, "draw_hint", lambda surface, move: order.append("hint"))
        scene.hint_move = Move(MoveKind.CARD, slot=0)
        scene.recap = (0, 1)
        frames(fresh_app, 1)
        assert "hint" in order and "badge" in order and order.index("hint") < order.index("badge"), order


def test_a_recap_number_on_column_a_stays_off_the_row_labels(fresh_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    state = GAME.from_picture(EMPTY_BOARD, display=("place", "move", "swap", "I2"), turn=1)
    state = replace(state, deployed=(0, 0), reserve=(8, 8))
    history: History[Any] = History(GAME, state)
    for text in ("card0", "place a7"):
        history.play(GAME.parse_move(history.state, text))
    seats = (SeatSpec("Walter"), SeatSpec("Josef"))
    scene = BauhausScene(fresh_app, Match(Setup("bauhaus", 2, 1, seats, {}), history, autosave=False))
    fresh_app.push(scene)
    frames(fresh_app, 2)
    centers: list[tuple[float, float]] = []
    monkeypatch.setattr(draw, "badge", lambda s, c, r, col, label, size: centers.append(c))
    scene.recap = (0, 1)
    frames(fresh_app, 1)
    centers = [c for c in centers if c[0] < scene.panel_rect.left]  # not the log's numbers
    assert centers and all(c[0] - scene.metrics.u(1.6) >= scene.geo.rect.left for c in centers), centers


def test_the_log_calls_every_card_by_the_name_printed_on_it() -> None:
    """One name for one thing: the card that reads "TWO WALLS" is not "chose Free walls" in the log."""
    from bauhausbox.games.bauhaus.cards import CARD_INDEX, CARDS
    from bauhausbox.games.bauhaus.describe import card_title
    from bauhausbox.games.bauhaus.screen.paint import card_label

    for card in CARDS:
        assert card_title(CARD_INDEX[card.name]).startswith(card_label(CARD_INDEX[card.name])), card.name


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_board_shows_its_coordinates_on_the_screen(fresh_app: Any, size: tuple[int, int]) -> None:
    """The log, the recap and the hints name squares ("c4"): every column's letter under the board
    and every row's number left of it (row 1 at the bottom) must reach the window, at every size."""
    with window_size(fresh_app, size):
        scene = open_position(fresh_app, with_tokens(GAME.from_picture(EMPTY_BOARD), ("c3",), ("f6",)))
        frames(fresh_app, 2)
        screen = fresh_app.screen
        geo = scene.geo
        board = geo.outer_rect()
        depth = 3 * scene.metrics.small  # the labels sit within a few text heights of the board

        def inked(area: pygame.Rect) -> bool:
            area = area.clip(screen.get_rect())
            return any(
                _luminance(screen.get_at((x, y))) < 190
                for x in range(area.left, area.right)
                for y in range(area.top, area.bottom)
            )

        for col, letter in enumerate("abcdefgh"):
            cell = geo.square_rect(GAME.board.square(col, 0))
            below = pygame.Rect(cell.left, board.bottom + 1, cell.width, depth)
            assert inked(below), f"no letter {letter} under the board at {size}"
        for row in range(8):
            cell = geo.square_rect(GAME.board.square(0, row))
            left = pygame.Rect(board.left - depth, cell.top, depth - 1, cell.height)
            assert inked(left), f"no number {row + 1} left of the board at {size}"


@pytest.mark.parametrize("seat", range(4))
def test_the_control_face_is_solid_colour_and_the_deployed_face_mostly_white(seat: int) -> None:
    """The review: the control face showed a white shape (it read as hollow) and the deployed face a
    filled coloured one, while the how-to calls the control face solid. Share of the token in the
    seat's colour: nearly all on the control face, little on the deployed face."""
    radius = 40

    def coloured_share(control: bool) -> float:
        surface = pygame.Surface((120, 120))
        surface.fill(theme.PAPER)
        draw_token(surface, (60, 60), radius, seat, control)
        colour = pygame.Color(seat_colour(seat))
        inside = coloured = 0
        for x in range(60 - radius, 60 + radius):
            for y in range(60 - radius, 60 + radius):
                if (x - 60) ** 2 + (y - 60) ** 2 < (radius - 2) ** 2:
                    inside += 1
                    pixel = surface.get_at((x, y))
                    coloured += all(abs(pixel[i] - colour[i]) < 30 for i in range(3))
        return coloured / inside

    assert coloured_share(control=True) > 0.8
    assert coloured_share(control=False) < 0.4


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_card_title_takes_one_size_and_one_layout(language: str, size: tuple[int, int]) -> None:
    """The review found "MOVE TOKEN", "TWO WALLS" and "DÉPLACER UNE LIMITE" much smaller than
    "SWAP TOKENS" beside them, and a new player "MOVE / WALL" greyed but "MOVE WALL" active: every
    title of the deck takes one size at a card width, whatever its neighbours or its look, inside
    its card with a margin from the frame."""
    from bauhausbox import i18n
    from bauhausbox.games.bauhaus.cards import CARDS
    from bauhausbox.games.bauhaus.screen.paint import CARD_BORDER, card_least_width, draw_card

    i18n.set_language(language)
    metrics = Metrics(*size)
    deck = sorted({info.title: index for index, info in enumerate(CARDS)}.values())
    least = card_least_width(metrics)  # the panel never makes a card narrower
    for width in (least, least + metrics.u(3), least + metrics.u(7)):
        looks: dict[str, list[tuple[str, tuple[int, int]]]] = {}
        for look in ("normal", "disabled", "chosen"):
            surface = pygame.Surface((len(deck) * (width + 20), round(width * 2.5) + 40))
            with layout_probe.recording(surface.get_size()) as record:
                rects = []
                for i, card in enumerate(deck):
                    rect = pygame.Rect(10 + i * (width + 20), 30, width, round(width * 2))
                    draw_card(surface, rect, card, metrics, state=look)
                    rects.append(rect.move(0, -metrics.u(1)) if look == "chosen" else rect)
            titles = [text for text in record.texts if not text.content.isdigit()]  # not the walls badges
            assert len(titles) >= len(deck)
            assert len({text.size for text in titles}) == 1, [(t.content, t.size) for t in titles]
            inner = [rect.inflate(-2 * (CARD_BORDER + 2), 0) for rect in rects]
            assert all(any(rect.contains(text.rect) for rect in inner) for text in titles), [
                (t.content, tuple(t.rect)) for t in titles if not any(r.contains(t.rect) for r in inner)
            ]
            looks[look] = [(t.content, (t.rect.x - r.x, t.rect.y)) for t in titles for r in rects if r.contains(t.rect)]
        assert looks["normal"] == looks["disabled"]


def _moved_token_scene(app: Any, last_card: bool) -> BauhausScene:
    """Yellow has just moved its token from c6 to c2 (the game's last card when ``last_card``); Blue,
    a human at this screen, is next."""
    state = GAME.from_picture(EMPTY_BOARD, display=("move", "place", "swap", "I2"), turn=1)
    if last_card:  # the deck used up, one card left face up
        state = replace(state, deck=(), display=(state.display[0], NO_CARD, NO_CARD, NO_CARD))
    board = GAME.board
    state = replace(state, deployed=(1 << board.parse_square("a1"), 1 << board.parse_square("c6")), reserve=(7, 7))
    history: History[Any] = History(GAME, state)
    for text in ("card0", "move c6>c2"):
        history.play(GAME.parse_move(history.state, text))
    seats = (SeatSpec("Walter"), SeatSpec("Josef"))
    scene = BauhausScene(app, Match(Setup("bauhaus", 2, 1, seats, {}), history, autosave=False))
    app.push(scene)
    frames(app, 2)
    return scene


def _marks_between(app: Any, scene: BauhausScene) -> int:
    """How many pixels of the empty squares between c6 and c2 (c3 to c5, the middle half of each
    column, where the way from c6 to c2 runs) are not the board's white: what a mark of the move
    leaves drawn across the board. (A recap number on a lattice point reaches into a square's corner.)"""
    redraw_everything(app)
    frames(app, 1)
    count = 0
    for name in ("c3", "c4", "c5"):
        cell = scene.geo.square_rect(GAME.board.parse_square(name))
        cell = cell.inflate(-cell.width // 2, -6)
        for x in range(cell.left, cell.right):
            for y in range(cell.top, cell.bottom):
                count += app.screen.get_at((x, y))[:3] != theme.WHITE
    return count


def test_a_moved_token_s_way_is_drawn_only_while_the_recap_numbers_it(fresh_app: Any) -> None:
    """The recap shows where a moved token came from (an arrow across the squares between); once
    the recap ends (the player acted) only the outline where it is now stays: no line or ghost lingers."""
    scene = _moved_token_scene(fresh_app, last_card=False)
    scene.recap = (0, 1)
    assert _marks_between(fresh_app, scene) > 0, "the recap does not show where the token came from"
    scene.clear_story_marks()
    assert _marks_between(fresh_app, scene) == 0


def test_the_end_board_keeps_no_trail_of_the_last_move(fresh_app: Any) -> None:
    """The last card moved a token (the game is over): the end board outlines it, nothing crosses it."""
    scene = _moved_token_scene(fresh_app, last_card=True)
    assert scene.match.over
    while fresh_app.top is not scene:  # "See the board": the final table closed
        fresh_app.pop(fresh_app.top)
    scene.recap = (0, 1)  # even were the recap still set
    assert _marks_between(fresh_app, scene) == 0
