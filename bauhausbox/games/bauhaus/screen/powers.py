"""The Bauhaus powers ("Bauhaus!", once per game) and the decision windows that offer them out of turn.

:class:`BauhausPowers` is the part of :class:`~bauhausbox.games.bauhaus.screen.scene.BauhausScene` that
starts a power from its button or from a decision window (``reactions``, ``react``, ``reaction_effect``,
``decision_area``, ``seat_title``: the hooks of :class:`~bauhausbox.scenes.decision.DecisionWindows`),
asks which power Mimetic Control copies, plays Mind Control at once and otherwise waits for the power's
target on the board (``power_mode``; the click is the gestures' ``intent``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from bauhausbox.engine.api import Words
from bauhausbox.games.bauhaus.rules import POWER_OF_SEAT, POWER_TITLES, RESOLVE, SEAT_NAMES, Move, MoveKind
from bauhausbox.games.bauhaus.screen.panel import POWER_EFFECTS, POWER_PROMPTS, POWER_WHEN, clauses, seat_word
from bauhausbox.i18n import N_, _
from bauhausbox.scenes.decision import DecisionWindows
from bauhausbox.scenes.dialog import DialogScene

if TYPE_CHECKING:
    from bauhausbox.games.bauhaus.rules import BauhausRules
    from bauhausbox.games.bauhaus.screen.gestures import Held
    from bauhausbox.games.bauhaus.screen.paint import Geometry
    from bauhausbox.ui.widgets import Button


class BauhausPowers(DecisionWindows):
    """The powers and their decision windows; the scene owns the buttons and the state."""

    if TYPE_CHECKING:  # provided by BauhausScene / GameScene
        rules: BauhausRules
        geo: Geometry
        held: Held | None
        power_mode: tuple[int, str] | None
        power_buttons: list[Button]

        def input_allowed(self, seat: int | None = None) -> bool: ...
        def submit(self, move: Move, seat: int | None = None) -> bool: ...
        def refuse(self, reason: str) -> None: ...
        def say(self, message: str, kind: str = "info", seconds: float = 5.0) -> None: ...
        def banner(self, message: str, seat: int | None = None) -> None: ...

    def _power_clicker(self, seat: int) -> Callable[[], None]:
        def clicked() -> None:
            self.start_power(seat)

        return clicked

    def power_moves(self, seat: int) -> list[Move]:
        if not self.match.is_human(seat):
            return []
        return [m for m in self.rules.legal_moves(self.match.state, seat) if m.kind == MoveKind.POWER]

    def reactions(self, seat: int) -> list[str]:
        """The powers ``seat`` could use now to answer a card another player has just chosen (before
        anything of it is done). While a card is being chosen a power answers nothing yet, so
        play is not paused then (it would be before nearly every turn); the button still works."""
        state = self.match.state
        if state.phase != RESOLVE or state.placed or seat == state.turn:
            return []
        powers = sorted({m.power for m in self.power_moves(seat)})
        return [Words(POWER_TITLES[p.rpartition(":")[2]]) for p in powers]

    def aiming(self) -> int | None:
        """A human picking their power's target out of turn: play waits until they click or give up
        (Esc), so the position they aim at stays the one they answer."""
        mode = self.power_mode
        return mode[0] if mode is not None and mode[0] != self.match.to_play else None

    def react(self, seat: int) -> None:
        self.start_power(seat)

    def react_with(self, seat: int, index: int) -> None:
        """The decision window's "Use <power>" button: that power at once (Black's copy chosen in
        the same question, never a second dialog)."""
        powers = sorted({m.power for m in self.power_moves(seat)})
        if index < len(powers) and self.input_allowed(seat):
            self.choose_power(seat, powers[index])
        else:
            self.refuse(Words("no power can be used right now"))

    def reaction_effect(self, seat: int) -> Words:
        """What each power ``seat`` could use now would do (Black lists the powers it may copy)."""
        chooser = Words(SEAT_NAMES[self.match.state.turn])
        effects = sorted({m.power.rpartition(":")[2] for m in self.power_moves(seat)})
        said = [Words(POWER_EFFECTS[effect], seat=chooser) for effect in effects]
        if not said:
            return super().reaction_effect(seat)
        if len(said) == 1:
            return said[0]
        return Words("Copy one power. {effect}", effect=_joined(said))

    def _copyable_effects(self, seat: int) -> Words:
        """What each power Black may copy now would do, one sentence each."""
        chooser = Words(SEAT_NAMES[self.match.state.turn])
        effects = sorted({m.power.rpartition(":")[2] for m in self.power_moves(seat)})
        return _joined([Words(POWER_EFFECTS[effect], seat=chooser) for effect in effects])

    def decision_area(self) -> pygame.Rect:
        """The board with its coordinates: a decision window stands beside the position it is about."""
        return self.geo.labelled_rect(self.metrics)

    def seat_title(self, seat: int) -> str:
        return f"{seat_word(seat)} ({self.match.seat_name(seat)})"

    def power_tooltip(self, seat: int) -> str:
        """The power button's tooltip: what the power does, and while greyed, when it becomes usable."""
        state = self.match.state
        title = _(POWER_TITLES[POWER_OF_SEAT[seat]])
        if self.power_buttons[seat].enabled:
            return _("{power} (once per game): click to use it now").format(power=title)
        if not self.match.is_human(seat):
            return _("{power}: a computer plays this seat and uses it itself").format(power=title)
        effects = [p.rpartition(":")[2] for p in self.rules.powers_of(state, seat)]
        if not effects:
            return _("{power}: no unused power is left to copy").format(power=title)
        when = clauses([_(POWER_WHEN[e]) for e in dict.fromkeys(effects)])
        return _("{power} (once per game). Usable {when}.").format(power=title, when=when)

    def start_power(self, seat: int) -> None:
        moves = self.power_moves(seat)
        if not moves or not self.input_allowed(seat):
            self.refuse(Words("no power can be used right now"))
            return
        powers = sorted({m.power for m in moves})
        if len(powers) > 1:
            choices = [(POWER_TITLES[p.rpartition(":")[2]], self._power_chooser(seat, p), "primary") for p in powers]
            self.app.push(
                DialogScene(
                    self.app,
                    N_("Mimetic Control"),
                    Words("Copy which power? Its owner keeps theirs. {effects}", effects=self._copyable_effects(seat)),
                    [*choices, (N_("Not now"), None, "plain")],
                )
            )
            return
        self.choose_power(seat, powers[0])

    def _power_chooser(self, seat: int, power: str) -> Callable[[], None]:
        def chosen() -> None:
            self.choose_power(seat, power)

        return chosen

    def choose_power(self, seat: int, power: str) -> None:
        effect = power.rpartition(":")[2]
        if effect == "mind":
            move = next((m for m in self.power_moves(seat) if m.power == power), None)
            if move is not None and self.submit(move, seat):
                self.banner(
                    Words("Bauhaus! {seat}: {power}", seat=Words(SEAT_NAMES[seat]), power=Words(POWER_TITLES[effect]))
                )
            return
        self.held = None
        self.power_mode = (seat, power)
        self.say(
            Words(
                "{seat}: {prompt} (Esc to give up)", seat=Words(SEAT_NAMES[seat]), prompt=Words(POWER_PROMPTS[effect])
            )
        )


def _joined(said: list[Words]) -> Words:
    """Sentences one after another, each in the players' language."""
    text = said[0]
    for effect in said[1:]:
        text = Words("{earlier} {later}", earlier=text, later=effect)
    return text
