"""Polyomino shapes: normalising, the eight rotations/reflections, and shape equality.

Blokus pieces, the solo puzzles and the Bits goal cards all need "the same shape up to rotation and
reflection"; this is the one place that knows how.
"""

from __future__ import annotations

from collections.abc import Iterable

Cell = tuple[int, int]
Shape = frozenset[Cell]

# The dihedral group of the square as (x, y) -> (a*x + b*y, c*x + d*y).
_TRANSFORMS: tuple[tuple[int, int, int, int], ...] = (
    (1, 0, 0, 1),  # identity
    (0, -1, 1, 0),  # rotate 90° anticlockwise
    (-1, 0, 0, -1),  # rotate 180°
    (0, 1, -1, 0),  # rotate 270°
    (-1, 0, 0, 1),  # mirror left-right
    (0, 1, 1, 0),  # mirror then rotate 90°
    (1, 0, 0, -1),  # mirror then rotate 180°
    (0, -1, -1, 0),  # mirror then rotate 270°
)


def normalize(cells: Iterable[Cell]) -> Shape:
    """Translate so the smallest x and y are 0."""
    cells = list(cells)
    if not cells:
        return frozenset()
    min_x = min(x for x, _ in cells)
    min_y = min(y for _, y in cells)
    return frozenset((x - min_x, y - min_y) for x, y in cells)


def transform(cells: Iterable[Cell], index: int) -> Shape:
    """Apply transform ``index`` (0–3 rotations, 4–7 reflected rotations), then normalise."""
    a, b, c, d = _TRANSFORMS[index]
    return normalize((a * x + b * y, c * x + d * y) for x, y in cells)


def rotate(cells: Iterable[Cell], quarter_turns: int = 1) -> Shape:
    """Rotate anticlockwise by ``quarter_turns`` × 90°."""
    return transform(cells, quarter_turns % 4)


def flip(cells: Iterable[Cell]) -> Shape:
    """Mirror left-right."""
    return transform(cells, 4)


def orientations(cells: Iterable[Cell], reflections: bool = True) -> tuple[Shape, ...]:
    """Every distinct fixed orientation, in a stable order (first the shape itself)."""
    cells = list(cells)
    seen: list[Shape] = []
    for index in range(8 if reflections else 4):
        shape = transform(cells, index)
        if shape not in seen:
            seen.append(shape)
    return tuple(seen)


def canonical(cells: Iterable[Cell], reflections: bool = True) -> tuple[Cell, ...]:
    """A representative shared by every orientation: the smallest sorted cell tuple."""
    return min(tuple(sorted(shape)) for shape in orientations(cells, reflections))


def same_shape(a: Iterable[Cell], b: Iterable[Cell], reflections: bool = True) -> bool:
    return canonical(a, reflections) == canonical(b, reflections)


def parse_picture(picture: str) -> Shape:
    """Read a shape drawn as rows separated by ``/`` (``"#../###"``), top row first."""
    rows = picture.split("/")
    height = len(rows)
    return normalize((x, height - 1 - y) for y, line in enumerate(rows) for x, ch in enumerate(line) if ch == "#")


def picture(cells: Iterable[Cell]) -> str:
    """Inverse of :func:`parse_picture` for a normalised shape."""
    shape = normalize(cells)
    width = max(x for x, _ in shape) + 1
    height = max(y for _, y in shape) + 1
    return "/".join("".join("#" if (x, y) in shape else "." for x in range(width)) for y in range(height - 1, -1, -1))
