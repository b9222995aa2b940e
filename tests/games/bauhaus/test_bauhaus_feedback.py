"""What a tester saw on the Bauhaus screen, checked through the real event path: the status bar says
how to do the step at hand (the opening token, choosing a card, the chosen card, a power's target);
the board takes the room beside the panel; hovering an occupied square blends no ghost token into
the one there; the how-to pages explain the token faces and the open pocket, and show the
"Bauhaus!" button."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from bauhausbox import i18n
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.games.bauhaus.positions import EMPTY_BOARD
from bauhausbox.games.bauhaus.rules import GAME, OPENING
from bauhausbox.games.bauhaus.screen.howto import how_to_play_pages
from bauhausbox.games.bauhaus.screen.panel import PANEL_LEAST_UNITS
from bauhausbox.games.bauhaus.screen.scene import BauhausScene
from bauhausbox.match import Match
from bauhausbox.scenes.flow import open_match
from bauhausbox.ui import layout_probe
from bauhausbox.ui.theme import Metrics
from tests.games.bauhaus.test_bauhaus_scene import open_position, square_point, with_tokens
from tests.ui.helpers import click, frames, move, redraw_everything, window_size


def _status(scene: BauhausScene) -> str:
    """The status bar's words once its last message has gone."""
    scene.message_until = 0.0
    return scene.situation()


def test_the_status_bar_follows_the_step(fresh_app: Any) -> None:
    opening = replace(GAME.new_game(2, seed=1), turn=0)
    scene = open_position(fresh_app, opening)
    assert scene.match.state.phase == OPENING and scene.actor() is not None
    said = {"opening": _status(scene)}
    assert "Opening round" in said["opening"]

    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=("place", "T3", "move", "swap")), ("c3",), ("f6",))
    scene = open_position(fresh_app, state)
    said["choose"] = _status(scene)
    assert "choose" in said["choose"]
    click(fresh_app, scene.card_rects[0].center)  # Place token
    said["place"] = _status(scene)
    click(fresh_app, scene.cancel_button.rect.center)
    click(fresh_app, scene.card_rects[1].center)  # a pattern
    said["pattern"] = _status(scene)
    assert "rotates" in said["pattern"] and "flips" in said["pattern"]
    click(fresh_app, scene.cancel_button.rect.center)
    click(fresh_app, scene.card_rects[2].center)  # Move token
    said["move"] = _status(scene)
    click(fresh_app, square_point(scene, "c3"))  # picked up: now where it goes
    said["moving"] = _status(scene)
    assert len(set(said.values())) == len(said), said  # each step says its own


def test_the_status_bar_names_a_usable_power_and_then_its_target(fresh_app: Any) -> None:
    state = GAME.from_picture(EMPTY_BOARD, players=3, powers=True, display=("place", "T3", "move", "swap"))
    squares = [1 << GAME.board.parse_square(name) for name in ("c3", "f6", "d4")]
    scene = open_position(fresh_app, replace(state, deployed=tuple(squares), reserve=(7, 7, 7)))
    assert "Bauhaus!" in _status(scene)  # Red's Forced Control may be used now
    click(fresh_app, scene.power_buttons[2].rect.center)
    assert scene.power_mode is not None
    assert "target" in _status(scene)


def test_the_board_takes_the_room_beside_the_panel(fresh_app: Any) -> None:
    """The board as large as the panel allows where width is short; at 1920×1080, where it fills the
    height, it gives a twelfth of its side so that the face-up cards grow (they were 123 px wide)."""
    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=("place", "T3", "move", "swap")), ("c3",), ("f6",))
    for size, least, card in (((1280, 800), 540, 80), ((1024, 640), 432, 64), ((1920, 1080), 740, 140)):
        with window_size(fresh_app, size):
            fresh_app.settings.log_open = True
            scene = open_position(fresh_app, state)
            scene.layout(scene.metrics)
            board = scene.geo.rect
            assert board.width >= least, (size, board.width)
            assert scene.card_rects[0].width >= card, (size, scene.card_rects[0])
            assert scene.panel_rect.width >= scene.metrics.u(PANEL_LEAST_UNITS) - 1
            assert scene.panel_rect.left > scene.geo.outer_rect().right
            labels = scene.metrics.small + scene.metrics.u(1.5)
            assert scene.geo.outer_rect().bottom + labels <= scene.game_rect.bottom


