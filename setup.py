"""Package list for setuptools (everything else is in pyproject.toml).

The top-level ``assets/`` folder (fonts, sounds, images) ships inside the wheel as the package
``bauhausbox.assets``, so ``importlib.resources`` finds it when installed; from a source checkout
``bauhausbox/ui/assets.py`` reads the folder directly. pyproject's ``packages.find`` cannot map a
folder outside the package tree, hence this file.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["bauhausbox", "bauhausbox.*"]), "bauhausbox.assets"],
    package_dir={"bauhausbox.assets": "assets"},
)
