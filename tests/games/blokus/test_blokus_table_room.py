"""The Blokus table in a small window and the tray: the board takes the window's height (the tool
buttons go under it when it is narrower than the window is tall), the tray's hovered piece stays in
its own slot, and a hint shown on the board is marked in the tray too."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox import i18n
from bauhausbox.games.blokus.screen.scene import BlokusScene
from bauhausbox.ui import theme
from tests.ui.helpers import frames, key, move, open_game, wait_until, window_size


def _open(app: Any, players: int) -> BlokusScene:
    scene = open_game(app, "blokus", players, ["human"] + ["ai:easy"] * (players - 1), seed=7)
    assert isinstance(scene, BlokusScene)
    if not app.settings.log_open:
        scene.toggle_log()
    scene.layout(scene.metrics)
    frames(app, 1)
    return scene


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 640), (1024, 700)])
@pytest.mark.parametrize("players", [2, 4])
def test_the_board_takes_the_height_of_a_small_window_with_the_log_open(
    fresh_app: Any, size: tuple[int, int], players: int, language: str
) -> None:
    i18n.set_language(language)  # French tool words are longer: the buttons take two rows under the board
    with window_size(fresh_app, size):
        scene = _open(fresh_app, players)
        area = scene.game_rect
        board = scene.board.rect
        # The board takes most of the height (it was 340 px of 528 / 588 with the tool buttons in the
        # panel, which kept the panel wide and the board narrow above a band of empty paper).
        assert board.height >= 2 / 3 * area.height, f"{board} in {area}"
        under = area.bottom - board.bottom
        buttons = [b.rect for b in scene.tool_row.buttons]
        if under > scene.metrics.button_height * 2:
            # What is under the board is the tool row, not empty paper.
            assert all(b.top > board.bottom and b.right <= scene.panel_rect.left for b in buttons)
        for button in buttons:
            assert area.contains(button) and not button.colliderect(scene.tray.rect)
            assert not button.colliderect(board)
        assert scene.log_rect.width and not scene.tray.rect.colliderect(scene.log_rect)
        assert not scene.panel_rect.colliderect(scene.log_rect)


def _framed(surface: pygame.Surface, slot: pygame.Rect) -> bool:
    """Whether the slot's edge is drawn (a frame), not left as the panel's paper."""
    edge = [(slot.left, slot.centery), (slot.right - 1, slot.centery), (slot.centerx, slot.top)]
    return all(tuple(surface.get_at(p))[:3] != theme.PAPER for p in edge)


def test_a_hint_marks_its_piece_in_the_tray_and_no_other(fresh_app: Any) -> None:
    app = fresh_app
    scene = _open(app, 4)
    move(app, (2, 2))  # the pointer off the tray: no piece is hovered
    key(app, pygame.K_h)
    assert wait_until(app, lambda: scene.hint_move is not None, limit=900)
    hinted = scene.hint_move
    assert hinted is not None
    frames(app, 1)
    slot = scene.tray.slot_rect(hinted.piece)
    assert slot is not None
    assert _framed(app.screen, slot)
    others = [rect for piece, rect in scene.tray.slots.items() if piece != hinted.piece]
    assert not any(_framed(app.screen, rect) for rect in others)
    # Played, the hint leaves the board and the tray.
    key(app, pygame.K_RETURN)
    frames(app, 1)
    assert scene.hint_move is None and not _framed(app.screen, slot)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_hovered_tray_piece_changes_nothing_outside_its_own_slot(fresh_app: Any, size: tuple[int, int]) -> None:
    """The review: the tray's hover drew over its neighbours' pieces. Drawn hovered and not, the tray
    differs only inside the hovered piece's slot, and the slots do not overlap."""
    with window_size(fresh_app, size):
        scene = _open(fresh_app, 2)
        tray = scene.tray
        slots = list(tray.slots.values())
        assert not any(a.colliderect(b) for i, a in enumerate(slots) for b in slots[i + 1 :])
        for key_ in list(tray.slots)[::4]:
            plain = pygame.Surface(fresh_app.screen.get_size())
            hovered = pygame.Surface(fresh_app.screen.get_size())
            for target, pointed in ((plain, None), (hovered, key_)):
                target.fill(theme.PAPER)
                tray.draw(target, scene.metrics, orientation=scene.controller.orientation, hovered=pointed)
            slot = tray.slots[key_]
            outside = [
                (x, y)
                for y in range(tray.rect.top - 4, tray.rect.bottom + 4, 2)
                for x in range(tray.rect.left - 4, tray.rect.right + 4, 2)
                if not slot.collidepoint(x, y) and plain.get_at((x, y)) != hovered.get_at((x, y))
            ]
            assert not outside, (key_, outside[:5])
            assert any(plain.get_at(p) != hovered.get_at(p) for p in (slot.topleft, slot.midleft))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_longer_names_say_who_plays_in_short_rather_than_shrink_the_board(fresh_app: Any, language: str) -> None:
    """Seen at 1024 x 700 in French: with "Marianne · ordinateur · facile" the panel had to be so wide
    that the board fell back to 345 px. The rows say "Marianne · facile" instead."""
    from bauhausbox.engine.history import SeatSpec
    from bauhausbox.scenes.flow import start_match

    i18n.set_language(language)
    with window_size(fresh_app, (1024, 640)):
        if not fresh_app.settings.log_open:
            fresh_app.settings.log_open = True
        names = ["Anni", "Josef", "Marianne", "Walter"]
        seats = ["human", "ai:easy", "ai:easy", "ai:easy"]
        specs = [SeatSpec.from_text(text, name) for text, name in zip(seats, names, strict=True)]
        start_match(fresh_app, "blokus", 4, specs, {}, 3)
        scene = fresh_app.top
        assert isinstance(scene, BlokusScene)
        scene.layout(scene.metrics)
        frames(fresh_app, 1)
        assert scene.log_rect.width
        assert scene.board.rect.height >= 2 / 3 * scene.game_rect.height, scene.board.rect
        level = i18n._("easy")
        if scene.short_who:
            assert scene._who(scene.view, 2) == f"Marianne · {level}" and scene._who(scene.view, 0) == "Anni"
        else:
            assert i18n._("computer") in scene._who(scene.view, 2)
