"""Short, purposeful motion (docs/contributing.md): tweens with ease-out, scaled by the animation-speed setting.

A :class:`Tween` is a clock from 0 to 1; screens read ``tween.value`` while drawing. With the
setting "off" every tween is finished at once, so nothing waits on an animation.
"""

from __future__ import annotations

import time
from collections.abc import Callable


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_out_back(t: float) -> float:
    c = 1.3
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


class Tween:
    def __init__(
        self, seconds: float, factor: float = 1.0, ease: Callable[[float], float] = ease_out_cubic, delay: float = 0.0
    ) -> None:
        self.duration = seconds * factor
        self.delay = delay * factor
        self.ease = ease
        self.started = time.perf_counter()

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        elapsed = time.perf_counter() - self.started - self.delay
        return min(1.0, max(0.0, elapsed / self.duration))

    @property
    def value(self) -> float:
        return self.ease(self.progress)

    @property
    def done(self) -> bool:
        return self.progress >= 1.0
