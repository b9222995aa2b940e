"""Parts of the screen shown from a copy (``bauhausbox/ui/layer.py``) look exactly as if drawn again.

Every frame of these tests is drawn twice: as the app draws it (the layers' copies where their keys
did not change), then with the copies off (every part painted afresh). The two pictures must be the
same, pixel for pixel: a copy kept after what it shows changed (a key missing something the part is
drawn from) shows as a difference. With the repaints spread over frames, a part may differ only
while it is shown late, never a part that drew a seat's secrets, and never more than
``layer.MOST_LAG`` frames in a row. The frames are those of every scenario of the layout test with the
pointer moving over the window, and of whole games with a human playing and the pointer on the
panels. The clocks are held still between the two drawings, so banners and animations match.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from bauhausbox import games
from bauhausbox.scenes.curtain import CurtainScene
from bauhausbox.scenes.game_scene import GameScene
from bauhausbox.ui import layer, layout_probe, theme
from bauhausbox.ui.app import App
from tests.ui.helpers import click, drag, frames, key, move, open_game, wait_until
from tests.ui.scenarios import all_scenarios

SCENARIOS = all_scenarios()
#: Each game's board (and hand) parts, which the whole games must show from copies.
BOARDS = {
    "bauhaus": {"board", "panel"},
    "bits": {"ramp", "panel"},
    "buizen": {"table", "hand"},
    "blokus": {"board", "panel rows", "panel tray"},
}


@pytest.fixture(autouse=True)
def _copies_on() -> Iterator[None]:
    layer.caching, layer.spreading = True, False  # pixel for pixel in every frame (see Twice.spread)
    yield
    layer.caching, layer.spreading = True, True


def _difference(first: pygame.Surface, second: pygame.Surface, areas: list[pygame.Rect]) -> pygame.Rect | None:
    """The first of ``areas`` whose pixels differ between two pictures of one size, or ``None``."""
    for area in areas:
        if pygame.image.tobytes(first.subsurface(area), "RGB") != pygame.image.tobytes(second.subsurface(area), "RGB"):
            return area
    return None


def _copies(app: App) -> bool:
    """Whether a screen on the app's stack holds a part shown from a copy (what :class:`Twice` compares)."""
    return any(True for scene in app.stack for _name, _copy in scene.layers.named())


class Twice:
    """Draws each frame with the copies, then without them, and notes every difference."""

    def __init__(self) -> None:
        self.frames = 0
        self.compared = 0  # frames drawn twice: those where some screen held a copy
        self.differences: list[str] = []
        self.late = 0  # parts seen differing while shown late (the spreading on)

    def draw(self, app: App, real_draw: Any, monkeypatch: pytest.MonkeyPatch) -> None:
        now, then, ticks = time.perf_counter(), time.monotonic(), pygame.time.get_ticks()
        with monkeypatch.context() as still:  # the same moment for both drawings
            still.setattr(time, "perf_counter", lambda: now)
            still.setattr(time, "monotonic", lambda: then)
            still.setattr(pygame.time, "get_ticks", lambda: ticks)
            real_draw(app)
            self.frames += 1
            if not _copies(app):
                return  # only copies are compared: with none on any screen, a second drawing checks nothing
            self.compared += 1
            kept = app.screen.copy()
            layer.caching = False
            try:
                real_draw(app)
            finally:
                layer.caching = True
        # A copy changes nothing outside its rectangle: only there may the two pictures differ (a
        # computer thinking on its thread may change the top bar between the two drawings).
        top = app.top.name if app.top else "-"
        for scene in app.stack:
            for name, copy in scene.layers.named():
                if not copy.area.width or not copy.area.height or _difference(kept, app.screen, [copy.area]) is None:
                    continue
                if layer.spreading and 0 < copy.waited <= layer.MOST_LAG and not copy.private:
                    self.late += 1  # a public part, late by a frame or two: it catches up below
                else:
                    late = f", {copy.waited} frames late" if copy.waited else ""
                    self.differences.append(f"frame {self.frames} ({top}): the copy of {name!r} differs{late}")


