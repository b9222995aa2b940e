"""The Blokus solo-puzzle screens: the puzzle menu, the puzzle itself, and the completion celebration.

The puzzle screen reuses the game's piece widgets (board view, tray, held piece, ghost, rotate/flip
buttons, drag controller) from ``piece_widgets.py``. It turns gestures into placements and asks the
pure puzzle module (``puzzles.py``) whether they are allowed; the solver (``solver.py``) runs on a
background thread for hints and the animated solution. Progress is autosaved after every change
and resumed from the menu; best times and completion dates are kept in ``puzzle_records.py``.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Hashable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from bauhausbox.engine.grid import Cell
from bauhausbox.engine.shapes import Shape, normalize
from bauhausbox.games.blokus.piece_widgets import (
    PIECE_COLOURS,
    PIECE_PATTERNS,
    BoardView,
    HeldPiece,
    PieceController,
    PieceTray,
    TrayItem,
    draw_cells,
    draw_ghost,
    outline_cells,
    turn_buttons,
)
from bauhausbox.games.blokus.pieces import COLOURS, PIECE_BY_NAME
from bauhausbox.games.blokus.puzzle_records import (
    PuzzleProgress,
    PuzzleRecords,
    clear_progress,
    default_directory,
    load_progress,
    load_records,
    save_progress,
    save_records,
)
from bauhausbox.games.blokus.puzzles import (
    FULLBOARD,
    PUZZLE_BY_ID,
    PUZZLES,
    CheckResult,
    Edge,
    Placement,
    PuzzlePiece,
    PuzzleSpec,
    PuzzleState,
    can_remove,
    check,
    is_complete,
    new_puzzle,
    parse_placement,
    place,
    remove,
    start_corner,
)
from bauhausbox.games.blokus.solver import Hint, SearchResult, hint, shipped_solutions, solve, warm_up
from bauhausbox.scenes.common import overlay_panel, poster_background
from bauhausbox.scenes.howto import HowToPage, HowToScene
from bauhausbox.ui import anim, draw, icons, theme
from bauhausbox.ui.app import Scene
from bauhausbox.ui.text import plural
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button

if TYPE_CHECKING:
    from bauhausbox.games.blokus.puzzle_records import PuzzleRecord
    from bauhausbox.ui.app import App

HINT_SECONDS = 2.0
KEEP_LOOKING_FACTOR = 5  # each "keep looking" searches this many times longer than the last try
# The harder pentomino frame is slow to search live (stored solutions answer at once when they fit).
SOLVE_SECONDS = 30.0
STEP_SECONDS = 0.22  # one piece of the solve animation (scaled by the animation-speed setting)


def format_time(seconds: float) -> str:
    seconds = int(seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


class _Worker:
    """One background search at a time (hint or solve); the screen polls :meth:`result` each frame."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._result: tuple[int, Any] | None = None
        self._cancel = threading.Event()
        self.token = 0

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, job: Callable[[Callable[[], bool]], Any], token: int) -> None:
        self.cancel()
        self._cancel = threading.Event()
        self.token = token
        cancelled = self._cancel.is_set

        def run() -> None:
            try:
                value = job(cancelled)
            except Exception as error:  # reported on the screen, never crashes the app
                value = error
            self._result = (token, value)

        self._result = None
        self._thread = threading.Thread(target=run, name="puzzle-solver", daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        self._cancel.set()
        self._result = None

    def result(self) -> tuple[int, Any] | None:
        if self.busy or self._result is None:
            return None
        value, self._result = self._result, None
        return value

    def wait(self, seconds: float) -> None:
        """Tests: let the search finish."""
        if self._thread is not None:
            self._thread.join(seconds)


# ==== the puzzle menu ===============================================================================
class PuzzleMenuScene(Scene):
    """Six puzzle cards (three puzzles × plain / harder) with best times, dates and saved progress."""

    name = "puzzle_menu"

    def __init__(self, app: App, directory: Path | None = None) -> None:
        super().__init__(app)
        self.directory = directory or default_directory()
        self.records = load_records(self.directory)
        self.progress: dict[str, PuzzleProgress | None] = {}
        self.cards: dict[str, pygame.Rect] = {}
        self.hovered: str | None = None
        self.back_button = self.widgets.add(Button("Back", self.app.pop, tooltip="Back to the main menu (Esc)"))
        self._refresh()

    def _refresh(self) -> None:
        self.records = load_records(self.directory)
        self.progress = {spec.id: load_progress(self.directory, spec.id) for spec in PUZZLES}

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

    def open(self, puzzle: str) -> None:
        self.app.push(PuzzleScene(self.app, puzzle, self.directory))

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
        elif event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_6:
            self.open(PUZZLES[event.key - pygame.K_1].id)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        poster_background(surface, m)
        draw.heading(surface, "Blokus puzzles", (m.u(6), m.u(5)), m.title // 2 + m.u(1))
        draw.text(
            surface,
            "Solo puzzles from the Blokus rules. Your progress is saved as you play.",
            (m.u(6), m.u(10.5)),
            m.body,
            theme.GREY,
        )
        for index, spec in enumerate(PUZZLES):
            self._draw_card(surface, spec, self.cards[spec.id], index + 1)
        super().draw(surface)

    def _draw_card(self, surface: pygame.Surface, spec: PuzzleSpec, rect: pygame.Rect, number: int) -> None:
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
        name, _, variant = spec.title.partition(", ")
        draw.heading(surface, name, (x, y), max(m.body, m.heading * 2 // 3))
        y += m.u(4.5)
        if spec.hard:
            draw.text(surface, f"Harder: {variant}", (x, y - m.u(0.5)), m.small, theme.RED, "semibold")
            y += m.u(3)
        y = draw.paragraph(surface, spec.goal, pygame.Rect(x, y, rect.right - x - m.u(2), m.u(10)), m.small, theme.INK)
        preview = pygame.Rect(x, y + m.u(0.5), rect.width - m.u(5), rect.bottom - y - m.u(9.5))
        progress = self.progress.get(spec.id)
        _draw_preview(surface, spec, preview, progress.to_state().placements if progress else _sample(spec))
        line = card_status(self.records.for_puzzle(spec.id))
        draw.text(surface, line, (x, rect.bottom - m.u(6.5)), m.small, theme.INK, "semibold")
        if progress is not None and progress.placements:
            placed = plural(len(progress.placements), "piece", "pieces")
            resume = f"In progress: {placed} placed, {format_time(progress.elapsed_seconds)}"
            draw.text(surface, resume, (x, rect.bottom - m.u(3.5)), m.small, theme.RED, "semibold")


def card_status(record: PuzzleRecord) -> str:
    """A card's record line: "Not solved yet", "Solved with hints · 26 Nov 2026" (a hinted solve
    sets no best time), or "Best 03:12 · last solved 26 Nov 2026". Saved progress is a line of its own."""
    last = record.last_completed
    if last is None:
        return "Not solved yet"
    best = record.best_seconds
    if best is None:
        return f"Solved with hints  ·  {last:%d %b %Y}"
    return f"Best {format_time(best)}  ·  last solved {last:%d %b %Y}"


def _sample(spec: PuzzleSpec) -> tuple[Placement, ...]:
    """A few pieces of a stored solution, to decorate a frame's card (none for the full board)."""
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
    surface: pygame.Surface, spec: PuzzleSpec, rect: pygame.Rect, pieces: tuple[Placement, ...]
) -> pygame.Rect:
    """The board or frame, small: the pieces of a saved game, else a few sample pieces in a corner."""
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
    pygame.draw.rect(surface, theme.INK, board.rect.inflate(4, 4), 2)
    return board.rect


# ==== the puzzle ====================================================================================
class PuzzleScene(Scene):
    """One puzzle: board, tray, timer, hint, solve, autosave, completion."""

    name = "puzzle"

    def __init__(self, app: App, puzzle: str, directory: Path | None = None, resume: bool = True) -> None:
        super().__init__(app)
        self.spec = PUZZLE_BY_ID[puzzle]
        self.directory = directory or default_directory()
        self.state = new_puzzle(puzzle)
        self.elapsed = 0.0
        self.hints = 0
        self.solved_by_computer = False
        self.finished = False
        progress = load_progress(self.directory, puzzle) if resume else None
        if progress is not None:
            self.state = progress.to_state()
            self.elapsed = progress.elapsed_seconds
            self.hints = progress.hints
        self.undo_stack: list[PuzzleState] = []
        self.redo_stack: list[PuzzleState] = []
        self.tab = 0  # which colour the tray shows, when it shows one colour at a time
        self.message = ""
        self.message_kind = "info"
        self.message_until = 0.0
        self.pointer_note: tuple[str, tuple[int, int], float] | None = None
        self._layer: pygame.Surface | None = None  # cached board and pieces (see _board_layer)
        self._layer_state: PuzzleState | None = None
        self._layer_key: tuple[object, ...] = ()
        self.hint_shown: Hint | None = None
        self.hint_seconds = HINT_SECONDS  # the next hint's budget; grows with each "keep looking"
        self._picked_from_board = False  # the press in progress lifted a placed piece
        self.worker = _Worker()
        self.job = ""  # "hint" / "solve" while the worker runs
        self.animation: list[Placement] = []  # pieces still to drop in during the solve animation
        self.animation_tween: anim.Tween | None = None
        self.contacts: tuple[Edge, ...] = ()  # same-colour contacts of the current ghost (harder frames)
        self._verdicts: dict[tuple[Hashable, tuple[Cell, ...]], CheckResult] = {}
        self.board = BoardView(self.spec.width, self.spec.height)
        self.tray = PieceTray()
        self.controller = PieceController(
            self.board, self.tray, self._shape_of, self._colour_of, self._drop, self._verdict, self._can_act
        )
        self.rotate_button, self.flip_button = turn_buttons(self.controller.rotate, self.controller.flip)
        self.widgets.add(self.rotate_button)
        self.widgets.add(self.flip_button)
        self.back_button = self.widgets.add(
            Button("", self.leave, tooltip="Back to the puzzles; progress is saved (Esc)", icon=icons.menu)
        )
        self.help_button = self.widgets.add(Button("", self.open_help, tooltip="How to play (F1)", icon=icons.question))
        self.hint_button = self.widgets.add(Button("Hint", self.request_hint, tooltip="Show one more piece (H)"))
        self.solve_button = self.widgets.add(Button("Solve", self.request_solve, tooltip="Show a full solution"))
        self.restart_button = self.widgets.add(Button("Restart", self.restart, tooltip="Clear the board"))
        self.undo_button = self.widgets.add(Button("", self.undo, tooltip="Take back (Ctrl+Z)", icon=icons.undo))
        self.redo_button = self.widgets.add(Button("", self.redo, tooltip="Put back (Ctrl+Y)", icon=icons.redo))
        self.tab_buttons = [
            self.widgets.add(Button(colour.capitalize(), self._tab_setter(i), size="small"))
            for i, colour in enumerate(COLOURS)
        ]
        self.top_rect = self.status_rect = self.panel_rect = self.tray_rect = pygame.Rect(0, 0, 0, 0)
        self._refresh_tray()
        if self.state.placements:
            self.say(
                f"Resumed: {plural(len(self.state.placements), 'piece', 'pieces')} placed, {format_time(self.elapsed)}."
            )

    # -- helpers -----------------------------------------------------------------------------
    @property
    def colour_blind(self) -> bool:
        return bool(getattr(self.app.settings, "colour_blind", False))

    @property
    def uses_tabs(self) -> bool:
        return len(self.spec.pieces) > 24

    def _shape_of(self, key: Hashable) -> Shape:
        assert isinstance(key, PuzzlePiece)
        return PIECE_BY_NAME[key.name].shape

    def _colour_of(self, key: Hashable) -> theme.Colour:
        assert isinstance(key, PuzzlePiece)
        return PIECE_COLOURS[key.colour]

    def _can_act(self) -> bool:
        return not self.finished and not self.animation and self.job != "solve"

    def tween(self, seconds: float) -> anim.Tween:
        return anim.Tween(seconds, self.app.settings.animation_factor)

    def say(self, text: str, kind: str = "info", seconds: float = 5.0) -> None:
        self.message, self.message_kind = text, kind
        self.message_until = time.monotonic() + seconds

    def refuse(self, reason: str) -> None:
        self.say(f"Not there: {reason}.", "error")
        self.pointer_note = (reason, self.controller.pointer, time.monotonic() + 2.0)
        self.app.sound.play("invalid")

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """The refusal reason in a red note just above the pointer, as on the game screens."""
        note = self.pointer_note
        if note is not None and time.monotonic() < note[2] and self.app.top is self:
            m = self.metrics
            label = draw.render_text(note[0], m.small, theme.WHITE, "semibold")
            box = label.get_rect().inflate(m.u(2), m.u(1.25))
            box.midbottom = (note[1][0], note[1][1] - m.u(2.5))
            box.clamp_ip(surface.get_rect())
            pygame.draw.rect(surface, theme.ILLEGAL, box)
            surface.blit(label, label.get_rect(center=box.center))
        super().draw_overlay(surface)

    def _tab_setter(self, index: int) -> Callable[[], None]:
        return lambda: self.set_tab(index)

    def set_tab(self, index: int) -> None:
        self.tab = index
        self._refresh_tray()

    def _refresh_tray(self) -> None:
        placed = self.state.placed_pieces()
        pieces = [p for p in self.spec.pieces if not self.uses_tabs or p.colour == COLOURS[self.tab]]
        held = self.controller.held.key if self.controller.held is not None else None
        self.tray.set_items(
            [
                TrayItem(
                    piece,
                    PIECE_BY_NAME[piece.name].shape,
                    PIECE_COLOURS[piece.colour],
                    piece not in placed or piece == held,
                )
                for piece in pieces
            ]
        )
        for index, button in enumerate(self.tab_buttons):
            left = sum(1 for p in self.spec.pieces if p.colour == COLOURS[index] and p not in placed)
            button.label = f"{COLOURS[index].capitalize()} {left}"
            button.visible = self.uses_tabs

    def _verdict(self, key: Hashable, cells: list[Cell]) -> str | None:
        assert isinstance(key, PuzzlePiece)
        cache_key = (key, tuple(sorted(cells)))
        result = self._verdicts.get(cache_key)
        if result is None:
            result = check(self.state, Placement(key, frozenset(cells)))
            self._verdicts[cache_key] = result
        self.contacts = result.contacts
        return result.reason

    def _set_state(self, state: PuzzleState, record_undo: bool = True) -> None:
        if record_undo:
            self.undo_stack.append(self.state)
            self.redo_stack.clear()
        self.state = state
        self._verdicts.clear()
        self.hint_shown = None
        self.hint_seconds = HINT_SECONDS
        if self.job == "hint":
            self.worker.cancel()
            self.job = ""
        self._refresh_tray()
        self.autosave()

    # -- moves ---------------------------------------------------------------------------------
    def _drop(self, key: Hashable, cells: list[Cell]) -> bool:
        assert isinstance(key, PuzzlePiece)
        placement = Placement(key, frozenset(cells))
        result = check(self.state, placement)
        if result.reason is not None:
            self.refuse(result.reason)
            return False
        self._set_state(place(self.state, placement))
        self.app.sound.play("place")
        self.message_until = 0.0
        if is_complete(self.state):
            self.complete()
        return True

    def pick_from_board(self, cell: Cell, pos: tuple[int, int]) -> bool:
        """Puzzles 2 and 3: press on a placed piece to pick it up again (drag it, or click to carry)."""
        owner = self.state.owner_by_cell().get(cell)
        if owner is None or not self._can_act():
            return False
        reason = can_remove(self.state, owner.piece)
        if reason is not None:
            self.refuse(reason)
            return True
        self._set_state(remove(self.state, owner.piece))
        shape = normalize(owner.cells)
        low_x = min(x for x, _ in owner.cells)
        low_y = min(y for _, y in owner.cells)
        self.controller.held = HeldPiece(
            owner.piece, shape, PIECE_COLOURS[owner.piece.colour], (cell[0] - low_x, cell[1] - low_y)
        )
        self.controller.pressed_at = pos
        self.controller.dragging = False
        self._picked_from_board = True
        if self.uses_tabs:
            self.set_tab(COLOURS.index(owner.piece.colour))
        self._refresh_tray()
        self.app.sound.play("slide")
        return True

    def undo(self) -> None:
        if not self.undo_stack or not self._can_act():
            self.say("Nothing to take back.")
            return
        self.controller.cancel()
        self.redo_stack.append(self.state)
        self._set_state(self.undo_stack.pop(), record_undo=False)

    def redo(self) -> None:
        if not self.redo_stack or not self._can_act():
            self.say("Nothing to put back.")
            return
        self.controller.cancel()
        self.undo_stack.append(self.state)
        self._set_state(self.redo_stack.pop(), record_undo=False)

    def restart(self) -> None:
        self.worker.cancel()
        self.job = ""
        self.animation = []
        self.controller.cancel()
        self.finished = False
        self.solved_by_computer = False
        self.elapsed = 0.0
        self.hints = 0
        self._set_state(new_puzzle(self.spec.id))
        self.undo_stack.clear()
        clear_progress(self.directory, self.spec.id)
        self.say("A fresh start: the clock is back at zero.")

    # -- saving, records --------------------------------------------------------------------------
    def autosave(self) -> None:
        if self.finished or self.solved_by_computer:
            return  # a board the computer filled is not the player's progress
        try:
            if self.state.placements:
                progress = PuzzleProgress.from_state(self.state, self.elapsed, self.hints, datetime.now())
                save_progress(self.directory, progress)
            else:
                clear_progress(self.directory, self.spec.id)
        except OSError as error:
            self.say(f"Progress not saved: {error}", "error")

    def complete(self) -> None:
        """The last piece went down: stop the clock, keep the record, celebrate."""
        self.finished = True
        self.controller.cancel()
        new_best = False
        records: PuzzleRecords | None = None
        if not self.solved_by_computer:
            records = load_records(self.directory)
            new_best = records.is_new_best(self.spec.id, self.elapsed, self.hints)
            records = records.with_completion(self.spec.id, self.elapsed, datetime.now(), self.hints)
            try:
                save_records(self.directory, records)
            except OSError as error:
                self.say(f"Record not saved: {error}", "error")
        with contextlib.suppress(OSError):
            clear_progress(self.directory, self.spec.id)
        self.app.sound.play("gameover")
        self.app.push(PuzzleCompleteScene(self.app, self, new_best, records))

    def leave(self) -> None:
        self.app.pop(self)

    def on_enter(self) -> None:
        threading.Thread(target=warm_up, args=(self.spec.id,), name="puzzle-warm-up", daemon=True).start()

    def on_exit(self) -> None:
        self.worker.cancel()
        self.autosave()

    def open_help(self) -> None:
        self.app.push(HowToScene(self.app, "Blokus puzzles", how_to_pages()))

    # -- hint and solve ----------------------------------------------------------------------------
    def _token(self) -> int:
        return hash(self.state)

    def request_hint(self) -> None:
        """H / the Hint button: ask for a hint; after a search that ran out of time, keep looking with
        a longer budget; while a hint search runs, stop it. The search runs on the worker thread."""
        if self.job == "hint":
            self.worker.cancel()
            self.job = ""
            self.say("Stopped looking.", seconds=3)
            return
        if not self._can_act() or self.job:
            return
        advice = self.hint_shown
        if advice is not None and not advice.timed_out:
            self._show_hint(advice)
            return
        if advice is not None:  # keep looking: a longer search from the same position
            self.hint_seconds *= KEEP_LOOKING_FACTOR
        state = self.state
        seconds = self.hint_seconds
        self.job = "hint"
        self.say(f"Looking for a piece that leads to a solution (up to {seconds:g} s; H to stop)…", seconds=seconds + 5)
        self.worker.start(lambda cancelled: hint(state, seconds, cancelled), self._token())

    def accept_hint(self) -> None:
        """Space / Enter: place the hinted piece — the very placement the ghost shows and the hint names."""
        advice = self.hint_shown
        if advice is None or advice.placement is None or not self._can_act():
            return
        placement = advice.placement
        self._drop(placement.piece, sorted(placement.cells))

    def request_solve(self) -> None:
        if not self._can_act() or self.job:
            return
        state = self.state
        self.job = "solve"
        self.controller.cancel()
        self.say("Solving…", seconds=SOLVE_SECONDS + 5)

        def job(cancelled: Callable[[], bool]) -> SearchResult:
            result = solve(state, SOLVE_SECONDS / 2 if state.placements else SOLVE_SECONDS, cancelled)
            if result.status != "found" and state.placements:
                # Nothing found that keeps the player's pieces: show a solution from an empty board.
                return solve(new_puzzle(state.puzzle), SOLVE_SECONDS / 2, cancelled)
            return result

        self.worker.start(job, self._token())

    def _show_hint(self, advice: Hint) -> None:
        self.hint_shown = advice
        kind = "error" if advice.kind == "remove" else "info"
        message = advice.message
        if advice.placement is not None:
            message += " Space places it."
        if advice.timed_out:
            message += " Keep looking? Press H."
        self.say(message, kind, seconds=12 if advice.timed_out else 8)

    def _finish_job(self, value: Any) -> None:
        job, self.job = self.job, ""
        if isinstance(value, Exception):
            self.say(f"The solver failed: {value}", "error")
            return
        if job == "hint" and isinstance(value, Hint):
            if value.kind in ("place", "remove") or value.placement is not None:
                self.hints += 1
                self.autosave()
            if value.placement is not None and self.uses_tabs:
                self.set_tab(COLOURS.index(value.placement.piece.colour))
            self._show_hint(value)
        elif job == "solve" and isinstance(value, SearchResult):
            if value.status != "found":
                self.say(f"No solution shown: none was found within {SOLVE_SECONDS:g} s.", "error", seconds=8)
                return
            self.solved_by_computer = True
            with contextlib.suppress(OSError):
                clear_progress(self.directory, self.spec.id)
            kept = set(value.placements)
            start = PuzzleState(self.spec.id, tuple(p for p in self.state.placements if p in kept))
            self._set_state(start)
            self.animation = [p for p in value.placements if p not in set(start.placements)]
            self.animation_tween = self.tween(STEP_SECONDS)
            if len(start.placements) < len(self.undo_stack[-1].placements):
                self.say("No solution keeping all your pieces was found; here is one from the start.", seconds=6)
            else:
                self.say("Here is a solution.", seconds=4)

    def update(self, dt: float) -> None:
        if self.app.top is self and not self.finished:
            self.elapsed += dt
        outcome = self.worker.result()
        if outcome is not None and self.job:
            token, value = outcome
            if token == self.worker.token:
                self._finish_job(value)
        if self.animation and (self.animation_tween is None or self.animation_tween.done):
            placement = self.animation.pop(0)
            self.state = PuzzleState(self.spec.id, (*self.state.placements, placement))
            self._refresh_tray()
            self.app.sound.play("place", 0.5)
            self.animation_tween = self.tween(STEP_SECONDS)
            if not self.animation:
                self.complete()
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        idle = self._can_act() and not self.job
        self.hint_button.enabled = idle or self.job == "hint"
        if self.job == "hint":
            self.hint_button.label = "Stop"
        elif self.hint_shown is not None and self.hint_shown.timed_out:
            self.hint_button.label = "Keep looking"
        else:
            self.hint_button.label = "Hint"
        self.solve_button.enabled = idle
        self.undo_button.enabled = idle and bool(self.undo_stack)
        self.redo_button.enabled = idle and bool(self.redo_stack)
        self.restart_button.enabled = not self.animation
        holding = self.controller.held is not None
        self.rotate_button.enabled = self.flip_button.enabled = holding

    # -- events --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.controller.handle_event(event)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._picked_from_board:
            self._picked_from_board = False
            if not self.controller.dragging:
                # A click on a placed piece picks it up: it follows the pointer until the next click.
                self.controller.pressed_at = None
                return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.controller.held is None
            and self.spec.movable
            and self.board.cell_at(event.pos) is not None
        ):
            cell = self.board.cell_at(event.pos)
            if cell is not None and self.pick_from_board(cell, event.pos):
                return True
        if self._can_act() and self.controller.handle_event(event):
            self._refresh_tray()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and event.key == pygame.K_z:
            self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif event.key == pygame.K_ESCAPE:
            self.leave()
        elif event.key == pygame.K_h:
            self.request_hint()
        elif event.key in (pygame.K_SPACE, pygame.K_RETURN) and self.hint_shown is not None:
            self.accept_hint()
        elif event.key == pygame.K_F1:
            self.open_help()
        elif self.uses_tabs and pygame.K_1 <= event.key <= pygame.K_4:
            self.set_tab(event.key - pygame.K_1)
        else:
            return False
        return True

    # -- layout ----------------------------------------------------------------------------------
    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        m = metrics
        top_h = m.u(8)
        status_h = m.u(5.5)
        self.top_rect = pygame.Rect(0, 0, m.width, top_h)
        self.status_rect = pygame.Rect(0, m.height - status_h, m.width, status_h)
        pad = m.u(2)
        body = pygame.Rect(pad, top_h + pad, m.width - 2 * pad, m.height - top_h - status_h - 2 * pad)
        panel_w = max(m.u(36), int(body.width * 0.36))
        board_area = pygame.Rect(body.left, body.top, body.width - panel_w - m.u(3), body.height)
        self.board.layout(board_area)
        self.panel_rect = pygame.Rect(board_area.right + m.u(3), body.top, panel_w, body.height)
        size = top_h - m.u(2.5)
        x = m.width - pad
        for button, width in (
            (self.back_button, size),
            (self.help_button, size),
            (self.restart_button, m.u(13)),
            (self.solve_button, m.u(11)),
            (self.hint_button, m.u(21)),
            (self.redo_button, size),
            (self.undo_button, size),
        ):
            button.rect = pygame.Rect(x - width, (top_h - size) // 2 - m.u(0.25), width, size)
            x -= width + m.u(1.25)
        panel = self.panel_rect
        y = panel.top + m.u(6)
        if self.uses_tabs:
            tab_w = (panel.width - 3 * m.u(1)) // 4
            for index, button in enumerate(self.tab_buttons):
                button.rect = pygame.Rect(panel.left + index * (tab_w + m.u(1)), y, tab_w, m.u(5))
            y += m.u(6.5)
        turn_h = m.u(5.5)
        self.tray_rect = pygame.Rect(panel.left, y, panel.width, panel.bottom - y - turn_h - m.u(2))
        self.tray.layout(self.tray_rect, max_cell_px=max(10, self.board.cell_px * 0.8))
        half = (panel.width - m.u(1)) // 2
        self.rotate_button.rect = pygame.Rect(panel.left, panel.bottom - turn_h, half, turn_h)
        self.flip_button.rect = pygame.Rect(panel.left + half + m.u(1), panel.bottom - turn_h, half, turn_h)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        surface.blit(self._board_layer(surface.get_size()), (0, 0))
        self._draw_last_piece(surface)
        self._draw_hint(surface)
        self._draw_panel(surface)
        self._draw_top_bar(surface)
        self._draw_status_bar(surface)
        self.widgets.draw(surface, m)
        held = self.controller.held
        pattern = PIECE_PATTERNS[held.key.colour] if held is not None and isinstance(held.key, PuzzlePiece) else None
        self.contacts = ()
        self.controller.draw(surface, m, self.colour_blind, pattern)
        self._draw_contacts(surface)

    def _board_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """Paper, board and placed pieces, redrawn only when the position, the layout or the colour-blind
        setting changes (states are immutable, so identity tells a new position)."""
        key = (size, self.board.rect.topleft, self.board.cell_px, self.colour_blind)
        if self._layer is None or self._layer_state is not self.state or self._layer_key != key:
            layer = pygame.Surface(size).convert()
            layer.fill(theme.PAPER)
            corners = {start_corner(c): PIECE_COLOURS[c] for c in COLOURS} if self.spec.kind == FULLBOARD else None
            self.board.draw(layer, self.metrics, corners)
            for placement in self.state.placements:
                colour = placement.piece.colour
                pattern = PIECE_PATTERNS[colour] if self.colour_blind else None
                draw_cells(layer, self.board.cell_rect, placement.cells, PIECE_COLOURS[colour], pattern)
            self._layer, self._layer_state, self._layer_key = layer, self.state, key
        return self._layer

    def _draw_last_piece(self, surface: pygame.Surface) -> None:
        if self.state.placements and not self.finished:
            last = self.state.placements[-1]
            outline_cells(surface, self.board.cell_rect, last.cells, theme.INK, max(2, self.board.cell_px // 8), 2)

    def _draw_hint(self, surface: pygame.Surface) -> None:
        advice = self.hint_shown
        if advice is None:
            return
        pulse = 0.5 + 0.5 * abs(((time.monotonic() * 1.6) % 2) - 1)
        width = max(3, round(self.board.cell_px / 6 * (0.7 + 0.6 * pulse)))
        if advice.placement is not None:
            colour = PIECE_COLOURS[advice.placement.piece.colour]
            draw_cells(surface, self.board.cell_rect, advice.placement.cells, colour, alpha=110, outline=None)
            outline_cells(surface, self.board.cell_rect, advice.placement.cells, theme.INK, width)
        elif advice.remove is not None:
            placement = self.state.placement_of(advice.remove)
            if placement is not None:
                outline_cells(surface, self.board.cell_rect, placement.cells, theme.ILLEGAL, width)

    def _draw_contacts(self, surface: pygame.Surface) -> None:
        """Harder frames: the sides where the held piece would touch its own colour, in thick red."""
        thickness = max(4, self.board.cell_px // 5)
        for a, b in self.contacts:
            ra, rb = self.board.cell_rect(a), self.board.cell_rect(b)
            if a[0] != b[0]:  # side by side: a vertical bar on the shared side
                x = max(ra.left, rb.left)
                bar = pygame.Rect(x - thickness // 2, ra.top, thickness, ra.height)
            else:
                y = max(ra.top, rb.top)
                bar = pygame.Rect(ra.left, y - thickness // 2, ra.width, thickness)
            pygame.draw.rect(surface, theme.ILLEGAL, bar)
            pygame.draw.rect(surface, theme.INK, bar, 1)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        m = self.metrics
        panel = self.panel_rect
        left = len(self.state.remaining())
        total = len(self.spec.pieces)
        draw.heading(surface, f"Pieces left  {left} / {total}", (panel.left, panel.top + m.u(1)), m.body)
        patterns = PIECE_PATTERNS if self.colour_blind else None
        colour_patterns = {PIECE_COLOURS[c]: p for c, p in patterns.items()} if patterns else None
        held = self.controller.held.key if self.controller.held is not None else None
        self.tray.draw(
            surface,
            m,
            held=held,
            orientation=self.controller.orientation,
            patterns=colour_patterns,
            hovered=self.controller.hovered,
        )
        if self.uses_tabs:
            for index, button in enumerate(self.tab_buttons):
                thick = m.u(1.25) if index == self.tab else m.u(0.5)
                bar = pygame.Rect(button.rect.left, button.rect.bottom + m.u(0.5), button.rect.width, thick)
                pygame.draw.rect(surface, PIECE_COLOURS[COLOURS[index]], bar)

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        m = self.metrics
        rect = self.top_rect
        pygame.draw.line(
            surface, theme.INK, (0, rect.bottom - m.rule // 2), (rect.right, rect.bottom - m.rule // 2), m.rule
        )
        s = m.u(2.2)
        cy = rect.centery
        x = m.u(2.5)
        pygame.draw.rect(surface, theme.RED if self.spec.hard else theme.BLUE, (x, cy - s // 2, s, s))
        title = draw.heading(surface, self.spec.title, (x + s * 2, cy + 2), m.heading, theme.INK, "midleft")
        clock = format_time(self.elapsed)
        if self.hints:
            clock += f"  ·  {plural(self.hints, 'hint', 'hints')}"
        draw.text(surface, clock, (title.right + m.u(4), cy + 2), m.body + 2, theme.INK, "semibold", "midleft")

    def _draw_status_bar(self, surface: pygame.Surface) -> None:
        message = self.message if time.monotonic() < self.message_until else ""
        draw.status_bar(surface, self.status_rect, self.metrics, message, self.message_kind, self.idle_status())

    def idle_status(self) -> str:
        move = "press a placed piece to move it  ·  " if self.spec.movable else ""
        return f"Drag pieces onto the board  ·  R rotate  ·  F flip  ·  {move}H hint  ·  Esc back"


# ==== the celebration ===============================================================================
class PuzzleCompleteScene(Scene):
    """Over the finished puzzle: the time, the record, falling squares, and what next."""

    opaque = False
    name = "puzzle_complete"

    def __init__(self, app: App, puzzle: PuzzleScene, new_best: bool, records: PuzzleRecords | None) -> None:
        super().__init__(app)
        self.puzzle = puzzle
        self.new_best = new_best
        self.records = records
        self.started = time.monotonic()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.menu_button = self.widgets.add(Button("Puzzles", self.to_menu, "primary"))
        self.again_button = self.widgets.add(Button("Play again", self.again))
        self.look_button = self.widgets.add(Button("Look at it", self.look, tooltip="See the finished board"))
        self.confetti = [
            (i * 0.6180339 % 1.0, (i * 0.38) % 1.0, (theme.BLUE, theme.YELLOW, theme.RED, theme.GREEN)[i % 4])
            for i in range(60)
        ]

    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        m = metrics
        self.panel = pygame.Rect(0, 0, min(m.width - m.u(4), m.u(70)), min(m.height - m.u(4), m.u(44)))
        self.panel.center = (m.width // 2, m.height // 2)
        width = (self.panel.width - m.u(8) - 2 * m.u(2)) // 3
        y = self.panel.bottom - m.u(4) - m.button_height
        for index, button in enumerate((self.menu_button, self.again_button, self.look_button)):
            button.rect = pygame.Rect(self.panel.left + m.u(4) + index * (width + m.u(2)), y, width, m.button_height)

    def to_menu(self) -> None:
        self.app.pop(self)
        self.app.pop(self.puzzle)

    def again(self) -> None:
        self.app.pop(self)
        self.app.replace(PuzzleScene(self.app, self.puzzle.spec.id, self.puzzle.directory, resume=False))

    def look(self) -> None:
        self.app.pop(self)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.look() if event.key == pygame.K_ESCAPE else self.to_menu()
            return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        spec = self.puzzle.spec
        title = "Solved!" if not self.puzzle.solved_by_computer else "A solution"
        overlay_panel(surface, self.panel, m, title, theme.YELLOW)
        x = self.panel.left + m.u(4)
        y = self.panel.top + m.u(11)
        draw.text(surface, spec.title, (x, y), m.body + 2, theme.INK, "semibold")
        y += m.u(5)
        if self.puzzle.solved_by_computer:
            lines = ["The computer finished this one: it does not count as a record.", "Try it yourself from scratch?"]
        else:
            time_text = format_time(self.puzzle.elapsed)
            lines = [
                f"Time {time_text}"
                + (f" with {plural(self.puzzle.hints, 'hint', 'hints')}" if self.puzzle.hints else "")
            ]
            best = self.records.for_puzzle(spec.id).best_seconds if self.records else None
            if self.new_best:
                lines.append("A new best time!")
            elif best is not None:
                lines.append(f"Best time {format_time(best)}")
            elif self.puzzle.hints:
                lines.append("Solve it without hints to set a best time.")
        for index, line in enumerate(lines):
            size = m.heading if index == 0 and not self.puzzle.solved_by_computer else m.body
            weight = "bold" if index == 0 else "regular"
            colour = theme.RED if line.startswith("A new best") else theme.INK
            rect = draw.text(surface, line, (x, y), size, colour, weight)
            y = rect.bottom + m.u(1.5)
        self._draw_confetti(surface)
        self.widgets.draw(surface, m)

    def _draw_confetti(self, surface: pygame.Surface) -> None:
        """Squares in the four colours drift down across the panel's top for a few seconds."""
        elapsed = time.monotonic() - self.started
        factor = self.app.settings.animation_factor
        if not factor or elapsed > 4.0:
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
    """The three boards side by side, with a few pieces in each."""
    gap = metrics.u(3)
    width = (rect.width - 2 * gap) // 3
    for index, spec in enumerate(PUZZLE_BY_ID[id_] for id_ in ("fullboard", "tetromino-hard", "pentomino")):
        area = pygame.Rect(
            rect.left + index * (width + gap), rect.top + metrics.u(4), width, rect.height - metrics.u(8)
        )
        shown = _draw_preview(surface, spec, area, _sample(spec))
        label = spec.title.partition(",")[0]
        draw.text(
            surface,
            label,
            (shown.centerx, shown.bottom + metrics.u(1.5)),
            metrics.small,
            theme.INK,
            "semibold",
            "midtop",
        )


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
            "Six puzzles",
            [
                "Full board: place all 84 pieces on the 20 × 20 board. Every piece follows the Blokus rules "
                "for its colour: a colour's first piece covers its own corner, later ones touch that colour "
                "corner to corner and never along a side. Colours may be placed in any order. Harder: "
                "largest first — every pentomino before any tetromino, and so on.",
                "Tetrominoes: the 20 four-square pieces fill an 8 × 10 frame. Pentominoes: the 48 "
                "five-square pieces fill a 15 × 16 frame. Harder: no two pieces of one colour touch along "
                "a side; the sides at fault light up red.",
            ],
            _diagram_puzzles,
        ),
        HowToPage(
            "Handling pieces",
            [
                "Drag a piece from the tray onto the board, or click it and click where it goes. While "
                "holding it: R or right-click rotates (Shift+R back), F flips, Esc puts it back.",
                "In the frames you can press a placed piece to pick it up and move it again. On the full "
                "board pieces stay put; Ctrl+Z takes back the last one.",
            ],
            _diagram_contacts,
            "Harder frames: a blue piece may not touch another blue piece along a side.",
        ),
        HowToPage(
            "Help and records",
            [
                "Hint (H) shows one more piece that belongs to a full solution of your board (Space places "
                "it) — or, when no solution keeps your pieces, which piece to take away. When none is found "
                "in 2 s, H keeps looking longer (and H again stops). Solve shows a whole solution.",
                "The clock runs while you play. A solve without hints sets your best time; progress is "
                "saved as you go and waits for you in the puzzle menu.",
            ],
            _diagram_hint,
            "A hint outlines one more piece of a full solution.",
        ),
    ]
