"""A tiny game for testing the engine core and the persistence layer without any real game.

"Draw and keep": two seats take turns; a move either draws the top card of a seeded deck into the
mover's hidden hand (a reveal) or passes. After six plies the game ends; the score is the sum of a
seat's hand. Seat 1 may also "shout" out of turn once (to exercise out-of-turn moves).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bauhausbox.engine.api import GameInfo, GameRules, IllegalMoveError, InvalidMoveError, OptionValue, Seat
from bauhausbox.engine.rng import Rng

INFO = GameInfo("toy", "Toy", "a test game", 2, 2, 2, hidden_information=True)


@dataclass(frozen=True, slots=True)
class ToyState:
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    ply: int
    shouted: bool
    to_play: Seat | None
    players: int = 2


class Toy(GameRules[ToyState, str]):
    info = INFO

    def new_game(self, players: int, seed: int, **options: OptionValue) -> ToyState:
        deck, _ = Rng.from_seed(seed).shuffle(range(1, 11))
        return ToyState(deck, ((), ()), 0, False, 0)

    def legal_moves(self, state: ToyState, seat: Seat | None = None) -> list[str]:
        if state.to_play is None:
            return []
        if seat is not None and seat != state.to_play:
            return ["shout"] if seat == 1 and not state.shouted else []
        return ["draw", "pass"] if state.deck else ["pass"]

    def apply(self, state: ToyState, move: str, seat: Seat | None = None) -> ToyState:
        mover = state.to_play if seat is None else seat
        if move not in self.legal_moves(state, mover):
            raise IllegalMoveError(f"{move} is not allowed now")
        if move == "shout":
            return replace(state, shouted=True)
        hands = list(state.hands)
        deck = state.deck
        if move == "draw":
            hands[mover] = (*hands[mover], deck[0])
            deck = deck[1:]
        ply = state.ply + 1
        return ToyState(deck, (hands[0], hands[1]), ply, state.shouted, None if ply >= 6 else ply % 2)

    def format_move(self, state: ToyState, move: str) -> str:
        return move

    def parse_move(self, state: ToyState, text: str, seat: Seat | None = None) -> str:
        if text not in ("draw", "pass", "shout"):
            raise InvalidMoveError(f"unknown move {text!r}")
        return text

    def scores(self, state: ToyState) -> list[int]:
        return [sum(hand) for hand in state.hands]

    def view(self, state: ToyState, seat: Seat) -> ToyState:
        hidden = tuple(0 for _ in state.deck)
        hands = tuple(hand if i == seat else tuple(0 for _ in hand) for i, hand in enumerate(state.hands))
        return replace(state, deck=hidden, hands=(hands[0], hands[1]))

    def opens_turn(self, before: ToyState, move: str | None) -> bool:
        return move != "shout"  # out of turn: no turn of its own

    def revealed(self, before: ToyState, after: ToyState) -> bool:
        return len(after.deck) < len(before.deck)

    def to_text(self, state: ToyState) -> str:
        return repr(state)

    def from_text(self, text: str) -> ToyState:
        raise NotImplementedError


GAME = Toy()
