"""One French word per thing across the whole catalog: a Bauhaus wall is always a "limite" (the word
of the French rules pages), and undo is "Défaire" while "Annuler" only ever means cancel, so the
two buttons never read alike."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

import bauhausbox

PO = Path(bauhausbox.__file__).parent / "locale" / "fr" / "LC_MESSAGES" / "bauhausbox.po"


def _catalog() -> Catalog:
    with PO.open("rb") as handle:
        return read_po(handle, locale="fr")


def _texts(message: Message) -> tuple[str, str]:
    """The English and French of one entry, plural forms joined."""
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return " ".join(ids), " ".join(s or "" for s in strings)


def test_a_wall_is_a_limite_everywhere() -> None:
    walls = [_texts(m) for m in _catalog() if m.id and re.search(r"\bwalls?\b", _texts(m)[0], re.I)]
    assert walls, "the catalog holds the Bauhaus wall texts"
    said_mur = [french for _english, french in walls if re.search(r"\bmurs?\b", french, re.I)]
    assert said_mur == []
    missing = [english for english, french in walls if not re.search(r"limites?", french, re.I)]
    assert missing == []


def test_undo_and_cancel_never_share_a_word() -> None:
    catalog = _catalog()
    undo = [_texts(m) for m in catalog if m.id and re.search(r"\b(undo|undoes|undone)\b", _texts(m)[0], re.I)]
    assert len(undo) > 5, "the catalog holds the undo texts"
    # "This cannot be undone" is not the Undo command (it says a deletion is final).
    command = [(e, f) for e, f in undo if "cannot be undone" not in e]
    assert [e for e, f in command if re.search(r"annul", f, re.I)] == []
    assert [e for e, f in command if not re.search(r"d[ée]f", f, re.I)] == []
    cancel = catalog.get("Cancel")
    assert cancel is not None and cancel.string == "Annuler"
    assert catalog.get("Undo").string != cancel.string
    assert catalog.get("Redo").string == "Refaire"


def test_french_uses_the_typographic_apostrophe_everywhere() -> None:
    """ "l'ordinateur" beside "d’Anni": one apostrophe, the typographic ’ (quoted codes take « »)."""
    straight = [english for m in _catalog() if m.id for english, french in [_texts(m)] if "'" in french]
    assert straight == []


def test_the_undo_agreement_says_defaire_in_its_title_and_its_text() -> None:
    """The dialog's title said "Reprendre…" while its text said "Ne défaites que…"."""
    catalog = _catalog()
    agreement = [m for m in catalog if m.id in ("Take back another player's move?", "Undo past a draw?")]
    assert len(agreement) == 2
    assert all(re.match(r"D[ée]faire\b", m.string) for m in agreement), [m.string for m in agreement]
    undone = catalog.get("Undone ({n} turn can be redone).")
    assert undone is not None and all("à refaire" in form for form in undone.string)
    assert all("peu" not in form for form in undone.string)  # not "peuvent être refaits"


def test_a_turning_point_is_a_moment_decisif() -> None:
    """The Blokus analysis said "Tournant 3", which reads as a bend in a road: the decisive moments
    are "moments décisifs" wherever the analysis names them."""
    points = [_texts(m) for m in _catalog() if m.id and re.search(r"turning points?", _texts(m)[0], re.I)]
    assert points, "the catalog holds the analysis's turning points"
    assert [e for e, f in points if re.search(r"tournant", f, re.I)] == []
    assert [e for e, f in points if not re.search(r"moments? décisifs?", f, re.I)] == []
