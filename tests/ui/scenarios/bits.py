"""The key states of bits's screen for the layout test and the screenshots.

Positions are reached by playing moves through the rules (fast, seeded) and opening the match the
way a saved game opens; what a player does on top of them (pointing, dragging, clicking, asking for a
hint) goes through the real event path. The solo start is ``bits_start`` in common.py.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from bauhausbox.engine.history import SeatSpec
from bauhausbox.games.bits.rules import Place
from bauhausbox.match import Match
from bauhausbox.scenes.flow import open_match
from bauhausbox.ui.app import App
from tests.ui.helpers import click, frames, key, move, open_game
from tests.ui.scenarios import scenario

FOUR = ["human", "ai:easy", "ai:medium", "ai:hard"]


def _match(players: int, seed: int, advanced: bool = False) -> Match:
    seats = ["human"] if players == 1 else FOUR[:players]
    names = ("Anni", "Josef", "Marianne", "Walter")[:players]
    specs = [SeatSpec.from_text(text, name) for text, name in zip(seats, names, strict=True)]
    return Match.start("bits", players, specs, {"advanced": advanced}, seed)


def _play_until(match: Match, stop: Any, seed: int) -> Any:
    """Random legal moves through the rules until ``stop(state, next_state)`` says the next move is
    the one to leave for the scenario; returns that move (None when the game ended first)."""
    rnd = random.Random(seed)
    game = match.game
    while not match.over:
        move = rnd.choice(game.legal_moves(match.state))
        if stop(match.state, game.apply(match.state, move)):
            return move
        match.history.play(move)
    return None


def _fill_ramps_until(match: Match, shown: int) -> None:
    """Play every seat's tile where it leaves the fewest holes (so ramps last long) until tile card
    ``shown`` waits for seat 0; the neutral tile is kept in hand."""
    game = match.game

    def holes(board: str) -> int:
        rows = [board[row * 6 : row * 6 + 6] for row in range(6)]
        tops = [max((r for r in range(6) if rows[r][c] != "."), default=-1) for c in range(6)]
        return sum(1 for c in range(6) for r in range(tops[c]) if rows[r][c] == ".") * 10 + max(tops)

    while not (len(match.state.shown) >= shown and match.state.to_play == 0):
        state, seat = match.state, match.state.to_play
        moves = [m for m in game.legal_moves(state) if not (isinstance(m, Place) and m.neutral)]
        match.history.play(
            min(moves, key=lambda m: holes(game.apply(state, m).boards[seat]) if isinstance(m, Place) else 0)
        )


def _open(app: App, match: Match) -> Any:
    open_match(app, match)
    frames(app, 2)
    return app.top


def _open_and_play(app: App, match: Match, last: Any) -> None:
    """Open ``match`` and play ``last`` as its human would (a pass for a full ramp plays itself)."""
    played = match.history.cursor
    scene = _open(app, match)
    if match.history.cursor == played:
        assert scene.submit(last)
    frames(app, 4)


def _ensure_log_open(app: App) -> None:
    if not app.settings.log_open:
        key(app, pygame.K_TAB)


def _air(scene: Any, x: float) -> tuple[int, int]:
    """The screen point above the ramp's top edge at board x, where the tile waits."""
    px, py = scene.ramp.point(x, 7.0)
    return round(px), round(py)


def _stacked_column(app: App) -> Any:
    """A solo game whose column 1 is full: the start tile and two tiles standing in it."""
    match = _match(1, 11)
    game = match.game
    for _ in range(3):
        tile = match.state.tile_for(0)
        match.history.play(Place(tile, True, 0))
        assert game.legal_moves(match.state)
    return _open(app, match)


@scenario("bits_4p_start")
def four_players_start(app: App) -> None:
    _ensure_log_open(app)
    open_game(app, "bits", 4, FOUR, seed=7, options={"advanced": True})
    frames(app, 3)


@scenario("bits_4p_log_open")
def four_players_mid_game(app: App) -> None:
    """Four players, advanced, in round 2 with the log full and the recap numbered."""
    _ensure_log_open(app)
    match = _match(4, 21, advanced=True)
    _play_until(match, lambda state, after: state.round >= 2 and state.to_play == 0 and len(state.shown) > 3, 21)
    scene = _open(app, match)
    move(app, _air(scene, 3.0))


