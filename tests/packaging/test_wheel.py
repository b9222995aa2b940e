"""The wheel ships everything the app loads at run time: fonts with their licence, sounds, images, game data,
and the compiled Blokus core where a C compiler exists (without one the wheel still builds, pure Python).

Builds the wheel from a copy of the project (so no build/ or *.egg-info lands in the shared checkout)
and inspects the archive. `pip install .` users get exactly this file, so a missing asset here is a
missing asset for them.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import shutil
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ASSETS = REPO / "assets"
GAMES = REPO / "bauhausbox" / "games"
# The wheel must build within this budget on the 2-core CI machine.
BUILD_SECONDS = 60
# The four League Spartan weights the UI asks for (bauhausbox/ui/assets.py FONT_FILES).
FONTS = ("LeagueSpartan-Regular.otf", "LeagueSpartan-SemiBold.otf", "LeagueSpartan-Bold.otf", "LeagueSpartan-Black.otf")
SOUNDS = ("click", "place", "slide", "invalid", "gameover", "flip", "draw", "turn")
# Files and folders setuptools reads to build; everything else in the checkout is irrelevant to the wheel.
BUILD_INPUTS = ("pyproject.toml", "setup.py", "setup.cfg", "MANIFEST.in", "README.md", "LICENSE", "LICENSE.txt")
SOURCE_TREES = ("bauhausbox", "assets")


def _environment_can_build_without_isolation() -> bool:
    """True when this interpreter already has the build backend pyproject asks for (setuptools >= 68 with
    bdist_wheel, which is built in from 70.1 and otherwise comes from `wheel`). Then the build needs no
    network; otherwise pip provisions the backend itself, exactly as `pip install .` does."""
    try:
        major, minor = (int(part) for part in importlib.metadata.version("setuptools").split(".")[:2])
    except (importlib.metadata.PackageNotFoundError, ValueError):
        return False
    if (major, minor) < (68, 0):
        return False
    return (major, minor) >= (70, 1) or importlib.util.find_spec("wheel") is not None


def _copy_project(destination: Path) -> Path:
    # The compiled core built in place in the checkout stays behind: the wheel must build its own.
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist", "*.so", "*.pyd")
    for name in BUILD_INPUTS:
        if (REPO / name).is_file():
            shutil.copy2(REPO / name, destination / name)
    for name in SOURCE_TREES:
        shutil.copytree(REPO / name, destination / name, ignore=ignore)
    return destination


def _build_wheel(project: Path, out: Path, env: dict[str, str]) -> zipfile.ZipFile:
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(project)]
    if _environment_can_build_without_isolation():
        command.insert(4, "--no-build-isolation")
    env = {**env, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    started = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True, timeout=BUILD_SECONDS, env=env, check=False)
    assert result.returncode == 0, f"pip wheel failed:\n{result.stdout}\n{result.stderr}"
    assert time.monotonic() - started <= BUILD_SECONDS
    wheels = list(out.glob("bauhausbox-*.whl"))
    assert len(wheels) == 1, wheels
    return zipfile.ZipFile(wheels[0])


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[zipfile.ZipFile]:
    project = _copy_project(tmp_path_factory.mktemp("project"))
    archive = _build_wheel(project, tmp_path_factory.mktemp("wheel"), dict(os.environ))
    yield archive
    archive.close()


def _names(archive: zipfile.ZipFile) -> set[str]:
    return set(archive.namelist())


def test_wheel_ships_every_font_and_the_font_licence(wheel: zipfile.ZipFile) -> None:
    names = _names(wheel)
    for font in FONTS:
        assert f"bauhausbox/assets/fonts/{font}" in names
    assert "bauhausbox/assets/fonts/OFL.txt" in names
    assert "SIL OPEN FONT LICENSE" in wheel.read("bauhausbox/assets/fonts/OFL.txt").decode("utf-8").upper()


def test_wheel_ships_every_sound_and_its_licence(wheel: zipfile.ZipFile) -> None:
    names = _names(wheel)
    for sound in SOUNDS:
        assert f"bauhausbox/assets/sounds/{sound}.wav" in names
    assert "bauhausbox/assets/sounds/LICENSE.txt" in names


def test_wheel_assets_are_the_checkout_assets_byte_for_byte(wheel: zipfile.ZipFile) -> None:
    # Every file under assets/ (images included, whatever gets added later) must arrive unchanged.
    shipped = [p for p in ASSETS.rglob("*") if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"]
    assert shipped, "assets/ is empty"
    names = _names(wheel)
    missing = [
        p.relative_to(ASSETS).as_posix()
        for p in shipped
        if f"bauhausbox/assets/{p.relative_to(ASSETS).as_posix()}" not in names
    ]
    assert not missing, f"assets missing from the wheel: {missing}"
    for path in shipped:
        member = "bauhausbox/assets/" + path.relative_to(ASSETS).as_posix()
        assert wheel.read(member) == path.read_bytes(), member


def test_wheel_ships_game_data_files(wheel: zipfile.ZipFile) -> None:
    names = _names(wheel)
    data = [p for p in GAMES.rglob("*") if p.suffix in {".json", ".txt"} and "__pycache__" not in p.parts]
    for path in data:
        assert "bauhausbox/games/" + path.relative_to(GAMES).as_posix() in names


def test_wheel_declares_the_bauhausbox_command(wheel: zipfile.ZipFile) -> None:
    entry_points = next(n for n in wheel.namelist() if n.endswith(".dist-info/entry_points.txt"))
    text = wheel.read(entry_points).decode("utf-8")
    assert "[console_scripts]" in text
    assert "bauhausbox = bauhausbox.cli:main" in text


def test_wheel_contains_no_tests_or_caches(wheel: zipfile.ZipFile) -> None:
    for name in wheel.namelist():
        assert not name.startswith("tests/"), name
        assert "__pycache__" not in name, name


def _compiled_core(archive: zipfile.ZipFile) -> list[str]:
    return [
        name
        for name in archive.namelist()
        if name.startswith("bauhausbox/games/blokus/_core.") and name.endswith((".so", ".pyd"))
    ]


def _core_line(archive: zipfile.ZipFile, folder: Path) -> str:
    """The Blokus core line of ``bauhausbox --version`` run from the unpacked wheel (not the checkout)."""
    archive.extractall(folder / "site")
    env = {**os.environ, "PYTHONPATH": str(folder / "site")}
    env.pop("BAUHAUSBOX_BLOKUS_CORE", None)
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import bauhausbox.cli, sys; print(bauhausbox.cli.__file__); sys.exit(bauhausbox.cli.main(['--version']))",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        cwd=folder,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    where, _, core_line = result.stdout.splitlines()
    assert Path(where).is_relative_to(folder / "site"), where  # the wheel's code ran, not the checkout's
    return core_line


def test_wheel_carries_the_compiled_blokus_core_where_it_compiles(wheel: zipfile.ZipFile, tmp_path: Path) -> None:
    from bauhausbox.games.blokus import core

    if core.BUILT is None:
        pytest.skip(f"this machine did not compile the Blokus core either: {core.WHY_NOT}")
    assert len(_compiled_core(wheel)) == 1, wheel.namelist()
    assert _core_line(wheel, tmp_path) == "Blokus core: compiled"


@pytest.mark.skipif(sys.platform == "win32", reason="CC names the compiler on Unix only")
def test_without_a_compiler_the_wheel_still_builds_and_runs_pure_python(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    project = _copy_project(tmp_path_factory.mktemp("project-no-compiler"))
    env = {**os.environ, "CC": "false"}  # a "compiler" that always fails, as on a machine without one
    with _build_wheel(project, tmp_path_factory.mktemp("wheel-no-compiler"), env) as archive:
        assert _compiled_core(archive) == []
        assert _core_line(archive, tmp_path) == "Blokus core: pure Python (slower)"
