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
from bauhausbox.games.bauhaus.positions import zones_picture
from bauhausbox.games.bauhaus.rules import GAME, BauhausState
from bauhausbox.games.bauhaus.screen.paint import (
    LABEL,
    card_height,
    draw_board,
    draw_card,
    draw_orientation,
    fit_board,
    fit_labelled_board,
)
from bauhausbox.i18n import N_, _
from bauhausbox.scenes.howto import HowToPage
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button


def _diagram_state(
    zones: list[tuple[list[str], str]], players: int = 3, extra_walls: tuple[str, ...] = ()
) -> BauhausState:
    state = GAME.from_picture(zones_picture(zones), players=players)
    walls = state.walls
    for name in extra_walls:
        walls |= 1 << GAME.board.parse_edge(name)
    return replace(state, walls=walls, supply=66 - walls.bit_count())


def _caption(surface: pygame.Surface, words: str, rect: pygame.Rect, metrics: Metrics) -> int:
    """``words`` centred at the bottom of ``rect`` in bold ink (a caption that is read, not a
    footnote); returns its height, which the picture above must leave free."""
    size = metrics.body
    lines = draw.wrap(words, size, rect.width, "bold")
    step = round(size * 1.25)
    height = len(lines) * step
    y = rect.bottom - height
    for line in lines:
        draw.text(surface, line, (rect.centerx, y), size, theme.INK, "bold", "midtop")
        y += step
    return height + metrics.u(1.5)


Diagram = Callable[[pygame.Surface, pygame.Rect, Metrics], None]


