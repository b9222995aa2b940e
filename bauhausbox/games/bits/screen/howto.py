"""The Bits "how to play" pages, with diagrams drawn by :mod:`.paint` (``docs/rules/bits.md``, illustrated)."""

from __future__ import annotations

import pygame

from bauhausbox.games.bits.board import Spot, board_from_rows, landing
from bauhausbox.games.bits.cards import CARD_BY_ID, RANKS, rank_ladder, score_board
from bauhausbox.games.bits.records.bests import SoloResult
from bauhausbox.games.bits.screen import paint
from bauhausbox.games.bits.screen.final_table import load_bests
from bauhausbox.games.bits.screen.solo_bests import solo_best_line
from bauhausbox.i18n import N_, _, translate
from bauhausbox.scenes.howto import Diagram, HowToPage
from bauhausbox.ui import draw, theme
from bauhausbox.ui.theme import Metrics

# The rules' scoring example (cards 1a, 2a, 3a: 6 + 2 − 2 = 6), as in the tests.
EXAMPLE = board_from_rows(["YYYYYY", "RRNBKK", "RRNBBK", "PPPPYB", "BRRKKR", "BBBKKY"])


def _ramp_in(rect: pygame.Rect) -> paint.Ramp:
    side = min(rect.width, rect.height)
    box = pygame.Rect(0, 0, side, side)
    box.center = rect.center
    return paint.Ramp(box)


def _diagram_slide(surface: pygame.Surface, rect: pygame.Rect, m: Metrics) -> None:
    board = board_from_rows(["......", "......", "......", "......", "..K...", "RRKBB."])
    ramp = _ramp_in(rect)
    paint.draw_ramp(surface, ramp, board, [2])
    paint.draw_board_tiles(surface, ramp, board)
    cells = landing(board, Spot(True, 2))
    assert cells is not None
    paint.draw_ghost(surface, ramp, cells, "YP", True)
    paint.draw_domino(surface, ramp, "YP", True, 2, 6.45)
    x0, y0 = ramp.point(3.3, 7.2)
    x1, y1 = ramp.point(3.3, 3.4)
    pygame.draw.line(surface, theme.RED, (x0, y0), (x1, y1), 3)
    pygame.draw.polygon(surface, theme.RED, [(x1 - 8, y1 - 10), (x1 + 8, y1 - 10), (x1, y1 + 4)])


def _diagram_holes(surface: pygame.Surface, rect: pygame.Rect, m: Metrics) -> None:
    board = board_from_rows(["......", "......", "......", ".YB...", ".K....", ".K..PP"])
    # The flat yellow-blue tile rests on the black column 2; column 3 keeps two holes under it.
    ramp = _ramp_in(rect)
    paint.draw_ramp(surface, ramp, board)
    paint.draw_board_tiles(surface, ramp, board)
    x, y = ramp.point(3.05, 1.55)
    # League Spartan has no arrow glyphs: draw the arrow.
    tip = (round(x), round(y))
    pygame.draw.polygon(surface, theme.RED, [tip, (tip[0] + 12, tip[1] - 7), (tip[0] + 12, tip[1] + 7)])
    pygame.draw.line(surface, theme.RED, (tip[0] + 10, tip[1]), (tip[0] + 30, tip[1]), 3)
    draw.text(surface, _("holes"), (tip[0] + 36, tip[1]), m.body, theme.RED, "bold", "midleft")


