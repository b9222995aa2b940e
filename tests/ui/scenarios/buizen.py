"""The key states of buizen's screen for the layout test and the screenshots: the first turn with two
and four players, a tile held over a cell where it fits and one where it does not, a refusal, a hint,
the table zoomed out and fitted, the recap after computers moved, game over and the board after it
(also a two-player game's, its human holding the fire hose: the longest material's name),
the log open with four players late in a game, the pass-the-device curtain, and what a move drew shown
to its maker before the device passes."""

from __future__ import annotations

import random

import pygame

from bauhausbox.engine.history import SeatSpec
from bauhausbox.games.buizen.rules import GAME
from bauhausbox.games.buizen.screen.scene import BuizenScene
from bauhausbox.games.buizen.state import Place
from bauhausbox.match import Match
from bauhausbox.scenes.curtain import CurtainScene
from bauhausbox.scenes.flow import open_match
from bauhausbox.scenes.game_over import GameOverScene
from bauhausbox.ui.app import App
from tests.ui.helpers import click, frames, key, move, open_game, wait_until
from tests.ui.scenarios import scenario

FOUR = ["human", "ai:easy", "ai:easy", "ai:easy"]


def _scene(app: App) -> BuizenScene:
    scene = next(s for s in reversed(app.stack) if isinstance(s, BuizenScene))
    assert isinstance(scene, BuizenScene)
    return scene


def _set_log(app: App, open_: bool) -> None:
    """Open or close the log the way a player does (Tab), whatever the settings said before."""
    if app.settings.log_open != open_:
        key(app, pygame.K_TAB)
    assert app.settings.log_open == open_


def _start(app: App, seats: list[str], log: bool = True) -> BuizenScene:
    open_game(app, "buizen", len(seats), seats=seats, seed=7)
    frames(app, 2)
    if isinstance(app.top, CurtainScene):
        click(app, app.top.ready_button.rect.center)
        frames(app, 1)
    scene = _scene(app)
    assert app.top is scene
    _set_log(app, log)
    return scene


def _played(seats: list[str], moves_left: int | None, seed: int = 11) -> Match:
    """A match about ``moves_left`` moves before a random game's end, at a turn where seat 0 (the
    human) can lay a tile; ``None``: the game played to its end."""
    specs = [SeatSpec.from_text(text, f"P{i + 1}") for i, text in enumerate(seats)]
    match = Match.start("buizen", len(specs), specs, {}, seed)
    match.autosave = False
    rnd = random.Random(seed)
    states, moves = [match.state], []
    while not GAME.is_over(states[-1]):
        chosen = rnd.choice(GAME.legal_moves(states[-1]))
        moves.append(chosen)
        states.append(GAME.apply(states[-1], chosen))
    cut = len(moves)
    if moves_left is not None:
        cut -= moves_left
        while cut > 0 and not (
            states[cut].to_play == 0 and any(isinstance(m, Place) for m in GAME.legal_moves(states[cut]))
        ):
            cut -= 1
    for chosen in moves[:cut]:
        match.history.play(chosen)
    return match


def _open_played(app: App, seats: list[str], moves_left: int | None, log: bool = True) -> BuizenScene:
    open_match(app, _played(seats, moves_left))
    frames(app, 2)
    if isinstance(app.top, CurtainScene):
        click(app, app.top.ready_button.rect.center)
        frames(app, 1)
    scene = _scene(app)
    _set_log(app, log)
    return scene


def _hold_first_placement(app: App, scene: BuizenScene) -> Place:
    wanted = next(m for m in GAME.legal_moves(scene.match.state) if isinstance(m, Place))
    slot = next(rect for number, rect in scene.hand_slots if number == wanted.number)
    click(app, slot.center)
    if wanted.face == 1:
        key(app, pygame.K_f)
    for _ in range(wanted.rotation):
        key(app, pygame.K_r)
    return wanted


@scenario("buizen_2p_start")
def two_players(app: App) -> None:
    _start(app, ["human", "ai:easy"], log=False)


@scenario("buizen_4p_start")
def four_players(app: App) -> None:
    _start(app, FOUR)


@scenario("buizen_holding_legal")
def holding_legal(app: App) -> None:
    scene = _start(app, ["human", "ai:easy"])
    wanted = _hold_first_placement(app, scene)
    move(app, scene.to_screen(wanted.cell).center)


@scenario("buizen_holding_illegal")
def holding_illegal(app: App) -> None:
    scene = _start(app, ["human", "ai:easy"])
    _hold_first_placement(app, scene)
    move(app, scene.to_screen((0, 0)).center)  # on the start pump room


@scenario("buizen_refusal")
def refusal(app: App) -> None:
    scene = _start(app, ["human", "ai:easy"])
    _hold_first_placement(app, scene)
    click(app, scene.to_screen((0, 0)).center)
    assert scene.refusal()


@scenario("buizen_hint")
def hint(app: App) -> None:
    scene = _open_played(app, FOUR, 40)
    key(app, pygame.K_h)
    assert wait_until(app, lambda: scene.hint_move is not None)
    frames(app, 1)


@scenario("buizen_zoomed_out")
def zoomed_out(app: App) -> None:
    _open_played(app, FOUR, 30)
    for _ in range(12):
        key(app, pygame.K_MINUS)


@scenario("buizen_fit")
def fit(app: App) -> None:
    scene = _open_played(app, FOUR, 6)
    key(app, pygame.K_PLUS)
    click(app, scene.fit_button.rect.center)


