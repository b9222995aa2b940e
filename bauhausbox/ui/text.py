"""Words for counts: ``plural(1, "piece", "pieces")`` is "1 piece", ``plural(3, ...)`` "3 pieces".

One place for every count shown to players, so "1 pieces" and "hint(s)" cannot come back, and so a
translation can later swap this for gettext's ``ngettext`` in one spot. Pure (no pygame), so the
command line may use it too.
"""

from __future__ import annotations


def plural(count: int, one: str, many: str) -> str:
    """``count`` followed by the right form of the noun (English: singular only for exactly 1)."""
    return f"{count} {one if count == 1 else many}"
