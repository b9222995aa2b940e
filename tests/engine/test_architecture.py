"""The shape of the code: the rules stay pure, every import points one way, and no modules import
each other in a circle.

The layers, from the bottom (docs/architecture.md explains each):

    engine < rules < persistence < match, records < net < ui < scenes < screens < app < tools

A module may import its own layer and the layers below it, never one above. Imports are read from the
source (``ast``): top-level ones, those inside functions, and those under ``TYPE_CHECKING`` alike, so
no import can hide from the check.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

from bauhausbox import games
from bauhausbox.games import GAME_IDS

PACKAGE_ROOT = Path(__file__).resolve().parents[2] / "bauhausbox"

LAYERS = ("engine", "rules", "persistence", "match", "net", "ui", "scenes", "screens", "app", "tools")

# Inside a game package, the folder a module sits in decides its layer; every other module there is rules.
GAME_FOLDER_LAYERS = {
    "screen": "screens",  # what imports pygame, the UI or the shared scenes
    "records": "match",  # a game's own files on disk, through persistence
    "tools": "tools",  # the benchmarks and a game's own command
}

TOP_MODULES = {
    "bauhausbox": "engine",  # the package's face: the version number only
    "bauhausbox.i18n": "engine",  # the players' language: gettext only, usable from every layer
    "bauhausbox.translations": "tools",  # keeping the catalogs (Babel), for maintainers and tests
    "bauhausbox.match": "match",
    "bauhausbox.table": "match",
    "bauhausbox.app_main": "app",
    "bauhausbox.smoke": "app",
    "bauhausbox.bench": "tools",
    "bauhausbox.cli": "tools",
    "bauhausbox.cli_args": "tools",
    "bauhausbox.selfplay": "tools",
    "bauhausbox.__main__": "tools",
}
PACKAGE_LAYERS = {
    "bauhausbox.engine": "engine",
    "bauhausbox.persistence": "persistence",
    "bauhausbox.net": "net",
    "bauhausbox.ui": "ui",
    "bauhausbox.scenes": "scenes",
}
# pygame belongs to the UI framework: nothing below it may import pygame.
EXTERNAL_LAYERS = {"pygame": "ui"}


def layer_of(module: str) -> str:
    """The layer of a module of the ``bauhausbox`` package (or of ``pygame``)."""
    top = module.split(".")[0]
    if top in EXTERNAL_LAYERS:
        return EXTERNAL_LAYERS[top]
    if module in TOP_MODULES:
        return TOP_MODULES[module]
    for package, layer in PACKAGE_LAYERS.items():
        if module == package or module.startswith(package + "."):
            return layer
    parts = module.split(".")
    if parts[:2] == ["bauhausbox", "games"]:
        # bauhausbox.games.<game>[.puzzles].<folder>.<module>: the innermost of those folders decides.
        for folder in reversed(parts[3:]):
            if folder in GAME_FOLDER_LAYERS:
                return GAME_FOLDER_LAYERS[folder]
        return "rules"  # the registry, a game's package face, its rules and every pure module beside them
    raise AssertionError(f"{module} has no layer: add it to tests/engine/test_architecture.py and docs/architecture.md")


def find_modules(root: Path) -> dict[str, Path]:
    """Every module of the package at ``root``, by dotted name (a package by its ``__init__``)."""
    modules: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def imports_of(name: str, path: Path, modules: Iterable[str], external: Iterable[str] = ()) -> set[str]:
    """The modules of ``modules`` (and the ``external`` top-level packages) that ``name`` imports, anywhere
    in its source. ``from package import name`` counts as importing the submodule when one exists."""
    known = set(modules)
    outside = set(external)
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".")
                anchor = anchor[: len(anchor) - node.level + (1 if is_package else 0)]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        for target in targets:
            if target.split(".")[0] in outside:
                found.add(target.split(".")[0])
                continue
            while target and target not in known:  # `import a.b.c` of a name inside a module
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph(root: Path, external: Iterable[str] = ()) -> dict[str, set[str]]:
    modules = find_modules(root)
    return {name: imports_of(name, path, modules, external) for name, path in modules.items()}


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The groups of modules that import each other in a circle (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in graph:
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component: list[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def upward_imports(graph: Mapping[str, Iterable[str]]) -> list[str]:
    """Every import from a layer to a layer above it, as "module (layer) -> module (layer)"."""
    wrong = []
    for module, targets in sorted(graph.items()):
        mine = LAYERS.index(layer_of(module))
        for target in sorted(targets):
            theirs = LAYERS.index(layer_of(target))
            if theirs > mine:
                wrong.append(f"{module} ({LAYERS[mine]}) -> {target} ({LAYERS[theirs]})")
    return wrong


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    return import_graph(PACKAGE_ROOT, external=EXTERNAL_LAYERS)


def test_no_modules_import_each_other_in_a_circle(graph: dict[str, set[str]]) -> None:
    assert cycles(graph) == []


def test_every_import_points_down_the_layers(graph: dict[str, set[str]]) -> None:
    assert upward_imports(graph) == []


def test_the_ui_framework_knows_no_screen_and_no_game(graph: dict[str, set[str]]) -> None:
    for module, targets in graph.items():
        if layer_of(module) == "ui" and module != "pygame":
            assert not {t for t in targets if t.startswith(("bauhausbox.scenes", "bauhausbox.games"))}, module


def names_the_tests(path: Path) -> list[str]:
    """Where a module reaches into ``tests``: an import of it, or a module name ``tests.…`` given to
    ``importlib`` (a string starting so)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.split(".")[0] == "tests"]
        elif isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").split(".")[0] == "tests":
            found.append(node.module or "")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("tests."):
            found.append(node.value)
    return found


