"""The pass-the-device curtain: hides hands and secret tiles between two humans' turns.

Esc opens the pause menu over the curtain (``on_escape``), with only what reveals and changes
nothing: resume, how to play, settings, save and quit. The curtain stays under it, so nothing of
the game shows. The player who just moved may take their move back from it (``take_back``: the
handover offers it only while nobody has seen anything new), before the next player unveils."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from bauhausbox.engine.api import Words
from bauhausbox.i18n import _
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.theme import Colour, Metrics
from bauhausbox.ui.widgets import Button


class CurtainScene(Scene):
    """Fully opaque: nothing of the game shows until the named player says they are ready."""

    opaque = True
    name = "curtain"

    def __init__(
        self,
        app: App,
        player: str,
        on_ready: Callable[[], None],
        colour: Colour = theme.RED,
        shape: str = "circle",
        on_escape: Callable[[], None] | None = None,
        note: str | None = None,
        take_back: tuple[str, Callable[[], None]] | None = None,
    ) -> None:
        super().__init__(app)
        self.note = note  # what stays hidden, in the game's words (``GameHooks.curtain_note``)
        self.player = player
        self.on_ready = on_ready
        self.on_escape = on_escape
        # The seat's own colour and shape, so the table sees at a glance whose turn it is.
        self.colour, self.shape = colour, shape
        self.ready_button = self.widgets.add(
            Button(Words("I am {name}: show my turn", name=player), self.ready, "primary")
        )
        # (the previous player's name, what takes their move back)
        self.take_back_button: Button | None = None
        if take_back is not None:
            mover, self._take_back = take_back
            self.take_back_button = self.widgets.add(
                Button(Words("{name}: take back my move", name=mover), self.take_back, "plain")
            )

    def take_back(self) -> None:
        self.app.pop(self)
        self._take_back()

    def ready(self) -> None:
        self.on_ready()
        self.app.pop(self)

    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        # The screen's one call to action: room round its words (a French "JE SUIS ANNI : MONTRER MON
        # TOUR" at its natural width read as filled edge to edge at 1024 × 700).
        natural = self.ready_button.natural_width(metrics) + metrics.u(6)
        width = min(metrics.width - metrics.u(8), max(metrics.u(44), natural))
        self.ready_button.rect = pygame.Rect(0, 0, width, metrics.button_height)
        self.ready_button.rect.center = (metrics.width // 2, metrics.height // 2 + metrics.u(20))
        if self.take_back_button is not None:
            back_w = min(width, max(metrics.u(30), self.take_back_button.natural_width(metrics)))
            self.take_back_button.rect = pygame.Rect(0, 0, back_w, metrics.button_height)
            self.take_back_button.rect.midtop = (metrics.width // 2, self.ready_button.rect.bottom + metrics.u(3))

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.ready()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_escape is not None:
            self.on_escape()
        elif (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_z
            and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            and self.take_back_button is not None
        ):
            self.take_back()  # Ctrl+Z, as undo at the table
        return True

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        surface.fill(theme.INK)
        centre = (m.width // 2, m.height // 2 - m.u(13))
        # The seat's mark, on a white disc so that every colour (black included) shows on the ink.
        pygame.draw.circle(surface, theme.WHITE, centre, m.u(7.5))
        draw.seat_shape(surface, self.shape, centre, m.u(5), self.colour, outline=theme.INK)
        pygame.draw.rect(surface, self.colour, (0, m.height - m.u(3), m.width, m.u(3)))
        draw.heading(surface, _("Pass to"), (m.width // 2, m.height // 2 - m.u(2)), m.heading, theme.WHITE, "center")
        width = m.width - m.u(8)
        with layout_probe.box(pygame.Rect(m.u(4), 0, width, m.height)):
            size = m.title
            while size > m.heading and draw.render_text(self.player, size, weight="black").get_width() > width:
                size -= 2  # a long name gets smaller rather than leaving the screen
            draw.text(
                surface, self.player, (m.width // 2, m.height // 2 + m.u(5)), size, theme.WHITE, "black", "center"
            )
            draw.text(
                surface,
                self.note or _("Everyone else: look away. Hands and secret tiles stay hidden until then."),
                (m.width // 2, m.height // 2 + m.u(12)),
                m.body,
                theme.LIGHT_GREY,
                "regular",
                "center",
            )
        super().draw(surface)
