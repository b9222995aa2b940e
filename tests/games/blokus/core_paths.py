"""The two paths of the Blokus core, for tests that run on both: the pure-Python reference and the
compiled twin (``bauhausbox/games/blokus/core.py``). The compiled one is skipped where it is not built."""

from __future__ import annotations

from contextlib import AbstractContextManager

import pytest

from bauhausbox.games.blokus import core

PATHS = [
    pytest.param("python", id="python"),
    pytest.param(
        "compiled",
        id="compiled",
        marks=pytest.mark.skipif(core.BUILT is None, reason=f"the compiled Blokus core is {core.WHY_NOT}"),
    ),
]


def on_path(path: str) -> AbstractContextManager[None]:
    """A block run on ``path`` ("python" or "compiled")."""
    return core.pure() if path == "python" else core.compiled_core()
