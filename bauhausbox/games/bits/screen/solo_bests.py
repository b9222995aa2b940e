"""The Bits solo bests as players read them: one line per result, and their part of the statistics screen.

The statistics screen is the same for every game; what one game adds (Bits: the best solo results)
is named in its registry entry (``statistics``) and drawn here, so the shared screen imports no game.
"""

from __future__ import annotations

from datetime import datetime

import pygame

from bauhausbox.games.bits.records import bests
from bauhausbox.i18n import _, counted
from bauhausbox.persistence import paths
from bauhausbox.ui import draw, theme
from bauhausbox.ui.text import short_date
from bauhausbox.ui.theme import Metrics

SOLO_BESTS = 5  # Bits solo results listed


def solo_best_line(place: int, solo: bests.SoloResult) -> str:
    """ "2. 23 points  ·  Mason  ·  26 Nov": one line of the solo bests (on the statistics screen,
    and where a Bits solo game ends or is about to begin)."""
    points = counted("{n} point", "{n} points", solo.score)
    return _("{place}. {points}  ·  {rank}  ·  {date}").format(
        place=place, points=points, rank=_(solo.rank), date=solo_date(solo.date)
    )


def solo_date(text: str) -> str:
    """A solo result's day (kept as ``2026-11-26``) as players read it; an odd value as it is."""
    try:
        return short_date(datetime.fromisoformat(text))
    except ValueError:
        return text


class SoloBestsSection:
    """The solo bests under the statistics screen's recent results, read fresh when it opens."""

    def __init__(self) -> None:
        self.solo = bests.SoloBests()

    def refresh(self) -> None:
        self.solo = bests.load(paths.data_dir())

    def draw(self, surface: pygame.Surface, x: int, y: int, width: int, bottom: int, m: Metrics) -> None:
        u = m.u
        draw.heading(surface, _("Solo bests"), (x, y), m.body)
        y += u(4.5)
        if not self.solo.results:
            draw.text(surface, _("No solo game yet."), (x, y), m.small, theme.GREY)
        for place, solo in enumerate(self.solo.results[:SOLO_BESTS], start=1):
            if y + u(3.5) > bottom - u(1):
                break
            draw.text(surface, draw.wrap(solo_best_line(place, solo), m.small, width)[0], (x, y), m.small, theme.INK)
            y += u(3.5)