def _captioned(diagram: Diagram, caption: str) -> Diagram:
    """``diagram`` above its caption (already in the players' language), both inside the frame: the
    caption wraps to the frame's width."""

    def paint(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
        with layout_probe.box(rect):
            below = _caption(surface, caption, rect, metrics)
        diagram(surface, pygame.Rect(rect.left, rect.top, rect.width, rect.height - below), metrics)

    return paint


def _diagram_board(state: BauhausState) -> Diagram:
    def paint(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
        draw_board(surface, fit_board(GAME.board, rect), GAME, state, metrics, labels=False)

    return paint


def _diagram_cards(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    kinds = [PLACE, FREE_WALLS, "T3", MOVE_WALL, MOVE_TOKEN, SWAP]
    gap = metrics.u(2)
    shadow = metrics.u(1)  # a card's offset shadow
    w = (rect.width - 2 * gap - shadow) // 3
    h = min(max(round(w * 1.3), card_height(w, metrics)), (rect.height - gap - shadow) // 2)
    with layout_probe.box(rect):
        for i, name in enumerate(kinds):
            card = CARD_INDEX[name]
            r = pygame.Rect(rect.left + (i % 3) * (w + gap), rect.top + (i // 3) * (h + gap), w, h)
            draw_card(surface, r, card, metrics, seat=0)


def _diagram_turn(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    """Four face-up cards, one chosen, and what it did on the board (the last turn's outline)."""
    gap = metrics.u(1.5)
    shadow = metrics.u(1)
    w = (rect.width - 3 * gap - shadow) // 4
    h = min(max(round(w * 1.3), card_height(w, metrics)), rect.height // 3)
    lift = metrics.u(1)  # the chosen card is lifted
    with layout_probe.box(rect):
        for i, name in enumerate(("I2", PLACE, SWAP, MOVE_WALL)):
            card = pygame.Rect(rect.left + i * (w + gap), rect.top + lift, w, h)
            look = "chosen" if i == 1 else "disabled"
            draw_card(surface, card, CARD_INDEX[name], metrics, state=look, seat=0)
    state = _diagram_state([(["a1"], "y")], 2)
    state = GAME.play_texts(state, ["card0", "place c3"])
    top = rect.top + lift + h + shadow + metrics.u(2)
    # The caption names the square (c3): the board shows its coordinates, as at the table.
    geo = fit_labelled_board(GAME.board, pygame.Rect(rect.left, top, rect.width, rect.bottom - top), metrics, "midtop")
    draw_board(surface, geo, GAME, state, metrics)
    square = geo.square_rect(GAME.board.parse_square("c3")).inflate(-metrics.u(0.5), -metrics.u(0.5))
    draw.move_outline(surface, square, max(2, metrics.u(0.4)))


def _diagram_patterns(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    gap = metrics.u(2)
    cols = 4
    label_h = metrics.small + metrics.u(1.5)
    small_gap = metrics.u(1)
    small = (rect.width - 7 * small_gap) // 8
    note_h = metrics.small + metrics.u(1)
    w = min((rect.width - (cols - 1) * gap) // cols, (rect.height - 2 * label_h - gap - small - note_h) // 2)
    h = w
    with layout_probe.box(rect):
        for i, pattern in enumerate(PATTERNS):
            box = pygame.Rect(rect.left + (i % cols) * (w + gap), rect.top + (i // cols) * (h + label_h), w, h)
            draw.panel(surface, box, theme.WHITE, 3)
            draw_orientation(surface, box.inflate(-metrics.u(2), -metrics.u(2)), transformed(pattern.edges, 0, False))
            words = f"{pattern.id} · {_(pattern.title)}"
            if draw.render_text(words, metrics.small, theme.INK, "semibold").get_width() > box.width:
                words = pattern.id  # a narrow frame: the name the cards print
            with layout_probe.box(pygame.Rect(box.left, box.bottom, box.width, label_h)):
                draw.text(
                    surface,
                    words,
                    (box.centerx, box.bottom + metrics.u(0.5)),
                    metrics.small,
                    theme.INK,
                    "semibold",
                    "midtop",
                )
        # The eight ways to lay L3.
        l3 = PATTERNS[5]
        y = rect.top + 2 * (h + label_h) + gap
        for k in range(8):
            box = pygame.Rect(rect.left + k * (small + small_gap), y, small, small)
            pygame.draw.rect(surface, theme.WHITE, box)
            draw_orientation(surface, box.inflate(-4, -4), transformed(l3.edges, k % 4, k >= 4), dots=False)
        draw.text(
            surface,
            _("L3 in its 8 orientations (R rotates, F flips)"),
            (rect.left, y + small + metrics.u(0.5)),
            metrics.small,
            LABEL,
        )


def _diagram_powers(state: BauhausState, caption: str) -> Diagram:
    """The board with a target for a power, and under it each colour's "Bauhaus!" button as the
    players panel shows it (``panel.layout_panel``), in two rows of two."""

    def paint(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
        with layout_probe.box(rect):
            below = _caption(surface, caption, rect, metrics)
            button_h = metrics.small + metrics.u(1.25)
            gap = metrics.u(1.5)
            rows = pygame.Rect(rect.left, rect.bottom - below - 2 * button_h - gap, rect.width, 2 * button_h + gap)
            button = Button(N_("Bauhaus!"), lambda: None, "primary", size="small")
            width = min(button.natural_width(metrics), rows.width // 2 - metrics.u(5))
            for seat in range(4):
                cell = pygame.Rect(0, 0, rows.width // 2, button_h)
                cell.topleft = (rows.left + seat % 2 * cell.width, rows.top + seat // 2 * (button_h + gap))
                radius = button_h * 0.4
                colour, shape = theme.SEAT_COLOURS[seat], theme.SEAT_SHAPES[seat]
                centre = (cell.left + radius + 2, cell.centery)
                draw.seat_shape(surface, shape, centre, radius, colour, outline=theme.INK)
                button.rect = pygame.Rect(cell.left + metrics.u(4), cell.top, width, button_h)
                button.draw(surface, metrics)  # the button's own picture, as on the game screen
        board = pygame.Rect(rect.left, rect.top, rect.width, rows.top - gap - rect.top)
        draw_board(surface, fit_board(GAME.board, board), GAME, state, metrics, labels=False)

    return paint


def _diagram_scoring(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    state = _diagram_state([(["a8", "b8", "c8", "d8", "e8"], "b"), (["a1", "b1", "c1", "d1", "e1", "f1"], "bb")], 2)
    _captioned(_diagram_board(state), _("Blue: 6 + 6 + 5 = 17 points"))(surface, rect, metrics)


def how_to_play_pages() -> list[HowToPage]:
    """The pages in the players' language (the reader asks for them each time it opens)."""
    zones = _diagram_state(
        [(["a1", "b1", "a2", "b2"], "bb"), (["f6", "g6", "h6", "f7", "g7", "h7"], "r.y")],
        extra_walls=("h4N", "h3N", "g4E"),  # three sides walled, the border side open: not closed
    )
    powers = _diagram_state([(["a1", "b1", "c1"], "byk"), (["f5", "g5"], "r")], 4)
    return [
        HowToPage(
            _("Close zones in your colour"),
            [
                _(
                    "Walls stand on the sides of the squares, the board's outer edge included. A closed zone is a "
                    "group of squares with a wall on every side, along the board's edge too: the edge itself closes "
                    "nothing."
                ),
                _(
                    "• A closed zone holding tokens of one colour only is owned: its tokens flip to their solid "
                    "control face and the zone is locked for the rest of the game (filled in its owner's colour)."
                ),
                _(
                    "• A closed zone with several colours is unowned (hatched): its walls are frozen, but tokens may "
                    "still be placed into it, moved in or out or swapped, and walls added inside it."
                ),
                _(
                    "• A token shows its deployed face (a ring with its colour's shape) until its zone is owned; "
                    "then it turns to its solid control face."
                ),
                _("• No action may ever close a zone without a token in it."),
            ],
            _captioned(
                _diagram_board(zones),
                _(
                    "Blue owns the zone bottom left (solid tokens); the zone top right is unowned (hatched, rings). "
                    "Both are walled along the board's edge too. The square on the right edge is open on that side: "
                    "not a zone."
                ),
            ),
        ),
        HowToPage(
            _("A turn"),
            [
                _("Opening round: in turn, everyone places one token on any free square."),
                _(
                    "Then, on your turn, click one of the four face-up cards that can be carried out and do what it "
                    "says on the board. The card is discarded and a new one turned up."
                ),
                _("• If none of the four cards can be carried out, you discard one of your choice instead."),
                _(
                    "• You may take a card back (click it again, or \u201cCancel card\u201d) as long as nothing of it "
                    "is on the board."
                ),
                _("The game ends when the deck and the face-up cards are used up."),
            ],
            _captioned(_diagram_turn, _("Blue chose Place token and put a token on c3 (framed: the last turn).")),
        ),
        HowToPage(
            _("The six cards"),
            [
                _(
                    "• Place token: one of your tokens from your reserve onto a free square (click, or drag it from "
                    "the reserve)."
                ),
                _("• Two walls: build two walls, one after the other, each on any allowed free edge."),
                _("• Pattern: build the walls exactly as drawn, all at once, turned or flipped as you like."),
                _(
                    "• Move wall: pick up a wall that touches no closed zone (the walls you may move get a yellow "
                    "mark) and put it on another edge."
                ),
                _("• Move token: move any deployed token, of any colour, to a free square."),
                _("• Swap tokens: exchange two deployed tokens of different colours."),
                _("Walls may not go on edges of a locked zone; tokens may not enter or leave one."),
            ],
            _diagram_cards,
        ),
        HowToPage(
            _("The seven patterns"),
            [
                _(
                    "Each pattern card shows walls to build at once. Move the ghost over the board: a solid frame "
                    "with a tick means it fits, a dashed frame with a cross that it does not (click there and a note "
                    "by the pointer says why)."
                ),
                _("R or right-click rotates the pattern, F flips it; the round buttons do the same."),
                _("A wall card needs enough walls in the supply (66 in all)."),
            ],
            _diagram_patterns,
        ),
        HowToPage(
            _("Scoring"),
            [
                _("At the end each token on its control face in a closed zone scores the zone's number of squares."),
                _("Example: two tokens in a 6-square zone and one in a 5-square zone score 6 + 6 + 5 = 17."),
                _(
                    "Ties: most owned zones, then the larger largest zone, then the second largest, and so on; "
                    "still tied, the win is shared."
                ),
            ],
            _diagram_scoring,
        ),
        HowToPage(
            _("Special powers (optional)"),
            [
                _(
                    "With powers on, each colour may press its \u201cBauhaus!\u201d button (beside its name) once "
                    "per game, while a card is being chosen or right after, on anyone's turn:"
                ),
                _("• Blue, Mind Control: resolve the card another player just chose, your way."),
                _("• Yellow, Shared Control: every token of an unowned closed zone flips and scores."),
                _("• Red, Forced Control: flip any deployed token; it scores if its zone is closed at the end."),
                _("• Black, Mimetic Control: use one of the other powers its owner has not used yet."),
                _(
                    "Settings, \u201cAsk me when I can react\u201d: by default, when a computer's card can be "
                    "answered, play stops and asks you."
                ),
            ],
            _diagram_powers(
                powers,
                _(
                    "The hatched zone (blue, yellow, black) is a target for Shared Control; below, each "
                    "colour's button."
                ),
            ),
        ),
    ]
