"""Finding shipped files (fonts, sounds, images) from source, installed, or frozen, and caching fonts.

Installed, assets are the package ``bauhausbox.assets`` (pyproject maps the top-level ``assets/``
folder to it); from a source checkout they are that folder; in a PyInstaller bundle they sit under
``sys._MEIPASS/bauhausbox/assets``.
"""

from __future__ import annotations

import sys
from functools import cache
from importlib import resources
from pathlib import Path

import pygame

FONT_FILES = {
    "regular": "LeagueSpartan-Regular.otf",
    "semibold": "LeagueSpartan-SemiBold.otf",
    "bold": "LeagueSpartan-Bold.otf",
    "black": "LeagueSpartan-Black.otf",
}


@cache
def assets_root() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        candidate = Path(frozen) / "bauhausbox" / "assets"
        if candidate.is_dir():
            return candidate
    try:
        root = resources.files("bauhausbox.assets")
        path = Path(str(root))
        if (path / "fonts").is_dir():
            return path
    except (ModuleNotFoundError, TypeError):
        pass
    source = Path(__file__).resolve().parents[2] / "assets"
    if source.is_dir():
        return source
    raise FileNotFoundError("bauhausbox assets not found (is the package installed completely?)")


def asset_path(*parts: str) -> Path:
    return assets_root().joinpath(*parts)


@cache
def font(size: int, weight: str = "regular") -> pygame.font.Font:
    """The house font (League Spartan) at ``size`` pixels; cached per size and weight."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(asset_path("fonts", FONT_FILES[weight])), max(6, int(size)))
