"""The heap is settled between frames after a new screen opens: the garbage made before is collected
and what survives is frozen, so the collector's full passes during the screen's life skip it. An
overlay (the pause menu, a dialog) does not cost a full pass."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

from bauhausbox.ui.app import Scene


class _Cycle:
    """Garbage only the cycle collector can free: it refers to itself."""

    def __init__(self) -> None:
        self.me = self


class _Overlay(Scene):
    opaque = False


def _garbage() -> weakref.ref[_Cycle]:
    junk = _Cycle()
    return weakref.ref(junk)


@pytest.fixture()
def quiet_collector(fresh_app: Any) -> Iterator[Any]:
    """The app with its pending settling done and the automatic collector off, so only the app
    collects; the heap unfrozen and the collector on again afterwards."""
    fresh_app.frame([], 1 / 60)
    fresh_app.after_frame()
    gc.unfreeze()
    gc.disable()
    try:
        yield fresh_app
    finally:
        gc.unfreeze()
        gc.enable()


def test_a_new_screen_settles_the_heap_after_its_first_frame(quiet_collector: Any) -> None:
    app = quiet_collector
    alive = _garbage()
    app.push(Scene(app))
    app.frame([], 1 / 60)
    assert alive() is not None  # not in the frame itself
    assert gc.get_freeze_count() == 0
    app.after_frame()
    assert alive() is None
    assert gc.get_freeze_count() > 0
    later = _garbage()
    app.frame([], 1 / 60)
    app.after_frame()  # once per new screen, not after every frame
    assert later() is not None


def test_an_overlay_does_not_settle_the_heap(quiet_collector: Any) -> None:
    app = quiet_collector
    alive = _garbage()
    app.push(_Overlay(app))
    app.frame([], 1 / 60)
    app.after_frame()
    assert alive() is not None
    assert gc.get_freeze_count() == 0
