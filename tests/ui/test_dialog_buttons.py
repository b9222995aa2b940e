"""A dialog's buttons: side by side when the window has the room (the dialog widens for them), else
one a row, all as wide, centred in the dialog — never a ragged stack flush right."""

from __future__ import annotations

from typing import Any

import pygame

from bauhausbox import i18n
from bauhausbox.i18n import N_
from bauhausbox.scenes.dialog import DialogScene
from tests.ui.helpers import frames, window_size

ANSWERS = [(N_("Everyone agrees"), None, "primary"), (N_("Keep playing"), None, "plain")]


def _dialog(app: Any, keep_clear: pygame.Rect | None = None) -> DialogScene:
    dialog = DialogScene(app, N_("Undo?"), N_("Nothing to undo."), ANSWERS, keep_clear=lambda: keep_clear)
    app.push(dialog)
    frames(app, 1)
    return dialog


def test_the_undo_agreement_s_buttons_stand_side_by_side_in_french_at_1024(fresh_app: Any) -> None:
    i18n.set_language("fr")
    with window_size(fresh_app, (1024, 640)):
        dialog = _dialog(fresh_app)
        first, second = (button.rect for button in dialog.buttons)
        assert first.centery == second.centery and first.right < second.left, (first, second)
        assert dialog.panel.contains(first.union(second))


def test_buttons_that_cannot_stand_side_by_side_are_centred_and_as_wide(fresh_app: Any) -> None:
    i18n.set_language("fr")
    with window_size(fresh_app, (1024, 640)):
        # The board kept clear leaves a narrow strip beside it: the dialog stands there.
        dialog = _dialog(fresh_app, pygame.Rect(0, 0, 560, 640))
        first, second = (button.rect for button in dialog.buttons)
        assert first.bottom < second.top, "one a row"
        assert first.width == second.width, (first, second)
        for rect in (first, second):
            assert abs(rect.centerx - dialog.panel.centerx) <= 1, (rect, dialog.panel)
            assert dialog.panel.contains(rect)
