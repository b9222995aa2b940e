"""Package list and the compiled Blokus core for setuptools (everything else is in pyproject.toml).

The top-level ``assets/`` folder (fonts, sounds, images) ships inside the wheel as the package
``bauhausbox.assets``, so ``importlib.resources`` finds it when installed; from a source checkout
``bauhausbox/ui/assets.py`` reads the folder directly. pyproject's ``packages.find`` cannot map a
folder outside the package tree, hence this file.

``bauhausbox.games.blokus._core`` is the C twin of Blokus's hot loops (``core.py`` explains it). It
is an *optional* extension: where no C compiler (or no Python headers) is found, setuptools reports
the failure and the package installs without it, running the pure-Python code instead.
"""

from pathlib import Path

from setuptools import Extension, find_namespace_packages, setup

# Data folders are listed as (namespace) packages too, so setuptools ships them without warnings.
asset_packages = ["bauhausbox.assets"] + [
    f"bauhausbox.assets.{folder.name}" for folder in sorted(Path("assets").iterdir()) if folder.is_dir()
]

blokus_core = Extension(
    "bauhausbox.games.blokus._core",
    sources=["bauhausbox/games/blokus/_core.c"],
    optional=True,  # no compiler: install anyway, on the pure-Python path
)

setup(
    packages=[*find_namespace_packages(include=["bauhausbox", "bauhausbox.*"], exclude=["*.__pycache__"]),
              *asset_packages],
    package_dir={"bauhausbox.assets": "assets"},
    ext_modules=[blokus_core],
)
