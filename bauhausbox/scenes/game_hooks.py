"""What a game's screen fills in: the hooks of :class:`~bauhausbox.scenes.game_scene.GameScene`.

A game's scene subclasses ``GameScene`` and overrides, as needed, the hooks below (see
``docs/contributing.md``): the board's layout, drawing and gestures, its animations, how a hint and
a played move look on the board, the seats' colours and shapes, and its how-to-play pages. Each
default does nothing or what most games want, so a screen overrides only what its game needs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import pygame

from bauhausbox import games
from bauhausbox.engine.api import Seat
from bauhausbox.engine.history import History, Step
from bauhausbox.i18n import _, fill
from bauhausbox.scenes.analysis_view import AnalysisView
from bauhausbox.scenes.howto import HowToPage
from bauhausbox.scenes.outcome import MoveOutcome
from bauhausbox.scenes.story import MoveMark
from bauhausbox.ui import theme
from bauhausbox.ui.app import Scene
from bauhausbox.ui.text import UNDER_WAY, advice
from bauhausbox.ui.theme import Colour
from bauhausbox.ui.widgets import Widget

if TYPE_CHECKING:
    from bauhausbox.match import Match
    from bauhausbox.table import Table

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")

#: What a tool says when it is done: a message for the status bar and its kind ("info", "error").
Said = tuple[str, str]


def seat_marker(game_id: str, seat: Seat, players: int) -> tuple[Colour, str]:
    """A seat's colour and shape before its game is open (the setup's seats, the Join screen's seat
    list): the game screen's own ``setup_marker``, the one source with the game's ``seat_style`` (a
    game unknown here, named by another computer, gets the house's seat colours)."""
    if game_id in games.REGISTRY:
        marker: tuple[Colour, str] = games.scene_class(game_id).setup_marker(seat, players)
        return marker
    return theme.SEAT_COLOURS[seat % 4], theme.SEAT_SHAPES[seat % 4]


@dataclass(frozen=True)
class ViewerTool:
    """A command of a game's screen that the replay viewer offers too, as a button and a key
    (Blokus: the move numbers, a picture, the game as a Pentobi file). ``action`` returns what the
    status bar should say, if anything; ``selected`` tells whether a switch is on."""

    label: str  # marked with N_ (the button translates it)
    tooltip: str
    action: Callable[[], Said | None]
    key: int  # pygame key code
    ctrl: bool = False  # the key wants Ctrl (or Cmd)
    selected: Callable[[], bool] | None = None


class GameHooks(Scene, Generic[StateT, MoveT]):
    """The hooks a game's screen overrides; the defaults are the shared behaviour."""

    if TYPE_CHECKING:  # provided by GameScene
        match: Match
        table: Table[Any, Any]
        spectating: bool
        deciding: Seat | None

    def begin_frame(self) -> None:
        self.table.begin_frame()  # one moment of a table across computers for the whole frame

    def end_frame(self) -> None:
        self.table.end_frame()

    def on_exit(self) -> None:
        # A game opened and left at once is no game to continue (a puzzle merely looked at, too).
        self.match.forget_if_unplayed()
        if self.table.on_server:
            # Across computers the screen's seats leave the table: a connection left open took the
            # seat back from the screen that Continue opened (the host "reconnecting…" for 30 s).
            self.table.close()

    @classmethod
    def how_to_play(cls) -> list[HowToPage]:
        """The pages of this game's "how to play" reader."""
        return []

    def layout_game(self, rect: pygame.Rect) -> None:
        """Place the board and panels inside ``rect`` (between the top bar and the status bar)."""

    def draw_game(self, surface: pygame.Surface) -> None:
        """Draw the board from ``self.view`` and the scene's own UI state. Never change state here."""

    def handle_game_event(self, event: pygame.event.Event) -> bool:
        """Turn gestures into moves (``self.submit``). Return True when the event was used."""
        return False

    def update_game(self, dt: float) -> None: ...

    def animating(self) -> bool:
        """True while a move animation plays; computer moves and the curtain wait for it."""
        return False

    def on_move(self, before: StateT, after: StateT, step: Step) -> None:
        """A move was played (by anyone): start its animation, reset what the player held."""

    def move_outcome(self, before: StateT, after: StateT, step: Step) -> MoveOutcome | None:
        """What ``step``, just played by a human at a curtained table, brought its maker that only
        they may see (the tiles it drew), shown to them before the device passes (``scenes/outcome.py``);
        ``None`` (default): the handover comes at once."""
        return None

    def on_history_jump(self) -> None:
        """Undo, redo or restart moved the history: drop held pieces, previews and animations."""

    def hint_text(self, move: MoveT) -> str:
        """The status line for a hinted move, in words made from the move alone ("Hint: place the
        L5 on k10–m12")."""
        seat = self.match.to_play
        if seat is None:
            return ""
        name = self.match.seat_name(seat)
        names = [spec.name for spec in self.match.setup.seats]
        sentence = games.describe_move(
            self.match.setup.game_id, self.match.state, move, mover=seat, viewer=seat, names=names
        )
        return _("Hint: {advice}  ·  Enter plays it").format(advice=advice(sentence, name))

    def hint_short(self, move: MoveT) -> str:
        """The hint in fewer words, for a status bar with no room for ``hint_text`` (the ghost on the
        board shows the rest): "Hint: lay a gas bend  ·  Enter plays it". "" (default): none."""
        return ""

    def hint_words(self, move: MoveT) -> tuple[str, ...]:
        """What the status bar may say of a hinted move, from the whole sentence to the fewest words:
        the bar shows the first that fits at its own size (``TableChrome.status_words``), never a
        hint shrunk below the house's reading size nor cut. The last always fits: the hint is on the
        board."""
        said = (self.hint_text(move), self.hint_short(move), _("Hint shown on the board  ·  Enter plays it"))
        return tuple(words for words in said if words)

    def draw_hint(self, surface: pygame.Surface, move: MoveT) -> None:
        """Draw the hinted move's ghost on the board, from ``move`` alone (drawn above the board)."""

    def aim_at(self, move: MoveT) -> None:
        """Point the player's own held piece at the hinted move, so their usual gesture plays the
        same move (optional)."""

    def outline_move(self, surface: pygame.Surface, mark: MoveMark[Any]) -> None:
        """Outline a played move on the board in ``mark.colour``, with ``mark.label`` (a number)
        beside it when given (or at ``badge_at``): the last move, the moves since the player's last
        turn, the log line under the pointer. Draw only what the seat on screen may see of it (default: nothing)."""

    #: Whether the game's analysis can be shown (``analysis_view``; the game-over table offers it).
    analysable = False

    def analysis_view(self, history: History[Any]) -> AnalysisView | None:
        """The analysis of the game of ``history`` for the replay viewer (its positions, from the start
        to the cursor), or ``None`` when the game has none (default)."""
        return None

    def badge_at(self, mark: MoveMark[Any]) -> tuple[int, int] | None:
        """Where the number of a numbered mark goes (drawn after every outline, so never covered);
        ``None``: the game draws it itself in ``outline_move`` (default)."""
        return None

    def badge_choices(self, mark: MoveMark[Any]) -> list[tuple[int, int]]:
        """Where the number of a numbered mark may go, best first: the first one clear of the
        badges already placed is taken (default: ``badge_at`` alone)."""
        spot = self.badge_at(mark)
        return [] if spot is None else [spot]

    def recap_number(self, index: int, order: int) -> int:
        """The number the recap gives step ``index`` of the history, on its board badge and its log
        line: ``order``, its place among the moves since the player's last turn (default); a game
        that numbers its moves on the board (Blokus's M) gives that number, so one move has one."""
        return order

    def step_words(self, index: int, viewer: Seat | None) -> str:
        """Step ``index`` of the history in words for the log (default: the match's sentence; a game
        whose screen plays moves for the player, as the puzzles' Solve, says who really made them).
        Empty: the step is told with the next one (the log shows no line of its own for it)."""
        return self.match.describe_step(index, viewer)

    def step_style(self, index: int) -> tuple[Colour, str]:
        """The colour and shape that mark step ``index`` of the history, in the log and on the board
        (default: its mover's ``seat_style``; games whose seats play several colours say which)."""
        return self.seat_style(self.match.history.steps[index].seat)

    @classmethod
    def setup_marker(cls, seat: Seat, players: int) -> tuple[Colour, str]:
        """The seat's colour and shape before a game exists (the setup screen)."""
        return theme.SEAT_COLOURS[seat % 4], theme.SEAT_SHAPES[seat % 4]

    def seat_style(self, seat: Seat) -> tuple[Colour, str]:
        """The colour and shape that mark ``seat`` (docs/contributing.md: circle, triangle, square, cross)."""
        return theme.SEAT_COLOURS[seat % 4], theme.SEAT_SHAPES[seat % 4]

    #: Whether the top bar marks the seat to play beside the turn line (a solo puzzle, whose one
    #: seat plays every colour, has nobody to tell apart: only its clock is there).
    turn_marker = True

    def turn_text(self) -> str:
        """The top bar's turn line; games may say more ("Blue (Anni) to play")."""
        seat = self.match.to_play
        if seat is None:
            return _("Game over")
        name = self.match.seat_name(seat)
        if self.match.is_human(seat):
            return fill(_("{name} to play"), name=name)
        return self.thinking_text(name)

    def thinking_text(self, name: str) -> str:
        """The turn line of a computer's turn: thinking, unless play waits for a human's decision."""
        if self.deciding is not None or self.spectating:  # a replay shows positions, nobody thinks
            return fill(_("{name} to play"), name=name)
        return fill(_("{name} is thinking"), name=name) + UNDER_WAY

    def idle_status(self) -> str:
        """The status line on a human's turn when there is no message: the controls that matter."""
        return _("Esc menu  ·  Ctrl+Z undo  ·  H hint  ·  F1 how to play")

    def move_controls(self) -> tuple[Widget, ...]:
        """The game's buttons that make or shape a move (rotate, flip, draw, a power): a watcher's
        screen hides them (``TableChrome.watcher_screen``); those that only change the look stay."""
        return ()

    def score_visible(self, seat: Seat) -> bool:
        """Whether the screen may show ``seat``'s live score. Games whose scores depend on secrets
        (Buizen's hidden colours) show only the viewer's own score until the end."""
        return True

    def needs_curtain(self) -> bool:
        """Pass-the-device curtain between humans, in games where hands or draws are secret."""
        return self.match.game.info.hidden_information and len(self.match.humans) >= 2

    def curtain_note(self) -> str:
        """The curtain's sentence to everyone else: what stays hidden in this game."""
        return _("Everyone else: look away. Hands and secret tiles stay hidden until then.")

    def on_veil(self) -> None:
        """The device passes to another player: forget what the previous one held or peeked at."""

    def viewer_tools(self) -> list[ViewerTool]:
        """The commands the replay viewer shows beside its own for this game (default: none)."""
        return []

    def refusal_area(self) -> pygame.Rect | None:
        """The part of the screen a refusal explains (the refused piece's cells, the wall, the tile),
        which its note must leave in view; ``None``: just the pointer."""
        return None
