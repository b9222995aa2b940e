"""The layout check's rules about what is said: once, and never stale.

The rules themselves on made-up frames, then the real screens: in every game, once a hint is played
with Enter, no frame still says it.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox import games, table
from bauhausbox.scenes.curtain import CurtainScene
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.ui import layout_probe
from bauhausbox.ui.layout_probe import ControlDraw, PanelDraw, Record, TextDraw, TooltipDraw
from tests.ui.helpers import click, frames, key, open_game, redraw_everything, wait_until
from tests.ui.layout_check import problems

PANEL = pygame.Rect(0, 0, 300, 300)
BAR = pygame.Rect(0, 700, 1280, 40)


def _frame(*texts: tuple[str, pygame.Rect | None]) -> Record:
    record = Record((1280, 800))
    for content, box in texts:
        where = pygame.Rect((box or PANEL).topleft, (100, 20))  # inside its box: only what is said counts
        record.texts.append(TextDraw(content, where, 16, box, "body"))
    return record


def test_a_dialog_button_outside_its_panel_fails_and_one_of_the_scene_below_may() -> None:
    # The French power question once put [Use] 80 px left of its dialog; the check saw only the window.
    record = Record((1280, 800))
    record.panels.append(PanelDraw(pygame.Rect(500, 200, 400, 300), layer=1))
    record.controls.append(ControlDraw("Use", pygame.Rect(420, 440, 120, 40), layer=1))
    record.controls.append(ControlDraw("Menu", pygame.Rect(20, 20, 120, 40), layer=0))
    assert problems(record, False) == [
        "control 'Use' at (420, 440, 120, 40) sticks out of its panel (500, 200, 400, 300)"
    ]


def test_a_tooltip_over_content_kept_clear_fails_and_one_of_another_scene_may() -> None:
    # The seat choice's tooltip once covered the setup's YOUR RECORD box.
    record = Record((1280, 800))
    record.contents.append(PanelDraw(pygame.Rect(896, 160, 304, 152), layer=0))
    record.tooltips.append(TooltipDraw("Human", pygame.Rect(848, 238, 313, 36), pygame.Rect(568, 232, 272, 48)))
    assert problems(record, False) == ["tooltip 'Human' covers content at (896, 160, 304, 152)"]
    record.contents[0] = PanelDraw(pygame.Rect(896, 160, 304, 152), layer=1)  # another scene's: not this rule's
    assert problems(record, False) == []


def test_a_tooltip_over_a_players_name_or_against_the_windows_edge_fails() -> None:
    # The review: "Play the hinted move (Enter)" hid "Anni"; the how-to's "Right arrow" touched the edge.
    record = Record((1280, 800))
    record.texts.append(TextDraw("Anni", pygame.Rect(1040, 100, 40, 20), 16, None, "body"))
    hint_button = pygame.Rect(1050, 40, 120, 40)
    record.tooltips.append(TooltipDraw("Play the hinted move (Enter)", pygame.Rect(1000, 95, 200, 36), hint_button))
    assert problems(record, False, names=("Anni", "Josef")) == [
        "tooltip 'Play the hinted move (Enter)' covers the name 'Anni' at (1040, 100, 40, 20)"
    ]
    assert problems(record, False) == []  # "Anni" named no seat: a word like any other
    record.tooltips[0] = TooltipDraw("Right arrow", pygame.Rect(1180, 700, 100, 30), pygame.Rect(1100, 740, 150, 40))
    assert problems(record, False, names=("Anni",)) == [
        "tooltip 'Right arrow' at (1180, 700, 100, 30) touches the window's edge"
    ]
    record.tooltips[0] = TooltipDraw("Right arrow", pygame.Rect(1176, 700, 100, 30), pygame.Rect(1100, 740, 150, 40))
    assert problems(record, False, names=("Anni",)) == []


def test_a_sentence_said_in_two_places_fails_and_a_list_may_repeat_a_line() -> None:
    twice = _frame(("Touches your own piece along a side", None), ("Touches your own piece along a side", BAR))
    assert any("drawn in 2 places" in line for line in problems(twice, False))
    log = _frame(("Anni passes her turn now", PANEL), ("Anni passes her turn now", PANEL))
    assert problems(log, False) == []
    short = _frame(("P2 · computer · easy", PANEL), ("P2 · computer · easy", BAR))
    assert problems(short, False) == []  # not a sentence: a caption may sit in two places


def test_a_played_hint_still_said_fails() -> None:
    record = _frame(("Hint: place the red L5 on k10–m12  ·  Enter plays it", BAR))
    assert any("hint that was played" in line for line in problems(record, False, {"Hint: place the red L5"}))
    assert problems(record, False, {"Hint: place the blue I2"}) == []


@pytest.mark.parametrize("game_id", [g for g in games.GAME_IDS if g != "blokus-puzzles"])
def test_no_frame_says_a_hint_once_it_is_played(fresh_app: Any, monkeypatch: pytest.MonkeyPatch, game_id: str) -> None:
    monkeypatch.setattr(table, "HINT_SECONDS", 0.05)
    app = fresh_app
    open_game(app, game_id, 2, ["human", "ai:random"], seed=3)
    scene = next(s for s in reversed(app.stack) if isinstance(s, GameScene))
    for _ in range(3):
        if isinstance(app.top, CurtainScene):
            click(app, app.top.ready_button.rect.center)
        frames(app, 2)
    assert wait_until(app, lambda: scene.input_allowed(), 600)
    key(app, pygame.K_h, unicode="h")
    assert wait_until(app, lambda: scene.hint_move is not None, 600)
    said = {words.split("  ·  ")[0] for words in (scene.hint_text(scene.hint_move), scene.status_message())}
    key(app, pygame.K_RETURN)
    for _ in range(4):
        redraw_everything(app)
        with layout_probe.recording(app.screen.get_size()) as record:
            frames(app, 1)
        assert not [line for line in problems(record, False, said) if "hint" in line]


def test_a_text_running_into_a_title_of_its_scene_fails() -> None:
    # French at 1024 px: the note "neutre en main", shrunk to fit beside "CARTE DOMINO 17 SUR 20", ran into it.
    record = Record((1024, 700))
    record.texts.append(TextDraw("CARTE DOMINO 17 SUR 20", pygame.Rect(498, 192, 250, 20), 16, None, "title"))
    record.texts.append(TextDraw("neutre en main", pygame.Rect(731, 196, 64, 12), 10, None, "secondary"))
    assert problems(record, False) == [
        "text 'neutre en main' runs into the title 'CARTE DOMINO 17 SUR 20' at (731, 196, 17, 12)"
    ]
    beside = TextDraw("neutre en main", pygame.Rect(760, 196, 64, 12), 14, None, "secondary")
    record.texts[1] = beside
    assert problems(record, False) == []
    record.texts[1] = TextDraw("a dialog's words", pygame.Rect(700, 196, 64, 12), 14, None, "secondary", layer=1)
    assert problems(record, False) == []  # another scene covers this one on purpose
