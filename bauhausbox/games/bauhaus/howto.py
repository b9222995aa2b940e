"""The Bauhaus "how to play" pages, with diagrams drawn by :mod:`.paint` (``docs/rules/bauhaus.md``,
illustrated)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from bauhausbox.games.bauhaus.cards import (
    CARD_INDEX,
    FREE_WALLS,
    MOVE_TOKEN,
    MOVE_WALL,
    PATTERNS,
    PLACE,
    SWAP,
    transformed,
)
from bauhausbox.games.bauhaus.paint import Geometry, draw_board, draw_card, draw_orientation
from bauhausbox.games.bauhaus.positions import zones_picture
from bauhausbox.games.bauhaus.rules import GAME, BauhausState
from bauhausbox.scenes.howto import HowToPage
from bauhausbox.ui import draw, theme
from bauhausbox.ui.theme import Metrics


def _diagram_state(
    zones: list[tuple[list[str], str]], players: int = 3, extra_walls: tuple[str, ...] = ()
) -> BauhausState:
    state = GAME.from_picture(zones_picture(zones), players=players)
    walls = state.walls
    for name in extra_walls:
        walls |= 1 << GAME.board.parse_edge(name)
    return replace(state, walls=walls, supply=66 - walls.bit_count())


def _diagram_board(state: BauhausState) -> Callable[[pygame.Surface, pygame.Rect, Metrics], None]:
    def paint(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
        side = min(rect.width, rect.height) - metrics.u(4)
        side -= side % 8
        board_rect = pygame.Rect(0, 0, side, side)
        board_rect.center = rect.center
        draw_board(surface, Geometry(GAME.board, board_rect), GAME, state, metrics, labels=False)

    return paint


def _diagram_cards(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    kinds = [PLACE, FREE_WALLS, "T3", MOVE_WALL, MOVE_TOKEN, SWAP]
    gap = metrics.u(2)
    w = (rect.width - 2 * gap) // 3
    h = min(round(w * 1.3), (rect.height - gap) // 2)
    for i, name in enumerate(kinds):
        card = CARD_INDEX[name]
        r = pygame.Rect(rect.left + (i % 3) * (w + gap), rect.top + (i // 3) * (h + gap), w, h)
        draw_card(surface, r, card, metrics, seat=0)


def _diagram_turn(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    """Four face-up cards, one chosen, and what it did on the board (outlined in red)."""
    gap = metrics.u(1.5)
    w = (rect.width - 3 * gap) // 4
    h = round(w * 1.3)
    for i, name in enumerate(("I2", PLACE, SWAP, MOVE_WALL)):
        card = pygame.Rect(rect.left + i * (w + gap), rect.top + metrics.u(1), w, h)
        draw_card(surface, card, CARD_INDEX[name], metrics, state="chosen" if i == 1 else "disabled", seat=0)
    state = _diagram_state([(["a1"], "y")], 2)
    state = GAME.play_texts(state, ["card0", "place c3"])
    area = pygame.Rect(rect.left, rect.top + h + metrics.u(3), rect.width, rect.height - h - metrics.u(3))
    side = min(area.width, area.height) - metrics.u(1)
    side -= side % 8
    board_rect = pygame.Rect(0, 0, side, side)
    board_rect.midtop = (area.centerx, area.top)
    geo = Geometry(GAME.board, board_rect)
    draw_board(surface, geo, GAME, state, metrics, labels=False)
    square = geo.square_rect(GAME.board.parse_square("c3")).inflate(-metrics.u(0.5), -metrics.u(0.5))
    pygame.draw.rect(surface, theme.RED, square, max(2, metrics.u(0.4)))


def _diagram_patterns(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    gap = metrics.u(2)
    cols = 4
    w = (rect.width - (cols - 1) * gap) // cols
    h = w
    for i, pattern in enumerate(PATTERNS):
        box = pygame.Rect(rect.left + (i % cols) * (w + gap), rect.top + (i // cols) * (h + gap + metrics.u(3)), w, h)
        draw.panel(surface, box, theme.WHITE, 3)
        draw_orientation(surface, box.inflate(-metrics.u(2), -metrics.u(2)), transformed(pattern.edges, 0, False))
        draw.text(
            surface,
            f"{pattern.id} · {pattern.title}",
            (box.centerx, box.bottom + metrics.u(0.5)),
            metrics.small,
            theme.INK,
            "semibold",
            "midtop",
        )
    # The eight ways to lay L3.
    l3 = PATTERNS[5]
    y = rect.top + 2 * (h + gap + metrics.u(3)) + metrics.u(1)
    small = (rect.width - 7 * metrics.u(1)) // 8
    for k in range(8):
        box = pygame.Rect(rect.left + k * (small + metrics.u(1)), y, small, small)
        pygame.draw.rect(surface, theme.WHITE, box)
        draw_orientation(surface, box.inflate(-4, -4), transformed(l3.edges, k % 4, k >= 4), dots=False)
    draw.text(
        surface,
        "L3 in its 8 orientations (R rotates, F flips)",
        (rect.left, y + small + metrics.u(0.5)),
        metrics.small,
        theme.GREY,
    )


def _diagram_scoring(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    state = _diagram_state([(["a8", "b8", "c8", "d8", "e8"], "b"), (["a1", "b1", "c1", "d1", "e1", "f1"], "bb")], 2)
    _diagram_board(state)(surface, rect, metrics)
    draw.text(
        surface,
        "Blue: 5 + 6 + 6 = 17 points",
        (rect.centerx, rect.bottom - metrics.u(1)),
        metrics.body,
        theme.INK,
        "bold",
        "midbottom",
    )


def how_to_play_pages() -> list[HowToPage]:
    zones = _diagram_state(
        [(["a1", "b1", "a2", "b2"], "bb"), (["f6", "g6", "h6", "f7", "g7", "h7"], "r.y")],
        extra_walls=("d4N", "d4E", "d4S"),
    )
    powers = _diagram_state([(["a1", "b1", "c1"], "byk"), (["f5", "g5"], "r")], 4)
    return [
        HowToPage(
            "Close zones in your colour",
            [
                "Walls stand on the edges between squares (the board's border is not a wall). Squares that cannot "
                "reach the outside of the board without crossing a wall form a closed zone.",
                "• A closed zone holding tokens of one colour only is owned: its tokens flip to their solid control "
                "face and the zone is locked for the rest of the game (filled in its owner's colour).",
                "• A closed zone with several colours is unowned (hatched): its walls are frozen, but tokens may "
                "still be placed into it, moved in or out or swapped, and walls added inside it.",
                "• No action may ever close a zone without a token in it.",
            ],
            _diagram_board(zones),
            "Blue owns the zone bottom left; the zone top right is unowned (red and yellow).",
        ),
        HowToPage(
            "A turn",
            [
                "Opening round: in turn, everyone places one token on any free square.",
                "Then, on your turn, click one of the four face-up cards that can be carried out and do what it "
                "says on the board. The card is discarded and a new one turned up.",
                "• If none of the four cards can be carried out, you discard one of your choice instead.",
                "• You may take a card back (Esc or \u201cCancel card\u201d) as long as nothing of it is on the board.",
                "The game ends when the deck and the face-up cards are used up.",
            ],
            _diagram_turn,
            "Blue chose Place token and put a token on c3 (the last turn is outlined in red).",
        ),
        HowToPage(
            "The six cards",
            [
                "• Place token: one of your tokens from your reserve onto a free square (click, or drag it from "
                "the reserve).",
                "• Two walls: build two walls, one after the other, each on any allowed free edge.",
                "• Pattern: build the walls exactly as drawn, all at once, turned or flipped as you like.",
                "• Move wall: move one wall that does not touch a closed zone (marked yellow) to another edge.",
                "• Move token: move any deployed token, of any colour, to a free square.",
                "• Swap tokens: exchange two deployed tokens of different colours.",
                "Walls may not go on edges of a locked zone; tokens may not enter or leave one.",
            ],
            _diagram_cards,
        ),
        HowToPage(
            "The seven patterns",
            [
                "Each pattern card shows walls to build at once. Move the ghost over the board: green means it fits, "
                "red means it does not (the reason shows under the prompt).",
                "R or right-click rotates the pattern, F flips it; the round buttons do the same.",
                "A wall card needs enough walls in the supply (66 in all).",
            ],
            _diagram_patterns,
        ),
        HowToPage(
            "Scoring",
            [
                "At the end each token on its control face in a closed zone scores the zone's number of squares.",
                "Example: one token in a 5-square zone and two in a 6-square zone score 5 + 6 + 6 = 17.",
                "Ties: most owned zones, then the larger largest zone, then the second largest, and so on; "
                "still tied, the win is shared.",
            ],
            _diagram_scoring,
        ),
        HowToPage(
            "Special powers (optional)",
            [
                "With powers on, each colour may shout \u201cBauhaus!\u201d once per game, before a card is chosen, "
                "right after, or after it resolves, on anyone's turn:",
                "• Blue, Mind Control: resolve the card another player just chose, your way.",
                "• Yellow, Shared Control: every token of an unowned closed zone flips and scores.",
                "• Red, Forced Control: flip any deployed token; it scores if its zone is closed at the end.",
                "• Black, Mimetic Control: use one of the other powers its owner has not used yet.",
            ],
            _diagram_board(powers),
            "An unowned zone (blue, yellow, black): a target for Shared Control.",
        ),
    ]