def test_hovering_an_occupied_square_blends_no_ghost_token(fresh_app: Any) -> None:
    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=("place", "T3", "move", "swap")), ("c3",), ("f6",))
    scene = open_position(fresh_app, state)
    click(fresh_app, scene.card_rects[0].center)  # Place token
    square = scene.geo.square_rect(GAME.board.parse_square("f6"))
    middle = square.inflate(-square.width // 2, -square.height // 2)
    move(fresh_app, scene.panel_rect.bottomright)
    frames(fresh_app, 2)
    before = pygame.image.tobytes(fresh_app.screen.subsurface(middle), "RGB")
    move(fresh_app, square.center)
    frames(fresh_app, 2)
    move_, reason = scene.preview()
    assert move_ is not None and reason, "the pointer is over a refused placement"
    after = pygame.image.tobytes(fresh_app.screen.subsurface(middle), "RGB")
    assert after == before, "a ghost token is drawn over the token already there"


def test_the_how_to_pages_explain_the_faces_and_show_the_bauhaus_button() -> None:
    pages = how_to_play_pages()
    first = " ".join([*pages[0].paragraphs])
    assert "ring" in first and "control face" in first
    powers = pages[-1]
    assert powers.diagram is not None
    surface = pygame.Surface((700, 560))
    with layout_probe.recording(surface.get_size()) as record:
        powers.diagram(surface, pygame.Rect(20, 20, 660, 520), Metrics(1280, 800))
    assert any(control.name == "Bauhaus!" for control in record.controls)
    assert any("button" in paragraph for paragraph in powers.paragraphs)


def test_with_the_log_open_at_1024_the_cards_and_reserves_stay_readable(fresh_app: Any) -> None:
    """The review: at 1024×700 with the log open, four players with powers, the cards shrank to
    small labels and the reserve tokens to dots. The board gives up a little width instead. (Since the
    power button sits under the name there, the panel is narrower and the board 432 px, not 392: the
    cards keep ten units, their titles whole, and no name is cut.)"""
    state = GAME.from_picture(EMPTY_BOARD, players=4, display=("place", "move", "I2", "swap"), powers=True)
    with window_size(fresh_app, (1024, 700)):
        fresh_app.settings.log_open = True
        scene = open_position(fresh_app, state)
        scene.layout(scene.metrics)
        m = scene.metrics
        assert scene.log_rect.width > 0 and scene.log_rect.left >= scene.panel_rect.right  # the log is open
        for card in scene.card_rects:
            assert card.width >= m.u(10), (card, m.u(10))
        for reserve in scene.reserve_rects:
            assert reserve.width // 8 >= m.u(2), (reserve, m.u(2))  # a reserve token's step
        assert scene.geo.rect.width >= 300  # the board shrinks a little, not much


def _seated(app: Any, state: Any, seats: list[str]) -> BauhausScene:
    """``state`` on the screen with named seats ("ai:easy:Marianne")."""
    specs = []
    for text in seats:
        kind, _sep, name = text.rpartition(":")
        specs.append(SeatSpec.from_text(kind, name))
    setup = Setup("bauhaus", state.players, 1, tuple(specs), {"powers": state.powers})
    open_match(app, Match(setup, History(GAME, state), autosave=False))
    frames(app, 2)
    assert isinstance(app.top, BauhausScene)
    return app.top


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("log_open", [True, False])
def test_powers_cost_the_board_no_width_at_1024(
    fresh_app: Any, language: str, log_open: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The review: at 1024×700 the board was 368 px wide with powers and 432 without, the power
    button taking room on the reserve's line. It sits on the name's line, or under the name where
    the panel is narrow: the board keeps the room it has without powers (within a few pixels), the
    cards and reserves stay readable and a computer's name with its level is drawn whole."""
    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    i18n.set_language(language)
    widths = {}
    for powers in (False, True):
        state = GAME.from_picture(EMPTY_BOARD, players=4, display=("place", "move", "I2", "swap"), powers=powers)
        with window_size(fresh_app, (1024, 700)):
            fresh_app.settings.log_open = log_open
            scene = _seated(fresh_app, state, ["human:Anni", "human:Josef", "ai:easy:Marianne", "ai:medium:Walter"])
            scene.layout(scene.metrics)
            m = scene.metrics
            widths[powers] = scene.geo.rect.width
            if powers:
                assert all(card.width >= m.u(10) for card in scene.card_rects), scene.card_rects
                assert all(reserve.width // 8 >= m.u(2) for reserve in scene.reserve_rects), scene.reserve_rects
                for button, reserve in zip(scene.power_buttons, scene.reserve_rects, strict=True):
                    assert not button.rect.colliderect(reserve), (button.rect, reserve)
                redraw_everything(fresh_app)
                with layout_probe.recording(fresh_app.screen.get_size()) as record:
                    frames(fresh_app, 1)
                names = [t.content for t in record.texts if t.content.startswith(("Marianne", "Walter"))]
                assert names and not any("…" in name or "..." in name for name in names), names
    assert widths[True] >= widths[False] - 48, widths  # was 368 against 432
    assert widths[True] >= 384, widths
