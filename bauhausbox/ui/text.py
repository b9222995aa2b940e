"""Words for counts and for advice: ``plural(1, "piece", "pieces")`` is "1 piece", and
``advice("Anni placed the L5 on k10–m12", "Anni")`` is "place the L5 on k10–m12".

One place for every count shown to players, so "1 pieces" and "hint(s)" cannot come back, and so a
translation can later swap this for gettext's ``ngettext`` in one spot. Pure (no pygame), so the
command line may use it too.
"""

from __future__ import annotations


def plural(count: int, one: str, many: str) -> str:
    """``count`` followed by the right form of the noun (English: singular only for exactly 1)."""
    return f"{count} {one if count == 1 else many}"


# The verbs that open the sentences of moves in words (each game's describe.py), past -> plain form.
_PLAIN_FORMS = {
    "placed": "place",
    "laid": "lay",
    "drew": "draw",
    "chose": "choose",
    "moved": "move",
    "swapped": "swap",
    "built": "build",
    "used": "use",
    "passed": "pass",
    "discarded": "discard",
    "took": "take",
    "put": "put",
}


def advice(sentence: str, name: str) -> str:
    """A move's sentence turned into advice for its player: "Anni placed the L5 on k10–m12" becomes
    "place the L5 on k10–m12" (and "… and drew 2" "… and draw 2"). Only the first clause is kept:
    what follows a semicolon tells what the move led to (a round's points), not what to do. A
    sentence that does not open with the player's name and a known verb is returned unchanged."""
    clause = sentence.split(";")[0].strip()
    if not clause.startswith(name + " "):
        return clause
    words = clause[len(name) + 1 :].split(" ")
    if words[0] not in _PLAIN_FORMS:
        return clause
    for index, word in enumerate(words):
        if word in _PLAIN_FORMS and (index == 0 or words[index - 1] == "and"):
            words[index] = _PLAIN_FORMS[word]
    return " ".join(words)
