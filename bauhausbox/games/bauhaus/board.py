"""Bauhaus board geometry as bitboards: squares, edges, edge names, flood fills and zones.

Squares are bits of an int, laid out row by row with one spare bit after each row
(``square = row * (size + 1) + col``) so that shifting by one never wraps a row into the next.
Edges are bits of another int: horizontal edges first (edge ``line * (size + 1) + col`` lies on the
horizontal line ``line`` = 0..size, so the south edge of square ``s`` is edge ``s`` and its north edge
``s + size + 1``), then vertical edges from :attr:`Board.v_offset` (the west edge of square ``s`` is
``v_offset + s``, its east edge ``v_offset + s + 1``). With that layout "which squares can step east"
is one shift of the wall bits, and a whole flood fill is a handful of int operations per step.

Nothing here knows about players or cards; :mod:`rules` builds on it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cached_property

from bauhausbox.engine.api import InvalidMoveError
from bauhausbox.engine.grid import cell_name, parse_cell
from bauhausbox.games.bauhaus.cards import PATTERNS, Orientation

_EDGE_RE = re.compile(r"^([a-z]\d{1,2})([nesw])$")


def bits(mask: int) -> Iterator[int]:
    """The set bit positions of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Board:
    """The geometry of a ``size`` × ``size`` board: masks, edge sides, names and pattern placements."""

    def __init__(self, size: int) -> None:
        if not 2 <= size <= 26:
            raise ValueError("board size must be between 2 and 26")
        self.size = size
        self.stride = size + 1
        self.squares = tuple(row * self.stride + col for row in range(size) for col in range(size))
        self.all_squares = sum(1 << s for s in self.squares)
        self.west_col = sum(1 << (row * self.stride) for row in range(size))
        self.east_col = self.west_col << (size - 1)
        self.south_row = sum(1 << col for col in range(size))
        self.north_row = self.south_row << ((size - 1) * self.stride)
        self.v_offset = (size + 1) * self.stride
        self.h_mask = (1 << self.v_offset) - 1
        horizontal = [line * self.stride + col for line in range(size + 1) for col in range(size)]
        vertical = [self.v_offset + row * self.stride + line for row in range(size) for line in range(size + 1)]
        self.edges = tuple(horizontal + vertical)
        self.all_edges = sum(1 << e for e in self.edges)
        # The one or two squares on either side of each edge, as a mask.
        self.edge_sides: dict[int, int] = {e: self._sides(e) for e in self.edges}
        # The four edges around each square, as a mask.
        self.square_edges: dict[int, int] = {
            s: (1 << s) | (1 << (s + self.stride)) | (1 << (self.v_offset + s)) | (1 << (self.v_offset + s + 1))
            for s in self.squares
        }
        # The two corner points at the ends of each edge (corner id = y * (size + 1) + x).
        n1 = size + 1
        self.corners = n1 * n1
        self.corner_ends: dict[int, tuple[int, int]] = {}
        for edge in self.edges:
            lying, line, pos = self.edge_line(edge)
            if lying:
                self.corner_ends[edge] = (line * n1 + pos, line * n1 + pos + 1)
            else:
                self.corner_ends[edge] = (pos * n1 + line, (pos + 1) * n1 + line)

    # -- coordinates and names -----------------------------------------------------------------
    def square(self, col: int, row: int) -> int:
        return row * self.stride + col

    def cell(self, square: int) -> tuple[int, int]:
        return square % self.stride, square // self.stride

    def square_name(self, square: int) -> str:
        return cell_name(self.cell(square))

    def parse_square(self, text: str) -> int:
        col, row = parse_cell(text, self.size, self.size)
        return self.square(col, row)

    def is_horizontal(self, edge: int) -> bool:
        return edge < self.v_offset

    def edge_line(self, edge: int) -> tuple[bool, int, int]:
        """``(horizontal, line, position)``: a horizontal edge lies on line ``y`` at column ``c``,
        a vertical edge on line ``x`` at row ``r``."""
        if edge < self.v_offset:
            return True, edge // self.stride, edge % self.stride
        rest = edge - self.v_offset
        return False, rest % self.stride, rest // self.stride

    def edge_name(self, edge: int) -> str:
        """Canonical name: the N or E side of the square below / left of the edge (S / W on the
        bottom and left borders), e.g. ``a1N`` between a1 and a2, ``c1S``, ``a5W``."""
        horizontal, line, pos = self.edge_line(edge)
        if horizontal:
            return f"{cell_name((pos, line - 1))}N" if line > 0 else f"{cell_name((pos, 0))}S"
        return f"{cell_name((line - 1, pos))}E" if line > 0 else f"{cell_name((0, pos))}W"

    def square_edge(self, square: int, side: str) -> int:
        """The edge on ``side`` ("N", "E", "S" or "W") of ``square``."""
        offsets = {"S": square, "N": square + self.stride, "W": self.v_offset + square, "E": self.v_offset + square + 1}
        return offsets[side.upper()]

    def parse_edge(self, text: str) -> int:
        match = _EDGE_RE.match(text.strip().lower())
        if not match:
            raise InvalidMoveError(f"{text!r} is not an edge like c3N")
        return self.square_edge(self.parse_square(match.group(1)), match.group(2))

    def _sides(self, edge: int) -> int:
        horizontal, line, pos = self.edge_line(edge)
        cells = [(pos, line - 1), (pos, line)] if horizontal else [(line - 1, pos), (line, pos)]
        return sum(1 << self.square(c, r) for c, r in cells if 0 <= c < self.size and 0 <= r < self.size)

    def is_border(self, edge: int) -> bool:
        return self.edge_sides[edge].bit_count() == 1

    # -- flood fills ---------------------------------------------------------------------------
    def exits(self, walls: int) -> int:
        """Squares with a wall-free border edge: the ways out of the board."""
        h = walls & self.h_mask
        v = walls >> self.v_offset
        return (
            (self.west_col & ~v)
            | (self.east_col & ~(v >> 1))
            | (self.south_row & ~h)
            | (self.north_row & ~(h >> self.stride))
        )

    def flood(self, seed: int, walls: int, stop: int = 0) -> int:
        """The squares reachable from ``seed`` without crossing a wall. When the region meets
        ``stop`` the fill ends early (the result is then only part of the region)."""
        h = walls & self.h_mask
        v = walls >> self.v_offset
        stride = self.stride
        can_e, can_w, can_n, can_s = ~(v >> 1), ~v, ~(h >> stride), ~h
        squares = self.all_squares
        region = seed
        while True:
            if region & stop:
                return region
            step = ((region & can_e) << 1) | ((region & can_w) >> 1)
            step |= ((region & can_n) << stride) | ((region & can_s) >> stride)
            grown = region | (step & squares)
            if grown == region:
                return region
            region = grown

    def closed_squares(self, walls: int) -> int:
        """Every square that cannot reach outside the board."""
        return self.all_squares & ~self.flood(self.exits(walls), walls)

    def closed_regions(self, walls: int) -> list[int]:
        """The closed regions, each as a mask, in order of their lowest square."""
        closed = self.closed_squares(walls)
        regions = []
        while closed:
            region = self.flood(closed & -closed, walls)
            regions.append(region)
            closed &= ~region
        return regions

    def regions(self, walls: int) -> list[int]:
        """Every region (open ones included), each as a mask, in order of their lowest square."""
        rest = self.all_squares
        found = []
        while rest:
            region = self.flood(rest & -rest, walls)
            found.append(region)
            rest &= ~region
        return found

    def wall_labels(self, walls: int) -> tuple[int, ...]:
        """Label each corner with its component in the graph of walls (corners joined by walls).

        A new wall closes off a new region exactly when its two ends already share a label: by
        planar duality a cycle of walls (border walls included) is what separates squares.
        """
        parent = list(range(self.corners))
        ends = self.corner_ends
        for edge in bits(walls):
            p, q = ends[edge]
            while parent[p] != p:
                p = parent[p]
            while parent[q] != q:
                q = parent[q]
            if p != q:
                parent[p] = q
        labels = []
        for x in range(self.corners):
            while parent[x] != x:
                x = parent[x]
            labels.append(x)
        return tuple(labels)

    def closes_empty_after(self, walls: int, labels: tuple[int, ...], new_edges: tuple[int, ...], tokens: int) -> bool:
        """Whether adding ``new_edges`` to ``walls`` leaves some closed region without a token.

        ``labels`` are corner components of ``walls`` or of any superset of it: if the new walls
        make no cycle there, they make none in ``walls`` either, and no region can have closed.
        """
        ends = self.corner_ends
        if len(new_edges) == 1:
            p, q = ends[new_edges[0]]
            if labels[p] != labels[q]:
                return False
        else:
            # Merge the new walls' ends on top of the labels, looking for a cycle.
            joined: dict[int, int] = {}
            cycle = False
            for edge in new_edges:
                p, q = ends[edge]
                rp, rq = labels[p], labels[q]
                while rp in joined:
                    rp = joined[rp]
                while rq in joined:
                    rq = joined[rq]
                if rp == rq:
                    cycle = True
                    break
                joined[rp] = rq
            if not cycle:
                return False
        sides = self.edge_sides
        around = 0
        mask = 0
        for edge in new_edges:
            around |= sides[edge]
            mask |= 1 << edge
        return self.closes_empty(walls | mask, around, tokens)

    def closes_empty(self, walls: int, around: int, tokens: int) -> bool:
        """Whether, with ``walls``, some closed region touching the squares ``around`` holds no token.

        Used after adding walls: only regions containing a side of a new wall can have changed.
        """
        exits = self.exits(walls)
        checked = 0
        rest = around
        while rest:
            seed = rest & -rest
            rest ^= seed
            if seed & checked:
                continue
            region = self.flood(seed, walls, stop=exits)
            checked |= region
            if not region & exits and not region & tokens:
                return True
        return False

    # -- patterns ------------------------------------------------------------------------------
    def point_edge(self, x: int, y: int) -> int | None:
        """The edge at doubled coordinates ``(x, y)`` (y up from the bottom-left corner), or None."""
        n = self.size
        if x % 2 == 1 and y % 2 == 0:
            col, line = x // 2, y // 2
            return line * self.stride + col if 0 <= col < n and 0 <= line <= n else None
        if x % 2 == 0 and y % 2 == 1:
            line, row = x // 2, y // 2
            return self.v_offset + row * self.stride + line if 0 <= line <= n and 0 <= row < n else None
        return None

    def place_orientation(self, shape: Orientation, col: int, row: int) -> int | None:
        """The edge mask of an orientation shifted by whole squares, or None if it leaves the board."""
        mask = 0
        for x, y in shape:
            edge = self.point_edge(x + 2 * col, y + 2 * row)
            if edge is None:
                return None
            mask |= 1 << edge
        return mask

    @cached_property
    def pattern_placements(self) -> tuple[tuple[int, ...], ...]:
        """For each pattern (in :data:`PATTERNS` order), every edge mask it can cover on this board."""
        result = []
        for pattern in PATTERNS:
            masks: list[int] = []
            for shape in pattern.orientations:
                for row in range(-1, self.size + 1):
                    for col in range(-1, self.size + 1):
                        mask = self.place_orientation(shape, col, row)
                        if mask is not None and mask not in masks:
                            masks.append(mask)
            result.append(tuple(masks))
        return tuple(result)

    @cached_property
    def pattern_edges(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """:attr:`pattern_placements` as sorted edge tuples."""
        return tuple(tuple(tuple(bits(mask)) for mask in masks) for masks in self.pattern_placements)

    @cached_property
    def pattern_lookup(self) -> tuple[frozenset[int], ...]:
        return tuple(frozenset(masks) for masks in self.pattern_placements)
