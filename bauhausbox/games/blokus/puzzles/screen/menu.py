"""The Blokus puzzles' own screens around the game: the menu of six puzzles, the celebration, how to play.

:class:`PuzzleMenuScene` is the game's setup screen (``setup`` in the registry): six cards with the
records of ``records/best_times.py`` and the unfinished game of each puzzle, read from the ordinary saves;
a card continues that game or starts a new one through ``bauhausbox/scenes/flow.py``.
:class:`PuzzleCompleteScene` covers the puzzle screen when the game ends: solved (the time, the
record) or stuck (no piece left fits). The puzzle itself is ``scene.py``.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Protocol

import pygame

from bauhausbox.engine.history import SeatSpec
from bauhausbox.games.blokus.pieces import COLOURS
from bauhausbox.games.blokus.puzzles.records.best_times import (
    PuzzleRecord,
    PuzzleRecords,
    default_directory,
    load_records,
)
from bauhausbox.games.blokus.puzzles.rules import GAME_ID, is_complete
from bauhausbox.games.blokus.puzzles.solver.search import shipped_solutions
from bauhausbox.games.blokus.puzzles.specs import (
    FULLBOARD,
    PUZZLE_BY_ID,
    PUZZLES,
    YOU,
    Placement,
    PuzzleSpec,
    parse_placement,
    start_corner,
)
from bauhausbox.games.blokus.screen.board_view import PIECE_COLOURS, BoardView, draw_cells, draw_ghost, outline_cells
from bauhausbox.games.blokus.screen.piece_widgets import ToolRow
from bauhausbox.i18n import N_, _, counted
from bauhausbox.persistence import saves
from bauhausbox.persistence.store import BrokenFileError
from bauhausbox.scenes.common import overlay_panel, poster_background
from bauhausbox.scenes.flow import open_saved, report_broken, start_match
from bauhausbox.scenes.howto import HowToPage, HowToScene
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.text import long_date
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button


def format_time(seconds: float) -> str:
    seconds = int(seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


def pieces_placed_text(count: int) -> str:
    return counted("{n} piece placed", "{n} pieces placed", count)


# ==== the puzzle menu ===============================================================================
class PuzzleMenuScene(Scene):
    """Six puzzle cards (three puzzles × plain / harder) with best times, dates and saved progress."""

    name = "puzzle_menu"

    def __init__(self, app: App, game_id: str = GAME_ID, directory: Path | None = None) -> None:
        super().__init__(app)
        self.directory = directory or default_directory()
        self.records = load_records(self.directory)
        # Per puzzle: its newest unfinished save and the pieces on its board.
        self.progress: dict[str, tuple[Path, tuple[Placement, ...], float]] = {}
        # Per puzzle: the board of its newest finished save that the player solved (the card's picture).
        self.solved: dict[str, tuple[Placement, ...]] = {}
        self.cards: dict[str, pygame.Rect] = {}
        self.previews: dict[str, pygame.Rect] = {}  # each card's thumbnail as last drawn (for the tests)
        self.hovered: str | None = None
        self.back_button = self.widgets.add(Button(N_("Back"), self.app.pop, tooltip=N_("Back to the main menu (Esc)")))
        # As on every game's setup screen: the rules and controls, one button (or F1) away.
        self.help_button = self.widgets.add(Button(N_("How to play"), self.open_help, tooltip="F1"))
        self._refresh()

    def _refresh(self) -> None:
        self.records = load_records(self.directory)
        summaries, problems = saves.list_saves()
        self.progress, self.solved = {}, {}
        broken: list[BrokenFileError] = list(problems)
        for summary in summaries:  # newest first: the first unfinished save of a puzzle is its game
            puzzle = str(summary.options.get("puzzle", ""))
            # A finished one shows on the card of a puzzle the player solved: their solved board.
            wanted = self.solved if summary.finished and self.records.for_puzzle(puzzle).best else self.progress
            if summary.game_id != GAME_ID or puzzle in wanted or (summary.finished and wanted is self.progress):
                continue
            try:
                loaded = saves.load_game(summary.path)
            except BrokenFileError as error:
                broken.append(error)
                continue
            state = loaded.history.state
            if wanted is self.solved:
                if is_complete(state):
                    self.solved[puzzle] = state.placements
                continue
            self.progress[puzzle] = (summary.path, state.placements, loaded.saved.seconds_played)
        if broken:
            report_broken(self.app, broken)

    def on_uncover(self) -> None:
        self._refresh()

    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        m = metrics
        top = m.u(15)
        bottom = m.height - m.u(12)
        left, right = m.u(6), m.width - m.u(8)
        gap = m.u(2.5)
        card_w = (right - left - 2 * gap) // 3
        card_h = (bottom - top - gap) // 2
        for spec in PUZZLES:
            column = ("fullboard", "tetromino", "pentomino").index(spec.kind)
            row = 1 if spec.hard else 0
            self.cards[spec.id] = pygame.Rect(
                left + column * (card_w + gap), top + row * (card_h + gap), card_w, card_h
            )
        self.back_button.rect = pygame.Rect(left, m.height - m.u(9.5), m.u(16), m.button_height)
        help_w = max(m.u(22), self.help_button.natural_width(m))
        self.help_button.rect = pygame.Rect(right - help_w, m.height - m.u(9.5), help_w, m.button_height)

    def open_help(self) -> None:
        self.app.push(HowToScene(self.app, N_("Blokus puzzles"), how_to_pages()))

    def open(self, puzzle: str) -> None:
        """Continue the puzzle's unfinished game, or start one."""
        progress = self.progress.get(puzzle)
        if progress is not None and open_saved(self.app, progress[0]):
            return
        start_match(self.app, GAME_ID, 1, [SeatSpec(YOU)], {"puzzle": puzzle})

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered = next((key for key, rect in self.cards.items() if rect.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for key, rect in self.cards.items():
                if rect.collidepoint(event.pos):
                    self.app.sound.play("click")
                    self.open(key)
                    return True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_help()
            return True
        elif event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_6:
            self.open(PUZZLES[event.key - pygame.K_1].id)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        poster_background(surface, m)
        draw.heading(surface, _("Blokus puzzles"), (m.u(6), m.u(5)), m.title // 2 + m.u(1))
        draw.text(
            surface,
            _("Solo puzzles from the Blokus rules. Your progress is saved as you play."),
            (m.u(6), m.u(10.5)),
            m.body,
            theme.GREY,
        )
        below = all(self._below_fits(spec, self.cards[spec.id]) for spec in PUZZLES)
        for index, spec in enumerate(PUZZLES):
            self._draw_card(surface, spec, self.cards[spec.id], index + 1, below)
        super().draw(surface)

    def _card_lines(self, spec: PuzzleSpec, width: int) -> list[tuple[str, theme.Colour]]:
        """The card's foot: its record line and saved progress, broken to ``width`` (French, 1024)."""
        m = self.metrics
        progress = self.progress.get(spec.id)
        said = [(card_status(self.records.for_puzzle(spec.id)), theme.INK)]
        if progress is not None and progress[1]:
            placed = pieces_placed_text(len(progress[1]))
            resume = _("In progress: {placed}, {time}").format(placed=placed, time=format_time(progress[2]))
            said.append((resume, theme.RED))
        # A line too long for the card breaks at its " · ", else between words.
        lines: list[tuple[str, theme.Colour]] = []
        for text, colour in said:
            fits = draw.render_text(text, m.small, weight="semibold").get_width() <= width
            for part in [text] if fits else text.split("  ·  "):
                lines += [(piece, colour) for piece in draw.wrap(part, m.small, width, "semibold")]
        return lines

    def _card_room(self, spec: PuzzleSpec, rect: pygame.Rect) -> tuple[pygame.Rect, list[tuple[str, theme.Colour]]]:
        """The room between the card's heading and its foot (the goal and the thumbnail share it), and
        the foot's lines."""
        m = self.metrics
        x = rect.left + m.u(3)
        y = rect.top + m.u(2) + m.u(4.5) + (m.u(3) if spec.hard else 0)
        lines = self._card_lines(spec, rect.right - x - m.u(2))
        # (A clear unit above the foot's lines: the thumbnail's border is drawn just outside it.)
        return pygame.Rect(x, y, rect.right - x - m.u(2), rect.bottom - m.u(3.5) - len(lines) * m.u(3) - y), lines

    def _below_fits(self, spec: PuzzleSpec, rect: pygame.Rect) -> bool:
        """Whether the card's thumbnail fits below its goal at a readable size."""
        m = self.metrics
        room, _lines = self._card_room(spec, rect)
        below = room.height - len(draw.wrap(_(spec.goal), m.small, room.width)) * round(m.small * 1.3) - m.u(1.25)
        return below >= max(m.u(10), 4 * max(spec.width, spec.height))  # BoardView's cells are 4 px at least

    def _draw_card(
        self, surface: pygame.Surface, spec: PuzzleSpec, rect: pygame.Rect, number: int, below: bool
    ) -> None:
        """One card; ``below``: the thumbnail under the goal, else beside it (one layout for every card,
        chosen by :meth:`draw`: a card laid out apart from the others looked like another kind of card)."""
        m = self.metrics
        hovered = self.hovered == spec.id
        draw.shadow_rect(surface, rect, m.u(1) if hovered else m.u(0.6))
        pygame.draw.rect(surface, theme.WHITE, rect)
        pygame.draw.rect(surface, theme.INK, rect, m.rule)
        accent = theme.RED if spec.hard else theme.BLUE
        pygame.draw.rect(surface, accent, (rect.left, rect.top, m.u(1), rect.height))
        x = rect.left + m.u(3)
        y = rect.top + m.u(2)
        draw.text(surface, f"{number}", (rect.right - m.u(2), y), m.small, theme.GREY, "semibold", "topright")
        # Every title (in every language) is "Name" or "Name, variant".
        name, _comma, variant = _(spec.title).partition(", ")
        draw.heading(surface, name, (x, y), max(m.body, m.heading * 2 // 3))
        y += m.u(4.5)
        if spec.hard:
            harder = _("Harder: {variant}").format(variant=variant)
            draw.text(surface, harder, (x, y - m.u(0.5)), m.small, theme.RED, "semibold")
            y += m.u(3)
        # The record line (and the saved progress) sit at the card's foot; the goal and the thumbnail
        # share the room between the heading and them: the thumbnail below the goal when it fits there
        # at a readable size on every card, else beside a narrower goal (French is longer, 1024 is short).
        progress = self.progress.get(spec.id)
        room, lines = self._card_room(spec, rect)
        line_h = m.u(3)
        goal = _(spec.goal)
        step = round(m.small * 1.3)  # draw.paragraph's line step
        gap = m.u(1.25)
        smallest = max(m.u(10), 4 * max(spec.width, spec.height))  # BoardView's cells are 4 px at least
        if below:
            text_bottom = draw.paragraph(surface, goal, room, m.small, theme.INK)
            preview = pygame.Rect(x, text_bottom + gap, room.width, room.bottom - text_bottom - gap)
        else:
            side = min(room.height, room.width * 2 // 5)
            # A smaller thumbnail before a goal that runs into the lines below it.
            while side > smallest and len(draw.wrap(goal, m.small, room.width - side - m.u(2))) * step > room.height:
                side -= m.u(1)
            column = pygame.Rect(x, y, room.width - side - m.u(2), room.height)
            draw.paragraph(surface, goal, column, m.small, theme.INK)
            preview = pygame.Rect(room.right - side, room.bottom - side, side, side)
        # The thumbnail is the empty board, or the saved game's pieces in a red frame (the colour of its
        # "In progress" line): never pieces that look like progress on a puzzle that has none; a
        # puzzle solved and not begun again shows the player's solved board (an empty frame said nothing).
        if progress is not None and progress[1]:
            self.previews[spec.id] = _draw_preview(surface, spec, preview, progress[1], theme.RED)
        elif spec.id in self.solved:
            self.previews[spec.id] = _draw_preview(surface, spec, preview, self.solved[spec.id])
        else:
            self.previews[spec.id] = _draw_preview(surface, spec, preview, ())
        for index, (line, colour) in enumerate(lines):
            draw.text(surface, line, (x, room.bottom + m.u(1.5) + index * line_h), m.small, colour, "semibold")


def card_status(record: PuzzleRecord) -> str:
    """A card's record line, by the one rule the celebration says too ("Solve it without hints to set
    a best time"): "Not solved yet"; the best time, only ever a solve without hints ("Best time 03:12
    ·  last solved 26 Nov 2026"); else the best solve with hints, not called a best time ("Solved
    with 2 hints in 05:00  ·  ..."; fewer hints first, then the faster). Saved progress is a line of its own."""
    best = record.best
    last = record.last_completed
    if best is None or last is None:
        return _("Not solved yet")
    if not best.hints:
        return _("Best time {time}  ·  last solved {date}").format(time=format_time(best.seconds), date=long_date(last))
    hints = counted("{n} hint", "{n} hints", best.hints)
    return _("Solved with {hints} in {time}  ·  last solved {date}").format(
        hints=hints, time=format_time(best.seconds), date=long_date(last)
    )


def _sample(spec: PuzzleSpec) -> tuple[Placement, ...]:
    """A few pieces of a stored solution, for a frame's picture in the how-to pages (none for the full
    board); never on a card, where pieces would read as saved progress."""
    stored = shipped_solutions("pentomino-hard") if spec.kind == "pentomino" else ()
    if spec.kind == "tetromino":
        stored = (_TETROMINO_SAMPLE,)
    if not stored:
        return ()
    solution = stored[0]
    corner = [p for p in solution if min(x + y for x, y in p.cells) < (4 if spec.kind == "tetromino" else 9)]
    return tuple(corner)


# A hand-checked tiling of the bottom-left corner of the tetromino frame (decoration only).
_TETROMINO_SAMPLE: tuple[Placement, ...] = tuple(
    parse_placement(text)
    for text in ("blue O a1,b1,a2,b2", "red I4 c1,d1,e1,f1", "yellow L4 c2,d2,e2,c3", "green T4 a3,a4,a5,b4")
)


def _draw_preview(
    surface: pygame.Surface,
    spec: PuzzleSpec,
    rect: pygame.Rect,
    pieces: tuple[Placement, ...],
    frame: theme.Colour = theme.INK,
) -> pygame.Rect:
    """The board or frame, small, with ``pieces`` on it (a saved game's; a how-to picture's few), in a
    ``frame`` of that colour."""
    if rect.width < 20 or rect.height < 20:
        return rect
    board = BoardView(spec.width, spec.height, labels=False)
    board.layout(rect)
    pygame.draw.rect(surface, theme.mix(theme.PAPER, theme.WHITE, 0.55), board.rect)
    if spec.kind == FULLBOARD:
        for colour in COLOURS:
            pygame.draw.rect(surface, PIECE_COLOURS[colour], board.cell_rect(start_corner(colour)))
    for placement in pieces:
        draw_cells(surface, board.cell_rect, placement.cells, PIECE_COLOURS[placement.piece.colour], outline_px=1)
    pygame.draw.rect(surface, frame, board.rect.inflate(4, 4), 2)
    return board.rect


# ==== the celebration ===============================================================================
class FinishedPuzzle(Protocol):
    """What the celebration needs of the puzzle screen under it."""

    spec: PuzzleSpec

    @property
    def solved_by_computer(self) -> bool: ...

    @property
    def solved(self) -> bool: ...

    @property
    def seconds(self) -> float: ...

    @property
    def hints(self) -> int: ...

    def restart(self) -> None: ...

    def undo(self) -> None: ...


class PuzzleCompleteScene(Scene):
    """Over the finished puzzle: the time, the record, falling squares, and what next. A puzzle that
    ended stuck (no piece left fits) says so and offers to take back the last move."""

    opaque = False
    name = "puzzle_complete"

    def __init__(
        self, app: App, puzzle: FinishedPuzzle, new_best: bool = False, records: PuzzleRecords | None = None
    ) -> None:
        super().__init__(app)
        self.puzzle = puzzle
        self.new_best = new_best
        self.records = records
        self.started = time.monotonic()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.menu_button = self.widgets.add(Button(N_("Puzzles"), self.to_menu, "primary"))
        self.again_button = self.widgets.add(Button(N_("Play again"), self.again))
        if puzzle.solved:
            self.look_button = self.widgets.add(
                Button(N_("Look at it"), self.look, tooltip=N_("See the finished board"))
            )
        else:
            self.look_button = self.widgets.add(
                Button(N_("Take back"), self.take_back, tooltip=N_("Undo the last move"))
            )
        self.confetti = [
            (i * 0.6180339 % 1.0, (i * 0.38) % 1.0, (theme.BLUE, theme.YELLOW, theme.RED, theme.GREEN)[i % 4])
            for i in range(60)
        ]

    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        m = metrics
        self.panel = pygame.Rect(0, 0, min(m.width - m.u(4), m.u(70)), min(m.height - m.u(4), m.u(44)))
        self.panel.center = (m.width // 2, m.height // 2)
        row = pygame.Rect(0, self.panel.bottom - m.u(4) - m.button_height, self.panel.width - m.u(8), m.button_height)
        row.left = self.panel.left + m.u(4)
        ToolRow([self.menu_button, self.again_button, self.look_button]).layout(row, m.u(2), m)

    def to_menu(self) -> None:
        self.app.go_home()
        self.app.push(PuzzleMenuScene(self.app))

    def again(self) -> None:
        self.app.pop(self)
        self.puzzle.restart()

    def look(self) -> None:
        self.app.pop(self)

    def take_back(self) -> None:
        self.app.pop(self)
        self.puzzle.undo()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.look() if event.key == pygame.K_ESCAPE else self.to_menu()
            return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        title = _("Solved!") if not self.puzzle.solved_by_computer else _("A solution")
        if not self.puzzle.solved:
            title = _("Stuck")
        with layout_probe.box(self.panel):
            self._draw_panel(surface, m, title)
        self._draw_confetti(surface)
        self.widgets.draw(surface, m)

    def _draw_panel(self, surface: pygame.Surface, m: Metrics, title: str) -> None:
        spec = self.puzzle.spec
        overlay_panel(surface, self.panel, m, title, theme.YELLOW)
        x = self.panel.left + m.u(4)
        y = self.panel.top + m.u(11)
        draw.text(surface, _(spec.title), (x, y), m.body + 2, theme.INK, "semibold")
        y += m.u(5)
        new_best = ""
        if not self.puzzle.solved:
            lines = [_("No piece left fits anywhere."), _("Take back a move, or start again.")]
        elif self.puzzle.solved_by_computer:
            lines = [
                _("The computer finished this one: it does not count as a record."),
                _("Try it yourself from scratch?"),
            ]
        else:
            time_text = format_time(self.puzzle.seconds)
            if self.puzzle.hints:
                hints = counted("{n} hint", "{n} hints", self.puzzle.hints)
                lines = [_("Time {time} with {hints}").format(time=time_text, hints=hints)]
            else:
                lines = [_("Time {time}").format(time=time_text)]
            best = self.records.for_puzzle(spec.id).best_seconds if self.records else None
            if self.new_best:
                new_best = _("A new best time!")
                lines.append(new_best)
            elif best is not None:
                lines.append(_("Best time {time}").format(time=format_time(best)))
            elif self.puzzle.hints:
                lines.append(_("Solve it without hints to set a best time."))
        for index, line in enumerate(lines):
            size = m.heading if index == 0 and self.puzzle.solved and not self.puzzle.solved_by_computer else m.body
            weight = "bold" if index == 0 else "regular"
            colour = theme.RED if line == new_best else theme.INK
            # A long sentence (French is longer) wraps inside the panel rather than run past its border.
            for part in draw.wrap(line, size, self.panel.right - m.u(4) - x, weight):
                rect = draw.text(surface, part, (x, y), size, colour, weight)
                y = rect.bottom + m.u(0.5)
            y += m.u(1)

    def _draw_confetti(self, surface: pygame.Surface) -> None:
        """Squares in the four colours drift down across the panel's top for a few seconds."""
        elapsed = time.monotonic() - self.started
        factor = self.app.settings.animation_factor
        # Only the player's own solve is celebrated: not a solution the computer showed, not a dead end.
        if not factor or elapsed > 4.0 or not self.puzzle.solved or self.puzzle.solved_by_computer:
            return
        m = self.metrics
        size = m.u(1.2)
        for x_frac, phase, colour in self.confetti:
            t = (elapsed * 0.45 + phase) % 1.0
            x = round(x_frac * m.width)
            y = round(-size + t * (self.panel.top + m.u(10)))
            pygame.draw.rect(surface, colour, (x, y, size, size))
            pygame.draw.rect(surface, theme.INK, (x, y, size, size), 1)


# ==== how to play ====================================================================================
def _diagram_puzzles(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    """The three boards side by side, with a few pieces in each, their names on one line below them
    (the boards differ in shape, so each name under its own board stood at its own height)."""
    gap = metrics.u(3)
    width = (rect.width - 2 * gap) // 3
    shown: list[tuple[pygame.Rect, str]] = []
    for index, spec in enumerate(PUZZLE_BY_ID[id_] for id_ in ("fullboard", "tetromino-hard", "pentomino")):
        area = pygame.Rect(
            rect.left + index * (width + gap), rect.top + metrics.u(4), width, rect.height - metrics.u(8)
        )
        shown.append((_draw_preview(surface, spec, area, _sample(spec)), _(spec.title).partition(",")[0]))
    line = max(board.bottom for board, _label in shown) + metrics.u(1.5)
    for board, label in shown:
        draw.text(surface, label, (board.centerx, line), metrics.small, theme.INK, "semibold", "midtop")


def _diagram_contacts(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    """A harder frame: a blue I4 held beside a blue O is refused, and the touching sides turn red."""
    board = BoardView(6, 4, labels=False)
    board.layout(rect)
    board.draw(surface, metrics)
    draw_cells(surface, board.cell_rect, [(0, 0), (1, 0), (0, 1), (1, 1)], PIECE_COLOURS["blue"])
    draw_cells(surface, board.cell_rect, [(0, 2), (1, 2), (2, 2), (0, 3)], PIECE_COLOURS["red"])
    ghost = [(2, 0), (2, 1), (3, 1), (4, 1)]
    draw_ghost(surface, board, ghost, PIECE_COLOURS["blue"], legal=False)
    thickness = max(4, board.cell_px // 5)
    for cell in ((2, 0), (2, 1)):
        left = board.cell_rect(cell).left
        pygame.draw.rect(
            surface, theme.ILLEGAL, (left - thickness // 2, board.cell_rect(cell).top, thickness, board.cell_px)
        )


def _diagram_hint(surface: pygame.Surface, rect: pygame.Rect, metrics: Metrics) -> None:
    """A hint: the next piece of a solution, outlined on the board."""
    board = BoardView(10, 8, labels=False)
    board.layout(rect)
    board.draw(surface, metrics)
    for placement in _TETROMINO_SAMPLE[:3]:
        draw_cells(surface, board.cell_rect, placement.cells, PIECE_COLOURS[placement.piece.colour])
    suggestion = _TETROMINO_SAMPLE[3]
    draw_cells(
        surface, board.cell_rect, suggestion.cells, PIECE_COLOURS[suggestion.piece.colour], alpha=110, outline=None
    )
    outline_cells(surface, board.cell_rect, suggestion.cells, theme.INK, max(3, board.cell_px // 6))


def how_to_pages() -> list[HowToPage]:
    return [
        HowToPage(
            _("Six puzzles"),
            [
                _(
                    "Full board: place all 84 pieces on the 20 × 20 board. Every piece follows the Blokus rules "
                    "for its colour: a colour's first piece covers its own corner, later ones touch that colour "
                    "corner to corner and never along a side. Colours may be placed in any order. Harder: "
                    "largest first — every pentomino before any tetromino, and so on."
                ),
                _(
                    "Tetrominoes: the 20 four-square pieces fill an 8 × 10 frame. Pentominoes: the 48 "
                    "five-square pieces fill a 15 × 16 frame. Harder: no two pieces of one colour touch along "
                    "a side; the sides at fault light up red."
                ),
            ],
            _diagram_puzzles,
        ),
        HowToPage(
            _("Handling pieces"),
            [
                _(
                    "Drag a piece from the tray onto the board, or click it and click where it goes. While "
                    "holding it: R or right-click rotates (Shift+R back), F flips, Esc puts it back."
                ),
                _(
                    "In the frames you can press a placed piece to pick it up and move it again. On the full "
                    "board pieces stay put; Ctrl+Z takes back the last one."
                ),
            ],
            _diagram_contacts,
            _("Harder frames: a blue piece may not touch another blue piece along a side."),
        ),
        HowToPage(
            _("Help and records"),
            [
                _(
                    "Hint (H) shows one more piece that belongs to a full solution of your board (Enter plays "
                    "it) — or, when no solution keeps your pieces, which piece to take away. When none is found "
                    "in 2 s, H keeps looking longer (and H again stops). Solve shows a whole solution."
                ),
                _(
                    "While you look at the board, the solver is often already looking for a way to finish it, "
                    "so a hint asked for a little later tends to come at once."
                ),
                _(
                    "The clock runs while you play. A solve without hints sets your best time; progress is "
                    "saved as you go and waits for you in the puzzle menu."
                ),
            ],
            _diagram_hint,
            _("A hint outlines one more piece of a full solution."),
        ),
    ]
