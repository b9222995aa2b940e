"""The statistics screen: reached from the main menu, per game and per player name, from the files on
disk (statistics.json and the Bits solo bests), and the tally behind it."""

from __future__ import annotations

import itertools
import json
from datetime import UTC
from pathlib import Path
from typing import Any

import pytest

from bauhausbox.games.bits.records import bests
from bauhausbox.persistence import paths, saves
from bauhausbox.persistence.models import GameStatistics, ResultRecord
from bauhausbox.persistence.tally import PlayerTally, player_tallies
from bauhausbox.scenes.statistics import StatisticsScene, player_words, result_headline
from bauhausbox.ui import layout_probe
from tests.ui.helpers import click, frames, redraw_everything


def _result(players: list[str], scores: list[int], winners: list[int]) -> ResultRecord:
    return ResultRecord(players=players, kinds=["human"] * len(players), scores=scores, winners=winners)


def test_the_tally_counts_games_wins_average_and_best_per_name() -> None:
    stats = GameStatistics(
        started=4,
        finished=3,
        results=[
            _result(["Anni", "Bert"], [30, 20], [0]),
            _result(["Bert", "Anni", "Cleo"], [25, 10, 25], [0, 2]),  # a shared win counts for both
            _result(["Anni", "Bert"], [14, 14], [0, 1]),
        ],
    )
    assert player_tallies(stats) == [  # most played, then most won, then by name
        PlayerTally("Anni", 3, 2, (30 + 10 + 14) / 3, 30),
        PlayerTally("Bert", 3, 2, (20 + 25 + 14) / 3, 25),
        PlayerTally("Cleo", 1, 1, 25.0, 25),
    ]
    assert player_tallies(None) == []


@pytest.fixture
def own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Statistics and solo bests in this test's folder only."""
    monkeypatch.setattr(paths, "data_dir", lambda: tmp_path)
    return tmp_path


def test_the_main_menu_opens_the_statistics_read_from_disk(fresh_app: Any, own_data: Path) -> None:
    saves.update_statistics(lambda stats: stats.record("blokus", _result(["Anni", "Bert"], [-3, -17], [0])))
    saves.update_statistics(lambda stats: stats.record("blokus", _result(["Anni", "Bert"], [-20, 0], [1])))
    bests.record(own_data, bests.make_result(7, [12, 10, 9]))
    app = fresh_app
    frames(app, 2)
    click(app, app.top.statistics_button.rect.center)
    scene = app.top
    assert isinstance(scene, StatisticsScene)
    click(app, scene.tabs["blokus"].rect.center)
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    shown = [text.content for text in record.texts]
    table = [text.content for text in record.texts if scene.table_rect.contains(text.rect)]
    # Anni: 2 played, 1 won, average (-3 - 20) / 2, best -3; Bert: 2, 1, -8.5, 0.
    assert table[table.index("Anni") :][:5] == ["Anni", "2", "1", "-11.5", "-3"]
    assert table[table.index("Bert") :][:5] == ["Bert", "2", "1", "-8.5", "0"]
    assert any("Anni: -20, Bert: 0" in line for line in shown)  # the newest result first
    assert not any("31 points" in line for line in shown)  # the solo bests are Bits'
    click(app, scene.tabs["bits"].rect.center)
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    assert any(text.content.startswith("1. 31 points") for text in record.texts)


def test_a_solo_game_is_counted_apart_and_never_won() -> None:
    # Bits alone has no opponent: its one seat is the record's winner, but it beat nobody, and its
    # score is another measure (the solo bests): Anni once read 2 played, 0 won, average 22.5.
    stats = GameStatistics(
        started=3,
        finished=3,
        results=[_result(["Anni"], [31], [0]), _result(["Anni", "Bert"], [9, 14], [1]), _result(["Anni"], [20], [0])],
    )
    assert player_tallies(stats) == [PlayerTally("Bert", 1, 1, 14.0, 14), PlayerTally("Anni", 1, 0, 9.0, 9)]
    assert player_tallies(stats, solo=True) == [PlayerTally("Anni", 2, 0, 25.5, 31)]


def test_the_statistics_screen_shows_the_solo_games_in_a_section_of_their_own(fresh_app: Any, own_data: Path) -> None:
    # A statistics.json written before the solo games were counted apart: the same results, read as they are.
    saved = {
        "schema_version": 1,
        "games": {
            "bits": {
                "started": 2,
                "finished": 2,
                "results": [
                    {"players": ["Anni"], "kinds": ["human"], "scores": [31], "winners": [0]},
                    {"players": ["Anni", "Bert"], "kinds": ["human", "human"], "scores": [14, 14], "winners": [0]},
                ],
            }
        },
    }
    (own_data / "statistics.json").write_text(json.dumps(saved))
    scene = fresh_app.push(StatisticsScene(fresh_app, "bits"))
    redraw_everything(fresh_app)
    with layout_probe.recording(fresh_app.screen.get_size()) as record:
        frames(fresh_app, 1)
    table = [text.content for text in record.texts if scene.table_rect.contains(text.rect)]
    solo = table.index("Solo games")
    assert table[table.index("Anni") :][:5] == ["Anni", "1", "1", "14.0", "14"], table  # against Bert only
    assert table[solo + 1 :][:4] == ["Played", "Average", "Best", "Anni"], table  # no "Won" for a solo game
    assert table[solo + 4 :][:4] == ["Anni", "1", "31.0", "31"], table
    recent = [text.content for text in record.texts if scene.recent_rect.contains(text.rect)]
    assert any(line.endswith(": Anni won on the tie-break") for line in recent), recent


