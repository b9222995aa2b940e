"""The catalogs: complete and current (every marked text translated into French, nothing fuzzy, the
shipped .mo compiled from the .po), the language chosen as promised (BAUHAUSBOX_LANG, the setting,
the system's, English), plural forms right in both languages, and refusals translated at the edge.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bauhausbox import i18n, translations
from bauhausbox.engine.api import IllegalMoveError, Words


@pytest.fixture()
def language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test picks its language; the one before comes back afterwards."""
    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    before = i18n.language()
    yield
    # The environment first: a BAUHAUSBOX_LANG a test set would win over ``before`` and leave every
    # later test of the session in that language.
    monkeypatch.undo()
    i18n.set_language(before)


def test_every_marked_text_is_translated_and_compiled() -> None:
    assert translations.problems() == []


def test_the_environment_wins_then_the_setting_then_the_system(language: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "fr_BE.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert i18n.set_language("system") == "fr"
    assert i18n.set_language("en") == "en"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")  # a language we do not have: English
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: ("de_DE", "UTF-8"))
    assert i18n.set_language("system") == "en"
    monkeypatch.setenv("BAUHAUSBOX_LANG", "fr")
    assert i18n.set_language("en") == "fr"


def test_french_counts_take_the_singular_for_0_and_1(language: None) -> None:
    i18n.set_language("fr")
    # The catalog's own plural rule (its header), applied to a count the app shows.
    assert i18n.ngettext("{n} move", "{n} moves", 1) in ("{n} coup", "{n} move")
    translations_fr = i18n._translations
    assert getattr(translations_fr, "plural", None) is not None
    assert [translations_fr.plural(n) for n in (0, 1, 2, 10)] == [0, 0, 1, 1]  # type: ignore[attr-defined]
    i18n.set_language("en")
    assert i18n.counted("{n} move", "{n} moves", 1) == "1 move"
    assert i18n.counted("{n} move", "{n} moves", 0) == "0 moves"


def test_a_refusal_reads_as_english_and_is_translated_by_its_template(language: None) -> None:
    error = IllegalMoveError(Words("{name} is not a name a player may have", name=Words("Game over")))
    assert str(error) == "Game over is not a name a player may have"
    i18n.set_language("qps")
    said = i18n.translate(error.args[0])
    assert said == "⟦⟦Game over⟧ is not a name a player may have⟧"
    assert i18n.translate("P1") == "P1"  # not a text of the rules: a name stays as it is
