"""Where bauhausbox keeps its files: platformdirs' user config and data directories.

``BAUHAUSBOX_HOME`` overrides both (tests and portable installs): config goes to ``$HOME/config``
and data to ``$HOME/data``.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "bauhausbox"


def _override() -> Path | None:
    home = os.environ.get("BAUHAUSBOX_HOME")
    return Path(home) if home else None


def config_dir() -> Path:
    home = _override()
    path = home / "config" if home else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    home = _override()
    path = home / "data" if home else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def settings_file() -> Path:
    return config_dir() / "settings.json"


def stats_file() -> Path:
    return data_dir() / "statistics.json"


def guest_seats_file() -> Path:
    """The seats this computer took at tables hosted elsewhere (their tokens: the way back)."""
    return data_dir() / "guest-seats.json"


def pictures_dir() -> Path:
    """Pictures of positions the player exported (PNG)."""
    path = data_dir() / "pictures"
    path.mkdir(parents=True, exist_ok=True)
    return path


def game_files_dir() -> Path:
    """Games exported for other programs (Blokus: Pentobi's .blksgf), and such files to open."""
    path = data_dir() / "game-files"
    path.mkdir(parents=True, exist_ok=True)
    return path