def test_the_figures_are_written_in_french_in_french(fresh_app: Any, own_data: Path) -> None:
    from bauhausbox import i18n

    saves.update_statistics(lambda stats: stats.record("blokus", _result(["Anni", "Bert"], [-3, -17], [0])))
    saves.update_statistics(lambda stats: stats.record("blokus", _result(["Anni", "Bert"], [-20, 0], [1])))
    i18n.set_language("fr")
    app = fresh_app
    frames(app, 2)
    click(app, app.top.statistics_button.rect.center)
    scene = app.top
    click(app, scene.tabs["blokus"].rect.center)
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    table = [text.content for text in record.texts if scene.table_rect.contains(text.rect)]
    assert table[table.index("Anni") :][:5] == ["Anni", "2", "1", "-11,5", "-3"]  # a decimal comma
    shown = [text.content for text in record.texts]
    assert any("Anni : -20, Bert : 0" in line for line in shown)  # French's space before the colon


def test_a_computer_is_never_merged_with_the_human_of_the_same_name() -> None:
    def played(kinds: list[str], scores: list[int], winners: list[int]) -> ResultRecord:
        return ResultRecord(players=["Anni", "Josef"], kinds=kinds, scores=scores, winners=winners)

    stats = GameStatistics(
        results=[
            played(["human", "human"], [10, 20], [1]),  # Josef the person wins
            played(["human", "ai:hard"], [30, 5], [0]),  # a hard computer named Josef loses
            played(["human", "ai:hard"], [8, 12], [1]),
        ]
    )
    by_player = {(t.name, t.kind): t for t in player_tallies(stats)}
    assert by_player[("Josef", "human")] == PlayerTally("Josef", 1, 1, 20.0, 20, "human")
    assert by_player[("Josef", "ai:hard")] == PlayerTally("Josef", 2, 1, 8.5, 12, "ai:hard")
    assert player_words(by_player[("Josef", "ai:hard")]) == "Josef (computer · hard)"
    assert player_words(by_player[("Josef", "human")]) == "Josef"


def test_recent_results_name_the_variant_and_the_winner() -> None:
    from datetime import datetime

    from bauhausbox import i18n

    date = datetime(2026, 11, 28, 10, 0, tzinfo=UTC)
    duo = ResultRecord(
        date=date,
        players=["Anni", "Josef"],
        kinds=["human"] * 2,
        scores=[-3, -17],
        winners=[0],
        options={"variant": "duo"},
    )
    assert result_headline("blokus", duo) == "28 Nov · Blokus Duo: Anni won"
    tie = ResultRecord(
        date=date, players=["Anni", "Josef", "Ida"], kinds=["human"] * 3, scores=[8, 8, 2], winners=[0, 1]
    )
    assert result_headline("bauhaus", tie) == "28 Nov: Anni and Josef shared the win"
    solo = ResultRecord(date=date, players=["Anni"], kinds=["human"], scores=[31], winners=[0])
    assert result_headline("bits", solo) == "28 Nov"
    # A computer that won is named with its level, as in the players table (the person Josef is not it).
    # A tie-break only when a loser had the winner's very points (not any loser with the most points,
    # as an odd record on disk may have it).
    beaten = ResultRecord(date=date, players=["Anni", "Josef"], kinds=["human"] * 2, scores=[14, 12], winners=[1])
    assert result_headline("bits", beaten) == "28 Nov: Josef won"
    even = beaten.model_copy(update={"scores": [12, 12]})
    assert result_headline("bits", even) == "28 Nov: Josef won on the tie-break"
    expert = duo.model_copy(update={"kinds": ["human", "ai:expert"], "winners": [1], "scores": [-17, -3]})
    assert result_headline("blokus", expert) == "28 Nov · Blokus Duo: Josef (computer · expert) won"
    i18n.set_language("fr")
    assert result_headline("blokus", duo) == "28 nov. · Blokus Duo : victoire d’Anni"
    assert result_headline("blokus", expert) == "28 nov. · Blokus Duo : victoire de Josef (ordinateur · expert)"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_setup_record_says_a_result_as_statistics_does(fresh_app: Any, language: str) -> None:
    """A shared win was "victoire de Marianne, Walter (13)" on setup and "victoire partagée entre
    Marianne et Walter" on Statistics: the setup's record now reads the same headline, with the points
    (and a solo game its points, no winner)."""
    from datetime import datetime

    from bauhausbox import i18n
    from bauhausbox.scenes.setup import SetupScene

    i18n.set_language(language)
    date = datetime(2026, 11, 28, 10, 0, tzinfo=UTC)
    tie = ResultRecord(
        date=date, players=["Marianne", "Walter", "Ida"], kinds=["human"] * 3, scores=[13, 13, 2], winners=[0, 1]
    )
    setup = SetupScene(fresh_app, "bauhaus")
    fresh_app.push(setup)
    setup.record = GameStatistics(started=1, finished=1, results=[tie])
    with layout_probe.recording(fresh_app.screen.get_size()) as record:
        frames(fresh_app, 1)
    said = " ".join(t.content for t in record.texts if setup.record_box.contains(t.rect))
    assert f"{result_headline('bauhaus', tie)} (13\u00a0points)" in said, said
    fresh_app.pop()


