"""The curtain's one button keeps room round its words in every language and size."""

from __future__ import annotations

from typing import Any

import pytest

from bauhausbox import i18n
from bauhausbox.scenes.curtain import CurtainScene
from bauhausbox.ui import layout_probe
from tests.ui.helpers import frames, window_size
from tests.ui.scenarios import all_scenarios


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_curtains_button_has_room_round_its_words(fresh_app: Any, language: str) -> None:
    """The review (FR 1024 × 700): "JE SUIS ANNI : MONTRER MON TOUR" filled its button edge to edge.
    Each side of the label keeps at least half the button's height (fails at the label's natural
    width: 16 px beside a 35 px button)."""
    i18n.set_language(language)
    try:
        with window_size(fresh_app, (1024, 640)):
            fresh_app._relayout()
            all_scenarios()["buizen_curtain"](fresh_app)
            frames(fresh_app, 1)
            curtain = fresh_app.top
            assert isinstance(curtain, CurtainScene)
            with layout_probe.recording(fresh_app.screen.get_size()) as record:
                frames(fresh_app, 1)
            (button,) = [c for c in record.controls if c.rect == curtain.ready_button.rect]
            assert button.label is not None
            room = min(button.label.left - button.rect.left, button.rect.right - button.label.right)
            assert room * 2 >= button.rect.height, (room, button.rect)
    finally:
        i18n.set_language("en")
