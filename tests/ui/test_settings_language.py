"""The settings' Language picker shows the language in use: with BAUHAUSBOX_LANG set, that language
(not the saved choice), locked, its tooltip saying the variable overrides the setting."""

from __future__ import annotations

from typing import Any

import pytest

from bauhausbox import i18n
from bauhausbox.scenes.settings import SettingsScene
from tests.ui.helpers import frames


def test_the_language_picker_shows_the_language_in_use(fresh_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app = fresh_app
    monkeypatch.setattr(app.settings, "language", "fr")  # saved: French
    monkeypatch.setenv("BAUHAUSBOX_LANG", "en")  # but the game was started in English
    i18n.set_language("fr")
    assert i18n.language() == "en"
    scene = SettingsScene(app)
    app.push(scene)
    frames(app, 1)
    assert scene.language.value == "en"
    assert not scene.language.enabled
    assert "BAUHAUSBOX_LANG" in scene.language.tooltip
    app.pop(scene)
    monkeypatch.delenv("BAUHAUSBOX_LANG")
    scene = SettingsScene(app)
    assert scene.language.value == "fr"  # without the variable, the saved choice, which is in use
    assert scene.language.enabled
    assert "BAUHAUSBOX_LANG" not in scene.language.tooltip
