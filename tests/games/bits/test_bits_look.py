"""The Bits screen speaks the shared visual language and controls: R is a real quarter turn, every new
tile comes to hand lying flat, the tile can be dragged or clicked into place and Esc puts it back,
the last move is the neutral dashed outline, ghosts keep their colour symbols and say legal or not
with a tick or a cross, and a spectating screen (the replay viewer) shows no live-play prompts."""

from __future__ import annotations

import colorsys
from typing import Any

import pygame
import pytest

from bauhausbox.games.bits.board import landing
from bauhausbox.games.bits.rules import Place
from bauhausbox.games.bits.screen import paint
from bauhausbox.scenes.pause import PauseScene
from bauhausbox.ui import draw, layout_probe, theme
from tests.ui.helpers import click, frames, key, move, open_game, spy_verdicts, window_size
from tests.ui.scenarios.bits import _match, _open, _play_until


def air_point(scene: Any, x: float) -> tuple[int, int]:
    """The screen point above the ramp's top edge at board x (the tile waits there)."""
    px, py = scene.ramp.point(x, 7.0)
    return round(px), round(py)


def press(app: Any, pos: tuple[int, int]) -> None:
    app.frame(
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        ],
        1 / 60,
    )


def release(app: Any, pos: tuple[int, int]) -> None:
    app.frame(
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
        1 / 60,
    )


def two_coloured_game(app: Any) -> Any:
    """A solo game whose first tile in hand (after the start tile) has two different colours."""
    for seed in range(1, 40):
        scene = open_game(app, "bits", 1, ["human"], seed=seed)
        click(app, air_point(scene, 1.0))  # the start tile, flat in columns 1–2
        frames(app, 2)
        tile = scene.match.state.tile_for(0)
        if tile[0] != tile[1]:
            return scene
    raise AssertionError("no seed gives a two-coloured tile")


def halves(held: tuple[str, bool]) -> dict[str, tuple[float, float]]:
    """Where each colour of a held tile sits relative to its centre (x right, y up the ramp)."""
    colours, vertical = held
    if vertical:  # colours top to bottom
        return {colours[0]: (0.0, 0.5), colours[1]: (0.0, -0.5)}
    return {colours[0]: (-0.5, 0.0), colours[1]: (0.5, 0.0)}


def test_r_is_a_quarter_turn_clockwise_and_shift_r_anticlockwise(fresh_app: Any) -> None:
    scene = two_coloured_game(fresh_app)
    tile = scene.match.state.tile_for(0)
    assert scene.held() == (tile, False)  # lying flat, first colour on the left
    seen = [scene.held()]
    for _ in range(4):
        before = halves(scene.held())
        key(fresh_app, pygame.K_r)
        after = halves(scene.held())
        # Clockwise on screen: the left half goes to the top, the top half to the right.
        assert after == {colour: (y, -x) for colour, (x, y) in before.items()}
        seen.append(scene.held())
    assert len(set(seen)) == 4 and seen[0] == seen[4]  # four orientations, then back home
    key(fresh_app, pygame.K_r)
    before = halves(scene.held())
    key(fresh_app, pygame.K_r, pygame.KMOD_SHIFT)
    assert halves(scene.held()) == {colour: (-y, x) for colour, (x, y) in before.items()}


def test_every_new_tile_comes_to_hand_lying_flat(fresh_app: Any) -> None:
    scene = two_coloured_game(fresh_app)
    key(fresh_app, pygame.K_r)  # standing
    move(fresh_app, air_point(scene, 5.5))
    click(fresh_app, air_point(scene, 5.5))
    frames(fresh_app, 3)
    assert scene.match.history.cursor == 2
    tile = scene.match.state.tile_for(0)
    assert scene.held() == (tile, False)


def test_a_press_then_a_drag_drops_where_the_button_is_let_go(fresh_app: Any) -> None:
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=3)
    tile = scene.match.state.start_tiles[0]
    press(fresh_app, air_point(scene, 1.0))
    assert scene.match.history.cursor == 0  # a press alone does not drop the tile
    move(fresh_app, air_point(scene, 4.0), (1, 0, 0))
    release(fresh_app, air_point(scene, 5.0))
    frames(fresh_app, 3)
    # A flat tile is held by its middle: released on the line between columns 5 and 6, it covers them.
    assert scene.match.history.steps[0].move == Place(tile, False, 4)


