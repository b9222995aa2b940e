"""The Blokus solo puzzle screen: a :class:`GameScene` of the game ``blokus-puzzles``.

Everything shared comes from ``bauhausbox/scenes/game_scene.py`` and ``bauhausbox/match.py``: undo and
redo, autosave after every move (a one-seat save, so Continue and Load work as for every game), the
status bar and the red note at the pointer, the pause menu. This screen adds the board and the tray
of the Blokus piece widgets (``blokus/screen/piece_widgets.py``), lifting a placed piece in the frames (a ``lift``
move), the harder frames' red bars where a held piece would touch its own colour, the clock, the
solver's hints with an honest timeout ("No way to finish was found in 2 s. Keep looking? Press H.":
H then searches five times longer; H again stops), Solve (out of time, a dialog says so and offers
to look five times longer; "No solution" only after a proof; not counted as a hint), and the
celebration with the records of ``records/best_times.py``. The solver runs on the scene's hint
runner (``BotRunner``) through ``puzzles/ai.py``, with the engine's ``Budget``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from datetime import datetime

import pygame

from bauhausbox.engine.api import Seat, Words
from bauhausbox.engine.bots.runner import BotJob
from bauhausbox.engine.grid import Cell
from bauhausbox.engine.history import Step
from bauhausbox.engine.shapes import Shape, normalize
from bauhausbox.games.blokus.describe import piece_words, squares_span
from bauhausbox.games.blokus.pieces import COLOURS, PIECE_BY_NAME
from bauhausbox.games.blokus.puzzles.ai import PuzzleAdvisor, SolutionFinder, hint_move
from bauhausbox.games.blokus.puzzles.records.best_times import default_directory, load_records, save_records
from bauhausbox.games.blokus.puzzles.rules import PuzzleState, check, is_complete, waiting_pieces, waiting_reason
from bauhausbox.games.blokus.puzzles.screen.menu import (
    PuzzleCompleteScene,
    format_time,
    how_to_pages,
    pieces_placed_text,
)
from bauhausbox.games.blokus.puzzles.solver.ponder import Ponderer
from bauhausbox.games.blokus.puzzles.solver.search import Hint, SearchResult, warm_up
from bauhausbox.games.blokus.puzzles.specs import (
    FULLBOARD,
    YOU,
    Edge,
    Lift,
    Placement,
    PuzzleMove,
    PuzzlePiece,
    start_corner,
)
from bauhausbox.games.blokus.puzzles.words import solver_words
from bauhausbox.games.blokus.rules import COLOUR_NAMES
from bauhausbox.games.blokus.screen.board_view import (
    PIECE_COLOURS,
    PIECE_MARKS,
    BoardView,
    Mark,
    draw_cells,
    frame_cells,
    outline_cells,
)
from bauhausbox.games.blokus.screen.piece_widgets import HeldPiece, PieceController, ToolRow, turn_buttons
from bauhausbox.games.blokus.screen.tray import PieceTray, TrayItem
from bauhausbox.i18n import N_, _, counted
from bauhausbox.match import Match
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.game_scene import GameScene, MoveMark
from bauhausbox.scenes.howto import HowToPage
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.text import shown
from bauhausbox.ui.widgets import Button

HINT_SECONDS = 2.0
PONDER_DELAY = 0.8  # seconds a position stays put before the solver thinks ahead about it
KEEP_LOOKING_FACTOR = 5  # each "keep looking" searches this many times longer than the last try
# The harder pentomino frame is slow to search live (stored solutions answer at once when they fit).
SOLVE_SECONDS = 30.0
STEP_SECONDS = 0.22  # one piece of the solve animation (scaled by the animation-speed setting)


class PuzzleScene(GameScene[PuzzleState, PuzzleMove]):
    """One puzzle: board, tray, clock, hint, solve, completion."""

    HINT_LABELS = (*GameScene.HINT_LABELS, N_("Keep looking"), N_("Stop"), N_("Result"))

    name = "puzzle"

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.spec = self.match.state.spec
        self.directory = default_directory()
        self.tab = 0  # which colour the tray shows, when it shows one colour at a time
        self._layer: pygame.Surface | None = None  # cached board and pieces (see _board_layer)
        self._layer_state: PuzzleState | None = None
        self._layer_key: tuple[object, ...] = ()
        self.advice: Hint | None = None  # the last hint's full answer (its words, whether time ran out)
        self.hint_seconds = HINT_SECONDS  # the next hint's budget; grows with each "keep looking"
        self.solve_seconds = SOLVE_SECONDS  # the next Solve's budget; grows likewise
        # Thinking ahead (solver/ponder.py): a pool worker searches the position while the player looks at it.
        self.ponderer = Ponderer()
        self.ponder_at: float | None = None  # when to start thinking about the current position
        self._picked_from_board = False  # the press in progress lifted a placed piece
        self.solving: list[PuzzleMove] = []  # moves of the solution still to play (the solve animation)
        self.solving_tween = self.tween(STEP_SECONDS)
        # The steps Solve played, by index (the very Step: a move played after an undo is a new one):
        # the log says the computer placed them, not "You placed".
        self.solver_steps: dict[int, Step] = {}
        self.hinted_steps: dict[int, Step] = {}  # the moves played from a hint (Enter, the Hint button)
        self.recorded = False
        self.contacts: tuple[Edge, ...] = ()  # same-colour contacts of the current ghost (harder frames)
        self.board = BoardView(self.spec.width, self.spec.height)
        self.tray = PieceTray()
        self.controller = PieceController(
            self.board,
            self.tray,
            self._shape_of,
            self._colour_of,
            self._drop,
            self._verdict,
            self._can_act,
            snap_targets=self._start_to_cover,
        )
        self.rotate_button, self.flip_button = turn_buttons(self.controller.rotate, self.controller.flip)
        self.widgets.add(self.rotate_button)
        self.widgets.add(self.flip_button)
        self.solve_button = self.widgets.add(
            Button(N_("Solve"), self.request_solve, tooltip=N_("Show a full solution"))
        )
        self.tool_row = ToolRow([self.rotate_button, self.flip_button, self.solve_button])
        self.tab_buttons = [
            self.widgets.add(Button(COLOUR_NAMES[i], self._tab_setter(i), size="small"))
            for i, colour in enumerate(COLOURS)
        ]
        self.panel_rect = self.tray_rect = pygame.Rect(0, 0, 0, 0)
        self.hold_areas: tuple[pygame.Rect, ...] = ()  # where a held piece is drawn (layout_game)
        self.title_lines: list[str] = []
        self.count_y = 0
        self.hints_y: int | None = None  # the hint count's own line, when it does not fit beside the count
        self._refresh_tray()
        if self.state.placements and not self.match.over:
            placed = pieces_placed_text(len(self.state.placements))
            self.say(_("Resumed: {placed}, {time}.").format(placed=placed, time=format_time(self.seconds)))

    # -- what the celebration and the tests read ---------------------------------------------------
    @property
    def state(self) -> PuzzleState:
        return self.view

    @property
    def seconds(self) -> float:
        return self.match.seconds_played

    @property
    def hints(self) -> int:
        return self.match.hints_taken

    @property
    def solved(self) -> bool:
        return is_complete(self.match.state)

    @property
    def solved_by_computer(self) -> bool:
        """Solve played (some of) the solution: the game's, kept in its save (no record, no result)."""
        return self.match.computer_finished

    @classmethod
    def how_to_play(cls) -> list[HowToPage]:
        return how_to_pages()

    # -- helpers -----------------------------------------------------------------------------
    @property
    def colour_blind(self) -> bool:
        return bool(self.app.settings.colour_blind)

    @property
    def uses_tabs(self) -> bool:
        return len(self.spec.pieces) > 24

    def _shape_of(self, key: Hashable) -> Shape:
        assert isinstance(key, PuzzlePiece)
        return PIECE_BY_NAME[key.name].shape

    def _colour_of(self, key: Hashable) -> theme.Colour:
        assert isinstance(key, PuzzlePiece)
        return PIECE_COLOURS[key.colour]

    def _start_to_cover(self, key: Hashable) -> tuple[Cell, ...]:
        """On the full board, the start corner of a colour with no piece down yet: its first piece
        snaps onto it (the other puzzles have no starting squares)."""
        assert isinstance(key, PuzzlePiece)
        if self.spec.kind != FULLBOARD or any(p.piece.colour == key.colour for p in self.state.placements):
            return ()
        return (start_corner(key.colour),)

    def _can_act(self) -> bool:
        return self.input_allowed() and not self.solving and not self.hint_runner_solving

    @property
    def hint_runner_solving(self) -> bool:
        job = self.hint_runner.job
        return job is not None and job.seat == SOLVE_SEAT

    def _tab_setter(self, index: int) -> Callable[[], None]:
        return lambda: self.set_tab(index)

    def set_tab(self, index: int) -> None:
        self.tab = index
        self._refresh_tray()

    def _refresh_tray(self) -> None:
        placed = self.state.placed_pieces()
        pieces = [p for p in self.spec.pieces if not self.uses_tabs or p.colour == COLOURS[self.tab]]
        held = self.controller.held.key if self.controller.held is not None else None
        waiting = waiting_pieces(self.state)
        self.tray.set_items(
            [
                TrayItem(
                    piece,
                    PIECE_BY_NAME[piece.name].shape,
                    PIECE_COLOURS[piece.colour],
                    piece not in placed or piece == held,
                    mark=PIECE_MARKS[piece.colour],
                    waiting=piece in waiting,
                )
                for piece in pieces
            ]
        )
        self._label_tabs()

    def _label_tabs(self) -> None:
        """Each tab says its colour and how many of its pieces are left ("Blue 5"), in the players'
        language (relabelled at every layout and move, so a change of language shows at once)."""
        placed = self.state.placed_pieces()
        for index, button in enumerate(self.tab_buttons):
            left = sum(1 for p in self.spec.pieces if p.colour == COLOURS[index] and p not in placed)
            button.label = f"{_(COLOUR_NAMES[index])} {left}"
            button.visible = self.uses_tabs
            button.selected = index == self.tab  # the tray shows this colour

    def _verdict(self, key: Hashable, cells: list[Cell]) -> str | None:
        assert isinstance(key, PuzzlePiece)
        # A piece held partly off the frame has no notation (no column letter below a): say so first.
        if not all(self.board.contains(cell) for cell in cells):
            self.contacts = ()
            return _("the piece must lie inside the frame")
        placement = Placement(key, frozenset(cells))
        reason = self.check(placement)
        # The harder frames name the sides at fault: the rules' reason, with the edges it found.
        self.contacts = check(self.state, placement).contacts if reason and self.spec.hard else ()
        return reason

    # -- moves ---------------------------------------------------------------------------------
    def _drop(self, key: Hashable, cells: list[Cell]) -> bool:
        assert isinstance(key, PuzzlePiece)
        if not all(self.board.contains(cell) for cell in cells):
            return False
        return self.submit(Placement(key, frozenset(cells)))

    def pick_from_board(self, cell: Cell, pos: tuple[int, int]) -> bool:
        """The frames: press on a placed piece to lift it (a move) and hold it (drag it, or click to carry)."""
        owner = self.state.owner_by_cell().get(cell)
        if owner is None or not self._can_act():
            return False
        if not self.submit(Lift(owner.piece)):
            return True
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

    def on_move(self, before: PuzzleState, after: PuzzleState, step: Step) -> None:
        self.advice = None
        self.hint_seconds, self.solve_seconds = HINT_SECONDS, SOLVE_SECONDS
        self._refresh_tray()
        self.ponder_soon()

    def accept_hint(self) -> bool:
        index = self.match.history.cursor
        played = super().accept_hint()
        if played and self.match.history.cursor > index:
            self.hinted_steps[index] = self.match.history.steps[index]
        return played

    def step_words(self, index: int, viewer: Seat | None) -> str:
        step = self.match.history.steps[index]
        if self.solver_steps.get(index) is not step:
            moved = self._moved_words(index)
            if moved is not None:
                return moved
            words = super().step_words(index, viewer)
            if self.hinted_steps.get(index) is step:  # the log tells a hint's move from the player's own
                return _("{move}, as the hint showed").format(move=words)
            return words
        state = self.match.history.states[index]
        # The puzzles' one seat named "The computer" for this sentence: "The computer placed the …".
        return self.game.describe_move(state, step.move, mover=step.seat, viewer=viewer, names=[_("The computer")])

    def _moved_words(self, index: int) -> str | None:
        """A piece lifted off the board and put down again is one line: "You moved the red I4 from
        a1–d1 to a6–d6" on the placement, nothing on the lift (``""``: it is told with the next step);
        ``None`` for any other step. A lift still in hand is told alone ("You took … off")."""
        history = self.match.history
        steps = history.steps[: history.cursor]
        move = steps[index].move
        if isinstance(move, Lift):
            after = steps[index + 1].move if index + 1 < len(steps) else None
            lifted = history.states[index].placement_of(move.piece)
            if isinstance(after, Placement) and after.piece == move.piece and lifted is not None:
                return ""
            return None
        before = steps[index - 1].move if index > 0 else None
        if not (isinstance(before, Lift) and before.piece == move.piece):
            return None
        was = history.states[index - 1].placement_of(move.piece)
        if was is None or self.solver_steps.get(index - 1) is steps[index - 1]:
            return None
        words = piece_words(YOU, move.piece.colour, move.piece.name)
        sentence = _("You moved the {piece} from {before} to {after}").format(
            piece=words, before=squares_span(was.cells), after=squares_span(move.cells)
        )
        after = history.states[index + 1]
        if is_complete(after):  # as the placement's own sentence would end
            return _("{sentence}: the puzzle is solved").format(sentence=sentence)
        if after.to_play is None:
            return _("{sentence}; no piece left fits anywhere").format(sentence=sentence)
        return sentence

    def on_history_jump(self) -> None:
        self.controller.cancel()
        self.advice = None
        self.hint_seconds, self.solve_seconds = HINT_SECONDS, SOLVE_SECONDS
        self.solving = []
        self._refresh_tray()
        self.ponder_soon()

    def on_enter(self) -> None:
        threading.Thread(target=warm_up, args=(self.spec.id,), name="puzzle-warm-up", daemon=True).start()
        self.ponder_soon()

    def on_exit(self) -> None:
        self.stop_pondering()
        super().on_exit()  # a puzzle merely looked at leaves nothing to continue

    def ponder_soon(self) -> None:
        """Think ahead about the position once it has stayed put for a moment (a burst of moves, an undo
        held down, starts no thought per step); the thought about the position before stops now."""
        self.ponderer.stop()
        self.ponder_at = time.monotonic() + PONDER_DELAY

    def stop_pondering(self) -> None:
        """No thinking ahead, running or due, until the position changes again."""
        self.ponder_at = None
        self.ponderer.stop()

    def _tell_when_found(self) -> None:
        """After a hint that ran out of time, the thought that goes on may find a way: say so (the hint
        is then answered at once), instead of leaving "Keep looking?" on screen."""
        if self.advice is None or not self.advice.timed_out or self.hint_runner.busy or not self.ponderer.found:
            return
        self.advice = None  # the button is a plain Hint again (_refresh_buttons, _label_hint_button)
        self.hint_seconds = HINT_SECONDS
        self.say(_("A way to finish has been found meanwhile. Press H for the hint."), seconds=12)

    def _ponder_when_due(self) -> None:
        """Start the thought that is due, unless the solver is busy or the puzzle is over."""
        if self.ponder_at is None or time.monotonic() < self.ponder_at or self.hint_runner.busy or self.solving:
            return
        self.ponder_at = None
        if not self.match.over:
            self.ponderer.think(self.match.state)

    # -- the end ---------------------------------------------------------------------------------
    def game_over_scene(self) -> Scene:
        """Solved: keep the record (a puzzle the computer finished is none) and celebrate. Stuck: say so."""
        self.controller.cancel()
        self.stop_pondering()
        if not self.solved:
            return PuzzleCompleteScene(self.app, self)
        records = load_records(self.directory)
        new_best = False
        if not self.solved_by_computer and not self.recorded:
            self.recorded = True
            new_best = records.is_new_best(self.spec.id, self.seconds, self.hints)
            records = records.with_completion(self.spec.id, self.seconds, datetime.now(), self.hints)
            try:
                save_records(self.directory, records)
            except OSError as error:
                self.say(_("Record not saved: {error}").format(error=error), "error")
        return PuzzleCompleteScene(self.app, self, new_best, records)

    # -- hint and solve ----------------------------------------------------------------------------
    def request_hint(self) -> None:
        """H / the Hint button: ask for a hint; after a search that ran out of time, keep looking with
        a longer budget; while a hint search runs, stop it."""
        if self.hint_runner.busy:  # a hint's search or Solve's: H stops either
            self.hint_runner.cancel()
            self.say(_("Stopped looking."), seconds=3)
            return
        if not self._can_act() or self.match.over:
            return
        if self.hint_move is not None:
            self.show_hint(self.hint_move)
            return
        if self.advice is not None and self.advice.timed_out:
            self.hint_seconds *= KEEP_LOOKING_FACTOR  # keep looking: a longer search from the same position
        self.stop_pondering()  # the hint searches on both cores (and first asks what the thought found)
        seconds = self.hint_seconds
        looking = _("Looking for a piece that leads to a solution (up to {seconds} s; H to stop)…")
        self.say(looking.format(seconds=f"{seconds:g}"), seconds=seconds + 5)
        self.hint_runner.start(PuzzleAdvisor(), self.game, self.match.state, 0, self._token(), seconds)

    def hint_text(self, move: PuzzleMove) -> str:
        # A placement reads like every game's hint; taking a piece away keeps the solver's reason.
        if isinstance(move, Placement) and (self.advice is None or self.advice.kind == "place"):
            piece = piece_words(YOU, move.piece.colour, move.piece.name)
            advice = _("Hint: place the {piece} on {squares}").format(piece=piece, squares=squares_span(move.cells))
        else:
            advice = solver_words(self.advice.message if self.advice is not None else "")
        return _("{hint}  ·  Enter plays it").format(hint=advice)

    def take_hint(self, job: BotJob) -> None:
        if job.error:
            self.say(_("The solver failed; no hint this time."), "error")
        elif isinstance(job.move, SearchResult):
            self._play_solution(job.move)
        elif isinstance(job.move, Hint):
            advice = job.move
            self.advice = advice
            move = hint_move(self.state, advice)
            if advice.kind in ("place", "remove"):
                self.match.hints_taken += 1
            if move is not None:
                if isinstance(move, Placement) and self.uses_tabs:
                    self.set_tab(COLOURS.index(move.piece.colour))
                self.show_hint(move)
            else:
                said = solver_words(advice.message)
                if advice.timed_out:
                    said = _("{message} Keep looking? Press H.").format(message=said)
                    self.ponder_soon()  # meanwhile one core goes on thinking about this position
                self.say(said, "error" if advice.kind == "remove" else "info", 12)
        self._label_hint_button()

    def draw_hint(self, surface: pygame.Surface, move: PuzzleMove) -> None:
        pulse = 0.5 + 0.5 * abs(((time.monotonic() * 1.6) % 2) - 1)
        width = max(3, round(self.board.cell_px / 6 * (0.7 + 0.6 * pulse)))
        if isinstance(move, Placement):
            colour = PIECE_COLOURS[move.piece.colour]
            draw_cells(surface, self.board.cell_rect, move.cells, colour, alpha=110, outline=None)
            outline_cells(surface, self.board.cell_rect, move.cells, theme.INK, width)
            self.tray.draw_hint_mark(surface, move.piece, theme.INK, self.metrics.u(0.5))  # which piece, in the tray
            return
        placement = self.state.placement_of(move.piece)
        if placement is not None:
            outline_cells(surface, self.board.cell_rect, placement.cells, theme.ILLEGAL, width)

    def request_solve(self) -> None:
        """Solve: asked first, since a puzzle the computer finished never counts as solved by the player."""
        if not self._can_act() or self.match.over:
            return
        self.controller.cancel()
        buttons = ((N_("Show a solution"), self.solve, "primary"), (N_("Keep trying"), None, "plain"))
        question = N_("This puzzle will not count as solved by you.")
        self.app.push(DialogScene(self.app, N_("Show a solution?"), question, buttons, theme.YELLOW))

    def solve(self) -> None:
        """Look for a whole solution and play it (the question was answered yes)."""
        if not self._can_act() or self.match.over:
            return
        self.stop_pondering()
        seconds = self.solve_seconds
        looking = _("Looking for a solution (up to {seconds} s; H to stop)…").format(seconds=f"{seconds:g}")
        self.say(looking, seconds=seconds + 5)
        self.hint_runner.start(SolutionFinder(), self.game, self.match.state, SOLVE_SEAT, self._token(), seconds)

    def _play_solution(self, result: SearchResult) -> None:
        """Play the solution piece by piece (lifting first, in a frame, the pieces it does not keep);
        when there is none, say why in a dialog that stays until it is closed."""
        if result.status != "found":
            self._solve_failed(result.status == "none")
            return
        kept = set(result.placements)
        placed = self.state.placements
        lifts: list[PuzzleMove] = [Lift(p.piece) for p in placed if p not in kept]
        if lifts and not self.spec.movable:  # never on the full board (SolutionFinder keeps its pieces)
            self._solve_failed(True)
            return
        self.solve_seconds = SOLVE_SECONDS
        # Kept in the save: no record, no statistics. A Solve is not a hint: the puzzle is the computer's.
        self.match.computer_finished = True
        self.solving = [*lifts, *(p for p in result.placements if p not in set(placed))]
        self.solving_tween = self.tween(STEP_SECONDS)
        said = _("Here is a solution.") if not lifts else _("No solution keeps all your pieces; here is one.")
        self.say(said, seconds=6)

    def _solve_failed(self, proved: bool) -> None:
        """Solve found nothing: "none" only when the search proved it; when it ran out of time, say
        that and offer to look longer (five times longer each time, like the hint)."""
        self.message_until = 0.0  # "Looking for a solution…" is answered by the dialog
        if proved:
            title, message = N_("No solution"), N_("No solution keeps your pieces: take some back and try again.")
            self.app.push(DialogScene(self.app, title, message, accent=theme.YELLOW))
            return
        tried = self.solve_seconds
        self.solve_seconds *= KEEP_LOOKING_FACTOR
        message = Words(
            N_(
                "No solution keeping your pieces was found in {tried} s. That does not mean there is none: "
                "look again, for up to {longer} s?"
            ),
            tried=f"{tried:g}",
            longer=f"{self.solve_seconds:g}",
        )
        buttons = ((N_("Keep looking"), self.solve, "primary"), (N_("Stop"), None, "plain"))
        self.app.push(DialogScene(self.app, N_("None found in the time"), message, buttons, theme.YELLOW))

    def _refresh_buttons(self) -> None:
        super()._refresh_buttons()
        self._label_hint_button()  # the buttons are refreshed as they are drawn too

    def _label_hint_button(self) -> None:
        """The hint button speaks the honest timeout: "Stop" while looking, "Keep looking" after one;
        once the puzzle is over it opens its result again (a solo puzzle has no scores)."""
        if self.match.over and self.game_over_shown:
            self.hint_button.label, self.hint_button.tooltip = N_("Result"), N_("Show the puzzle's result again")
        elif self.hint_runner.busy:
            self.hint_button.label, self.hint_button.enabled = N_("Stop"), True
        elif self.hint_move is None and self.advice is not None and self.advice.timed_out:
            self.hint_button.label, self.hint_button.enabled = N_("Keep looking"), True

    def update_game(self, dt: float) -> None:
        self._ponder_when_due()
        self._tell_when_found()
        if self.solving and self.solving_tween.done and self.app.top is self:
            move = self.solving.pop(0)
            index = self.match.history.cursor
            if self.submit(move):
                self.solver_steps[index] = self.match.history.steps[index]
            else:
                self.solving = []
            self.solving_tween = self.tween(STEP_SECONDS)
        self._label_hint_button()
        self.solve_button.enabled = self._can_act() and not self.match.over and not self.hint_runner.busy
        self.rotate_button.enabled = self.flip_button.enabled = self.controller.held is not None

    # -- events --------------------------------------------------------------------------------
    def handle_game_event(self, event: pygame.event.Event) -> bool:
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
        ):
            cell = self.board.cell_at(event.pos)
            if cell is not None and self.pick_from_board(cell, event.pos):
                return True
        pressed = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.controller.held is None
        if pressed and self._can_act() and self._refuse_waiting(event.pos):
            return True
        if self._can_act() and self.controller.handle_event(event):
            self._refresh_tray()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if self.uses_tabs and pygame.K_1 <= event.key <= pygame.K_4:
            self.set_tab(event.key - pygame.K_1)
        else:
            return False
        return True

    def _refuse_waiting(self, pos: tuple[int, int]) -> bool:
        """A press on a pale piece of the tray (largest first: not allowed yet) says why it stays put,
        by the pointer, in the rule's words; a press anywhere else is not this one's."""
        for item in self.tray.items:
            slot = self.tray.slot_rect(item.key)
            if item.waiting and item.available and slot is not None and slot.collidepoint(pos):
                assert isinstance(item.key, PuzzlePiece)
                reason = waiting_reason(self.state, item.key)
                if reason is not None:
                    self.refuse(shown(reason))
                    return True
        return False

    # -- layout ----------------------------------------------------------------------------------
    def layout_game(self, rect: pygame.Rect) -> None:
        m = self.metrics
        panel_w = max(m.u(36), int(rect.width * 0.36))
        board_area = pygame.Rect(rect.left, rect.top, rect.width - panel_w - m.u(3), rect.height)
        self.board.layout(board_area)
        self.panel_rect = pygame.Rect(board_area.right + m.u(3), rect.top, panel_w, rect.height)
        panel = self.panel_rect
        # The puzzle's name heads the panel (wrapped: a long one would push the clock in the top bar
        # under the buttons), then the count of pieces left, then the tray.
        self.title_lines = draw.wrap(_(self.spec.title), m.body + 2, panel.width, "bold")
        y = panel.top + m.u(1) + len(self.title_lines) * round((m.body + 2) * 1.25) + m.u(1)
        self.count_y = y
        y += m.u(5)
        # The hint count goes beside the pieces left (the top bar keeps the clock alone, at full size);
        # when the widest pair would not fit (French, a narrow window), it has a line of its own,
        # kept from the start, so the tray does not jump at the first hint.
        widest = self._count_words(len(self.spec.pieces), len(self.spec.pieces), 88)
        fits = draw.render_text(widest.upper(), m.body - 2, weight="bold", spacing=0.12).get_width() <= panel.width
        self.hints_y = None if fits else y - m.u(1.5)
        y += 0 if fits else m.u(3.5)
        self._label_tabs()
        if self.uses_tabs:
            # One row of four tabs when their labels fit, else two rows of two.
            tab_h, gap = m.u(5), m.u(1)
            # Tabs of one size: their words differ ("Blue 12", "Yellow 12"), the tabs must not.
            rows = [ToolRow(self.tab_buttons, equal=True)]
            if rows[0].width_needed(tab_h, gap, m) > panel.width:
                rows = [ToolRow(self.tab_buttons[:2], equal=True), ToolRow(self.tab_buttons[2:], equal=True)]
            for row in rows:
                row.layout(pygame.Rect(panel.left, y, panel.width, tab_h), gap, m)
                y += tab_h + m.u(2.5)
            y += m.u(1)
        turn_h = m.u(5.5)
        self.tray_rect = pygame.Rect(panel.left, y, panel.width, panel.bottom - y - 2 * turn_h - m.u(3))
        self.tray.layout(self.tray_rect, max_cell_px=max(10, self.board.cell_px * 0.8))
        self.tool_row.layout(pygame.Rect(panel.left, panel.bottom - turn_h, panel.width, turn_h), m.u(1), m)
        # Where a held piece may be drawn: left of the panel (the board and its margin), and the tray
        # with the buttons under it.
        self.hold_areas = (
            pygame.Rect(rect.left, rect.top, panel.left - rect.left, rect.height),
            pygame.Rect(panel.left, self.tray_rect.top, panel.width, rect.bottom - self.tray_rect.top),
        )

    # -- drawing ---------------------------------------------------------------------------------
    # One seat plays every colour: a seat marker in the top bar would tell nobody apart (the colour
    # of a piece is on the piece), so the bar shows the clock alone.
    turn_marker = False

    def turn_text(self) -> str:
        # The title and the hint count are in the panel: the top bar keeps the clock alone, so it
        # keeps its size when hints are taken.
        return format_time(self.seconds)

    @staticmethod
    def _count_words(left: int, total: int, hints: int) -> str:
        count = _("Pieces left  {left} / {total}").format(left=left, total=total)
        if not hints:
            return count
        return _("{count}  ·  {hints}").format(count=count, hints=counted("{n} hint", "{n} hints", hints))

    def situation(self) -> str:
        # A solo puzzle ends in puzzle words: solved, shown by the computer, or stuck; never "Scores".
        if not self.match.over:
            return super().situation()
        if not self.solved:
            return _("Stuck: no piece left fits  ·  Result: see it again  ·  Esc menu")
        if self.solved_by_computer:
            return _("The computer showed a solution  ·  Result: see it again  ·  Esc menu")
        return _("Puzzle solved  ·  Result: see it again  ·  Esc menu")

    def idle_status(self) -> str:
        if self.spec.movable:
            return _(
                "Drag pieces onto the board  ·  R rotate  ·  F flip  ·  press a placed piece to move it  ·  "
                "H hint  ·  Esc menu"
            )
        return _("Drag pieces onto the board  ·  R rotate  ·  F flip  ·  H hint  ·  Esc menu")

    def draw_game(self, surface: pygame.Surface) -> None:
        surface.blit(self._board_layer(surface.get_size()), (0, 0))
        with layout_probe.box(self.panel_rect):
            self._draw_panel(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        # The piece in hand goes over everything, the tool buttons included; the refusal note and
        # the tooltips over it.
        held = self.controller.held
        mark = self.mark(held.key.colour) if held is not None and isinstance(held.key, PuzzlePiece) else None
        self.contacts = ()
        # The piece in hand shows over the board and the tray, never over the panel's words above the
        # tray (the puzzle's name, the pieces left, the colour tabs) nor the bars.
        clip = surface.get_clip()
        for area in self.hold_areas:
            surface.set_clip(area.clip(clip))
            self.controller.draw(surface, self.metrics, mark)
        surface.set_clip(clip)
        self._draw_contacts(surface)
        super().draw_overlay(surface)

    def mark(self, colour: str) -> Mark:
        """A colour's seat shape on its pieces: quiet, or bold with the colour-blind setting."""
        return PIECE_MARKS[colour], self.colour_blind

    def refusal_area(self) -> pygame.Rect | None:
        return self.controller.ghost_rect()

    def step_style(self, index: int) -> tuple[theme.Colour, str]:
        # One seat plays every colour: a move (a placement or a lift) is marked by its piece's colour.
        colour = self.match.history.steps[index].move.piece.colour
        return PIECE_COLOURS[colour], PIECE_MARKS[colour]

    def outline_move(self, surface: pygame.Surface, mark: MoveMark[PuzzleMove]) -> None:
        # The neutral marker of every game, round the piece placed (a lifted piece left no cells).
        if isinstance(mark.move, Placement):
            frame_cells(surface, self.board.cell_rect, mark.move.cells, max(3, self.board.cell_px // 8))

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
                draw_cells(layer, self.board.cell_rect, placement.cells, PIECE_COLOURS[colour], self.mark(colour))
            self._layer, self._layer_state, self._layer_key = layer, self.state, key
        return self._layer

    def _draw_contacts(self, surface: pygame.Surface) -> None:
        """Harder frames: the sides where the held piece would touch its own colour, in thick red."""
        thickness = max(4, self.board.cell_px // 5)
        for a, b in self.contacts:
            ra, rb = self.board.cell_rect(a), self.board.cell_rect(b)
            if a[0] != b[0]:  # side by side: a vertical bar on the shared side
                bar = pygame.Rect(max(ra.left, rb.left) - thickness // 2, ra.top, thickness, ra.height)
            else:
                bar = pygame.Rect(ra.left, max(ra.top, rb.top) - thickness // 2, ra.width, thickness)
            pygame.draw.rect(surface, theme.ILLEGAL, bar)
            pygame.draw.rect(surface, theme.INK, bar, 1)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        m = self.metrics
        panel = self.panel_rect
        left = len(self.state.remaining())
        total = len(self.spec.pieces)
        y = panel.top + m.u(1)
        for line in self.title_lines:
            draw.text(surface, line, (panel.left, y), m.body + 2, theme.INK, "bold")
            y += round((m.body + 2) * 1.25)
        if self.hints_y is None:
            draw.heading(
                surface, self._count_words(left, total, self.hints), (panel.left, self.count_y), m.body - 2, theme.GREY
            )
        else:
            draw.heading(surface, self._count_words(left, total, 0), (panel.left, self.count_y), m.body - 2, theme.GREY)
            if self.hints:
                hints = counted("{n} hint", "{n} hints", self.hints)
                draw.heading(surface, hints, (panel.left, self.hints_y), m.body - 2, theme.GREY)
        held = self.controller.held.key if self.controller.held is not None else None
        self.tray.draw(
            surface,
            m,
            held=held,
            orientation=self.controller.orientation,
            strong_marks=self.colour_blind,
            hovered=self.controller.hovered,
        )
        if self.uses_tabs:
            for index, button in enumerate(self.tab_buttons):
                thick = m.u(1.25) if index == self.tab else m.u(0.5)
                bar = pygame.Rect(button.rect.left, button.rect.bottom + m.u(0.5), button.rect.width, thick)
                pygame.draw.rect(surface, PIECE_COLOURS[COLOURS[index]], bar)


# The hint runner's seat number for a "Solve" job (the puzzle has one seat, 0): tells the two kinds apart.
SOLVE_SEAT = -1
