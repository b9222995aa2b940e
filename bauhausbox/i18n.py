"""The players' language: every text a player sees goes through :func:`_` (or :func:`ngettext`).

The catalogs are gettext's: ``bauhausbox/locale/<lang>/LC_MESSAGES/bauhausbox.po`` (kept by
``scripts/translations``, which uses Babel to extract, update and compile) and the compiled ``.mo``
beside it, which is what the app reads, with the standard library only. English is the source
language: an English text is its own message id, and a text with no translation shows in English.

The language is chosen once at start and can change at any moment (the settings screen): the
environment variable ``BAUHAUSBOX_LANG`` wins, then the setting, then the system's language, then
English. Screens translate when they draw, so a change shows at the next frame.

Rules modules stay language-free (docs/architecture.md, "Languages"): they mark their texts with
:func:`N_` (which changes nothing) and raise refusals with a template and its values
(:class:`bauhausbox.engine.api.IllegalMoveError`); the screen translates them with :func:`message`.

The pseudo-language ``qps`` wraps every translated text in ``⟦…⟧``: the tests draw every screen
in it and look for text that did not go through the catalogs.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import locale
import os
import re
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path

DOMAIN = "bauhausbox"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The languages a player can choose, by code, each named in its own language.
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français"}
PSEUDO = "qps"
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


class _Pseudo(gettext.NullTranslations):
    """Marks every text that went through the catalogs (for the tests)."""

    def gettext(self, message: str) -> str:
        return f"{PSEUDO_OPEN}{message}{PSEUDO_CLOSE}"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"{PSEUDO_OPEN}{singular if n == 1 else plural}{PSEUDO_CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return f"{PSEUDO_OPEN}{message}{PSEUDO_CLOSE}"

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.ngettext(singular, plural, n)


def system_language() -> str:
    """The system's language if we have it, else English (``BAUHAUSBOX_LANG`` first)."""
    wanted = [os.environ.get("BAUHAUSBOX_LANG", "")]
    wanted += [os.environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    with contextlib.suppress(ValueError):  # an unknown locale name in the environment
        wanted.append(locale.getlocale()[0] or "")
    for name in wanted:
        code = name.split(":")[0].split(".")[0].split("_")[0].lower()
        if code in LANGUAGES or code == PSEUDO:
            return code
    return "en"


@functools.lru_cache(maxsize=8)
def _catalog(chosen: str) -> gettext.NullTranslations:
    if chosen == PSEUDO:
        return _Pseudo()
    if chosen == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, [chosen], fallback=True)


def set_language(code: str | None) -> str:
    """Switch to ``code`` ("en", "fr"; ``None`` or "system": the system's); returns the language now
    in use. ``BAUHAUSBOX_LANG`` (for scripts and tests) wins over ``code``."""
    global _translations, _language
    forced = os.environ.get("BAUHAUSBOX_LANG", "").strip().lower()
    chosen = forced or (code or "system").lower()
    if chosen == "system" or (chosen not in LANGUAGES and chosen != PSEUDO):
        chosen = system_language()
    _translations = _catalog(chosen)
    _language = chosen
    return chosen


# A thread speaking another language than the players' for a while (:func:`speaking`).
_speaking = threading.local()


@contextlib.contextmanager
def speaking(code: str) -> Iterator[str]:
    """Texts in ``code`` on this thread only, while inside: a server in the host's app writes each
    guest's sentences in that guest's language while the window keeps the players' own (and
    ``BAUHAUSBOX_LANG``, which sets the players' language, does not change a guest's). An unknown
    code speaks the players' language."""
    chosen = code.strip().lower()
    if chosen not in LANGUAGES and chosen != PSEUDO:
        chosen = _language
    before = getattr(_speaking, "now", None)
    _speaking.now = (_catalog(chosen) if chosen != _language else _translations, chosen)
    try:
        yield chosen
    finally:
        _speaking.now = before


def _current() -> gettext.NullTranslations:
    now = getattr(_speaking, "now", None)
    return _translations if now is None else now[0]


def language() -> str:
    now = getattr(_speaking, "now", None)
    return _language if now is None else now[1]


def _(message: str) -> str:
    """``message`` in the players' language."""
    return _current().gettext(message)


