"""The base of every game's screen: top bar, status bar, turns, computer players, undo, hints.

A game's scene subclasses :class:`GameScene` and fills in the board (see ``docs/contributing.md``):
``layout_game``, ``draw_game``, ``handle_game_event`` and, as needed, ``update_game``,
``animating``, ``on_move``, ``on_history_jump``, ``hint_text``, ``draw_hint``, ``aim_at``,
``on_veil``, ``seat_style``, ``step_style``, ``outline_move``, ``reactions``, ``react`` and the
``how_to_play`` class method. Everything shared lives here, once:

- turns: computer seats think on a background thread (:class:`BotRunner`) with a paced minimum
  delay, out-of-turn computer moves (powers) are offered first, and the window keeps drawing;
- ``submit(move)`` asks the rules; a refusal shows its reason in the status bar and near the pointer;
- undo / redo (Ctrl+Z / Ctrl+Y, pause menu) go back to the last human decision, and undoing past a
  draw asks every player to agree when several humans play;
- the pass-the-device curtain between human turns in games with hidden information;
- hint (H), how to play (F1, "?"), pause (Esc), game over, autosave (through :class:`Match`);
- the story of the game: the log in words beside the board (Tab or "Log" hides it), the last move
  outlined in its mover's colour, the moves since a human's last turn numbered on the board and
  highlighted in the log until that human acts, and notices (round ends, powers) that stay until
  dismissed or the player acts. Every sentence is made for the seat whose view is on screen.
- a read-only mode (``spectate``) in which another screen, the replay viewer, draws the board.

A hint is one move value, ``hint_move``: its text (``hint_text``), its ghost (``draw_hint``) and
what accepting it plays (Enter or the "Play hint" button: ``accept_hint``) all come from it.
"""

from __future__ import annotations

import time
from typing import Any, Generic, TypeVar

import pygame

from bauhausbox import games
from bauhausbox.engine.api import GameRules, HasToPlay, IllegalMoveError, Seat, Words
from bauhausbox.engine.bots.runner import BotJob, BotRunner
from bauhausbox.engine.history import Step, UndoPlan
from bauhausbox.games import thinker
from bauhausbox.i18n import N_, _, counted, fill
from bauhausbox.match import Match
from bauhausbox.scenes.curtain import CurtainScene
from bauhausbox.scenes.decision import DecisionWindows
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.game_over import GameOverScene
from bauhausbox.scenes.howto import HowToPage, HowToScene
from bauhausbox.scenes.pause import PauseScene
from bauhausbox.scenes.story import GameStory, MoveMark
from bauhausbox.ui import draw, icons, layout_probe, theme
from bauhausbox.ui.anim import Tween
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.text import advice, shown
from bauhausbox.ui.theme import Colour, Metrics
from bauhausbox.ui.widgets import Button

HINT_SECONDS = 1.5
CHECKS_REMEMBERED = 512  # refusal reasons kept per position (every hovered square or pose once)
#: The computer players' levels as players read them (the setup screen and the players panel).
LEVEL_WORDS = {
    "random": N_("random"),
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}

StateT = TypeVar("StateT", bound=HasToPlay)
MoveT = TypeVar("MoveT")

__all__ = ["GameScene", "MoveMark"]