def test_the_tile_dragged_from_its_card_drops_on_the_ramp(fresh_app: Any) -> None:
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=3)
    tile = scene.match.state.start_tiles[0]
    press(fresh_app, scene.tile_card_rect().center)
    assert scene.dragging
    move(fresh_app, scene.players_rect.center, (1, 0, 0))
    release(fresh_app, air_point(scene, 2.0))
    frames(fresh_app, 3)
    assert scene.match.history.steps[0].move == Place(tile, False, 1)


def test_let_go_off_the_ramp_the_tile_stays_in_hand(fresh_app: Any) -> None:
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=3)
    press(fresh_app, air_point(scene, 3.0))
    move(fresh_app, scene.players_rect.center, (1, 0, 0))
    release(fresh_app, scene.players_rect.center)
    frames(fresh_app, 2)
    assert scene.match.history.cursor == 0
    assert not scene.dragging and scene.held() is not None
    click(fresh_app, air_point(scene, 3.0))  # and it still places with a click
    assert scene.match.history.cursor == 1


def test_esc_puts_the_tile_back_before_it_opens_the_menu(fresh_app: Any) -> None:
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=3)
    press(fresh_app, air_point(scene, 3.0))
    key(fresh_app, pygame.K_ESCAPE)
    assert fresh_app.top is scene and not scene.dragging and scene.held_move() is None
    release(fresh_app, air_point(scene, 3.0))
    assert scene.match.history.cursor == 0  # nothing dropped after Esc
    move(fresh_app, air_point(scene, 3.5))
    assert scene.held_move() is None  # it waits on its card until the pointer leaves the ramp
    key(fresh_app, pygame.K_ESCAPE)
    assert isinstance(fresh_app.top, PauseScene)


def test_the_last_move_is_outlined_in_a_solid_neutral_band(fresh_app: Any) -> None:
    """The last move wears every game's mark (``draw.move_band``): unbroken white along the tile's
    sides between two lines of ink, never dashed (dashes mean "not here")."""
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=3)
    click(fresh_app, air_point(scene, 3.0))
    move(fresh_app, scene.players_rect.center)  # no ghost near the tile just placed
    frames(fresh_app, 3)
    placed = scene.match.history.steps[-1].move
    cells = landing(scene.match.history.states[0].boards[0], placed.spot)
    quad = paint.tile_quad(scene.ramp, cells)
    along, across = [], []
    for (x0, y0), (x1, y1) in zip(quad, [*quad[1:], quad[0]], strict=True):
        normal = pygame.Vector2(y1 - y0, x0 - x1).normalize()
        for i in range(3, 18):
            t = i / 20
            point = pygame.Vector2(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            along.append(tuple(fresh_app.screen.get_at((round(point.x), round(point.y))))[:3])
            line = [
                tuple(fresh_app.screen.get_at((round(q.x), round(q.y))))[:3]
                for q in (point + normal * d for d in range(-8, 9))
            ]
            across.append([c for k, c in enumerate(line) if k == 0 or c != line[k - 1]])
    assert sum(c == theme.WHITE for c in along) > 0.9 * len(along), "the band is broken along the side"
    sandwiched = sum(
        any(run[k : k + 3] == [theme.INK, theme.WHITE, theme.INK] for k in range(len(run))) for run in across
    )
    assert sandwiched > 0.8 * len(across)  # ink, white, ink across the side
    seat_colour, _ = scene.seat_style(0)
    assert not any(c in (seat_colour, theme.RED, theme.ILLEGAL) for c in along)


@pytest.mark.parametrize("colours", ["BK", "KB"])
def test_ghost_cells_keep_their_colour_symbols(colours: str) -> None:
    surface = pygame.Surface((600, 500))
    surface.fill(theme.PAPER)
    ramp = paint.Ramp(pygame.Rect(0, 0, 600, 500))
    paint.draw_ghost(surface, ramp, (0, 1), colours, True)
    for index, letter in zip((0, 1), colours, strict=True):
        quad = ramp.quad(index, 0, index + 1, 1)
        xs, ys = [round(p[0]) for p in quad], [round(p[1]) for p in quad]
        mark = paint.symbol_colour(paint.TILE_COLOURS[letter], True)
        found = sum(
            tuple(surface.get_at((x, y)))[:3] == mark
            for x in range(min(xs) + 8, max(xs) - 8)
            for y in range(min(ys) + 8, max(ys) - 8)
        )
        assert found > 20, f"the {letter} ghost cell shows no symbol"


def test_legal_and_refused_ghosts_carry_a_tick_or_a_cross(fresh_app: Any, monkeypatch: Any) -> None:
    verdicts = spy_verdicts(monkeypatch)
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=3)
    move(fresh_app, air_point(scene, 3.0))
    assert verdicts and verdicts[-1] is True
    for _ in range(3):  # three standing tiles fill column 1
        while scene.held() is not None and not scene.held()[1]:
            key(fresh_app, pygame.K_r)
        click(fresh_app, air_point(scene, 0.5))
        frames(fresh_app, 2)
    while not scene.held()[1]:
        key(fresh_app, pygame.K_r)
    verdicts.clear()
    move(fresh_app, air_point(scene, 0.4))
    assert scene.check(scene.held_move()) is not None
    assert verdicts and verdicts[-1] is False


