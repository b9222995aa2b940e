"""Each step of a Bauhaus turn says what to do once: the panel beside the board says what the step is
(the rule), the status bar how to do it (the controls). The opening once said "click a free square or
drag a token from your reserve" in both, in slightly different words, and so did choosing a card and
every card after it; the layout check's "same sentence twice" rule, which compares whole sentences,
did not see it. Here two places of one frame may not share a run of five words, at every step, in
English and French."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from bauhausbox import i18n
from bauhausbox.games.bauhaus.rules import GAME
from bauhausbox.games.bauhaus.screen.scene import BauhausScene
from bauhausbox.ui import layout_probe
from tests.ui.helpers import click, frames, move, open_game, redraw_everything
from tests.ui.scenarios.bauhaus import _edge, _position, _square, _zones_state

RUN = 5  # words in a row that two places of a frame may not share


def _places(record: layout_probe.Record) -> list[str]:
    """The frame's texts, a box's lines joined (a paragraph wraps over several lines)."""
    grouped: dict[object, list[str]] = {}
    for index, text in enumerate(record.texts):
        where = (text.layer, tuple(text.box)) if text.box is not None else index
        grouped.setdefault(where, []).append(text.content)
    return [" ".join(lines) for lines in grouped.values()]


def _words(text: str) -> list[str]:
    return re.findall(r"[\w’'+-]+", text.lower())


def shared_runs(texts: list[str], run: int = RUN) -> list[str]:
    """Each run of ``run`` words found in two of ``texts``."""
    seen: dict[tuple[str, ...], int] = {}
    found = []
    for index, text in enumerate(texts):
        words = _words(text)
        for start in range(len(words) - run + 1):
            key = tuple(words[start : start + run])
            if seen.setdefault(key, index) != index:
                found.append(f"{' '.join(key)!r} in {texts[seen[key]]!r} and {text!r}")
    return found


def test_shared_runs_sees_a_sentence_said_again_in_other_words() -> None:
    old = ["Place one token on any free square: click it, or drag a token from your reserve.", "Opening round: "]
    old[1] += "click a free square or drag a token from your reserve  ·  Ctrl+Z undo  ·  Esc menu"
    assert shared_runs(old)
    assert not shared_runs(["Anni placed a token on d4", "Josef placed a token on d5"])


def _choose(scene: BauhausScene, app: Any, slot: int) -> BauhausScene:
    click(app, scene.card_rects[slot].center)
    assert scene.card_kind() is not None, slot
    return scene


def _opening(app: Any) -> None:
    scene = open_game(app, "bauhaus", 2, ["human", "human"], seed=4, options={"powers": True})
    assert isinstance(scene, BauhausScene)


def _choosing(app: Any) -> None:
    _position(app, _zones_state(("place", "free", "swap", "T3")))


def _card(display: str) -> Callable[[Any], BauhausScene]:
    def open_card(app: Any) -> BauhausScene:
        if display == "move-wall":  # a wall off the border first (those on it do not move)
            state = _zones_state(("free", "move-wall", "swap", "place"))
            return _choose(_position(app, GAME.play_texts(state, ["card0", "wall d5N", "wall d5E"])), app, 1)
        return _choose(_position(app, _zones_state((display, "free", "swap", "place"))), app, 0)

    return open_card


def _lifted(display: str, what: str) -> Callable[[Any], None]:
    """A Move wall / Move token / Swap card with its first piece picked up (from a legal move)."""

    def lift(app: Any) -> None:
        scene = _card(display)(app)
        state = scene.match.state
        text = GAME.format_move(state, next(iter(GAME.legal_moves(state))))
        first = re.split(r"[ >,]", text)[1]
        click(app, _edge(scene, first) if what == "edge" else _square(scene, first))
        assert scene.held is not None or display == "swap", text

    return lift


def _pattern_over_board(app: Any) -> None:
    scene = _card("T3")(app)
    move(app, _square(scene, "d6"))


STEPS: dict[str, Callable[[Any], Any]] = {
    "opening": _opening,
    "choose": _choosing,
    "place": _card("place"),
    "two-walls": _card("free"),
    "pattern": _pattern_over_board,
    "move-wall": _card("move-wall"),
    "move-wall-held": _lifted("move-wall", "edge"),
    "move-token": _card("move"),
    "move-token-held": _lifted("move", "square"),
    "swap": _card("swap"),
    "swap-first": _lifted("swap", "square"),
}


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("step", sorted(STEPS))
def test_each_step_is_said_once(fresh_app: Any, step: str, language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    i18n.set_language(language)
    STEPS[step](fresh_app)
    frames(fresh_app, 2)
    redraw_everything(fresh_app)
    with layout_probe.recording(fresh_app.screen.get_size()) as record:
        frames(fresh_app, 1)
    places = _places(record)
    assert len(places) > 3, places  # the probe saw the screen
    assert not shared_runs(places), "\n".join(shared_runs(places))