class GameScene(GameStory, DecisionWindows, Generic[StateT, MoveT]):
    """A game's screen over its rules' state type ``StateT`` and move type ``MoveT``
    (``class BitsScene(GameScene[BitsState, Move])``)."""

    name = "game"
    #: Set by subclasses that want the shared side panel listing players (``draw_players``).
    hint_level = "hard"
    #: Every label the hint button may show (a screen with more adds them): it is as wide as the longest.
    HINT_LABELS: tuple[str, ...] = (N_("Hint"), N_("Play hint"), N_("Scores"))

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.game: GameRules[StateT, MoveT] = match.game
        self.runner = BotRunner()
        self.hint_runner = BotRunner()
        self.bots = {
            seat: thinker.make_player(match.setup.game_id, spec.level, match.setup.seed * 10 + seat)
            for seat, spec in enumerate(match.setup.seats)
            if not spec.is_human
        }
        self.interjections: list[Seat] = []
        self.message = ""
        self.message_kind = "info"
        self.message_until = 0.0
        self.pointer_note: tuple[str, tuple[int, int], float] | None = None
        self.banner_text = ""
        self.banner_style: tuple[Colour, str | None] = (theme.RED, None)
        self.banner_tween: Tween | None = None
        self.hint_move: MoveT | None = None
        # The seat whose private view the screen shows in a curtain game: set only when that
        # seat's player dismisses the pass-the-device curtain (see ``veiled``).
        self.unveiled: Seat | None = None
        self.game_over_at: float | None = None
        self.game_over_shown = match.over
        # Read-only (the replay viewer): no input, no computer players, one fixed view. See spectate().
        self.spectating = False
        self._spectator_seat: Seat | None = None
        self.mouse = (0, 0)
        self._view_key: tuple[int, int, Seat | None] | None = None
        self._view: StateT | None = None
        # check() answers, remembered for one position (the state object itself, not a move count,
        # so an undo followed by another move never reuses the old answers).
        self._checks_state: object = None
        self._checks: dict[tuple[MoveT, Seat | None], str | None] = {}
        self._announced_turn: tuple[int, Seat | None] | None = None
        self.top_rect = pygame.Rect(0, 0, 0, 0)
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.game_rect = pygame.Rect(0, 0, 0, 0)
        self.menu_button = self.widgets.add(
            Button("", self.open_pause, tooltip=N_("Menu: undo, restart, save (Esc)"), icon=icons.menu)
        )
        self.help_button = self.widgets.add(
            Button("", self.open_help, tooltip=N_("How to play (F1)"), icon=icons.question)
        )
        self.hint_button = self.widgets.add(Button(N_("Hint"), self._hint_clicked, tooltip=N_("Show a good move (H)")))
        self.redo_button = self.widgets.add(Button("", self.redo, tooltip=N_("Redo (Ctrl+Y)"), icon=icons.redo))
        self.undo_button = self.widgets.add(Button("", self.undo, tooltip=N_("Undo (Ctrl+Z)"), icon=icons.undo))
        self.log_button = self.widgets.add(
            Button(N_("Log"), self.toggle_log, tooltip=N_("Show or hide the game log (Tab)"))
        )
        self._queue_interjections()

    # ==== hooks for subclasses ===================================================================
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

    def draw_hint(self, surface: pygame.Surface, move: MoveT) -> None:
        """Draw the hinted move's ghost on the board, from ``move`` alone (drawn above the board)."""

    def aim_at(self, move: MoveT) -> None:
        """Point the player's own held piece at the hinted move, so their usual gesture plays the
        same move (optional)."""

    def outline_move(self, surface: pygame.Surface, mark: MoveMark[MoveT]) -> None:
        """Outline a played move on the board in ``mark.colour``, with ``mark.label`` (a number)
        beside it when given: the last move, the moves since the player's last turn, the log line
        under the pointer. Draw only what the seat on screen may see of it (default: nothing)."""

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
        return fill(_("{name} is thinking"), name=name) + "." * (1 + int(time.monotonic() * 3) % 3)

    def score_visible(self, seat: Seat) -> bool:
        """Whether the screen may show ``seat``'s live score. Games whose scores depend on secrets
        (Buizen's hidden colours) show only the viewer's own score until the end."""
        return True

    def needs_curtain(self) -> bool:
        """Pass-the-device curtain between humans, in games where hands or draws are secret."""
        return self.game.info.hidden_information and len(self.match.humans) >= 2

    def on_veil(self) -> None:
        """The device passes to another player: forget what the previous one held or peeked at."""

    # ==== who is looking =========================================================================
    def curtained(self) -> bool:
        """Whether private views are guarded now (a curtain game that is not over: at the end
        every view is the full position; a spectating screen shows one fixed view instead)."""
        return not self.spectating and self.needs_curtain() and not self.match.over

    def veiled(self) -> bool:
        """True while the seat that should look now (``Match.viewer``) is not the one whose view is
        unveiled: the screen keeps the previous seat's view and the curtain goes up. Every path
        that changes the seat (a turn, undo, redo, restart, a game opened from a save) ends here,
        because the screen never draws another seat's view than ``unveiled``."""
        return self.curtained() and self.match.viewer() != self.unveiled

    # ==== helpers for subclasses =================================================================
    @property
    def view(self) -> StateT:
        """What the seat in front of the screen may see (cached until the history moves)."""
        viewer = self.viewer
        key = (self.match.history.cursor, len(self.match.history.steps), viewer)
        if key != self._view_key:
            self._view_key = key
            if viewer is None and self.curtained():
                # Nobody has taken the device yet: no seat's view may be drawn (``draw`` skips
                # the board); code that reads the view meanwhile gets the seat to look next.
                viewer = self.match.viewer()
            state: StateT = self.match.state
            self._view = state if viewer is None else self.game.view(state, viewer)
        assert self._view is not None
        return self._view

    @property
    def viewer(self) -> Seat | None:
        """The seat whose view the screen shows: in a curtain game the seat that dismissed the last
        curtain (``None`` before anyone has), else ``Match.viewer``; a spectating screen's fixed seat."""
        if self.spectating:
            return self._spectator_seat
        if self.curtained():
            return self.unveiled
        return self.match.viewer()

    def input_allowed(self, seat: Seat | None = None) -> bool:
        """Whether a human may act now (for ``seat``, default the seat to play)."""
        if self.spectating or self.app.top is not self or self.animating() or self.veiled():
            return False
        if seat is None:
            seat = self.match.to_play
            if self.runner.busy:
                return False
        elif self.curtained() and seat != self.unveiled:
            # An out-of-turn decision in a curtain game is only taken by the player whose view is
            # on screen: anyone else would decide looking at another seat's secrets.
            return False
        return self.match.is_human(seat)

    def submit(self, move: MoveT, seat: Seat | None = None) -> bool:
        """Ask the rules to play ``move``; on refusal show why and change nothing."""
        if not self.input_allowed(seat):
            return False
        if seat is not None:
            self.runner.cancel()  # an out-of-turn human move interrupts a thinking computer
        before = self.match.state
        try:
            step = self.match.play(move, seat)
        except IllegalMoveError as error:
            self.refuse(error.args[0] if error.args and isinstance(error.args[0], str) else str(error))
            return False
        self._after_move(before, step)
        return True

    def play_forced(self, move: MoveT) -> None:
        """Play the only move a human seat has (a full ramp's pass) for them, even before their
        curtain: it decides nothing and shows nothing."""
        before = self.match.state
        self._after_move(before, self.match.play(move))

    def check(self, move: MoveT, seat: Seat | None = None) -> str | None:
        """Why ``move`` would be refused now, or ``None`` (for green/red previews). Remembered per
        position, so a screen may ask every frame for whatever the pointer is over."""
        state = self.match.state
        if state is not self._checks_state or len(self._checks) >= CHECKS_REMEMBERED:
            self._checks_state = state
            self._checks = {}
        key = (move, seat)
        if key not in self._checks:
            self._checks[key] = self.game.check(state, move, seat)
        return self._checks[key]

    def refusal_area(self) -> pygame.Rect | None:
        """The part of the screen a refusal explains (the refused piece's cells, the wall, the tile),
        which its note must leave in view; ``None``: just the pointer."""
        return None

    def refuse(self, reason: str) -> None:
        """A move was refused: the reason goes in the status bar and in one note by the pointer,
        never over what it explains (docs/contributing.md, "Look and controls"). ``reason`` is the
        rules' :class:`~bauhausbox.engine.api.Words`: it is said in the players' language."""
        self.app.sound.play("invalid")
        said = shown(reason)
        sentence = said[:1].upper() + said[1:]
        self.say(sentence, "error", 4.0)
        self.pointer_note = (sentence, self.mouse, time.monotonic() + 2.2)

    def say(self, message: str, kind: str = "info", seconds: float = 5.0) -> None:
        """Put ``message`` in the status bar for ``seconds``: a marked constant (``N_``), a
        :class:`~bauhausbox.engine.api.Words` or a text already translated; the status bar shows it
        in the players' language when it draws."""
        self.message, self.message_kind, self.message_until = message, kind, time.monotonic() + seconds

    def banner(self, message: str, seat: Seat | None = None) -> None:
        """A large, brief banner across the board ("Your turn, Anni", "Blue passes", "Round over"),
        with ``seat``'s colour and shape when it is about one seat. ``message`` is shown in the
        players' language when drawn (a marked constant, :class:`~bauhausbox.engine.api.Words`, or
        a text already translated)."""
        self.banner_text = message
        self.banner_style = self.seat_style(seat) if seat is not None else (theme.RED, None)
        self.banner_tween = Tween(1.6, max(0.5, self.app.settings.animation_factor or 0.5))

    def banner_busy(self) -> bool:
        """A banner is still up (a pass or a power says more than "your turn" would)."""
        return bool(self.banner_tween and not self.banner_tween.done and self.banner_text)

    def tween(self, seconds: float, **kwargs: Any) -> Tween:
        """A tween respecting the animation-speed setting ("off" finishes at once)."""
        return Tween(seconds, self.app.settings.animation_factor, **kwargs)

    def draw_players(self, surface: pygame.Surface, rect: pygame.Rect, extra: list[str] | None = None) -> int:
        """A shared players panel: marker, name, level, live score; the seat to play highlighted.
        Returns the y below the panel."""
        m = self.metrics
        scores = self.game.scores(self.match.state)
        row_h = m.u(6)
        y = rect.top
        for seat, spec in enumerate(self.match.setup.seats):
            row = pygame.Rect(rect.left, y, rect.width, row_h)
            if seat == self.match.to_play:
                pygame.draw.rect(surface, theme.WHITE, row)
                pygame.draw.rect(surface, theme.INK, row, 2)
                pygame.draw.rect(surface, theme.RED, (row.left, row.top, m.u(0.75), row.height))
            colour, shape = self.seat_style(seat)
            draw.seat_shape(surface, shape, (row.left + m.u(3), row.centery), m.u(1.6), colour)
            draw.text(
                surface,
                spec.name,
                (row.left + m.u(6), row.centery - m.u(1.2)),
                m.body,
                theme.INK,
                "semibold",
                "midleft",
            )
            level = _(LEVEL_WORDS.get(spec.level, spec.level))
            sub = _("human") if spec.is_human else _("computer · {level}").format(level=level)
            if extra and seat < len(extra) and extra[seat]:
                sub = extra[seat]
            draw.text(
                surface, sub, (row.left + m.u(6), row.centery + m.u(1.5)), m.small, theme.GREY, "regular", "midleft"
            )
            draw.text(
                surface,
                str(scores[seat]) if self.match.over or self.viewer is None or self.score_visible(seat) else "?",
                (row.right - m.u(1.5), row.centery + 1),
                m.heading,
                theme.INK,
                "bold",
                "midright",
            )
            y += row_h + m.u(0.5)
        return y

    # ==== shared behaviour ======================================================================
    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        width, height = metrics.width, metrics.height
        top_h = metrics.u(8)
        status_h = metrics.u(5.5)
        self.top_rect = pygame.Rect(0, 0, width, top_h)
        self.status_rect = pygame.Rect(0, height - status_h, width, status_h)
        pad = metrics.u(2)
        self.game_rect = pygame.Rect(pad, top_h + pad, width - 2 * pad, height - top_h - status_h - 2 * pad)
        size = top_h - metrics.u(2.5)
        x = width - pad
        # Wide enough for the longest label it may show, so that it never jumps or clips.
        hint_w = max(metrics.u(11), *(self.hint_button.natural_width(metrics, text) for text in self.HINT_LABELS))
        log_w = self.log_button.natural_width(metrics)
        for button, w in (
            (self.menu_button, size),
            (self.help_button, size),
            (self.hint_button, hint_w),
            (self.log_button, log_w),
            (self.redo_button, size),
            (self.undo_button, size),
        ):
            button.rect = pygame.Rect(x - w, (top_h - size) // 2 - metrics.u(0.25), w, size)
            x -= w + metrics.u(1.25)
        self._layout_log()
        self.layout_game(self.game_rect)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.veiled():
            return True  # the curtain goes up at the next update; until then nobody acts
        if self.widgets.handle_event(event):
            return True
        if self._handle_story_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if ctrl and event.key == pygame.K_z:
                self.undo()
                return True
            if ctrl and event.key == pygame.K_y:
                self.redo()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.hint_move is not None:
                self.accept_hint()
                return True
        if self.handle_game_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open_pause()
                return True
            if event.key == pygame.K_h:
                self.request_hint()
                return True
            if event.key == pygame.K_F1:
                self.open_help()
                return True
        return False

    def update(self, dt: float) -> None:
        if self.spectating:
            self.update_game(dt)  # animations only: nobody plays on a spectating screen
            return
        self._refresh_buttons()
        if self.app.top is self and not self.match.over:
            self.match.seconds_played += dt  # the clock a screen may show; saved with the game
        self.update_game(dt)
        self._refresh_log()
        hint = self.hint_runner.result()
        if hint is not None and hint.token == self._token() and not self.veiled():
            self.take_hint(hint)
        if self.veiled():
            # The device passes at once, even while the last move still animates: the previous
            # player's hand must not stay on screen while the next one is called to the table.
            if self.app.top is self:
                self._show_curtain()
            return
        if self.animating():
            return
        if self.match.over:
            self._maybe_game_over()
            return
        if self.app.top is not self:
            return
        if not self.offer_reaction():  # a human who may answer out of turn first (scenes/decision.py)
            self._run_computers()
        if self.runner.busy or self.interjections:
            return
        seat = self.match.to_play
        if seat is not None and self.match.is_human(seat) and self._announced_turn != (self._token(), seat):
            self._announced_turn = (self._token(), seat)
            self._start_recap(seat)
            history = self.match.history
            begins = history.steps[history.cursor - 1].seat != seat if history.cursor else len(self.match.humans) > 1
            if len(self.match.setup.seats) > 1 and begins:
                # The turn passes to this human (after computers, or the device passes): say so, loud
                # and clear; not between the parts of one turn (a card, then its action).
                self.app.sound.play("turn", 0.6)
                if not self.banner_busy():
                    self.banner(Words("Your turn, {name}", name=self.match.seat_name(seat)), seat)

    def _token(self) -> int:
        return self.match.history.cursor * 100003 + len(self.match.history.steps)

    def _refresh_buttons(self) -> None:
        self.undo_button.enabled = self.match.undo_plan() is not None
        self.redo_button.enabled = self.match.history.can_redo
        if self.match.over and self.game_over_shown and not self.spectating:
            # After "See the board" the hint's place opens the final table again.
            self.hint_button.enabled = True
            self.hint_button.label = N_("Scores")
            self.hint_button.tooltip = N_("Show the final table again")
            return
        self.hint_button.enabled = self.match.is_human(self.match.to_play) and not self.hint_runner.busy
        hinted = self.hint_move is not None
        self.hint_button.label = N_("Play hint") if hinted else N_("Hint")
        self.hint_button.tooltip = N_("Play the hinted move (Enter)") if hinted else N_("Show a good move (H)")

    def _queue_interjections(self) -> None:
        state = self.match.state
        if self.match.over or self.spectating:
            self.interjections = []
            return
        self.interjections = [
            seat for seat in self.bots if seat != state.to_play and self.game.legal_moves(state, seat=seat)
        ]

    def _run_computers(self) -> None:
        job = self.runner.result()
        if job is not None:
            if job.token != self._token():
                return  # stale: the history moved while it thought
            if job.error:
                failure = job.error.splitlines()[-1]
                self.say(Words("A computer player failed ({error}); it plays a random move.", error=failure), "error")
                moves = self.game.legal_moves(self.match.state, None if job.interjection else job.seat)
                job.move = None if job.interjection or not moves else moves[0]
            if job.move is not None:
                before = self.match.state
                try:
                    step = self.match.play(job.move, job.seat if job.interjection else None)
                except IllegalMoveError as error:
                    reason = error.args[0] if error.args and isinstance(error.args[0], str) else str(error)
                    self.say(Words("A computer player tried an illegal move: {reason}", reason=reason), "error")
                    return
                self._after_move(before, step)
            return
        if self.runner.busy:
            return
        delay = self.app.settings.computer_delay
        while self.interjections:
            seat = self.interjections.pop(0)
            if self.game.legal_moves(self.match.state, seat=seat):
                self.runner.start(
                    self.bots[seat],
                    self.game,
                    self.game.view(self.match.state, seat),
                    seat,
                    self._token(),
                    self.game.info.think_time(self.match.setup.seats[seat].level),
                    0.0,
                    interjection=True,
                )
                return
        to_play = self.match.to_play
        if to_play is not None and to_play in self.bots:
            seat = to_play
            level = self.match.setup.seats[seat].level
            self.runner.start(
                self.bots[seat],
                self.game,
                self.game.view(self.match.state, seat),
                seat,
                self._token(),
                self.game.info.think_time(level),
                delay,
            )

    def _after_move(self, before: StateT, step: Step) -> None:
        # A hint belongs to its position. A move out of turn (a computer's placement in Bits)
        # changes the position under a player still looking for one: look again from the new one.
        looking = self.hint_runner.busy and self.match.to_play == before.to_play
        self.hint_move = None
        self.hint_runner.cancel()
        if self.match.is_human(step.seat):
            self.clear_story_marks()  # the player acted: the recap and notices have been read
        self.app.sound.play("place")
        if self.match.save_error:
            self.say(self.match.save_error, "error")
        self.on_move(before, self.match.state, step)
        self._queue_interjections()
        if looking:
            self.request_hint()

    def _jumped(self) -> None:
        self.runner.cancel()
        self.hint_runner.cancel()
        self.hint_move = None
        self.clear_story_marks()
        self.game_over_shown = self.match.over
        self.game_over_at = None
        self.on_history_jump()
        self._queue_interjections()

    def _maybe_game_over(self) -> None:
        if self.game_over_shown:
            return
        now = time.monotonic()
        if self.game_over_at is None:
            self.game_over_at = now + 0.8
            # What was said about the last move (a hint, a refusal) is over with the game: the status
            # bar says "Game over" from now on.
            self.message_until = 0.0
            self.hint_move = None
            return
        if now >= self.game_over_at and self.app.top is self:
            self.game_over_shown = True
            self.app.sound.play("gameover")
            self.app.push(self.game_over_scene())

    def game_over_scene(self) -> Scene:
        """What covers the screen once the game is over: the shared table of scores, unless the
        game celebrates its own way (the puzzles: the time and the record)."""
        return GameOverScene(self.app, self)

    def _show_curtain(self) -> None:
        seat = self.match.viewer()
        assert seat is not None  # veiled() holds
        self.hint_runner.cancel()
        self.hint_move = None
        self.message_until = 0.0  # what was said to the previous player is not for the next
        self.pointer_note = None
        self.on_veil()

        def ready() -> None:
            self.unveiled = seat

        colour, shape = self.seat_style(seat)
        self.app.push(CurtainScene(self.app, self.match.seat_name(seat), ready, colour, shape))

    def spectate(self, seat: Seat | None) -> None:
        """Make this screen read-only, for a screen that shows the board without playing on it (the
        replay viewer): from now on it draws ``seat``'s view (``None``: everything) whatever the turn,
        refuses every move, runs no computer player and puts up no curtain. Whoever moves the history
        calls ``on_history_jump`` / ``on_move`` as the game would."""
        self.spectating = True
        self._spectator_seat = seat
        self._jumped()

    # -- commands (buttons, keys, pause menu) ----------------------------------------------------
    def open_pause(self) -> None:
        self.app.push(PauseScene(self.app, self))

    def open_help(self) -> None:
        self.app.push(HowToScene(self.app, self.game.info.title, type(self).how_to_play()))

    def take_hint(self, job: BotJob) -> None:
        """A hint search finished for the current position: show its move. Screens whose hint
        runner answers more than a move (the puzzles' solver says when time ran out) override this."""
        if job.error:
            self.say(N_("No hint this time (the hint search failed)."), "error")
        elif job.move is not None:
            self.match.hints_taken += 1
            self.show_hint(job.move)

    def show_hint(self, move: MoveT) -> None:
        """Make ``move`` the hint: its text, its ghost and what accepting it plays. The status bar
        says it for as long as it is the hint (``hint_line``): once played, or once the position
        or the seat changes, its words go with its ghost."""
        self.hint_move = move
        self.message_until = 0.0  # "Looking for a good move…" is answered
        self.aim_at(move)

    def hint_line(self) -> str:
        """The status line of the hint on the board, or "" (none, or the device is passing)."""
        move = self.hint_move
        if move is None or self.veiled():
            return ""
        self._record_hint()
        return self.hint_text(move)

    def _record_hint(self) -> None:
        seat = self.match.to_play
        if seat is not None:
            layout_probe.private(seat, "hint")  # a hint comes from its seat's hand and secrets

    def accept_hint(self) -> bool:
        """Play exactly the hinted move (the rules still judge it)."""
        move = self.hint_move
        if move is None or self.veiled():
            return False
        return self.submit(move)

    def _hint_clicked(self) -> None:
        if self.match.over and self.game_over_shown:
            self.app.push(self.game_over_scene())
            return
        if self.hint_move is not None:
            self.accept_hint()
        else:
            self.request_hint()

    def request_hint(self) -> None:
        seat = self.match.to_play
        if self.match.over or not self.match.is_human(seat) or seat is None or self.veiled():
            return
        if self.hint_move is not None:
            self.show_hint(self.hint_move)
            return
        bot = thinker.make_player(self.match.setup.game_id, self.hint_level, self._token())
        self.say(N_("Looking for a good move…"))
        self.hint_runner.start(
            bot, self.game, self.game.view(self.match.state, seat), seat, self._token(), HINT_SECONDS, 0.0
        )

    def undo(self) -> None:
        plan = self.match.undo_plan()
        if plan is None:
            self.say(N_("Nothing to undo."))
            return
        if self.match.undo_needs_agreement(plan):

            def agreed() -> None:
                self._do_undo(plan, crossed=True)

            self.app.push(
                DialogScene(
                    self.app,
                    N_("Undo past a draw?"),
                    N_(
                        "This goes back before cards or tiles were drawn, which everyone has already seen. "
                        "Undo only if every player at the table agrees."
                    ),
                    [(N_("Everyone agrees"), agreed, "primary"), (N_("Keep playing"), None, "plain")],
                )
            )
            return
        self._do_undo(plan, crossed=plan.crosses_reveal)

    def _do_undo(self, plan: UndoPlan, crossed: bool) -> None:
        self.match.undo(plan)
        self._jumped()
        moves = len(self.match.history.steps) - self.match.history.cursor
        if crossed:
            said = counted(
                "Undone ({n} move can be redone). The same draws will come again: chance is fixed by the seed.",
                "Undone ({n} moves can be redone). The same draws will come again: chance is fixed by the seed.",
                moves,
            )
        else:
            said = counted("Undone ({n} move can be redone).", "Undone ({n} moves can be redone).", moves)
        self.say(said)

    def step_back(self) -> None:
        """Take back exactly the last move (e.g. a card choice cancelled before anything was placed);
        unlike :meth:`undo` it does not skip over computer moves."""
        if self.match.step_back():
            self._jumped()

    def redo(self) -> None:
        if self.match.redo():
            self._jumped()
            self.say(N_("Redone."))
        else:
            self.say(N_("Nothing to redo."))

    def restart(self) -> None:
        """A new game with the same seats and options (a fresh shuffle)."""
        new_match = self.match.restart()
        self.runner.cancel()
        self.app.replace(type(self)(self.app, new_match))

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PAPER)
        if not self.veiled():  # while the device passes, an empty table: no seat's view is drawn
            self.draw_game(surface)
            self._draw_move_marks(surface)
            if self.hint_move is not None:
                self._record_hint()
                self.draw_hint(surface, self.hint_move)
        self._draw_log(surface)
        self._draw_top_bar(surface)
        self._draw_status_bar(surface)
        self._draw_banner(surface)
        self.widgets.draw(surface, self.metrics)
        self._draw_notice(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        note = self.pointer_note
        if note and time.monotonic() < note[2] and self.app.top is self:
            m = self.metrics
            label = draw.render_text(shown(note[0]), m.small, theme.WHITE, "semibold")
            box = label.get_rect().inflate(m.u(3), m.u(1.5))
            x, y = note[1]
            avoid = self.refusal_area() or pygame.Rect(x - m.u(1), y - m.u(1), m.u(2), m.u(2))
            avoid = avoid.union(pygame.Rect(x - m.u(1), y - m.u(1), m.u(2), m.u(2)))
            gap = m.u(1.5)
            box.midbottom = (x, avoid.top - gap)  # above what it explains, else below it
            if box.top < self.game_rect.top:
                box.midtop = (x, avoid.bottom + gap)
            box.clamp_ip(self.game_rect)
            if box.colliderect(avoid):  # no room above or below: beside it
                box.left = (
                    avoid.right + gap
                    if avoid.right + gap + box.width <= self.game_rect.right
                    else avoid.left - gap - box.width
                )
            pygame.draw.rect(surface, theme.INK, box)
            pygame.draw.rect(surface, theme.ILLEGAL, (box.left, box.top, m.u(0.75), box.height))
            surface.blit(label, label.get_rect(center=(box.centerx + m.u(0.4), box.centery)))
            layout_probe.text(shown(note[0]), box, m.small, surface.get_size())
        super().draw_overlay(surface)

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        m = self.metrics
        rect = self.top_rect
        pygame.draw.rect(surface, theme.PAPER, rect)
        pygame.draw.line(
            surface, theme.INK, (0, rect.bottom - m.rule // 2), (rect.right, rect.bottom - m.rule // 2), m.rule
        )
        # A small poster mark: red square, yellow triangle, blue circle.
        s = m.u(2.2)
        cy = rect.centery
        x = m.u(2.5)
        pygame.draw.rect(surface, theme.RED, (x, cy - s // 2, s, s))
        draw.seat_shape(surface, "triangle", (x + s * 1.9, cy), s * 0.62, theme.YELLOW)
        pygame.draw.circle(surface, theme.BLUE, (round(x + s * 3.2), cy), s // 2)
        title_rect = draw.heading(
            surface, _(self.game.info.title), (x + s * 4.2, cy + 2), m.heading, theme.INK, "midleft"
        )
        seat = self.match.to_play
        tx = title_rect.right + m.u(5)
        if seat is not None:
            colour, shape = self.seat_style(seat)
            draw.seat_shape(surface, shape, (tx + m.u(1.5), cy), m.u(1.5), colour)
            tx += m.u(4)
        # The turn text takes the room left of the buttons: a narrow window or a longer language
        # makes it smaller rather than run under them.
        turn = self.turn_text()
        room = self.undo_button.rect.left - m.u(2) - tx
        size = draw.fitting_size(turn, m.body + 2, room, "semibold")
        draw.text(surface, turn, (tx, cy + 2), size, theme.INK, "semibold", "midleft")

    def _move_count(self) -> tuple[str, int]:
        """The status bar's right end — the move count and whether the game is saved — and its width."""
        moves = self.match.history.cursor
        words = (_("move {n}  ·  not saved!") if self.match.save_error else _("move {n}  ·  saved")).format(n=moves)
        return words, draw.render_text(words, self.metrics.small, weight="regular").get_width()

    def status_room(self) -> int:
        """The width the status bar gives a message, left of the move count (measured, not guessed)."""
        return draw.status_room(self.status_rect, self.metrics, self._move_count()[1])

    def status_message(self) -> str:
        """What the status bar says now: the latest message while it lasts, else the hint on the
        board, else nothing (the bar then tells the situation)."""
        return shown(self.message) if time.monotonic() < self.message_until else self.hint_line()

    def _draw_status_bar(self, surface: pygame.Surface) -> None:
        m = self.metrics
        rect = self.status_rect
        message = self.status_message()
        right, right_w = self._move_count()
        draw.status_bar(surface, rect, m, message, self.message_kind, self.situation(), right_w)
        draw.text(
            surface, right, (rect.right - m.u(3), rect.centery + 1), m.small, theme.LIGHT_GREY, "regular", "midright"
        )

    def idle_status(self) -> str:
        """The status line on a human's turn when there is no message: the controls that matter."""
        return _("Esc menu  ·  Ctrl+Z undo  ·  H hint  ·  F1 how to play")

    def situation(self) -> str:
        """The status line when there is no message: what is happening now. Only on a human's turn
        does it list the controls (``idle_status``); otherwise it says who the table waits for."""
        match = self.match
        if match.over:
            return _("Game over  ·  Scores: the final table again  ·  Esc menu  ·  Ctrl+Z undo")
        deciding = self.deciding
        if deciding is not None:
            return fill(_("Waiting for {name} to decide"), name=self.seat_title(deciding))
        if self.curtained() and (self.unveiled is None or self.veiled()):
            seat = match.viewer()
            return fill(_("Pass the device to {name}"), name=match.seat_name(seat)) if seat is not None else ""
        seat = match.to_play
        if seat is not None and not match.is_human(seat):
            return fill(_("{name} is thinking  ·  Esc menu  ·  Ctrl+Z undo"), name=match.seat_name(seat))
        return self.idle_status()

    def _draw_banner(self, surface: pygame.Surface) -> None:
        tween, m = self.banner_tween, self.metrics
        if tween and not tween.done and self.banner_text:
            colour, shape = self.banner_style
            size = m.title // 2 + m.u(1)
            draw.banner(surface, self.game_rect, shown(self.banner_text), tween.progress, size, m.u(2), colour, shape)