def test_the_package_never_reaches_into_the_tests() -> None:
    # The wheel ships no tests: a yardstick bot or a test helper is passed in by the tests, never loaded.
    reaching = {
        name: names_the_tests(path) for name, path in find_modules(PACKAGE_ROOT).items() if names_the_tests(path)
    }
    assert reaching == {}


def test_the_tests_check_sees_an_import_and_an_importlib_name(tmp_path: Path) -> None:
    module = tmp_path / "bench.py"
    module.write_text(
        "import importlib\nfrom tests.yardstick.a import B\nm = importlib.import_module(f'tests.yardstick.{1}')\n"
    )
    assert names_the_tests(module) == ["tests.yardstick.a", "tests.yardstick."]


def test_every_module_has_a_layer(graph: dict[str, set[str]]) -> None:
    assert {layer_of(module) for module in graph} <= set(LAYERS)


def test_the_checks_see_a_planted_circle_and_an_upward_import(tmp_path: Path) -> None:
    # A small package whose engine imports the UI inside a function (a circle and a wrong direction),
    # and whose UI imports the engine under TYPE_CHECKING.
    root = tmp_path / "bauhausbox"
    (root / "engine").mkdir(parents=True)
    (root / "ui").mkdir()
    (root / "__init__.py").write_text("")
    (root / "engine" / "__init__.py").write_text("")
    (root / "ui" / "__init__.py").write_text("")
    (root / "engine" / "api.py").write_text("def f():\n    from bauhausbox.ui import app\n    return app\n")
    (root / "ui" / "app.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..engine.api import f\nimport pygame\n"
    )
    planted = import_graph(root, external=EXTERNAL_LAYERS)
    assert planted["bauhausbox.engine.api"] == {"bauhausbox.ui.app"}
    assert planted["bauhausbox.ui.app"] == {"bauhausbox.engine.api", "pygame"}
    assert cycles(planted) == [["bauhausbox.engine.api", "bauhausbox.ui.app"]]
    assert upward_imports(planted) == ["bauhausbox.engine.api (engine) -> bauhausbox.ui.app (ui)"]