@scenario("bits_holding_legal")
def holding_legal(app: App) -> None:
    scene = open_game(app, "bits", 1, ["human"], seed=3)
    click(app, _air(scene, 3.0))  # the start tile
    frames(app, 2)
    move(app, _air(scene, 4.5))


@scenario("bits_holding_illegal")
def holding_illegal(app: App) -> None:
    scene = _stacked_column(app)
    key(app, pygame.K_r)  # standing: column 1 has no room for it
    move(app, _air(scene, 0.5))


@scenario("bits_refusal")
def refusal(app: App) -> None:
    scene = _stacked_column(app)
    key(app, pygame.K_r)
    click(app, _air(scene, 0.5))


@scenario("bits_dragging")
def dragging(app: App) -> None:
    """The tile picked up from its card and carried over the side panel, drawn above everything."""
    scene = open_game(app, "bits", 1, ["human"], seed=3)
    start = scene.tile_card_rect().center
    app.frame(
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
        ],
        1 / 60,
    )
    move(app, scene.players_rect.center, (1, 0, 0))


@scenario("bits_hint")
def hint(app: App) -> None:
    scene = open_game(app, "bits", 1, ["human"], seed=3)
    click(app, _air(scene, 3.0))
    frames(app, 2)
    game, state = scene.game, scene.match.state
    legal = [m for m in game.legal_moves(state) if isinstance(m, Place) and not m.neutral and m.vertical]
    scene.show_hint(legal[-1])  # what the hint search answers, without waiting for it
    move(app, _air(scene, 0.5))


@scenario("bits_neutral_in_hand")
def neutral_in_hand(app: App) -> None:
    """Tile card 17 of 20 with the neutral tile in hand: the longest heading of the tile card with
    its note (French at 1024 px ran "CARTE DOMINO 17 SUR 20" into "neutre en main")."""
    match = _match(2, 4)
    _fill_ramps_until(match, 17)
    _open(app, match)
    key(app, pygame.K_n)
    frames(app, 2)


@scenario("bits_round_end")
def round_end(app: App) -> None:
    """The scoring overlay at the end of round 1 of a four-player game."""
    match = _match(4, 5, advanced=True)
    last = _play_until(match, lambda state, after: len(after.finished) > len(state.finished), 5)
    _open_and_play(app, match, last)
    frames(app, 4)


@scenario("bits_solo_rank")
def solo_rank(app: App) -> None:
    """The last round's overlay of a solo game: the rank reached."""
    match = _match(1, 8)
    last = _play_until(match, lambda state, after: after.over, 8)
    _open_and_play(app, match, last)
    frames(app, 4)


def _finished(app: App, players: int, seed: int) -> Any:
    match = _match(players, seed, advanced=players > 2)
    _play_until(match, lambda state, after: False, seed)
    scene = _open(app, match)
    app.push(scene.game_over_scene())
    frames(app, 2)
    return scene


@scenario("bits_game_over")
def game_over(app: App) -> None:
    _finished(app, 4, 13)


@scenario("bits_solo_game_over")
def solo_game_over(app: App) -> None:
    _finished(app, 1, 14)


@scenario("bits_see_the_board")
def see_the_board(app: App) -> None:
    _finished(app, 4, 13)
    top = app.top
    assert top is not None
    button = next(w for w in top.widgets.widgets if getattr(w, "label", "") == "See the board")
    click(app, button.rect.center)
    frames(app, 2)


@scenario("bits_peek")
def peek(app: App) -> None:
    """An opponent's ramp shown large in place of yours (its thumbnail clicked), mid-round."""
    match = _match(3, 6)
    _play_until(match, lambda state, after: len(state.shown) > 4 and state.to_play == 0, 6)
    scene = _open(app, match)
    click(app, scene.thumb_rects[1].center)
    frames(app, 2)


@scenario("bits_recap")
def recap(app: App) -> None:
    """Anni plays, then the three computers: their boards in the players' panel are numbered 1 to 3,
    each number beside that board's score, never on it."""
    from tests.ui.helpers import wait_until

    scene = open_game(app, "bits", 4, ["human", "ai:easy", "ai:random", "ai:medium"], seed=11)
    match = scene.match
    assert wait_until(app, lambda: match.to_play == 0 and scene.input_allowed())
    assert scene.submit(random.Random(1).choice(match.game.legal_moves(match.state)))
    assert wait_until(app, lambda: bool(scene.recap) and match.to_play == 0 and scene.input_allowed())