def test_the_screen_opens_on_the_game_played_last(fresh_app: Any, own_data: Path) -> None:
    from datetime import datetime

    older = ResultRecord(
        date=datetime(2026, 1, 1, tzinfo=UTC),
        players=["Anni", "Josef"],
        kinds=["human"] * 2,
        scores=[3, 2],
        winners=[0],
    )
    newer = older.model_copy(update={"date": datetime(2026, 3, 1, tzinfo=UTC)})
    saves.update_statistics(lambda stats: stats.record("buizen", newer))
    saves.update_statistics(lambda stats: stats.record("bauhaus", older))
    assert StatisticsScene(fresh_app).game_id == "buizen"  # not the first tab, Bauhaus
    assert StatisticsScene(fresh_app, "blokus").game_id == "blokus"  # the game the player comes from


def test_a_computer_s_name_and_level_are_shown_whole_in_a_narrow_window(fresh_app: Any) -> None:
    """French at 1024×640: "Marianne (ordinateur · moyen)" was cut to "Marianne (ordinateur · m…"."""
    from bauhausbox import i18n
    from bauhausbox.persistence.models import Statistics
    from tests.ui.helpers import redraw_everything, window_size

    stats = Statistics()
    for _round in range(3):
        stats.started("bauhaus")
        stats.record(
            "bauhaus",
            ResultRecord(
                players=["Anni", "Marianne", "Bartholomäus"],
                kinds=["human", "ai:medium", "ai:expert"],
                scores=[10, 12, 8],
                winners=[1],
            ),
        )
    i18n.set_language("fr")
    with window_size(fresh_app, (1024, 640)):
        scene = fresh_app.push(StatisticsScene(fresh_app, "bauhaus"))
        scene.stats = stats
        redraw_everything(fresh_app)
        with layout_probe.recording(fresh_app.screen.get_size()) as record:
            frames(fresh_app, 1)
        said = [text.content for text in record.texts if scene.table_rect.contains(text.rect)]
        assert not [words for words in said if "…" in words], said
        for name, level in (("Marianne", "moyen"), ("Bartholomäus", "expert")):
            whole = f"{name} (ordinateur · {level})"
            assert whole in said or (name in said and f"(ordinateur · {level})" in said), said


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_game_tab_leaves_its_label_its_margins(fresh_app: Any, size: tuple[int, int]) -> None:
    """French at 1024: "CASSE-TÊTE BLOKUS" filled its tab edge to edge (the tabs were all one width):
    each tab is at least as wide as its label and its margins need, and the row stays on the page."""
    from bauhausbox import i18n
    from tests.ui.helpers import window_size

    i18n.set_language("fr")
    with window_size(fresh_app, size):
        scene = fresh_app.push(StatisticsScene(fresh_app, "blokus"))
        frames(fresh_app, 1)
        tabs = list(scene.tabs.values())
        for tab in tabs:
            assert tab.rect.width >= tab.natural_width(scene.metrics), (tab.label, tab.rect)
        assert tabs[-1].rect.right <= size[0], tabs[-1].rect
        assert all(a.rect.right < b.rect.left for a, b in itertools.pairwise(tabs))


def test_a_computers_win_on_the_setup_record_has_one_bracket_and_a_real_minus() -> None:
    """The review (FR): "victoire de Josef (ordinateur · expert) (-19 points)": two brackets in a row
    and a hyphen for a minus. The points follow the computer's bracket after a comma, with a real
    minus sign; a person's win keeps its bracket."""
    from datetime import datetime

    from bauhausbox import i18n
    from bauhausbox.scenes.results import result_with_points

    date = datetime(2026, 11, 28, 10, 0, tzinfo=UTC)
    expert = ResultRecord(
        date=date, players=["Anni", "Josef"], kinds=["human", "ai:expert"], scores=[-31, -19], winners=[1]
    )
    person = expert.model_copy(update={"kinds": ["human", "human"]})
    try:
        for language in ("en", "fr"):
            i18n.set_language(language)
            said = result_with_points("blokus", expert)
            assert ") (" not in said and said.count("(") == 1, said
            assert "\u221219" in said and "-" not in said.replace("-tête", ""), said
        i18n.set_language("fr")
        assert result_with_points("blokus", expert).endswith(
            "victoire de Josef (ordinateur · expert), \u221219\u00a0points"
        )
        assert result_with_points("blokus", person).endswith("victoire de Josef (\u221219\u00a0points)")
    finally:
        i18n.set_language("en")