def _diagram_cards(surface: pygame.Surface, rect: pygame.Rect, m: Metrics) -> None:
    card_w = min(rect.width // 4 - m.u(1), m.u(15))
    card_h = round(card_w * 1.3)
    for index, card_id in enumerate(("1a", "2a", "3a")):
        r = pygame.Rect(rect.left + index * (card_w + m.u(2)), rect.top, card_w, card_h)
        paint.draw_goal_card(surface, r, CARD_BY_ID[card_id])
    draw.paragraph(
        surface,
        _(
            "Pile 1: a shape of four, any colour, +2 (any other area of exactly four +1). Pile 2: a small shape "
            "in one colour, +2. Pile 3: a shape of any colour that costs points. Pile 4 (advanced): more of each."
        ),
        pygame.Rect(rect.left, rect.top + card_h + m.u(3), rect.width, rect.height),
        m.small,
    )


def _diagram_example(surface: pygame.Surface, rect: pygame.Rect, m: Metrics) -> None:
    scores = score_board(EXAMPLE, ["1a", "2a", "3a"])
    side = min(rect.width * 0.62, rect.height * 0.8)
    board_rect = pygame.Rect(rect.left, rect.top, round(side), round(side))
    paint.draw_flat_board(surface, board_rect, EXAMPLE, False, paint.card_score_areas(scores))
    x = board_rect.right + m.u(3)
    y = rect.top
    icon = m.u(7)
    for score in scores:
        mini = pygame.Rect(x, y, icon, icon)
        paint.draw_goal_card(surface, mini, score.card, compact=True)
        draw.text(
            surface,
            f"{score.points:+d}",
            (mini.right + m.u(1.5), mini.centery),
            m.heading,
            theme.RED if score.points < 0 else theme.INK,
            "bold",
            "midleft",
        )
        y += icon + m.u(1.5)
    total = sum(s.points for s in scores)
    pygame.draw.line(surface, theme.INK, (x, y), (x + m.u(15), y), 3)
    draw.text(surface, f"= {total}", (x, y + m.u(1)), m.heading, theme.INK, "black")


def _diagram_round(surface: pygame.Surface, rect: pygame.Rect, m: Metrics) -> None:
    card = pygame.Rect(rect.left, rect.top, m.u(18), m.u(12))
    for label, tile, r in ((_("tile card"), "RB", card), (_("neutral tile"), "NN", card.move(m.u(24), 0))):
        draw.shadow_rect(surface, r, m.u(0.6))
        pygame.draw.rect(surface, theme.WHITE, r)
        pygame.draw.rect(surface, theme.INK, r, 2)
        face = pygame.Rect(0, 0, round(r.height * 0.9), round(r.height * 0.45))
        face.center = (r.centerx, r.top + round(r.height * 0.42))
        paint.draw_tile_face(surface, face, tile)
        draw.text(surface, label, (r.centerx, r.bottom - m.u(0.75)), m.small - 1, theme.GREY, "semibold", "midbottom")
    y = card.bottom + m.u(4)
    # The goal cards pile up round by round.
    icon = m.u(6)
    for number, cards in enumerate((("1c",), ("1c", "2b"), ("1c", "2b", "3a")), start=1):
        draw.text(
            surface,
            _("Round {number}").format(number=number),
            (rect.left, y + icon // 2),
            m.body,
            theme.INK,
            "bold",
            "midleft",
        )
        for index, card_id in enumerate(cards):
            mini = pygame.Rect(rect.left + m.u(13) + index * (icon + m.u(1)), y, icon, icon)
            paint.draw_goal_card(surface, mini, CARD_BY_ID[card_id], compact=True)
        y += icon + m.u(1.5)
    y += m.u(2)
    # The tiles' colour letters and the places stay as the notation writes them; the neutral tile is
    # named in the players' language (the word is the only English one on the page).
    for notation, meaning in (
        ("RB H2", _("red in column 2, blue in 3")),
        ("BR V5", _("blue on top of red, column 5")),
        (f"{_('neutral')} H4", _("the neutral tile instead")),
    ):
        text = _("{notation}  ·  {meaning}").format(notation=notation, meaning=meaning)
        draw.text(surface, text, (rect.left, y), m.body, theme.INK, "semibold")
        y += round(m.body * 1.6)


def _diagram_ladder(surface: pygame.Surface, rect: pygame.Rect, m: Metrics) -> None:
    """The solo ranks as a staircase of bars: the higher the total, the longer the bar."""
    ladder = rank_ladder()
    names = [translate(name) for name, _span in ladder]
    lows = [lowest for lowest, _name in RANKS] + [0]
    colours = [theme.RED, theme.BLUE, theme.YELLOW, paint.TILE_COLOURS["P"], theme.INK, theme.GREY, theme.LIGHT_GREY]
    row_h = min(m.u(7), rect.height // (len(names) + 1))
    # The bars start after the longest name ("Nettoyeur de joints" is longer than "Joint-cleaner"),
    # leaving at least half the width to the bars; a name that still does not fit is made smaller.
    widest = max(draw.render_text(name, m.body, theme.INK, "semibold").get_width() for name in names)
    label_w = min(widest + m.u(2), rect.width // 2)
    name_size = min(draw.fitting_size(name, m.body, label_w - m.u(2), "semibold") for name in names)
    for index, (name, low, colour) in enumerate(zip(names, lows, colours, strict=True)):
        y = rect.top + index * row_h
        draw.text(surface, name, (rect.left, y + row_h // 2), name_size, theme.INK, "semibold", "midleft")
        width = round((rect.width - label_w - m.u(8)) * (max(low, 3) / 34))
        bar = pygame.Rect(rect.left + label_w, y + m.u(1), width, row_h - m.u(2))
        pygame.draw.rect(surface, colour, bar)
        pygame.draw.rect(surface, theme.INK, bar, 2)
        span = f"{low}+" if index < len(RANKS) else translate(ladder[-1][1])
        draw.text(surface, span, (bar.right + m.u(1), bar.centery), m.small, theme.GREY, "semibold", "midleft")


HOWTO_BESTS = 3  # the best solo results under the ladder


def _ladder_and_bests(results: list[SoloResult]) -> Diagram:
    """The ladder, and under it the best solo results so far: where a solo player looks before playing."""

    def ladder(surface: pygame.Surface, rect: pygame.Rect, m: Metrics) -> None:
        room = m.u(5) + max(1, len(results)) * m.u(3.5)
        _diagram_ladder(surface, pygame.Rect(rect.left, rect.top, rect.width, rect.height - room), m)
        y = rect.bottom - room + m.u(0.5)
        draw.heading(surface, _("Solo bests"), (rect.left, y), m.body)
        y += m.u(4.5)
        if not results:
            draw.text(surface, _("No solo game yet."), (rect.left, y), m.small, theme.GREY)
        for place, solo in enumerate(results, start=1):
            line = draw.wrap(solo_best_line(place, solo), m.body, rect.width)[0]
            draw.text(surface, line, (rect.left, y), m.body, theme.INK, "semibold")
            y += m.u(3.5)

    return ladder


def how_to_play_pages() -> list[HowToPage]:
    """The pages, marked for the catalogs: the reader shows them in the players' language as it draws."""
    return [
        HowToPage(
            N_("Slide tiles down your ramp"),
            [
                N_("Everyone has a ramp with a 6 × 6 board and the same 20 two-square tiles in five colours."),
                N_(
                    "A tile enters at the top of the ramp in the column you choose, lying flat (two columns) or "
                    "standing (one column, two rows), colours in the order you choose. It slides straight down "
                    "until it rests on the bottom edge or on a tile — it never turns or shifts sideways."
                ),
                N_("Nothing may stick out of the board. A column that is too full for the tile refuses it."),
            ],
            _diagram_slide,
            N_("The yellow–purple tile standing in column 3 will rest on the black tile (the pale, framed ghost)."),
        ),
        HowToPage(
            N_("Holes stay holes"),
            [
                N_(
                    "A flat tile rests on the higher of its two columns. The cells under its lower end can never "
                    "be reached again: they stay holes for the rest of the round."
                ),
                N_("Holes score nothing, but they separate colour areas like any other colour would."),
            ],
            _diagram_holes,
            N_("The yellow–blue tile rests on the black column; two holes stay under its blue end."),
        ),
        HowToPage(
            N_("Goal cards"),
            [
                N_(
                    "An area is a group of squares of one colour joined along their sides (corners do not join; "
                    "neutral squares and holes separate areas)."
                ),
                N_(
                    "A card scores each area that has exactly its shape — turned or mirrored any way. A bigger "
                    "area that contains the shape does not count. A colour on the card means the area must have "
                    "that colour. One area may score on several cards."
                ),
            ],
            _diagram_cards,
            "",
        ),
        HowToPage(
            N_("A round"),
            [
                N_(
                    "Round 1 turns up a card from pile 1, round 2 adds one from pile 2, round 3 one from pile 3 "
                    "(redrawn if its shape repeats the pile-2 card's). Earlier cards stay in play."
                ),
                N_(
                    "Each player draws a start tile and places it. Then a tile card is turned up and everybody "
                    "places that tile on their own ramp — at the same time: nobody sees where the others put it "
                    "until all have placed."
                ),
                N_("Once per round you may place your grey neutral tile instead of the tile shown."),
                N_("When your ramp has no room left you are done; the round ends when nobody can place."),
            ],
            _diagram_round,
            N_("Tile card and neutral tile; the goal cards of each round; how placements are written."),
        ),
        HowToPage(
            N_("Scoring a round"),
            [
                N_(
                    "At the end of each round every active card scores on its own; the points of the rounds add "
                    "up. After three rounds (four in the advanced game) the highest total wins; a tie goes to the "
                    "best single round."
                ),
                N_(
                    "The rules' example: two squares 2 + 2 and two other areas of four 1 + 1 (card 1: 6), one "
                    "blue corner (card 2: 2), one area of two (card 3: −2). The yellow row of six scores nothing."
                ),
            ],
            _diagram_example,
            N_("Cards 1a, 2a and 3a on the example board: 6 + 2 − 2 = 6."),
        ),
        HowToPage(
            N_("Solo and controls"),
            [
                N_(
                    "Solo: your total over rounds 1–3 gives your rank — over 30 Architect, 26–30 Engineer, "
                    "21–25 Mason, 16–20 Paver, 11–15 Stone-breaker, 6–10 Joint-cleaner, 5 or less Hole-filler. "
                    "Your best results are kept."
                ),
                N_("• Point at a column: the tile waits above it, the ghost shows where it lands, ticked or crossed."),
                N_("• R or right-click: a quarter turn clockwise; Shift+R: anticlockwise. Arrow keys move it."),
                N_(
                    "• Click the column (or Space, the down arrow) to drop it, or drag the tile there. Esc puts it "
                    "back. N (or the button) takes the neutral tile."
                ),
                N_("• Hover a goal card to read it. H asks for a hint, Ctrl+Z undoes."),
                N_("• Click another player's small ramp to see it large; Esc brings yours back."),
            ],
            _ladder_and_bests(load_bests()[:HOWTO_BESTS]),
            N_("The solo ranks and the totals that reach them."),
        ),
    ]
