"""French that reads as French: a name after "de" or "que" elides ("Au tour d’Anni"), English is
filled as it is, and every count shown with a noun goes through the plural forms (a catalog scan)."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from bauhausbox import games, i18n, translations
from bauhausbox.engine.api import Words
from bauhausbox.ui.text import shown

# Placeholders that the code fills with a bare number.
NUMBERS = {"n", "count", "started", "finished", "left", "needed", "total", "size", "seconds"}
# What may follow such a number in a text that is not a plural: units and "of" ("move 3 of 40"),
# which do not agree with it.
UNITS = {"s", "kB", "ko", "of", "sur"}
# Texts that the code picks by the count itself, each for counts of 2 and more only ("1 wall" and
# "no walls" have texts of their own).
CHOSEN_BY_COUNT = {
    "only {left} walls are left in the supply (the card needs {needed})",
    "largest first: place all {pieces} before this one ({count} larger left)",
}
COUNT_THEN_WORD = re.compile(r"\{(\w+)\} ([^\W\d_]+)")


def _catalog() -> list[tuple[str, str]]:
    """Every text that is not a plural, with its French."""
    with translations.po_path("fr").open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    return [(m.id, m.string) for m in catalog if m.id and isinstance(m.id, str) and isinstance(m.string, str)]


def _counts_with_nouns(text: str) -> list[str]:
    pairs = COUNT_THEN_WORD.findall(text)
    return [f"{{{name}}} {word}" for name, word in pairs if name in NUMBERS and word not in UNITS]


def test_no_count_with_a_noun_skips_the_plural_forms() -> None:
    found = [
        f"{english!r} / {french!r}: {', '.join(_counts_with_nouns(english) + _counts_with_nouns(french))}"
        for english, french in _catalog()
        if english not in CHOSEN_BY_COUNT and (_counts_with_nouns(english) or _counts_with_nouns(french))
    ]
    assert found == [], "use i18n.counted (ngettext) for these:\n" + "\n".join(found)


def test_the_texts_chosen_by_count_are_still_there() -> None:
    # An entry of CHOSEN_BY_COUNT that left the catalog would hide nothing but must not linger.
    assert not CHOSEN_BY_COUNT - {english for english, _ in _catalog()}


def test_the_record_counts_games_in_the_right_form(french: None) -> None:
    tally = i18n.counted("{n} finished", "{n} finished", 1), i18n.counted("{n} finished", "{n} finished", 2)
    assert tally == ("1 terminée", "2 terminées")
    assert i18n.counted("{n} started", "{n} started", 0) == "0 commencée"


def test_a_negative_count_takes_the_plural_of_its_size(french: None) -> None:
    assert i18n.counted("{n} point", "{n} points", -20) == "-20 points"
    assert i18n.counted("{n} point", "{n} points", -1) == "-1 point"


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Anni", "Au tour d’Anni"),
        ("Émile", "Au tour d’Émile"),
        ("Hélène", "Au tour d’Hélène"),
        ("Yves", "Au tour d’Yves"),
        ("Bert", "Au tour de Bert"),
        ("Yann", "Au tour de Yann"),  # a y before a vowel is a consonant
        ("a20", "Au tour de a20"),  # a square or a piece is read letter by letter
        ("I5", "Au tour de I5"),
        ("3", "Au tour de 3"),
    ],
)
def test_a_name_after_de_elides_in_french(french: None, name: str, said: str) -> None:
    assert i18n.fill(i18n._("{name} to play"), name=name) == said


def test_elision_only_where_a_value_is_filled_in(french: None) -> None:
    # "de huit" in the template itself is the translator's: only the place filled in may change.
    assert i18n.fill("de huit à {name}, de {name}", name="Otti") == "de huit à Otti, d’Otti"
    assert i18n.fill("Que {name} joue", name="Ida") == "Qu’Ida joue"


def test_the_rules_words_elide_too(french: None) -> None:
    said = i18n.translate(Words("{seat}'s reserve is empty", seat="Anni"))
    assert said == "la réserve d’Anni est vide"


def test_english_is_filled_as_format_fills_it() -> None:
    i18n.set_language("en")
    for template in ("{name} to play", "victory of {name}", "que {name}"):
        assert i18n.fill(template, name="Anni") == template.format(name="Anni")


def test_every_seat_name_is_shown_in_french(french: None) -> None:
    # The setup shows what the rules call a seat (a colour, a shape, two colours of one player).
    same_in_both = {"Triangle"}
    left_english = []
    for game_id in games.GAME_IDS:
        game = games.load(game_id)
        for players in range(game.info.min_players, game.info.max_players + 1):
            for seat in range(players):
                name = game.seat_name(seat, players)
                if name == f"Player {seat + 1}" or name in same_in_both:
                    continue  # the setup says "Joueur 2" itself
                if shown(name) == str(name):
                    left_english.append(f"{game_id} {players}p seat {seat}: {name}")
    assert left_english == []
    assert shown(games.load("blokus").seat_name(0, 2)) == "Bleu & Rouge"
