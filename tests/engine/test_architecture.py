"""The rules stay pure: importing the engine and every rules module never imports pygame."""

import subprocess
import sys

from bauhausbox.games import GAME_IDS


def test_engine_and_rules_do_not_import_pygame() -> None:
    modules = [
        "bauhausbox.engine.api",
        "bauhausbox.engine.history",
        "bauhausbox.engine.bots.runner",
        "bauhausbox.games",
        "bauhausbox.match",
        "bauhausbox.cli",
    ]
    modules += [f"bauhausbox.games.{game_id}.rules" for game_id in GAME_IDS]
    modules += [f"bauhausbox.games.{game_id}.ai" for game_id in GAME_IDS]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print('pygame' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_registry_titles_match_the_rules() -> None:
    from bauhausbox import games

    for game_id in GAME_IDS:
        info = games.load(game_id).info
        assert info.id == game_id
        assert games.REGISTRY[game_id].title == info.title
        assert info.min_players <= info.default_players <= info.max_players
