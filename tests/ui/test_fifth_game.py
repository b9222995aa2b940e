"""A fifth game added by following docs/architecture.md, "Adding a game", and nothing else.

The test writes a small game package the way the page says (rules with ``GAME`` and its describer,
``ai.py``, ``describe.py``, ``screen/scene.py``, ``screen/emblem.py``, ``tools/bench.py``), adds the one
``GameEntry`` the page names, and checks that the whole app takes it: the rules load and speak in
words, its computer players play it to the end, the main menu shows its card with its emblem, a game
starts from the shared flow and a human plays a move on its screen (saved like any game), and its
benchmark is found through the registry. No other list in the app is touched.
"""

from __future__ import annotations

import importlib
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from bauhausbox import games
from bauhausbox.engine.history import SeatSpec
from bauhausbox.persistence import paths, saves
from bauhausbox.scenes import main_menu
from bauhausbox.scenes.flow import start_match
from bauhausbox.ui import layout_probe
from tests.ui.helpers import frames, key

PACKAGE = {
    "__init__.py": '"""Fifth: a small test game (draw and keep)."""\n',
    "rules.py": """
        \"\"\"Fifth's rules: the toy game of the engine tests under its own id and describer.\"\"\"

        from bauhausbox.engine.api import GameInfo
        from tests.engine.toy import Toy


        class Fifth(Toy):
            info = GameInfo("fifth", "Fifth", "Draw and keep", 2, 2, 2, hidden_information=True)
            describer = "fifthgame.describe:move_sentence"


        GAME = Fifth()
    """,
    "ai.py": """
        \"\"\"Fifth's computer players.\"\"\"

        from bauhausbox.engine.bots.base import Bot, RandomBot


        def make_bot(level: str, seed: int) -> Bot:
            return RandomBot(seed)
    """,
    "describe.py": """
        \"\"\"Fifth's moves in words.\"\"\"


        def move_sentence(rules, state, move, *, seat, who, viewer=None, names=None):
            return f"{who} chose to {move}"
    """,
    "screen/__init__.py": "",
    "screen/emblem.py": """
        \"\"\"Fifth's emblem on the main menu.\"\"\"

        import pygame

        from bauhausbox.scenes.common import Emblem
        from bauhausbox.ui import theme


        def _paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
            pygame.draw.circle(surface, theme.RED, rect.center, rect.width // 3)


        EMBLEM = Emblem(_paint, theme.RED)
    """,
    "screen/scene.py": """
        \"\"\"Fifth's screen: D draws a card, P passes.\"\"\"

        import pygame

        from bauhausbox.scenes.game_scene import GameScene
        from bauhausbox.ui import draw, theme


        class FifthScene(GameScene):
            def draw_game(self, surface: pygame.Surface) -> None:
                hand = self.view.hands[self.viewer or 0]
                draw.text(surface, f"hand {hand}", self.game_rect.center, 20, theme.INK)

            def handle_game_event(self, event: pygame.event.Event) -> bool:
                if event.type == pygame.KEYDOWN and event.key in (pygame.K_d, pygame.K_p):
                    return self.submit("draw" if event.key == pygame.K_d else "pass")
                return False
    """,
    "tools/__init__.py": "",
    "tools/bench.py": """
        \"\"\"Fifth's benchmark.\"\"\"


        def run(quick: bool) -> list[tuple[str, float, str, str]]:
            return [("fifth", 1.0, "games", "")]
    """,
}


@pytest.fixture()
def fifth(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    root = tmp_path / "fifthgame"
    for name, text in PACKAGE.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    entry = games.GameEntry("fifth", "fifthgame", "screen.scene:FifthScene", "Fifth", "Draw and keep", "2 players")
    # Step 5 of the page: the one entry. GAME_IDS is the registry's keys, as the app reads them.
    monkeypatch.setitem(games.REGISTRY, "fifth", entry)
    monkeypatch.setattr(games, "GAME_IDS", (*games.GAME_IDS, "fifth"))
    monkeypatch.setattr(main_menu, "GAME_IDS", games.GAME_IDS)
    yield "fifth"
    for name in [n for n in sys.modules if n.startswith("fifthgame")]:
        del sys.modules[name]
    # Its saves go with it: once the entry is gone, a later Continue would find a game it cannot open.
    for path in paths.saves_dir().glob("fifth-*"):
        path.unlink()


def test_a_fifth_game_joins_the_whole_app_from_its_one_entry(fresh_app: Any, fifth: str) -> None:
    game = games.load(fifth)
    assert game.info.title == games.REGISTRY[fifth].title
    state = game.new_game(2, 3)
    assert games.describe_move(fifth, state, "draw", names=["Anni", "Josef"]) == "Anni chose to draw"

    bots = [games.make_bot(fifth, "easy", seat) for seat in (0, 1)]
    from bauhausbox.engine.bots.base import Budget

    while not game.is_over(state):
        seat = state.to_play
        state = game.apply(state, bots[seat].choose(game, game.view(state, seat), seat, Budget(1.0)))
    assert game.scores(state)

    app = fresh_app
    app.go_home()
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    assert any(text.content.upper() == "FIFTH" for text in record.texts), "no card for the fifth game"

    seats = [SeatSpec.from_text("human", "Anni"), SeatSpec.from_text("ai:easy", "Josef")]
    start_match(app, fifth, 2, seats, {}, 3)
    frames(app, 2)
    scene = app.top
    assert type(scene).__name__ == "FifthScene"
    key(app, pygame.K_d, unicode="d")
    assert scene.match.history.move_texts()[:1] == ["draw"]
    assert any(summary.game_id == fifth for summary in saves.list_saves()[0])

    # scripts/bench finds its section through the registry.
    rows = importlib.import_module(games.bench_module(fifth)).run(True)
    assert rows and rows[0][0] == "fifth"
