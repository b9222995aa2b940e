"""How a saved game is named and counted wherever it is listed: a Blokus Duo or Junior game is named
for its variant, Continue counts turns as the Load list does, a game opened and left before anyone
moved leaves nothing to continue, the pause menu and the status bar count turns too, and a
percentage is written the way each language writes it."""

from __future__ import annotations

import dataclasses
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from bauhausbox import i18n
from bauhausbox.engine.history import Step, turn_number
from bauhausbox.persistence import saves
from bauhausbox.persistence.models import SavedGame, SavedSeat
from bauhausbox.persistence.saves import SaveSummary
from bauhausbox.persistence.store import write_model
from bauhausbox.scenes.common import game_title
from bauhausbox.scenes.main_menu import resume_words
from bauhausbox.ui import layout_probe
from tests.ui.helpers import frames, open_game, quit_to_menu, window_size


def _summary(game_id: str, options: dict[str, Any], moves: int, turns: int | None) -> SaveSummary:
    players = ["Anni", "Josef"]
    return SaveSummary(Path("x.json"), game_id, players, moves, datetime(2026, 1, 1), False, options, None, turns)


def test_a_blokus_variant_is_named_for_itself() -> None:
    assert game_title("blokus", {"variant": "duo"}) == "Blokus Duo"
    assert game_title("blokus", {"variant": "junior"}) == "Blokus Junior"
    assert game_title("blokus", {"variant": "classic"}) == "Blokus"
    assert game_title("blokus", {"teams": True}) == "Blokus"


def test_continue_counts_turns_and_names_the_variant() -> None:
    # Nine decisions in five turns: players count turns (a Bauhaus card and its action are one).
    said = resume_words(_summary("blokus", {"variant": "duo"}, moves=9, turns=5))
    assert said == "Resume Blokus Duo with Anni, Josef (turn 6)", "five turns played: the sixth is on"
    assert resume_words(_summary("bauhaus", {}, moves=9, turns=None)) == "Resume Bauhaus with Anni, Josef"


def test_a_game_left_before_any_move_leaves_no_save(fresh_app: Any) -> None:
    scene = open_game(fresh_app, "blokus", 2, ["human", "human"], seed=5, options={"variant": "duo"})
    path = scene.match.save_path
    assert path.exists()  # written when the game opened, so a crash loses nothing
    quit_to_menu(fresh_app)
    assert not path.exists()
    assert all(summary.path != path for summary in saves.list_saves()[0])


def test_a_leftover_save_without_a_move_is_not_offered(tmp_path: Path) -> None:
    """A save with no move (the app killed at the setup's Start) is no game to continue."""
    empty = SavedGame(game_id="bits", players=2, seed=3, seats=[SavedSeat(name="Anni"), SavedSeat(name="Josef")])
    path = saves.new_save_path("bits")
    write_model(path, empty)
    try:
        assert all(summary.path != path for summary in saves.list_saves()[0])
        latest = saves.latest_unfinished()
        assert latest is None or latest.path != path
    finally:
        path.unlink()


def test_a_percentage_is_written_as_each_language_writes_it() -> None:
    assert i18n.percent(0.8) == "80%"
    i18n.set_language("fr")
    assert i18n.percent(0.8) == "80\u00a0%"


def test_turns_are_counted_as_players_count_them() -> None:
    def steps(*opens: bool | None) -> list[Step]:
        return [Step(index % 2, None, "", False, flag) for index, flag in enumerate(opens)]

    assert turn_number(steps(), True) == 1
    assert turn_number(steps(True), True) == 2
    assert turn_number(steps(True), False) == 1  # a card chosen, its action still to come: the same turn
    assert turn_number(steps(True, False, True), True) == 3
    assert turn_number(steps(True, True), None) == 2  # over: the turns played
    # Known only by their seats (a client across computers): a seat's run of steps is one turn.
    runs = [Step(seat, None, "", False) for seat in (0, 0, 1, 1, 0)]
    assert turn_number(runs, True) == 4


def test_the_pause_menu_says_the_game_and_turn_under_its_title(fresh_app: Any) -> None:
    """French at 1024×700: "PAUSE" and "Buizen Wir-War · tour 1" used to share one line and meet."""
    i18n.set_language("fr")
    with window_size(fresh_app, (1024, 700)):
        scene = open_game(fresh_app, "buizen", 3, ["human", "ai:easy", "ai:easy"], seed=4)
        scene.open_pause()
        with layout_probe.recording(fresh_app.screen.get_size()) as record:
            frames(fresh_app, 1)
        (title,) = [text for text in record.texts if text.content == "PAUSE"]
        (subtitle,) = [text for text in record.texts if text.content.startswith("Buizen Wir-War ·")]
        assert subtitle.content == "Buizen Wir-War · tour 1"
        assert subtitle.rect.top >= title.rect.bottom  # its own line, under the title
        panel = record.panels[-1].rect
        assert panel.contains(subtitle.rect)


