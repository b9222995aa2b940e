"""Fixtures of the language tests: a test in French (the suite's autouse fixture in tests/conftest.py
puts English back afterwards)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bauhausbox import i18n


@pytest.fixture()
def french(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The players' language is French for the test (BAUHAUSBOX_LANG out of the way)."""
    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    assert i18n.set_language("fr") == "fr"
    yield
