"""How a Bauhaus result is explained at the end: how each seat's points add up, and how a tie on
points was decided (docs/rules/bauhaus.md, "Scoring and the winner"). Pure functions of the numbers
the rules work out, so the final table and the tests say the same."""

from __future__ import annotations

from collections.abc import Sequence

from bauhausbox.engine.api import Seat, Words


def points_sum(terms: Sequence[tuple[int, int]]) -> str:
    """A seat's points as a sum of what each of its scoring tokens brings, one term per token,
    largest first: from each ``(zone size, the seat's control tokens in it)``, "6 + 6 + 5" (two
    tokens scoring 6, one scoring 5: 17); "-" for none. Never grouped as "2×6": a new player read
    "2×3" as tokens × squares or squares × tokens; the how-to's example is written the same way."""
    points = sorted((size for size, n in terms for _ in range(n)), reverse=True)
    return " + ".join(str(p) for p in points) or "-"


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
