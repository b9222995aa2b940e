"""One word for one action: every game's rotate button says the same word, in English and French, and
its tooltip begins with that word (Buizen once said "Turn" where Bits and Blokus said "Rotate", and
"Turn" reads as a player's turn)."""

from __future__ import annotations

from typing import Any

import pytest

from bauhausbox import games, i18n
from bauhausbox.i18n import _
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.ui import icons
from bauhausbox.ui.widgets import Button
from tests.ui.helpers import open_game


def _tool_buttons(app: Any, game_id: str, icon: Any) -> list[Button]:
    players = min(2, games.load(game_id).info.max_players)
    open_game(app, game_id, players, ["human"] + ["ai:easy"] * (players - 1), seed=3)
    scene = next(s for s in reversed(app.stack) if isinstance(s, GameScene))
    made_with = {id(w): w.icon for w in scene.widgets.widgets if isinstance(w, Button)}
    row = getattr(scene, "tool_row", None)  # Blokus's tool row drops the icons where it is narrow
    if row is not None:
        made_with.update({id(b): i for b, i in zip(row.buttons, row.icons, strict=True)})
    return [w for w in scene.widgets.widgets if isinstance(w, Button) and made_with[id(w)] is icon]


# The games with a held piece or tile, and which of them turn it over (a Bits tile has one face).
HOLDING = ("bauhaus", "bits", "buizen", "blokus")
TOOLS = [(icons.rotate, "Rotate", HOLDING), (icons.flip, "Flip", ("bauhaus", "buizen", "blokus"))]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize(("icon", "english", "expected"), TOOLS)
def test_every_game_names_rotate_and_flip_alike(
    fresh_app: Any, language: str, icon: Any, english: str, expected: tuple[str, ...]
) -> None:
    with i18n.speaking(language):
        word = _(english)
        seen: dict[str, list[str]] = {}
        for game_id in HOLDING:
            fresh_app.go_home()
            for button in _tool_buttons(fresh_app, game_id, icon):
                seen.setdefault(game_id, []).append(_(button.label))
                if button.label:  # Bauhaus's round buttons show the icon alone
                    assert _(button.label) == word, (game_id, _(button.label))
                tooltip = _(button.tooltip)
                assert tooltip.split(" ")[0] == word, (game_id, tooltip)
        # Each game with a held piece or tile has the button (a missing one would pass the loop unseen).
        assert set(seen) == set(expected), seen