def test_engine_and_rules_do_not_import_pygame() -> None:
    modules = [
        "bauhausbox.engine.api",
        "bauhausbox.engine.history",
        "bauhausbox.engine.bots.runner",
        "bauhausbox.games",
        "bauhausbox.match",
        "bauhausbox.net.server",
        "bauhausbox.net.client",
        "bauhausbox.cli",
    ]
    entries = [games.REGISTRY[game_id] for game_id in GAME_IDS]
    modules += [f"{entry.package}.{name}" for entry in entries for name in (entry.rules, entry.ai)]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print('pygame' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


# The game modules the main menu must not load before its first frame (start-up time).
_RULES_LIKE = ("rules", "ai", "describe")


def test_the_main_menu_draws_its_first_frame_without_any_rules_module(tmp_path: Path) -> None:
    code = (
        "import os, sys\n"
        f"os.environ.update(SDL_VIDEODRIVER='dummy', SDL_AUDIODRIVER='dummy', BAUHAUSBOX_HOME={str(tmp_path)!r})\n"
        "from bauhausbox.scenes.main_menu import MainMenuScene\n"
        "from bauhausbox.persistence.models import Settings\n"
        "from bauhausbox.ui.app import App\n"
        "app = App(home=MainMenuScene, settings=Settings(), windowed=True, size=(1280, 800))\n"
        "app.go_home()\n"
        "app.frame([], 1 / 60)\n"
        "print(sorted(name for name in sys.modules if name.startswith('bauhausbox.games.')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    loaded = eval(result.stdout.strip().splitlines()[-1])  # a printed list of names
    assert any(name.endswith(".emblem") for name in loaded), loaded  # the emblems came from the registry
    assert [name for name in loaded if name.rpartition(".")[2] in _RULES_LIKE] == []


def test_the_registry_names_every_part_of_a_game() -> None:
    from bauhausbox.scenes.common import Emblem

    for game_id in GAME_IDS:
        assert isinstance(games.emblem(game_id), Emblem), game_id
        bench = games.bench_module(game_id)
        assert bench and callable(importlib.import_module(bench).run), game_id
    assert len({games.bench_module(game_id) for game_id in GAME_IDS}) == len(GAME_IDS)


def test_the_rules_speak_in_words_without_the_registry_loading_them() -> None:
    # The rules class names its sentences: a rules object imported directly (a bot, a tool) speaks in
    # words, and loading it through the registry changes nothing about it.
    code = (
        "from bauhausbox.games.bits.rules import GAME\n"
        "before = dict(vars(GAME))\n"
        "state = GAME.new_game(2, 7)\n"
        "move = GAME.legal_moves(state)[0]\n"
        "print(GAME.describe_move(state, move, names=['Anni', 'Jo']))\n"
        "print(GAME.format_move(state, move))\n"
        "from bauhausbox import games\n"
        "print(games.load('bits') is GAME and dict(vars(GAME)) == before)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    sentence, notation, unchanged = result.stdout.strip().splitlines()
    assert sentence.startswith("Anni placed the ") and notation not in sentence, sentence
    assert unchanged == "True"


def test_registry_titles_match_the_rules() -> None:
    from bauhausbox import games

    for game_id in GAME_IDS:
        info = games.load(game_id).info
        assert info.id == game_id
        assert games.REGISTRY[game_id].title == info.title
        # One tagline per game: the main menu and the setup screen say the same words.
        assert games.REGISTRY[game_id].blurb == info.tagline, game_id
        assert info.min_players <= info.default_players <= info.max_players


MAX_MODULE_LINES = 900  # a longer module does more than one job: split it (docs/contributing.md)


def test_no_module_is_longer_than_the_limit() -> None:
    lengths = {
        str(path.relative_to(PACKAGE_ROOT.parent)): len(path.read_text(encoding="utf-8").splitlines())
        for path in PACKAGE_ROOT.rglob("*.py")
    }
    assert len(lengths) > 50, "the walk found too few modules"
    too_long = {name: count for name, count in lengths.items() if count > MAX_MODULE_LINES}
    assert not too_long, f"modules over {MAX_MODULE_LINES} lines: {too_long}"
