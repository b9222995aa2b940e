"""The setup screen: the line that explains a player count (three-player Blokus shares green), the
players' colours following the Blokus board, and a solo game's record giving the score, not a winner."""

from __future__ import annotations

from typing import Any

from bauhausbox.persistence import saves
from bauhausbox.persistence.models import ResultRecord, Statistics
from bauhausbox.scenes.setup import SetupScene
from bauhausbox.ui import layout_probe
from tests.ui.helpers import click, frames


def _texts(app: Any) -> list[str]:
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    return [t.content for t in record.texts]


def _choose_players(app: Any, scene: SetupScene, players: int) -> None:
    for _ in range(4):
        if scene.players == players:
            return
        right = scene.players_choice.rect
        click(app, (right.right - 4, right.centery))  # the right half steps up
    assert scene.players == players


def test_three_player_blokus_explains_the_shared_green(fresh_app: Any) -> None:
    app = fresh_app
    scene = app.push(SetupScene(app, "blokus"))
    frames(app, 1)
    _choose_players(app, scene, 3)
    said = " ".join(_texts(app)).lower()
    assert "green is shared" in said
    _choose_players(app, scene, 4)
    assert "green is shared" not in " ".join(_texts(app)).lower()


def test_duo_and_junior_players_are_named_by_one_colour(fresh_app: Any) -> None:
    app = fresh_app
    scene = app.push(SetupScene(app, "blokus"))
    frames(app, 1)
    _choose_players(app, scene, 2)
    scene.options["variant"] = "classic"
    assert {"Blue & Red", "Yellow & Green"} <= set(_texts(app))
    for variant in ("duo", "junior"):
        scene.options["variant"] = variant  # what the board choice sets
        said = _texts(app)
        assert "Blue" in said and "Yellow" in said, said
        assert not any("&" in text for text in said), said
        scene.options["variant"] = "classic"


def test_a_solo_record_says_the_score(fresh_app: Any) -> None:
    app = fresh_app

    def solo_game(stats: Statistics) -> None:
        stats.started("bits")
        stats.record("bits", ResultRecord(players=["Anni"], kinds=["human"], scores=[34], winners=[0]))

    saves.update_statistics(solo_game)
    app.push(SetupScene(app, "bits"))
    said = [text.replace("\u00a0", " ") for text in _texts(app)]  # "34 points" never breaks
    assert any("34 points" in text for text in said), said
    assert not any("Anni won" in text for text in said)  # other tests may have left games with winners
