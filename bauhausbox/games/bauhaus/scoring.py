"""How a Bauhaus result is explained at the end: how each seat's points add up, and how a tie on
points was decided (docs/rules/bauhaus.md, "Scoring and the winner"). Pure functions of the numbers
the rules work out, so the final table and the tests say the same."""

from __future__ import annotations

from collections.abc import Sequence

from bauhausbox.engine.api import Seat, Words


def points_sum(terms: Sequence[tuple[int, int]]) -> str:
    """A seat's points as a sum of what each of its scoring tokens brings, largest first, equal terms
    grouped as *count*×*points*: from each ``(zone size, the seat's control tokens in it)``, "2×6 + 5"
    (two tokens scoring 6, one scoring 5: 17) or "6 + 2 + 5×1"; "-" for none. One notation whether
    the equal terms come from one zone or several."""
    counts: dict[int, int] = {}
    for size, n in terms:
        if n:
            counts[size] = counts.get(size, 0) + n
    return " + ".join(f"{n}×{size}" if n > 1 else str(size) for size, n in sorted(counts.items(), reverse=True)) or "-"


def tie_break(
    keys: Sequence[tuple[int, ...]], winners: Sequence[Seat], zones: Sequence[Sequence[int]], names: Sequence[str]
) -> Words | None:
    """How a tie on points was decided, from each seat's standing ``keys`` (points, number of zones,
    zone sizes largest first), the ``winners``, each seat's scoring zone sizes and the players'
    ``names``; ``None`` when no loser had the winner's points (a win still shared says so itself)."""
    best = keys[winners[0]]
    tied = [seat for seat in range(len(keys)) if keys[seat][0] == best[0]]
    if len(tied) == len(winners):
        return None
    # The criterion that decided: the furthest one any tied loser needed to be told apart. Equal
    # points and zone counts give size lists of one length, so some position tells them apart.
    decided = max(
        next(i for i, (a, b) in enumerate(zip(best, keys[seat], strict=False)) if a != b)
        for seat in tied
        if seat not in winners
    )
    if decided <= 1:
        details = ", ".join(f"{names[seat]} {len(zones[seat])}" for seat in tied)
        return Words(
            "Equal on points ({points}); decided by the number of zones scored in: {details}.",
            points=best[0],
            details=details,
        )
    details = ", ".join(f"{names[seat]} {' '.join(map(str, zones[seat]))}" for seat in tied)
    return Words(
        "Equal on points ({points}) and zones ({zones}); decided by the zone sizes, largest first: {details}.",
        points=best[0],
        zones=best[1],
        details=details,
    )