def test_a_spectating_screen_shows_no_live_play_prompts(fresh_app: Any) -> None:
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=3)
    scene.spectate(0)
    move(fresh_app, air_point(scene, 3.0))
    with layout_probe.recording(fresh_app.screen.get_size()) as record:
        frames(fresh_app, 1)
    words = " ".join(text.content.lower() for text in record.texts)
    assert "ramp" in words  # the board is drawn
    assert "column" not in words and "drag" not in words
    assert scene.held() is None and "column" not in scene.idle_status().lower()


def test_the_controls_are_named_where_players_read_them(fresh_app: Any) -> None:
    from bauhausbox.games.bits.screen.howto import how_to_play_pages

    scene = open_game(fresh_app, "bits", 1, ["human"], seed=3)
    assert "Shift+R" in scene.idle_status()
    page = " ".join(how_to_play_pages()[-1].paragraphs)
    assert "quarter turn clockwise" in page and "Shift+R" in page and "anticlockwise" in page


@pytest.mark.parametrize("legal", [True, False])
def test_a_ghost_says_legal_or_refused_by_its_mark_and_outline(legal: bool, monkeypatch: Any) -> None:
    verdicts: list[bool] = []
    monkeypatch.setattr(
        draw, "verdict_mark", lambda surface, center, radius, ok: verdicts.append(ok) or pygame.Rect(0, 0, 1, 1)
    )
    surface = pygame.Surface((600, 500))
    surface.fill(theme.PAPER)
    ramp = paint.Ramp(pygame.Rect(0, 0, 600, 500))
    paint.draw_ghost(surface, ramp, (2, 3), "RR", legal)
    assert verdicts == [legal]
    # The outline along the ghost's bottom edge: solid ink when legal, ink dashes on white when refused.
    (x0, y0), (x1, _) = paint.tile_quad(ramp, (2, 3), 0.0)[:2]
    edge = [tuple(surface.get_at((round(x0 + (x1 - x0) * i / 40), round(y0)))[:3]) for i in range(4, 37)]
    assert all(c == theme.INK for c in edge) is legal
    assert any(c == theme.WHITE for c in edge) is not legal


def test_no_side_panel_text_hides_under_the_buttons_at_1024x700(fresh_app: Any) -> None:
    from tests.ui.scenarios.bits import four_players_mid_game

    with window_size(fresh_app, (1024, 700)):
        four_players_mid_game(fresh_app)
        scene = fresh_app.top
        assert scene.state.neutral_used[0]  # the position shows "neutral used" beside the tile card
        frames(fresh_app, 2)
        with layout_probe.recording(fresh_app.screen.get_size()) as record:
            frames(fresh_app, 1)
        buttons = [scene.turn_button, scene.neutral_button]
        labels = {button.label.upper() for button in buttons}
        texts = [t for t in record.texts if t.content.upper() not in labels]
        assert any("neutral" in t.content for t in texts)
        for text in texts:
            for button in buttons:
                assert not text.rect.colliderect(button.rect), f"{text.content!r} is under {button.label!r}"


