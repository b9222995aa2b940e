"""The "how to play" reader. Each game fills it with its own illustrated pages.

A game's scene class returns ``[HowToPage(...), ...]`` from ``how_to_play()``. A page has a title,
paragraphs (plain text; a line starting with "• " is a bullet) and optionally a diagram: a function
``(surface, rect, metrics) -> None`` that draws into the right-hand half of the page.

Pages come in the players' language: their titles, paragraphs and captions are English texts marked
for the catalogs (``N_``, or already translated with ``_()``), and the reader translates them as it
draws, so a page follows a change of language at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from bauhausbox.i18n import N_, _, fill, pgettext
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.app import App, Scene
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button

Diagram = Callable[[pygame.Surface, pygame.Rect, Metrics], None]

#: Game titles that name several things: their how-to title has a template of its own (``title``).
PLURAL_TITLES = frozenset({"Blokus puzzles"})


@dataclass(frozen=True)
class HowToPage:
    title: str
    paragraphs: Sequence[str]
    diagram: Diagram | None = None
    caption: str = ""
    extra: dict[str, object] = field(default_factory=dict)


class HowToScene(Scene):
    name = "howto"

    def __init__(self, app: App, game_title: str, pages: Sequence[HowToPage]) -> None:
        super().__init__(app)
        self.game_title = game_title
        self.pages = list(pages) or [HowToPage(_("How to play"), [_("This game has no how-to-play pages yet.")])]
        self.index = 0
        self.prev_button = self.widgets.add(Button(N_("Previous"), lambda: self.turn(-1), tooltip=N_("Left arrow")))
        self.next_button = self.widgets.add(
            Button(N_("Next"), lambda: self.turn(1), "primary", tooltip=N_("Right arrow"))
        )
        self.close_button = self.widgets.add(Button(N_("Close"), lambda: self.app.pop(self), tooltip=N_("Esc")))
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.diagram_rect = pygame.Rect(0, 0, 0, 0)

    def turn(self, delta: int) -> None:
        self.index = max(0, min(len(self.pages) - 1, self.index + delta))

    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        u = metrics.u
        bh = metrics.button_height
        y = metrics.height - u(3) - bh
        close_w = max(u(16), self.close_button.natural_width(metrics))
        turn_w = max(u(18), self.prev_button.natural_width(metrics), self.next_button.natural_width(metrics))
        self.close_button.rect = pygame.Rect(u(4), y, close_w, bh)
        self.next_button.rect = pygame.Rect(metrics.width - u(4) - turn_w, y, turn_w, bh)
        self.prev_button.rect = pygame.Rect(self.next_button.rect.left - u(2) - turn_w, y, turn_w, bh)
        top = u(16)
        body_h = y - top - u(3)
        half = (metrics.width - u(12)) // 2
        self.text_rect = pygame.Rect(u(4), top, half - u(2), body_h)
        # The illustration leaves a tooltip's room above the page buttons ("Right arrow" sat on its corner).
        self.diagram_rect = pygame.Rect(u(8) + half, top, half - u(2), body_h - u(5))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1):
                self.app.pop(self)
            elif event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.turn(1)
            elif event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
                self.turn(-1)
        return True

    def update(self, dt: float) -> None:
        # A page turner that cannot turn gives no key hint: on the last page "Right arrow" would
        # otherwise stay over the greyed Next the player just clicked.
        for button, usable, hint in (
            (self.prev_button, self.index > 0, N_("Left arrow")),
            (self.next_button, self.index < len(self.pages) - 1, N_("Right arrow")),
        ):
            button.enabled = usable
            button.tooltip = hint if usable else ""

    def title(self) -> str:
        """ "How to play Bits"; a title that names several things ("Blokus puzzles") has its own
        template, as some languages change the article for it ("Règles des casse-tête Blokus")."""
        game = _(self.game_title)
        if self.game_title in PLURAL_TITLES:
            # TRANSLATORS: {game} names several things (the Blokus puzzles).
            return fill(pgettext("plural", "How to play {game}"), game=game)
        return fill(_("How to play {game}"), game=game)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        u = m.u
        surface.fill(theme.PAPER)
        pygame.draw.rect(surface, theme.INK, (0, 0, m.width, u(12)))
        draw.heading(
            surface,
            self.title(),
            (u(4), u(6)),
            m.heading,
            theme.WHITE,
            "midleft",
        )
        page = self.pages[self.index]
        draw.text(
            surface,
            f"{self.index + 1} / {len(self.pages)}",
            (m.width - u(4), u(6)),
            m.body,
            theme.YELLOW,
            "semibold",
            "midright",
        )
        # The title keeps to its column: a little smaller, or on two lines (French titles run longer).
        size, lines = draw.heading_lines(_(page.title), m.heading - 4, self.text_rect.width, round(m.body * 1.1))
        y = self.text_rect.top
        with layout_probe.box(self.text_rect):
            for line in lines:
                y = draw.heading(surface, line, (self.text_rect.left, y), size, theme.RED).bottom + u(0.5)
        y += u(1.5)
        for source in page.paragraphs:
            text = _(source)
            bullet = source.startswith("• ")
            indent = u(3) if bullet else 0
            if bullet:
                pygame.draw.rect(surface, theme.INK, (self.text_rect.left, y + m.body // 2 - u(0.5), u(1.2), u(1.2)))
                text = text.replace("• ", "", 1)
            rect = pygame.Rect(self.text_rect.left + indent, y, self.text_rect.width - indent, 10000)
            y = draw.paragraph(surface, text, rect, m.body, line_gap=1.32) + u(1.5)
        if page.diagram:
            box = self.diagram_rect
            draw.keep_clear(surface, box)
            pygame.draw.rect(surface, theme.WHITE, box)
            pygame.draw.rect(surface, theme.INK, box, m.rule)
            inner = box.inflate(-u(4), -u(4))
            if page.caption:
                # The caption wraps under the diagram (a longer language must not run out of the frame).
                lines = draw.wrap(_(page.caption), m.small, inner.width)
                step = round(m.small * 1.25)
                inner.height -= u(2) + step * len(lines)
                y = box.bottom - u(2) - step * len(lines)
                with layout_probe.box(box):
                    for line in lines:
                        draw.text(surface, line, (box.centerx, y), m.small, theme.GREY, "regular", "midtop")
                        y += step
            page.diagram(surface, inner, m)
        # Page dots.
        cx = m.width // 2 - (len(self.pages) - 1) * u(1.5)
        for i in range(len(self.pages)):
            colour = theme.INK if i == self.index else theme.LIGHT_GREY
            pygame.draw.circle(surface, colour, (cx + i * u(3), self.close_button.rect.centery), u(0.8))
        super().draw(surface)