@scenario("buizen_fit_log_closed")
def fit_log_closed(app: App) -> None:
    scene = _open_played(app, FOUR, 6, log=False)
    click(app, scene.fit_button.rect.center)


@scenario("buizen_recap")
def recap(app: App) -> None:
    scene = _start(app, FOUR)
    wanted = _hold_first_placement(app, scene)
    click(app, scene.to_screen(wanted.cell).center)
    assert wait_until(app, lambda: scene.match.to_play == 0 and scene.input_allowed())
    frames(app, 2)
    assert scene.recap


@scenario("buizen_game_over")
def game_over(app: App) -> None:
    scene = _open_played(app, FOUR, 3)
    for _ in range(20):  # the human lays whatever fits first; the computers play on to the end
        if scene.match.over:
            break
        wait_until(app, lambda: scene.match.over or scene.input_allowed())
        if scene.input_allowed():
            assert scene.submit(GAME.legal_moves(scene.match.state)[0])
    assert wait_until(app, lambda: isinstance(app.top, GameOverScene))


@scenario("buizen_see_the_board")
def see_the_board(app: App) -> None:
    game_over(app)
    top = app.top
    assert isinstance(top, GameOverScene)
    click(app, top.board_button.rect.center)
    frames(app, 1)
    assert isinstance(app.top, BuizenScene)


@scenario("buizen_4p_log_late")
def four_players_late(app: App) -> None:
    _open_played(app, FOUR, 20)


@scenario("buizen_curtain")
def curtain(app: App) -> None:
    open_game(app, "buizen", 2, seats=["human", "human"], seed=7)
    frames(app, 2)
    assert isinstance(app.top, CurtainScene)


@scenario("buizen_outcome")
def outcome(app: App) -> None:
    """Two humans: the first has laid a tile and sees what it drew before the device passes."""
    from bauhausbox.scenes.outcome import OutcomeScene

    scene = _start(app, ["human", "human"])
    wanted = _hold_first_placement(app, scene)
    click(app, scene.to_screen(wanted.cell).center)
    frames(app, 2)
    assert isinstance(app.top, OutcomeScene)


BIG_HAND = (
    "buizen players=4 to_play=0 pumps=9 roads=10\ncolours: FH PP GAS PE\nhand 0: 1 4 7 10 13 16 19 22 25 28 pit\n"
    "hand 1: 2 5\nhand 2: 3 6\nhand 3: 8 9\nbag: 11 12 14 15\nboard: 0,0 pump; 1,0 3f r270; 2,0 29f r180; 2,1 road"
)


def open_big_hand(app: App) -> BuizenScene:
    """Four players, the log open, the human holding eleven tiles (a hand late in a game)."""
    from bauhausbox.engine.history import History, Setup

    specs = tuple(SeatSpec.from_text(text, f"P{i + 1}") for i, text in enumerate(FOUR))
    setup = Setup("buizen", 4, 1, specs, GAME.normalize_options(4, {}))
    match = Match(setup, History(GAME, GAME.from_text(BIG_HAND)), autosave=False)
    open_match(app, match)
    frames(app, 2)
    scene = _scene(app)
    _set_log(app, True)
    return scene


@scenario("buizen_4p_big_hand")
def big_hand(app: App) -> None:
    open_big_hand(app)


FINISHED_TWO = (
    "buizen players=2 to_play=- pumps=9 roads=9\ncolours: FH PP GAS PE\nhand 0:\nhand 1:\nbag:\n"
    "board: 0,1 pump; 1,1 3f r270; 2,1 38b r90; 3,1 2f r180; 2,2 17f r0; 3,2 38b r270; 4,2 18f r90; 5,2 road"
)


@scenario("buizen_two_see_the_board")
def two_see_the_board(app: App) -> None:
    """A finished game of a human holding the fire hose (the longest material's name) against a
    computer: the board after the final table, with its key and the players' materials."""
    from bauhausbox.engine.history import History, Setup

    specs = (SeatSpec.from_text("human", "Josef"), SeatSpec.from_text("ai:easy", "Anni"))
    setup = Setup("buizen", 2, 1, specs, GAME.normalize_options(2, {}))
    scene = BuizenScene(app, Match(setup, History(GAME, GAME.from_text(FINISHED_TWO)), autosave=False))
    app.push(scene)
    frames(app, 2)
    scene.game_over_shown = True  # as after the 0.8 s pause the end keeps before its table comes
    app.push(scene.game_over_scene())
    frames(app, 1)
    top = app.top
    assert isinstance(top, GameOverScene)
    click(app, top.board_button.rect.center)
    frames(app, 1)
    assert app.top is scene


def _hover(app: App, label: str) -> None:
    """Rest the pointer on the game's top-bar button ``label`` long enough for its tooltip."""
    from tests.ui.scenarios.common import hover

    hover(app, label)
    frames(app, 1)


@scenario("buizen_tooltip_play_hint")
def tooltip_play_hint(app: App) -> None:
    """The review (1280): "Play the hinted move (Enter)" hid the name "Anni" in the players panel."""
    scene = _start(app, ["human", "human", "ai:easy"])
    scene.show_hint(next(m for m in GAME.legal_moves(scene.match.state) if isinstance(m, Place)))
    frames(app, 1)
    _hover(app, "Play hint")


@scenario("buizen_tooltip_log")
def tooltip_log(app: App) -> None:
    """The review (1024): "Show or hide the game log (Tab)" hid the name "Anni"."""
    _start(app, ["human", "human", "ai:easy"])
    _hover(app, "Log")
