"""The key states of bauhaus's screen for the layout test and the screenshots: 2 and 4 players (powers
on) at the start and mid-game, the opening, a wall lifted, a pattern held over a legal and an illegal
spot, a wall card between its two walls, a greyed card's explanation, a refusal, a hint, a decision
window for a power, the game-over table and the board after "See the board"."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pygame

from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.games.bauhaus.positions import EMPTY_BOARD, zones_picture
from bauhausbox.games.bauhaus.rules import GAME, BauhausState
from bauhausbox.games.bauhaus.screen.scene import BauhausScene
from bauhausbox.match import Match
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.flow import open_match
from bauhausbox.scenes.game_over import GameOverScene
from bauhausbox.ui.app import App
from tests.ui.helpers import click, frames, key, move, open_game, wait_until
from tests.ui.scenarios import scenario

NAMES = ("Anni Albers", "Marianne Brandt", "Gunta Stölzl", "Lucia Moholy")


def _position(app: App, state: BauhausState, seats: list[str] | None = None) -> BauhausScene:
    """``state`` on a Bauhaus screen, everyone human unless ``seats`` says otherwise."""
    texts = seats or ["human"] * state.players
    specs = tuple(SeatSpec.from_text(text, NAMES[i]) for i, text in enumerate(texts))
    setup = Setup("bauhaus", state.players, 1, specs, {"powers": state.powers})
    match = Match(setup, History(GAME, state), autosave=False)
    open_match(app, match)
    frames(app, 2)
    scene = app.top
    assert isinstance(scene, BauhausScene)
    return scene


def _played(players: int, moves: int, seed: int, seats: list[str], powers: bool = True) -> Match:
    """A match of ``players`` after ``moves`` random legal moves (to the end when there are fewer)."""
    specs = [SeatSpec.from_text(text, NAMES[i]) for i, text in enumerate(seats)]
    options = GAME.normalize_options(players, {"powers": powers})
    match = Match(Setup("bauhaus", players, seed, tuple(specs), options), autosave=False)
    rnd = random.Random(seed)
    while not match.over and match.history.cursor < moves:
        match.history.play(rnd.choice(GAME.legal_moves(match.state)))
    return match


def _tokens(state: BauhausState, *seat_squares: tuple[str, ...]) -> BauhausState:
    masks = tuple(sum(1 << GAME.board.parse_square(name) for name in names) for names in seat_squares)
    return replace(state, deployed=masks, reserve=tuple(8 - len(names) for names in seat_squares))


def _square(scene: BauhausScene, name: str) -> tuple[int, int]:
    center = scene.geo.square_rect(GAME.board.parse_square(name)).center
    return center[0], center[1]


def _edge(scene: BauhausScene, name: str) -> tuple[int, int]:
    (x1, y1), (x2, y2) = scene.geo.edge_ends(GAME.board.parse_edge(name))
    return round((x1 + x2) / 2), round((y1 + y2) / 2)


def _zones_state(display: tuple[str, ...]) -> BauhausState:
    """Two players mid-game: a blue zone, a yellow one, an unowned one, walls on the border."""
    picture = zones_picture([(["a1", "b1", "a2"], "bb."), (["g7", "h7", "g8", "h8"], "y..."), (["d4", "e4"], "by")])
    state = GAME.from_picture(picture, display=display)
    return replace(state, reserve=(4, 5), supply=66 - state.walls.bit_count())


@scenario("bauhaus_4p_powers")
def four_players_powers(app: App) -> None:
    """Four players, powers on, a dozen moves in, the human to choose a card (the log has content)."""
    match = _played(4, 14, 3, ["human"] * 4)
    open_match(app, match)
    frames(app, 3)


@scenario("bauhaus_4p_black_zone")
def four_players_black_zone(app: App) -> None:
    picture = zones_picture(
        [(["a1", "b1"], "kk"), (["c8", "d8", "e8"], "r.."), (["g1", "h1", "g2"], "y.."), (["e5"], "b")]
    )
    state = GAME.from_picture(picture, players=4, powers=True)
    _position(app, replace(state, supply=66 - state.walls.bit_count()))


@scenario("bauhaus_owned_4p")
def owned_four(app: App) -> None:
    """Four players, each owning a zone (black's too), beside an unowned zone and a shared one: owned
    reads as a flat field in the owner's ground, unowned as hatching."""
    picture = zones_picture(
        [
            (["a1", "b1", "a2"], "b.."),
            (["g1", "h1"], "y."),
            (["a7", "a8", "b8"], "r.."),
            (["g7", "h7", "g8", "h8"], "k..."),
            (["d4", "e4", "d5"], "by."),
            (["d8", "e8"], "RK"),
        ]
    )
    state = GAME.from_picture(picture, players=4, powers=True, display=("place", "free", "swap", "move"))
    _position(app, replace(state, reserve=(6, 7, 6, 6), supply=66 - state.walls.bit_count()))


@scenario("bauhaus_pattern_legal")
def pattern_legal(app: App) -> None:
    scene = _position(app, _zones_state(("T3", "free", "swap", "place")))
    click(app, scene.card_rects[0].center)
    move(app, _square(scene, "d6"))


@scenario("bauhaus_pattern_illegal")
def pattern_illegal(app: App) -> None:
    scene = _position(app, _zones_state(("T3", "free", "swap", "place")))
    click(app, scene.card_rects[0].center)
    move(app, _square(scene, "a2"))


@scenario("bauhaus_opening")
def opening(app: App) -> None:
    """Two humans, powers on, the first opening token to place: the panel says what the opening is,
    the status bar how to place it (one sentence in one place)."""
    open_game(app, "bauhaus", 2, ["human", "human"], seed=4, options={"powers": True})


@scenario("bauhaus_wall_lifted")
def wall_lifted(app: App) -> None:
    """A Move wall card mid-turn, its wall lifted and the pointer on the board."""
    state = GAME.play_texts(_zones_state(("free", "move-wall", "swap", "place")), ["card0", "wall d5N", "wall d5E"])
    scene = _position(app, state)
    click(app, scene.card_rects[1].center)
    click(app, _edge(scene, "d5N"))
    move(app, _square(scene, "f3"))


@scenario("bauhaus_token_held")
def token_held(app: App) -> None:
    scene = _position(app, _zones_state(("move", "free", "swap", "place")))
    click(app, scene.card_rects[0].center)
    click(app, _square(scene, "d4"))
    move(app, _square(scene, "f3"))


@scenario("bauhaus_second_wall")
def second_wall(app: App) -> None:
    """A Two-walls card after its first wall, the pointer still on it."""
    scene = _position(app, _zones_state(("free", "move", "swap", "place")))
    click(app, scene.card_rects[0].center)
    click(app, _edge(scene, "c5N"))


@scenario("bauhaus_greyed_card")
def greyed_card(app: App) -> None:
    """Swap greyed (one colour on the board), the pointer resting on it."""
    state = _tokens(GAME.from_picture(EMPTY_BOARD, display=("swap", "free", "place", "T3")), ("c3", "d5"), ())
    scene = _position(app, state)
    move(app, scene.card_rects[0].center)
    frames(app, 2)


@scenario("bauhaus_clogged")
def clogged(app: App) -> None:
    """No face-up card can be carried out: the player must discard one."""
    state = _tokens(GAME.from_picture(EMPTY_BOARD, display=("place", "place", "swap", "place")), ("c3",), ())
    _position(app, replace(state, reserve=(0, 8)))


@scenario("bauhaus_refusal")
def refusal(app: App) -> None:
    scene = _position(app, _zones_state(("place", "free", "swap", "place")))
    click(app, scene.card_rects[0].center)
    click(app, _square(scene, "a1"))  # a locked zone


@scenario("bauhaus_refusal_by_panel")
def refusal_by_panel(app: App) -> None:
    """A refusal on the board's right edge, beside the panel (a locked zone on h8 and on h4): its
    note stays off the cards' titles and the prompt's words."""
    scene = _position(app, _zones_state(("place", "free", "swap", "place")))
    click(app, scene.card_rects[0].center)
    click(app, _square(scene, "h8"))


@scenario("bauhaus_power_tooltip")
def power_tooltip(app: App) -> None:
    """Four players with powers: the pointer rests on the last player's greyed Bauhaus! button; its
    tooltip keeps off the cards, the Deck/Walls line and the prompt."""
    match = _played(4, 9, 3, ["human"] * 4)
    open_match(app, match)
    frames(app, 2)
    scene = app.top
    assert isinstance(scene, BauhausScene)
    button = [b for b in scene.power_buttons if b.visible][-1]
    move(app, button.rect.center)
    scene.widgets._hover_since = time.monotonic() - 5
    frames(app, 1)


@scenario("bauhaus_replay")
def replay(app: App) -> None:
    """The replay viewer of a four-player game with powers, half-way: its cards keep readable
    pictures and titles inside their margins as the table's do."""
    from bauhausbox.scenes.replay import ReplayScene

    viewer = app.push(ReplayScene.of_match(app, _played(4, 60, 5, ["human", "ai:easy", "human", "ai:easy"])))
    assert isinstance(viewer, ReplayScene)
    viewer.go_to(30)
    frames(app, 2)


@scenario("bauhaus_hint")
def hint(app: App) -> None:
    scene = _position(app, _zones_state(("place", "free", "swap", "T3")))
    key(app, pygame.K_h)
    wait_until(app, lambda: scene.hint_move is not None, 900)


@scenario("bauhaus_decision")
def decision(app: App) -> None:
    """A computer chose a card; Blue (human, Mind Control unused, the setting "Ask me when I can
    react: Always") is asked whether to answer."""
    app.settings.ask_reactions = "always"
    open_game(app, "bauhaus", 4, ["human", "ai:random", "ai:random", "ai:random"], seed=5, options={"powers": True})
    scene = app.top
    assert isinstance(scene, BauhausScene)
    wait_until(app, lambda: scene.actor() == 0)
    click(app, _square(scene, "b2"))  # the human's opening token; the computers follow
    wait_until(app, lambda: isinstance(app.top, DialogScene), 2000)
    assert isinstance(app.top, DialogScene), "no decision window came up"


@scenario("bauhaus_power_cue")
def power_cue(app: App) -> None:
    """Two humans, powers on: Yellow has chosen a card; Blue's Mind Control is only a lit button
    and a cue beside the board (no question by default) and Yellow plays on."""
    state = _tokens(
        GAME.from_picture(EMPTY_BOARD, display=("place", "move", "I2", "swap"), powers=True, turn=1), ("c3",), ("f6",)
    )
    specs = tuple(SeatSpec.from_text("human", NAMES[i]) for i in range(2))
    setup = Setup("bauhaus", 2, 1, specs, {"powers": True})
    open_match(app, Match(setup, History(GAME, GAME.play_texts(state, ["card0"])), autosave=False))
    frames(app, 2)
    assert isinstance(app.top, BauhausScene), "a question went up"


@scenario("bauhaus_game_over")
def game_over(app: App) -> None:
    """Four players, the last move played on the screen: the game-over table."""
    finished = _played(4, 10_000, 11, ["human"] * 4, powers=False)
    last = finished.history.steps[-1]
    match = Match(finished.setup, autosave=False)
    for step in finished.history.steps[:-1]:
        match.history.play(step.move, step.seat)
    open_match(app, match)
    frames(app, 2)
    scene = app.top
    assert isinstance(scene, BauhausScene) and scene.submit(last.move)
    wait_until(app, lambda: isinstance(app.top, GameOverScene), 300)
    assert isinstance(app.top, GameOverScene)


@scenario("bauhaus_see_the_board")
def see_the_board(app: App) -> None:
    game_over(app)
    top = app.top
    assert isinstance(top, GameOverScene)
    button = next(w for w in top.widgets.widgets if getattr(w, "label", "") == "See the board")
    click(app, button.rect.center)
    frames(app, 2)


@scenario("bauhaus_pause_after_game_over")
def pause_after_game_over(app: App) -> None:
    """The menu after "See the board": the final table, a new game, the main menu; no undo."""
    see_the_board(app)
    key(app, pygame.K_ESCAPE)
    frames(app, 2)


@scenario("bauhaus_game_over_long_sum")
def game_over_long_sum(app: App) -> None:
    """Four players; Blue scores in six zones of six sizes ("7 + 5 + 4 + 3 + 2 + 1"), Red five tokens
    in 1-square zones ("1 + 1 + 1 + 1 + 1"): sums longer than their column."""
    # No two zones side by side (the picture would join them): blue on rows 1, 3, 5 and 7, red apart.
    blue = [["a1", "b1", "c1", "d1", "e1", "f1", "g1"], ["a3", "b3", "c3", "d3", "e3"], ["a5", "b5", "c5", "d5"]]
    blue += [["a7", "b7", "c7"], ["e7", "f7"], ["h3"]]
    zones = [(squares, "b") for squares in blue] + [([square], "r") for square in ("d8", "f5", "h5", "h7", "g8")]
    state = GAME.from_picture(zones_picture(zones), players=4, phase="over")
    scene = _position(app, state)
    app.push(GameOverScene(app, scene))
    frames(app, 2)


@scenario("bauhaus_game_over_tie")
def game_over_tie(app: App) -> None:
    """Four players, two equal on points: the final table says how the tie was decided."""
    lines = [[f"{col}{row}" for col in "abcd"] for row in (1, 3, 5, 7)]
    zones = [(lines[0], "bb"), (lines[1], "y"), (lines[2], "y"), (lines[3], "rk")]
    state = GAME.from_picture(zones_picture(zones), players=4, phase="over")
    scene = _position(app, state)
    app.push(GameOverScene(app, scene))
    frames(app, 2)
