"""Package list for setuptools (everything else is in pyproject.toml).

The top-level ``assets/`` folder (fonts, sounds, images) ships inside the wheel as the package
``bauhausbox.assets``, so ``importlib.resources`` finds it when installed; from a source checkout
``bauhausbox/ui/assets.py`` reads the folder directly. pyproject's ``packages.find`` cannot map a
folder outside the package tree, hence this file.
"""

from pathlib import Path

from setuptools import find_namespace_packages, setup

# Data folders are listed as (namespace) packages too, so setuptools ships them without warnings.
asset_packages = ["bauhausbox.assets"] + [
    f"bauhausbox.assets.{folder.name}" for folder in sorted(Path("assets").iterdir()) if folder.is_dir()
]

setup(
    packages=[*find_namespace_packages(include=["bauhausbox", "bauhausbox.*"], exclude=["*.__pycache__"]),
              *asset_packages],
    package_dir={"bauhausbox.assets": "assets"},
)
