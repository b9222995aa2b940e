"""Every text a player sees goes through the catalogs: each scene and game state of the layout test
(tests/ui/scenarios) is drawn in the pseudo-language ``qps``, which wraps every translated text in
⟦…⟧, and any word drawn outside the marks is a text the catalogs never saw. Names players chose,
numbers and notations (a1, L5, P1) are not words to translate.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from bauhausbox import i18n
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.scenes.join import JoinScene
from bauhausbox.scenes.main_menu import MainMenuScene
from bauhausbox.scenes.replay import ReplayScene
from bauhausbox.scenes.statistics import StatisticsScene
from bauhausbox.ui import layout_probe
from tests.ui.helpers import frames, redraw_everything
from tests.ui.scenarios import all_scenarios

SCENARIOS = all_scenarios()
WORD = re.compile(r"[^\W\d_]{3,}")


def outside_marks(text: str) -> str:
    """``text`` without its ⟦…⟧ spans (the outermost ones, with whatever they hold)."""
    kept, depth = [], 0
    for char in text:
        if char == i18n.PSEUDO_OPEN:
            depth += 1
        elif char == i18n.PSEUDO_CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0:
            kept.append(char)
    return "".join(kept)


def names_on_screen(app: Any) -> set[str]:
    names = set(app.settings.player_names)
    for scene in app.stack:
        if isinstance(scene, GameScene):
            names.update(seat.name for seat in scene.match.setup.seats)
        if isinstance(scene, JoinScene):  # the address, code and own name as typed, the names the host chose
            names.update({scene.address, scene.code, scene.name, *(scene.table.names if scene.table else [])})
        if isinstance(scene, ReplayScene):  # the players of the game replayed
            names.update(scene.names)
        if isinstance(scene, MainMenuScene) and scene.latest is not None:  # Continue's line: a save's players
            names.update(scene.latest.players)
        if isinstance(scene, StatisticsScene):  # the names in the results are the players', as typed
            names.update(name for game in scene.stats.games.values() for r in game.results for name in r.players)
    return names


def untranslated(texts: list[str], names: set[str]) -> list[str]:
    found = []
    for text in texts:
        rest = outside_marks(text)
        for name in sorted(names, key=len, reverse=True):
            rest = rest.replace(name, " ").replace(name.upper(), " ")
        if WORD.search(rest):
            found.append(text)
    return found


@pytest.fixture()
def pseudo_app(fresh_app: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    before = i18n.language()
    i18n.set_language(i18n.PSEUDO)
    fresh_app._relayout()
    yield fresh_app
    i18n.set_language(before)
    fresh_app.go_home()


def test_the_marks_find_what_did_not_go_through_the_catalogs() -> None:
    assert untranslated(["⟦Play⟧", "P1", "12", "a–h", "⟦Pass to⟧ Anni"], {"Anni", "P1"}) == []
    assert untranslated(["Resume ⟦Bauhaus⟧"], set()) == ["Resume ⟦Bauhaus⟧"]


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_every_text_is_translated(pseudo_app: Any, name: str) -> None:
    SCENARIOS[name](pseudo_app)
    frames(pseudo_app, 2)
    redraw_everything(pseudo_app)
    with layout_probe.recording(pseudo_app.screen.get_size()) as record:
        frames(pseudo_app, 1)
    found = untranslated([t.content for t in record.texts], names_on_screen(pseudo_app))
    assert not found, f"{name}: texts that did not go through the catalogs:\n" + "\n".join(found[:30])