def test_a_ramp_remembers_its_polygons_and_hands_out_copies() -> None:
    ramp = paint.Ramp(pygame.Rect(0, 0, 600, 500))
    first = ramp.quad(1, 2, 2, 3, lift=4.0)
    # The polygon computed point by point, as a fresh ramp's perspective gives it.
    expected = [
        (ramp.point(x, y)[0], ramp.point(x, y)[1] - 4.0 * ramp.scale_at(y)) for x, y in ((1, 2), (2, 2), (2, 3), (1, 3))
    ]
    assert first == expected
    first[0] = (0.0, 0.0)  # a caller changing its list
    assert ramp.quad(1, 2, 2, 3, lift=4.0) == expected
    assert ramp.quad(1, 2, 2, 3) != expected  # another lift, another polygon


def test_after_esc_a_click_on_the_ramp_picks_the_tile_up_before_any_drop(fresh_app: Any) -> None:
    """Esc puts the tile back: back on the ramp the first click only brings its ghost back (no blind
    drop), and Esc also puts back a chosen neutral tile, which stays unused."""
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=7)
    click(fresh_app, air_point(scene, 1.0))  # the start tile
    frames(fresh_app, 3)
    move(fresh_app, air_point(scene, 3.0))
    key(fresh_app, pygame.K_n)
    assert scene.held()[0] == "NN" and scene.held_move() is not None
    key(fresh_app, pygame.K_ESCAPE)
    assert fresh_app.top is scene and scene.held_move() is None
    assert scene.held()[0] != "NN"  # the neutral tile went back too
    move(fresh_app, air_point(scene, 3.5))
    assert scene.held_move() is None
    click(fresh_app, air_point(scene, 3.5))
    assert scene.match.history.cursor == 1  # picked up, not dropped
    assert scene.held_move() is not None  # and its ghost shows
    click(fresh_app, air_point(scene, 3.5))
    frames(fresh_app, 3)
    assert scene.match.history.cursor == 2
    assert scene.match.state.neutral_used == (False,)


def test_no_recap_number_from_an_earlier_round_on_a_fresh_thumbnail(fresh_app: Any) -> None:
    """At the start of round 2 the other player's board is empty and says "to place": a recap
    number left from round 1 on it would read as "already placed"."""
    match = _match(2, 5)
    _play_until(match, lambda state, after: state.round == 2, 5)
    _open(fresh_app, match)
    key(fresh_app, pygame.K_RETURN)  # the game opens on round 1's scoring, just ended: closed
    frames(fresh_app, 2)
    scene = fresh_app.top
    history = scene.match.history
    theirs = [i for i in range(history.cursor) if history.steps[i].seat == 1 and history.states[i].round == 1]
    assert scene.thumb_rects.get(1) is not None  # their thumbnail is on screen
    assert scene.badge_at(scene.step_mark(theirs[-1], "1")) is None


def test_the_tile_called_red_is_drawn_red_not_orange() -> None:
    """The texts (and the original rules) call the "R" colour red: drawn orange, players saw an
    orange tile called "red". Its hue must be a red's (within 8 degrees of pure red)."""
    r, g, b = (c / 255 for c in paint.TILE_COLOURS["R"])
    hue = colorsys.rgb_to_hsv(r, g, b)[0] * 360
    assert hue <= 8 or hue >= 352, hue


@pytest.mark.parametrize(("language", "width"), [("fr", 56), ("fr", 64), ("en", 48), ("fr", 110)])
def test_the_other_four_line_stays_inside_a_narrow_goal_card(fresh_app: Any, language: str, width: int) -> None:
    """The "other 4: +1" line of a pile-1 card stays inside the card's border however narrow the card
    (1024 wide with the log open, in French)."""
    from bauhausbox import i18n
    from bauhausbox.games.bits.cards import CARD_BY_ID

    card = next(c for c in CARD_BY_ID.values() if c.other_four)
    surface = pygame.Surface((300, 300))
    rect = pygame.Rect(20, 20, width, round(width * 1.25))
    i18n.set_language(language)
    try:
        with layout_probe.recording((300, 300)) as record:
            paint.draw_goal_card(surface, rect, card, False)
    finally:
        i18n.set_language("en")
    assert any("4" in t.content for t in record.texts)
    inside = rect.inflate(-4, -4)  # clear of the 2-pixel border
    for text in record.texts:
        assert inside.contains(text.rect), (text.content, text.rect, inside)