@pytest.mark.parametrize("screen", ["setup", "settings", "load", "statistics"])
def test_no_dark_band_runs_under_the_top_edge(fresh_app: Any, screen: str) -> None:
    """The poster screens start with paper at the top edge (a dark band there looked like a fault of
    the window, under its title bar); the red bar at the right may reach the edge."""
    from bauhausbox.scenes.load import LoadScene
    from bauhausbox.scenes.settings import SettingsScene
    from bauhausbox.scenes.setup import SetupScene
    from bauhausbox.scenes.statistics import StatisticsScene
    from bauhausbox.ui import theme

    scenes = {"setup": lambda: SetupScene(fresh_app, "bits"), "settings": lambda: SettingsScene(fresh_app)}
    scenes |= {"load": lambda: LoadScene(fresh_app), "statistics": lambda: StatisticsScene(fresh_app)}
    fresh_app.push(scenes[screen]())
    frames(fresh_app, 2)
    width = fresh_app.screen.get_width()
    for y in range(fresh_app.metrics.u(2)):
        assert tuple(fresh_app.screen.get_at((width // 2, y)))[:3] == theme.PAPER[:3], f"row {y}"


def test_load_continue_and_the_pause_menu_say_the_turn_the_status_bar_says(fresh_app: Any) -> None:
    """A game in progress is at "turn 5" everywhere (it once was "4 turns" in Load), also in the
    middle of a Bauhaus turn (a card chosen, its action to come); a finished one has "N turns"."""
    from bauhausbox.persistence import writer
    from bauhausbox.scenes.load import turns_words

    scene = open_game(fresh_app, "bauhaus", 2, ["human", "human"], seed=3)
    match = scene.match
    seen_inside_a_turn = False
    for _ in range(7):
        match.play(match.game.legal_moves(match.state)[0])
        writer.flush()
        (summary,) = [s for s in saves.list_saves()[0] if s.path == match.save_path]
        status = match.history.turn
        inside = not match.game.opens_turn(match.state, None)
        seen_inside_a_turn |= inside
        assert turns_words(summary) == [f"turn {status}"], (status, inside)
        assert resume_words(summary).endswith(f"(turn {status})")
        scene.open_pause()
        assert fresh_app.top.subtitle().endswith(f"turn {status}")
        fresh_app.pop(fresh_app.top)
    assert seen_inside_a_turn, "the moves met the middle of a turn"
    finished = dataclasses.replace(_summary("blokus", {}, moves=90, turns=60), finished=True)
    assert turns_words(finished) == ["60 turns"]


@pytest.mark.parametrize(("language", "size"), [("en", (1024, 700)), ("fr", (1024, 700)), ("fr", (1920, 1080))])
def test_continue_says_which_game_under_it_without_hovering(fresh_app: Any, language: str, size: Any) -> None:
    """The main menu's Continue names its game under the button ("Bits · P1, P2, P3 · turn 2"),
    inside the row of buttons' width, at 14 px or more, with the pointer elsewhere."""
    from bauhausbox.scenes.main_menu import MainMenuScene

    i18n.set_language(language)
    open_game(fresh_app, "bits", 3, ["human", "human", "ai:easy"], seed=4)
    scene = next(s for s in fresh_app.stack if hasattr(s, "match"))  # under the curtain
    scene.match.play(scene.match.game.legal_moves(scene.match.state)[0])  # a game to continue
    from bauhausbox.persistence import writer

    writer.flush()
    quit_to_menu(fresh_app)
    with window_size(fresh_app, size):
        menu = fresh_app.top
        assert isinstance(menu, MainMenuScene)
        frames(fresh_app, 2)
        with layout_probe.recording(fresh_app.screen.get_size()) as record:
            fresh_app.frame([], 1 / 60)
        row = menu.continue_button.rect.union(menu.quit_button.rect)
        said = [t for t in record.texts if t.content.startswith("Bits · ")]
        assert said, [t.content for t in record.texts]
        (line,) = said
        assert "P1, P2, P3" in line.content and line.content.split(" · ")[-1][-1].isdigit()  # players, the turn
        assert line.rect.top >= row.bottom and line.rect.left >= row.left and line.rect.right <= row.right
        assert line.rect.bottom <= fresh_app.screen.get_height()
        assert line.size >= 14
