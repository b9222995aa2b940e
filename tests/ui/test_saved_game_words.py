"""How a saved game is named and counted wherever it is listed: a Blokus Duo or Junior game is named
for its variant, Continue counts turns as the Load list does, a game opened and left before anyone
moved leaves nothing to continue, and a percentage is written the way each language writes it."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from bauhausbox import i18n
from bauhausbox.persistence import saves
from bauhausbox.persistence.models import SavedGame, SavedSeat
from bauhausbox.persistence.saves import SaveSummary
from bauhausbox.persistence.store import write_model
from bauhausbox.scenes.common import game_title
from bauhausbox.scenes.main_menu import resume_words
from tests.ui.helpers import open_game, quit_to_menu


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
    assert said == "Resume Blokus Duo with Anni, Josef (5 turns)"
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