def pgettext(context: str, message: str) -> str:
    """``message`` as said in ``context`` (a game whose rulebook has its own word: Buizen's
    "Scoring" is "Le pointage", not the "Décompte" of the others)."""
    return _current().pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a text for ``n`` of something, in the players' language ("1 pièce", "2 pièces")."""
    return _current().ngettext(singular, plural, n)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` in a ``context``: the same English words for another translation (French
    "a pioché" for a player named, "avez pioché" for the reader)."""
    return _current().npgettext(context, singular, plural, n)


def counted(singular: str, plural: str, n: int) -> str:
    """A count with its noun in the right form: ``counted("{n} piece", "{n} pieces", 2)`` is
    "2 pieces" ("2 pièces"; French takes the singular for 0 and 1). One place for every count shown
    to players, so "1 pieces" and "hint(s)" cannot come back. A negative count takes the form of its
    size ("−20 points"): gettext's French rule, ``n > 1``, would call it singular."""
    return ngettext(singular, plural, abs(n)).format(n=n)


def signed(n: int) -> str:
    """A change of points with its sign: "+6", "−2" (a real minus sign, never "+-2"), "0". Every
    change that may go either way is written through here, never with a "+" glued before a number."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def decimal(value: float, places: int = 1) -> str:
    """``value`` with ``places`` decimals as the players' language writes it: "11.0", "11,0"."""
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if language() == "fr" else text


def percent(share: float) -> str:
    """``share`` (0.8) as a percentage the way the players' language writes it: "80%" in English,
    "80 %" in French (a no-break space, so the sign never wraps alone). Every percentage on
    screen goes through here."""
    return _("{n}%").format(n=round(100 * share))


def forced_language() -> str | None:
    """The language ``BAUHAUSBOX_LANG`` imposes over the setting, if it is set."""
    return os.environ.get("BAUHAUSBOX_LANG", "").strip().lower() or None


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs without translating it (module constants, rules)."""
    return message


# French elision before a filled-in value: "de {name}" is "d’Anni" but "de Bert"; "que {name}" is
# "qu’Ida". Only a word opening with a vowel (or a mute h before one) elides: a square ("a20"), a
# piece ("I5") or a number is read letter by letter or as a number and keeps "de".
_ELIDING = re.compile(r"\b([Dd]e|[Qq]ue) \{(\w+)\}")
_VOWEL_WORD = re.compile(
    r"^(?:[AEIOUÀÂÆÉÈÊËÎÏÔŒÙÛÜaeiouàâæéèêëîïôœùûü]|[Hh][aeiouyàâéèêëîïôûù]|[Yy][^aeiouAEIOU\W\d])[^\W\d]"
)


def _elided(value: object) -> bool:
    return isinstance(value, str) and _VOWEL_WORD.match(value) is not None


def fill(text: str, /, **values: object) -> str:
    """``text`` (already translated) filled with ``values``, as ``text.format(**values)``, with the
    language's contractions at the places filled in: in French "Au tour de {name}" with "Anni" reads
    "Au tour d’Anni" (and "de Bert" stays). English is filled exactly as ``format`` would. Use it for
    every template whose translation puts a name or a word after "de" or "que"."""
    if language() == "fr":

        def contract(found: re.Match[str]) -> str:
            if not _elided(values.get(found.group(2))):
                return found.group(0)
            return f"{found.group(1)[:-1]}’{{{found.group(2)}}}"

        text = _ELIDING.sub(contract, text)
    return text.format(**values)


def message(template: str, values: Mapping[str, object] | None = None) -> str:
    """A marked template (``N_("{piece} is not yours")``) translated, then filled with ``values``
    (each translated too when it is translatable :class:`~bauhausbox.engine.api.Words`), with the
    contractions of :func:`fill`."""
    text = _(template)
    if not values:
        return text
    return fill(text, **{key: translate(value) if isinstance(value, str) else value for key, value in values.items()})


def translate(text: str) -> str:
    """A text from the rules (a refusal, a word) in the players' language: :class:`Words` by its
    template and values, any other text as it is (a name, a notation)."""
    template = getattr(text, "template", None)
    if template is None:
        return text
    return message(template, getattr(text, "values", None))
