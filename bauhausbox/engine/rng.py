"""Seeded, immutable, serialisable random numbers: all chance in a game lives in its state.

:class:`Rng` is a SplitMix64 generator held as one 64-bit integer. Every draw returns the value and
the *next* generator, so states stay immutable and a game replays exactly from its seed and moves.
It is not for cryptography; it is small, fast in pure Python and identical on every platform.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


@dataclass(frozen=True, slots=True)
class Rng:
    """An immutable random-number generator; ``state`` is its whole content."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator for a user-facing seed (any int, negative included)."""
        return cls(seed & _MASK)

    def next64(self) -> tuple[int, Rng]:
        """A uniform 64-bit integer and the next generator."""
        state = (self.state + _GOLDEN) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31), Rng(state)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            value, rng = rng.next64()
            if value < limit:
                return value % n, rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        index, rng = self.below(len(items))
        return items[index], rng

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A shuffled copy (Fisher-Yates) and the next generator."""
        result = list(items)
        rng = self
        for i in range(len(result) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return tuple(result), rng

    def split(self) -> tuple[Rng, Rng]:
        """Two independent generators (e.g. one kept in the state, one for a throwaway sample)."""
        a, rng = self.next64()
        return Rng(a), rng

    def to_text(self) -> str:
        return f"{self.state:016x}"

    @classmethod
    def from_text(cls, text: str) -> Rng:
        value = int(text, 16)
        if not 0 <= value <= _MASK:
            raise ValueError("rng state out of range")
        return cls(value)
