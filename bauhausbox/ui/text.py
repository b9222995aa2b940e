"""Words as players read them: :func:`shown` puts any text of a screen into the players' language,
and :func:`advice` turns a move's sentence into advice ("Anni placed the L5 on k10–m12" becomes
"place the L5 on k10–m12"; in French "Anni a placé le L5…" becomes "placez le L5…").

:func:`bar_words` is the one punctuation rule of the game screens' bars.

Counts go through :func:`bauhausbox.i18n.counted` (the command line, which speaks English to scripts,
uses :func:`bauhausbox.engine.text_board.plural`). Pure (no pygame), so the command line may use it.
"""

from __future__ import annotations

from datetime import datetime

from bauhausbox import i18n
from bauhausbox.i18n import N_

# Month names as dates show them ("12 Mar"); not the C library's, which speaks English only.
_MONTHS = (
    N_("Jan"),
    N_("Feb"),
    N_("Mar"),
    N_("Apr"),
    N_("May"),
    N_("Jun"),
    N_("Jul"),
    N_("Aug"),
    N_("Sep"),
    N_("Oct"),
    N_("Nov"),
    N_("Dec"),
)


# What ends a line about something under way ("Anni is thinking…"): an ellipsis, never full stops,
# which the bars do not use (:func:`bar_words`).
UNDER_WAY = "…"


def bar_words(text: str) -> str:
    """The one punctuation rule of the top bar and the status bar, in every game: a bar's line is a
    label, read at a glance, so it never ends with a full stop ("Nothing to undo", "Blue (Anni) to
    play", "Card choice cancelled: choose again"); a line about something under way ends with
    :data:`UNDER_WAY`. Full stops inside a line stay."""
    text = text.rstrip()
    while text.endswith("."):
        text = text[:-1].rstrip()
    return text


def shown(text: str) -> str:
    """``text`` in the players' language, at the moment it is drawn: a text of the rules
    (:class:`~bauhausbox.engine.api.Words`) by its template and values, any other text through the
    catalogs (a marked constant such as a button label; a name or a notation comes back as it is)."""
    if not text:
        return text
    if getattr(text, "template", None) is not None:
        return i18n.translate(text)
    return i18n._(text)


def sentence(text: str) -> str:
    """``text`` said on its own, as a sentence: its first letter a capital. The rules' reasons are
    clauses ("column 1 has no room…", to go after "cannot be taken now:"); wherever one stands
    alone (a refusal's note, the reason above a Bits tile) it starts the same way."""
    return text[:1].upper() + text[1:]


def short_date(when: datetime) -> str:
    """ "12 Mar" ("12 mars"), in local time."""
    local = when.astimezone()
    return i18n._("{day} {month}").format(day=f"{local.day:02d}", month=i18n._(_MONTHS[local.month - 1]))


def long_date(when: datetime) -> str:
    """ "26 Nov 2026" ("26 nov. 2026"), in local time."""
    return f"{short_date(when)} {when.astimezone().year}"


def date_and_time(when: datetime) -> str:
    """ "12 Mar 2026, 14:05" ("12 mars 2026, 14:05"), in local time."""
    local = when.astimezone()
    return i18n._("{date} {year}, {time}").format(
        date=short_date(local), year=local.year, time=f"{local.hour:02d}:{local.minute:02d}"
    )


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

# French: the past participles of the passé composé ("Anni a placé") that are not regular -er verbs,
# with their imperative (vous); a regular participle in -é takes -ez ("placé" -> "placez").
_FRENCH_IRREGULAR = {
    "pris": "prenez",
    "mis": "mettez",
    "posé": "posez",
    "choisi": "choisissez",
    "construit": "construisez",
    "fait": "faites",
    "bâti": "bâtissez",
    "rempli": "remplissez",
    "fini": "finissez",
    "reçu": "recevez",
}


def _french_imperative(participle: str) -> str | None:
    if participle in _FRENCH_IRREGULAR:
        return _FRENCH_IRREGULAR[participle]
    if participle.endswith("é") and len(participle) > 2:
        return participle[:-1] + "ez"
    return None


def _french_advice(clause: str, name: str) -> str:
    """ "Anni a placé le L5 en k10–m12 et a pioché 2" -> "placez le L5 en k10–m12 et piochez 2" (and
    "…, puis a pioché 2 tuiles" -> "…, puis piochez 2 tuiles")."""
    # The reader's own move is said to them ("Vous avez posé …, puis avez pioché 2 tuiles").
    forms = ((name + " a ", "a"), ("Vous avez ", "avez"))
    subject, auxiliary = next(((who, aux) for who, aux in forms if clause.startswith(who)), ("", ""))
    if not subject:
        return clause
    words = clause[len(subject) :].split(" ")
    first = _french_imperative(words[0])
    if first is None:
        return clause
    words[0] = first
    kept: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        after = words[index + 2] if index + 2 < len(words) else ""
        # "et a pioché 2", ", puis a pioché 2 tuiles": every verb of the move becomes advice
        verb = _french_imperative(after)
        if word in ("et", "puis") and index + 1 < len(words) and words[index + 1] == auxiliary and verb:
            kept += [word, verb]
            index += 3
            continue
        kept.append(word)
        index += 1
    return " ".join(kept)


def advice(sentence: str, name: str) -> str:
    """A move's sentence turned into advice for its player: "Anni placed the L5 on k10–m12" becomes
    "place the L5 on k10–m12" (and "… and drew 2" "… and draw 2"). Only the first clause is kept:
    what follows a semicolon tells what the move led to (a round's points), not what to do. A
    sentence that does not open with the player's name and a known verb is returned unchanged.
    The sentence is in the players' language (describe.py translates): French advice takes the
    imperative of its passé composé."""
    clause = sentence.split(";")[0].strip()
    if i18n.language() == "fr":
        return _french_advice(clause, name)
    subject = next((who for who in (name, "You") if clause.startswith(who + " ")), None)
    if subject is None:  # "You": the reader's own move, said to them
        return clause
    words = clause[len(subject) + 1 :].split(" ")
    if words[0] not in _PLAIN_FORMS:
        return clause
    for index, word in enumerate(words):
        if word in _PLAIN_FORMS and (index == 0 or words[index - 1] == "and"):
            words[index] = _PLAIN_FORMS[word]
    return " ".join(words)
