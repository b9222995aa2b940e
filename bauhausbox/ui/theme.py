"""The bauhausbox look (docs/contributing.md): paper, ink, three primaries, one spacing unit, sizes that scale.

Layouts compute from the window size through :class:`Metrics`; no scene hard-codes pixel positions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Colour = tuple[int, int, int]

PAPER: Colour = (241, 236, 226)
PAPER_DARK: Colour = (228, 221, 208)
INK: Colour = (20, 20, 20)
RED: Colour = (208, 52, 44)
YELLOW: Colour = (242, 184, 36)
BLUE: Colour = (29, 78, 158)
GREEN: Colour = (46, 139, 87)
WHITE: Colour = (252, 250, 246)
GREY: Colour = (150, 146, 140)
LIGHT_GREY: Colour = (206, 200, 190)
SHADOW: Colour = (0, 0, 0)
LEGAL: Colour = (52, 160, 90)
ILLEGAL: Colour = (214, 58, 46)

# Seats everywhere: colour + shape (docs/contributing.md: circle / triangle / square / cross), colour-blind safe.
SEAT_COLOURS: tuple[Colour, ...] = (BLUE, YELLOW, RED, INK)
SEAT_SHAPES: tuple[str, ...] = ("circle", "triangle", "square", "cross")

UNIT = 8  # the one spacing unit, scaled by Metrics.scale


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Blend from ``a`` (t=0) to ``b`` (t=1)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def readable_on(background: Colour) -> Colour:
    """Ink or white, whichever reads better on ``background``."""
    r, g, b = background
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else WHITE


@dataclass(frozen=True, slots=True)
class Metrics:
    """Sizes for a window: everything scales with the smaller of width/1280 and height/800."""

    width: int
    height: int
    # Computed once: screens ask for sizes hundreds of times a frame.
    scale: float = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "scale", max(0.75, min(self.width / 1280, self.height / 800)))

    def u(self, units: float = 1.0) -> int:
        """``units`` spacing units in pixels."""
        return max(1, round(UNIT * units * self.scale))

    @property
    def body(self) -> int:
        return max(18, round(20 * self.scale))

    @property
    def small(self) -> int:
        return max(15, round(16 * self.scale))

    @property
    def heading(self) -> int:
        return round(30 * self.scale)

    @property
    def title(self) -> int:
        return round(64 * self.scale)

    @property
    def button_height(self) -> int:
        return round(48 * self.scale)

    @property
    def rule(self) -> int:
        """Thickness of the heavy black rules of the Bauhaus grid."""
        return max(2, round(4 * self.scale))
