"""Keeping the catalogs (a maintainer's tool, with Babel; the app itself needs only the compiled files).

- ``extract``: every text marked in the package (``_``, ``ngettext``, ``N_``, ``Words``) into
  ``bauhausbox/locale/bauhausbox.pot``;
- ``update``: each language's ``.po`` from it (new texts arrive empty, gone ones are dropped, changed
  ones are marked fuzzy for a translator to check);
- ``compile``: the ``.mo`` files the app reads (shipped in the wheel and the packaged app);
- ``check``: nothing out of date, nothing untranslated or fuzzy, and a word space before every French
  ; : ! ? (the tests run it).

``scripts/translations`` runs ``extract``, ``update`` and ``compile``; see docs/contributing.md,
"Translations".
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from bauhausbox.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

PACKAGE = Path(__file__).resolve().parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "Words": None, "counted": (1, 2), "pgettext": ((1, "c"), 2)}
TRANSLATED = tuple(code for code in LANGUAGES if code != "en")  # English is the source language


# French puts a space before ; : ! ? as wide as a word space: an ordinary or a no-break one (a line
# never starts with the mark either way: ui/draw.py keeps a lone mark with the word before it). A
# narrow no-break space read as none ("de g2;" beside "f7 ;"), and a missing one is English. Only
# before a space or the end: "192.168.1.20:51234" and "ws://" are not punctuation.
_FRENCH_MARK = re.compile(r"(?<![ \u00a0])\u202f?([;:!?])(?=[\s\u00a0\u202f]|$)")
FRENCH_SPACE = "\u00a0"


def french_spacing(text: str) -> str:
    """``text`` with a French space before each ; : ! ? that had a narrow one or none (what ``update``
    writes, ``check`` wants)."""
    return _FRENCH_MARK.sub(lambda found: FRENCH_SPACE + found.group(1), text)


def _spaced(message: Any) -> None:
    """A French message's texts with their punctuation spaced as French spaces it."""
    if isinstance(message.string, list | tuple):
        message.string = type(message.string)(french_spacing(text) for text in message.string)
    elif message.string:
        message.string = french_spacing(message.string)


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


def extract() -> Catalog:
    """Every marked text of the package, with where it is used."""
    catalog = Catalog(
        project="bauhausbox",
        domain=DOMAIN,
        charset="utf-8",
        header_comment="# The texts of bauhausbox, for translators (made by scripts/translations).",
        copyright_holder="bauhausbox developers",
        msgid_bugs_address="",
        fuzzy=False,
        # A fixed date: the files change only when the texts do (no noise in every diff).
        creation_date=datetime(2026, 1, 1, tzinfo=UTC),
        revision_date=datetime(2026, 1, 1, tzinfo=UTC),
    )
    for filename, line, message, comments, context in extract_from_dir(
        str(PACKAGE), [("**.py", "python")], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        if not message or (isinstance(message, tuple) and not message[0]):
            continue
        catalog.add(message, None, [(f"bauhausbox/{filename}", line)], auto_comments=comments, context=context)
    return catalog


def _read_po(path: Path, code: str) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=code, domain=DOMAIN)


def _write_po(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, sort_output=True, include_previous=True)


def _mo_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def update_all() -> None:
    template = extract()
    _write_po(template, TEMPLATE)
    for code in TRANSLATED:
        path = po_path(code)
        catalog = _read_po(path, code) if path.exists() else Catalog(locale=code, domain=DOMAIN, fuzzy=False)
        catalog.update(template, update_header_comment=False)
        catalog.revision_date = template.creation_date
        catalog.fuzzy = False  # a fuzzy header would be left out of the .mo, and its plural rule with it
        catalog.obsolete.clear()  # texts the app no longer shows are dropped, not kept
        if code == "fr":
            for message in catalog:
                if message.id:
                    _spaced(message)
        _write_po(catalog, path)
        mo_path(code).write_bytes(_mo_bytes(catalog))


def _key(value: Any) -> Any:
    """A message id or text as a comparable, hashable value (plural forms come as lists or tuples)."""
    return tuple(value) if isinstance(value, list | tuple) else value


def problems() -> list[str]:
    """What is out of date or missing, one line each (empty: the catalogs are complete)."""
    found: list[str] = []
    wanted = {message.id for message in extract() if message.id}
    for code in TRANSLATED:
        path = po_path(code)
        if not path.exists():
            found.append(f"{code}: no catalog ({path.relative_to(PACKAGE.parent)})")
            continue
        catalog = _read_po(path, code)
        have = {message.id for message in catalog if message.id}
        for missing in sorted(map(str, wanted - have), key=str)[:50]:
            found.append(f"{code}: not in the catalog: {missing!r}")
        for message in catalog:
            if not message.id or message.id not in wanted:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.fuzzy:
                found.append(f"{code}: fuzzy: {message.id!r}")
            elif not all(strings):
                found.append(f"{code}: untranslated: {message.id!r}")
            elif code == "fr" and any(french_spacing(str(text)) != text for text in strings):
                found.append(f"{code}: no space, or a narrow one, before ; : ! ?: {message.id!r}")
        compiled = mo_path(code)
        if not compiled.exists():
            found.append(f"{code}: not compiled ({compiled.name} missing)")
        else:
            with compiled.open("rb") as handle:
                shipped = {_key(m.id): _key(m.string) for m in read_mo(handle) if m.id}
            expected = {_key(m.id): _key(m.string) for m in catalog if m.id and not m.fuzzy and m.id in wanted}
            expected = {key: value for key, value in expected.items() if value and all(value)}
            if shipped != expected:
                found.append(f"{code}: {compiled.name} is out of date: run scripts/translations")
    return found


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args else "all"
    if command in ("all", "update"):
        update_all()
        left = problems()
        print(f"catalogs updated; to translate or check: {len(left)}" if left else "catalogs updated and complete")
        for line in left[:40]:
            print("  " + line)
        return 0
    if command == "check":
        left = problems()
        for line in left:
            print(line)
        return 1 if left else 0
    print("usage: scripts/translations [all|check]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
