"""Decision windows: play pauses while a human may answer the moment out of turn (a Bauhaus power).

When a human seat that is not to play could answer now (the screen's ``reactions(seat)`` hook names
what, e.g. "Mind Control"), one dialog, "Blue (Anni): use Mind Control now? [Use] [Not now]", goes
up before any computer or other human goes on, beside the board (``decision_area``), never over the
position it is about, and says what using it would do (``reaction_effect``). [Use] calls the
screen's ``react(seat)``; [Not now] lets play continue and is not asked again at the same moment (the
same history position). When ``seat`` could answer in several ways (Black copying one of three
powers), the dialog asks once, with one button per way ("Use Shared Control", "Use Forced Control"),
each calling ``react_with(seat, index)``, and says what each does: never a second question after
[Use]. [Stop asking] turns the window off for that seat until the game
ends (a power that could answer every card of every opponent would otherwise stop play every turn):
the screen's own control (Bauhaus: the power's button) still uses it, and ``quiet_reactions`` names
what such a seat could do now, for a cue beside the board that play does not wait for. The setting
"Ask me when I can react" says when the dialog goes up: "Against computers" (the default) only
while a computer is to play (its move would land before a
button could be pressed; a human mover at this computer waits anyway), "Always", or "Never" (only
the cue and the screen's own control, Bauhaus: the lit Bauhaus! button, offer the answer).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from bauhausbox.engine.api import Seat, Words
from bauhausbox.i18n import N_
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.ui.app import App, Scene

if TYPE_CHECKING:
    from bauhausbox.match import Match


class DecisionWindows(Scene):
    """The decision-window part of a game's screen (:class:`GameScene` inherits it). Screens
    implement ``reactions`` and ``react``, and may say how a seat is addressed (``seat_title``)."""

    if TYPE_CHECKING:  # provided by GameScene
        match: Match
        unveiled: Seat | None

        def curtained(self) -> bool: ...
        def _token(self) -> int: ...

    def __init__(self, app: App) -> None:
        super().__init__(app)
        # The windows already offered, as (moment, seat): "Not now" holds for that moment.
        self._offered: set[tuple[int, Seat]] = set()
        self._open_window: tuple[DialogScene, Seat] | None = None
        # The seats that said "Stop asking this game": no window for them, only the cue.
        self._quiet: set[Seat] = set()
        # The cue asks the rules for the powers: once per moment, not every frame.
        self._cues: tuple[tuple[object, ...], dict[Seat, list[str]]] | None = None

    @property
    def deciding(self) -> Seat | None:
        """The human whose decision window is up (play waits for them), or ``None``."""
        window = self._open_window
        if window is None or window[0] not in self.app.stack:
            return self.aiming()
        return window[1]

    def aiming(self) -> Seat | None:
        """The human who chose to answer and is now picking the answer's target on the board (a
        screen's own state; default: nobody). Play waits for them as for the window."""
        return None

    def reactions(self, seat: Seat) -> list[str]:
        """What human ``seat`` could do out of turn to answer the moment now (["Mind Control"]);
        not empty makes play pause and ask them (default: nothing)."""
        return []

    def react(self, seat: Seat) -> None:
        """``seat`` chose [Use]: let them choose their answer on the board."""

    def react_with(self, seat: Seat, index: int) -> None:
        """``seat`` chose the ``index``-th of its ``reactions`` (default: as [Use])."""
        self.react(seat)

    def reaction_effect(self, seat: Seat) -> Words:
        """What answering now would do, in words for the dialog."""
        return Words("You can answer what just happened.")

    def decision_area(self) -> pygame.Rect | None:
        """What a decision window must leave in view (the board it is about); None: nothing."""
        return None

    def seat_title(self, seat: Seat) -> str:
        """How the dialog addresses ``seat`` (default: the player's name)."""
        return self.match.seat_name(seat)

    def asks_now(self) -> bool:
        """Whether the setting lets a decision window go up at this moment (see the module)."""
        ask = self.app.settings.ask_reactions
        if ask == "computers":
            return not self.match.is_human(self.match.to_play)
        return ask == "always"

    def quiet_reactions(self) -> dict[Seat, list[str]]:
        """What each human who is not asked could do out of turn now (they stopped the windows for
        this game, or the setting says never): the screen shows it as a cue play does not wait for."""
        match = self.match
        never = not self.asks_now()
        key = (self._token(), never, frozenset(self._quiet), self.curtained(), self.unveiled)
        if self._cues is not None and self._cues[0] == key:
            return self._cues[1]
        cues: dict[Seat, list[str]] = {}
        for seat in match.humans:
            if seat == match.to_play or not (never or seat in self._quiet):
                continue
            if self.curtained() and seat != self.unveiled:
                continue
            if powers := self.reactions(seat):
                cues[seat] = powers
        self._cues = (key, cues)
        return cues

    def offer_reaction(self) -> bool:
        """Put up the dialog for the first human who could answer now and was not yet asked at this
        moment; True when a dialog went up. In a curtain game only the seat whose view is on
        screen is asked: no private view changes hands."""
        if self.deciding is not None:
            return True  # a human's answer is under way (the window, or its target on the board): play waits
        if not self.asks_now():
            return False
        match = self.match
        moment = self._token()
        for seat in match.humans:
            if seat == match.to_play or (moment, seat) in self._offered or seat in self._quiet:
                continue
            if self.curtained() and seat != self.unveiled:
                continue
            powers = self.reactions(seat)
            if not powers:
                continue
            self._offered.add((moment, seat))
            what = powers[0] if len(powers) == 1 else Words("a power")

            def use(seat: Seat = seat) -> None:
                self.react(seat)

            def use_one(seat: Seat = seat, index: int = 0) -> None:
                self.react_with(seat, index)

            def stop(seat: Seat = seat) -> None:
                self._quiet.add(seat)

            uses = (
                [(N_("Use"), use, "primary")]
                if len(powers) == 1
                else [
                    (Words("Use {power}", power=power), lambda s=seat, i=index: use_one(s, i), "primary")
                    for index, power in enumerate(powers)
                ]
            )

            dialog = DialogScene(
                self.app,
                Words("{name}: use {power} now?", name=self.seat_title(seat), power=what),
                Words(
                    "{effect} Not now lets play go on. Stop asking: no more questions this game, the power's "
                    "own button still uses it.",
                    effect=self.reaction_effect(seat),
                ),
                [*uses, (N_("Not now"), None, "plain"), (N_("Stop asking"), stop, "plain")],
                keep_clear=self.decision_area,
            )
            self._open_window = (dialog, seat)
            self.app.push(dialog)
            return True
        return False