@pytest.fixture()
def twice(fresh_app: App, monkeypatch: pytest.MonkeyPatch) -> Iterator[Twice]:
    watcher = Twice()
    real_draw = App._draw
    monkeypatch.setattr(App, "_draw", lambda self: watcher.draw(self, real_draw, monkeypatch))
    yield watcher


def _sweep(app: App, steps: int = 24) -> None:
    """The pointer across the window, corner to corner and along the right side (panels, log)."""
    width, height = app.screen.get_size()
    for i in range(steps):
        move(app, (width * i // steps, height * i // steps))
    for i in range(steps):
        move(app, (width - width // 4 + (i % 4) * width // 16, height * i // steps))


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_every_scenario_looks_the_same_from_copies(fresh_app: App, twice: Twice, name: str) -> None:
    """The scenario's frames, then the pointer swept over its screen. A screen with no copies (the
    menus, the how-to pages, the setup) has nothing to compare, and moving the pointer opens no other
    screen: such a scenario ends after its own frames, having drawn each once."""
    SCENARIOS[name](fresh_app)
    frames(fresh_app, 2)
    if not _copies(fresh_app):
        assert not any(copy.paints for scene in fresh_app.stack for copy in scene.layers)  # truly none
        assert not twice.differences, "\n".join(twice.differences[:5])  # a screen it passed through had copies
        return
    _sweep(fresh_app)
    assert twice.compared > 40
    assert not twice.differences, "\n".join(twice.differences[:5])


@pytest.mark.parametrize("spread", [False, True], ids=["at once", "spread"])
@pytest.mark.parametrize("game_id", ["bauhaus", "bits", "buizen", "blokus"])
def test_whole_games_look_the_same_from_copies(
    fresh_app: App, twice: Twice, monkeypatch: pytest.MonkeyPatch, game_id: str, spread: bool
) -> None:
    """Spread: no budget at all, so every frame where two parts change shows one of them late."""
    app = fresh_app
    monkeypatch.setattr(layer, "spreading", spread)
    monkeypatch.setattr(layer, "FRAME_BUDGET", 0.0)
    game = games.load(game_id)
    players = max(2, game.info.default_players)
    app.settings.log_open = True
    if game_id != "bits":  # frames while pieces move in (a Bits move is refused while a tile slides)
        monkeypatch.setattr(app.settings, "animation_speed", "normal")
    scene = open_game(app, game_id, players, ["human"] + ["ai:random"] * (players - 1), seed=5)
    assert isinstance(scene, GameScene)
    width, height = app.screen.get_size()
    played = 0
    for turn in range(40):
        if not wait_until(app, lambda: scene.match.over or scene.input_allowed(), 300) or scene.match.over:
            break
        move(app, (width - width // 5 - (turn % 3) * width // 8, (turn * 97) % height))  # panels and log
        frames(app, 2)
        moves = scene.game.legal_moves(scene.match.state)
        assert scene.submit(moves[(turn * 7) % len(moves)])
        played += 1
        frames(app, 2)
        while app.top is not scene and not isinstance(app.top, CurtainScene):
            app.pop()  # a round's table or the game's end: back to the board
    assert played >= 10, f"only {played} moves were played"
    assert not twice.differences, "\n".join(twice.differences[:5])
    shown = {name for name, _copy in scene.layers.named()}
    assert BOARDS[game_id] <= shown, f"{game_id}'s board parts are not shown from copies: {shown}"
    copies = list(scene.layers)
    painted = sum(copy.paints for copy in copies)
    assert copies and painted < twice.frames * len(copies) * 3 / 4, (
        "the copies were hardly ever used: the test would not see a stale one"
    )
    assert (twice.late > 0) == spread, f"{twice.late} parts were seen late"


def test_the_buizen_hand_and_table_look_the_same_from_copies_while_a_tile_is_handled(
    fresh_app: App, twice: Twice
) -> None:
    """What changes the hand or the table between moves, one thing at a time: the pointer over each
    tile of the hand (its places on the table), a tile picked, turned, flipped, dragged, put back,
    the table zoomed and panned."""
    app = fresh_app
    scene = open_game(app, "buizen", 2, ["human", "ai:random"], seed=5)
    assert wait_until(app, scene.input_allowed, 300)
    slots = list(scene.hand_slots)
    assert len(slots) >= 2
    for _number, box in slots:
        move(app, box.center)  # the tile's places on the table
    key(app, pygame.K_1)
    for code in (pygame.K_r, pygame.K_r, pygame.K_f):
        key(app, code)  # turned and flipped: the hand's tile and the table's solid frames change
    key(app, pygame.K_2)
    drag(app, slots[0][1].center, scene.board_rect.center, steps=3)
    frames(app, 2)
    key(app, pygame.K_ESCAPE)  # a held tile goes back to the hand
    while app.top is not scene:
        app.pop()
    for code in (pygame.K_EQUALS, pygame.K_MINUS, pygame.K_LEFT, pygame.K_UP):
        key(app, code)
    frames(app, 2)
    assert not twice.differences, "\n".join(twice.differences[:5])
    assert scene.layers["hand"].paints < twice.frames and scene.layers["table"].paints < twice.frames


def test_a_layer_paints_only_when_its_key_or_place_changes(fresh_app: App) -> None:
    surface = pygame.Surface((200, 100), 0, fresh_app.screen)
    shown = layer.Layer()
    calls: list[int] = []

    def paint(colour: tuple[int, int, int]) -> Any:
        def painter(target: pygame.Surface) -> None:
            calls.append(1)
            target.fill(colour, (10, 10, 40, 40))
            layout_probe.private(1, "hand")

        return painter

    rect = pygame.Rect(0, 0, 100, 100)
    shown.show(surface, rect, ("red",), paint(theme.RED))
    surface.fill(theme.BLUE)
    shown.show(surface, rect, ("red",), paint(theme.RED))  # the same key: copied, not painted
    assert len(calls) == 1 and surface.get_at((20, 20))[:3] == theme.RED and surface.get_at((5, 5))[:3] == theme.PAPER
    assert surface.get_at((150, 20))[:3] == theme.BLUE  # nothing outside its rectangle
    shown.show(surface, rect, ("yellow",), paint(theme.YELLOW))  # a new key: painted
    assert len(calls) == 2 and surface.get_at((20, 20))[:3] == theme.YELLOW
    shown.show(surface, rect.move(100, 0), ("yellow",), paint(theme.YELLOW))  # a new place: painted
    assert len(calls) == 3 and surface.get_at((150, 50))[:3] == theme.PAPER  # its rectangle is its own
    # What the probe saw while it was painted is told again when the copy is shown.
    with layout_probe.recording(surface.get_size()) as record:
        shown.show(surface, rect, ("yellow",), paint(theme.YELLOW))
    assert len(calls) == 4 and [p.seat for p in record.privates] == [1]
    with layout_probe.recording(surface.get_size()) as record:
        shown.show(surface, rect, ("yellow",), paint(theme.YELLOW))
    assert len(calls) == 4 and [p.seat for p in record.privates] == [1]
    shown.forget()
    shown.show(surface, rect, ("yellow",), paint(theme.YELLOW))
    assert len(calls) == 5


def test_the_curtain_drops_every_copy(fresh_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two humans at Bits: when the device passes, no copy of the first player's screen is kept."""
    app = fresh_app
    open_game(app, "bits", 2, ["human", "human"], seed=3)
    scene = app.stack[1]
    assert isinstance(scene, GameScene)
    assert wait_until(app, lambda: isinstance(app.top, CurtainScene), 60)
    click(app, app.top.ready_button.rect.center)  # type: ignore[union-attr]
    frames(app, 3)
    assert app.top is scene and any(copy._copy is not None for copy in scene.layers)
    dropped: list[bool] = []
    forget = scene.layers.forget

    def watched() -> None:
        forget()
        dropped.append(all(copy._copy is None for copy in scene.layers))

    monkeypatch.setattr(scene.layers, "forget", watched)
    seat = scene.match.to_play
    assert scene.submit(scene.game.legal_moves(scene.match.state)[0])
    assert wait_until(app, lambda: isinstance(app.top, CurtainScene) or scene.match.to_play == seat, 60)
    assert isinstance(app.top, CurtainScene)
    assert dropped and all(dropped)


@pytest.mark.parametrize("game_id", ["bauhaus", "bits", "buizen", "blokus"])
def test_a_player_leaving_or_renamed_shows_at_once(
    fresh_app: App, twice: Twice, monkeypatch: pytest.MonkeyPatch, game_id: str
) -> None:
    """Across computers the players panel marks who is connected and names who joined: neither is in
    the position, so the panel's copy must notice them (planted: a panel key without them)."""
    app = fresh_app
    scene = open_game(app, game_id, 2, ["human", "ai:random"], seed=4)
    assert isinstance(scene, GameScene)
    assert wait_until(app, scene.input_allowed, 300)
    frames(app, 3)
    away: set[int] = set()
    monkeypatch.setattr(scene.table, "connected", lambda seat: seat not in away)
    frames(app, 2)
    away.add(0)  # the player's connection drops
    frames(app, 2)
    setup = scene.match.setup
    renamed = (dataclasses.replace(setup.seats[0], name="Bérénice"), *setup.seats[1:])
    monkeypatch.setattr(scene.match, "setup", dataclasses.replace(setup, seats=renamed))  # one joined
    frames(app, 2)
    assert twice.frames >= 6
    assert not twice.differences, "\n".join(twice.differences[:5])


def _painter(calls: list[str], name: str, colour: tuple[int, int, int], secret: bool = False) -> Any:
    def painter(target: pygame.Surface) -> None:
        calls.append(name)
        target.fill(colour, target.get_clip())  # its whole rectangle
        if secret:
            layout_probe.private(0, "hand")

    return painter


def test_changed_parts_wait_at_most_a_frame_or_two_and_secrets_never(
    fresh_app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the frame's budget spent, a changed public part shows its old copy, for at most
    ``MOST_LAG`` frames; a part that drew a seat's secrets, a part moved, and the frame's first
    repaint are painted at once."""
    monkeypatch.setattr(layer, "spreading", True)
    monkeypatch.setattr(layer, "FRAME_BUDGET", 0.0)
    surface = pygame.Surface((300, 100), 0, fresh_app.screen)
    board, panel, hand = layer.Layer(), layer.Layer(), layer.Layer()
    places = {
        board: pygame.Rect(0, 0, 100, 100),
        panel: pygame.Rect(100, 0, 100, 100),
        hand: pygame.Rect(200, 0, 100, 100),
    }
    calls: list[str] = []

    def frame(colour: tuple[int, int, int], moved: layer.Layer | None = None) -> list[str]:
        layer.new_frame()
        calls.clear()
        for part, name in ((board, "board"), (panel, "panel"), (hand, "hand")):
            rect = places[part].move(0, 10) if part is moved else places[part]
            part.show(surface, rect, (colour,), _painter(calls, name, colour, secret=part is hand))
        return list(calls)

    assert frame(theme.RED) == ["board", "panel", "hand"]  # nothing to show late: no copies yet
    assert frame(theme.RED) == []
    # A computer's move changes all three: the board paints first, the panel waits, the hand never.
    assert frame(theme.BLUE) == ["board", "hand"]
    assert surface.get_at((110, 10))[:3] == theme.RED and panel.waited == 1  # the old copy, a frame late
    assert surface.get_at((210, 10))[:3] == theme.BLUE
    assert frame(theme.YELLOW) == ["board", "hand"]  # changed again: still the first repaint only
    assert panel.waited == layer.MOST_LAG
    # Late MOST_LAG frames: painted whatever the budget (after the board's repaint spent it).
    assert frame(theme.GREEN) == ["board", "panel", "hand"]
    assert surface.get_at((110, 10))[:3] == theme.GREEN and panel.waited == 0
    # A part that moved is painted in its new place at once, even over budget.
    assert frame(theme.RED) == ["board", "hand"] and panel.waited == 1
    assert frame(theme.BLUE, moved=panel) == ["board", "panel", "hand"]
    # A part shown on time (the bars: whose turn it is, a hint's words) is never late either.
    bar = layer.Layer()
    for colour in (theme.RED, theme.INK):
        layer.new_frame()
        calls.clear()
        board.show(surface, places[board], (colour,), _painter(calls, "board", colour))
        bar.show(surface, places[panel], (colour,), _painter(calls, "bar", colour), on_time=True)
        assert calls == ["board", "bar"]
    # Without the spreading every changed part is painted in its frame.
    monkeypatch.setattr(layer, "spreading", False)
    assert frame(theme.RED) == ["board", "panel", "hand"]


@pytest.mark.parametrize("name", ["bits_start", "blokus_4p_start", "blokus_replay_tools"])
def test_a_bars_rule_is_all_in_its_copy(fresh_app: App, name: str) -> None:
    """The rows around a bar's lower edge look the same drawn from the bar's copy and drawn afresh: a rule
    centred on the edge spilled a row below the bar, which the copy, cut to the bar, lost in every frame."""
    SCENARIOS[name](fresh_app)
    frames(fresh_app, 3)  # the bars are shown from their copies by now
    top = fresh_app.top
    assert top is not None
    bar = top.top_rect  # type: ignore[attr-defined]
    band = pygame.Rect(0, bar.bottom - 4, bar.width, 8)
    fresh_app._draw()
    from_copy = fresh_app.screen.subsurface(band).copy()
    layer.caching = False
    try:
        fresh_app._draw()
    finally:
        layer.caching = True
    assert _difference(from_copy, fresh_app.screen.subsurface(band), [from_copy.get_rect()]) is None


def test_the_budget_counts_the_whole_frame(fresh_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget is the frame's CPU time from its start, its update included (a move taken in, the
    log's new lines): after a long update, a second changed part waits though both repaints are
    quick; the first repaint is still made."""
    monkeypatch.setattr(layer, "spreading", True)
    monkeypatch.setattr(layer, "FRAME_BUDGET", 0.002)
    surface = pygame.Surface((200, 100), 0, fresh_app.screen)
    board, panel = layer.Layer(), layer.Layer()
    calls: list[str] = []

    def frame(colour: tuple[int, int, int], update_cpu: float) -> list[str]:
        layer.new_frame()
        calls.clear()
        until = time.thread_time() + update_cpu
        while time.thread_time() < until:  # the update's own work, before anything is drawn
            pass
        board.show(surface, pygame.Rect(0, 0, 100, 100), (colour,), _painter(calls, "board", colour))
        panel.show(surface, pygame.Rect(100, 0, 100, 100), (colour,), _painter(calls, "panel", colour))
        return list(calls)

    assert frame(theme.RED, 0.0) == ["board", "panel"]
    assert frame(theme.BLUE, 0.0) == ["board", "panel"]  # two small repaints fit the budget
    assert frame(theme.YELLOW, 0.003) == ["board"]  # the update used it up: the panel waits
    assert layer.frame_cpu() >= 0.003 and panel.waited == 1
    assert frame(theme.YELLOW, 0.0) == ["panel"]  # painted in the next frame
