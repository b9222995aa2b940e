"""A small sound manager: named effects from ``assets/sounds``, volume and mute from the settings.

Sound is a nicety: with no audio device (CI, dummy drivers) or a missing file, playing is a no-op.
"""

from __future__ import annotations

import logging

import pygame

from bauhausbox.persistence.models import Settings
from bauhausbox.ui.assets import asset_path

log = logging.getLogger(__name__)

EFFECTS = ("click", "place", "slide", "invalid", "gameover", "flip", "draw", "turn")


class SoundManager:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self.available = False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            self.available = True
        except pygame.error as error:
            log.info("no sound: %s", error)

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            sound = None
            path = asset_path("sounds", f"{name}.wav")
            if self.available and path.exists():
                try:
                    sound = pygame.mixer.Sound(str(path))
                except pygame.error as error:
                    log.info("could not load sound %s: %s", name, error)
            self._sounds[name] = sound
        return self._sounds[name]

    def play(self, name: str, volume: float = 1.0) -> None:
        if self.settings.muted or self.settings.volume <= 0:
            return
        sound = self._load(name)
        if sound is not None:
            sound.set_volume(self.settings.volume * volume)
            sound.play()
