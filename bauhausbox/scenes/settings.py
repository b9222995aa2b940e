"""Settings: sound, fullscreen and the window's size, colour-blind patterns, animation speed, computer
pace, whether to ask before out-of-turn answers (powers). Saved at once."""

from __future__ import annotations

import pygame

from bauhausbox import i18n
from bauhausbox.engine.api import Words
from bauhausbox.i18n import N_, _, percent
from bauhausbox.scenes.common import ClosesOnEscape, poster_background
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.app import MIN_SIZE, App
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button, Choice, Slider, Toggle
from bauhausbox.ui.window_fit import offered_sizes


class SettingsScene(ClosesOnEscape):
    name = "settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = app.settings
        add = self.widgets.add
        self.volume = add(Slider(s.volume, self._set_volume, tooltip=N_("Sound volume (← → when hovered)")))
        self.mute = add(Toggle(N_("Mute all sounds"), s.muted, self._set_mute))
        self.fullscreen = add(Toggle(N_("Fullscreen (F11)"), app.fullscreen, lambda _: self._toggle_fullscreen()))
        # The sizes that fit this desktop (greyed while fullscreen: F11 or the toggle leaves it).
        self.window_size = add(
            Choice(
                [
                    (size, Words("{width} × {height}", width=size[0], height=size[1]))
                    for size in offered_sizes(app.desktop_size(), MIN_SIZE, app.windowed_size)
                ],
                app.windowed_size,
                self._set_window_size,
                tooltip=N_("The window's size (sizes that fit this screen)"),
            )
        )
        self.colour_blind = add(
            Toggle(N_("Bold seat shapes on pieces, tiles and tokens"), s.colour_blind, self._set_colour_blind)
        )
        self.animation = add(
            Choice(
                [("off", N_("Off")), ("fast", N_("Fast")), ("normal", N_("Normal")), ("slow", N_("Slow"))],
                s.animation_speed,
                self._set_animation,
            )
        )
        self.pace = add(
            Choice(
                [(0.0, N_("Instant")), (0.3, N_("Quick")), (0.6, N_("Normal")), (1.2, N_("Slow"))],
                s.computer_delay,
                self._set_pace,
                tooltip=N_("How long computer moves stay on screen"),
            )
        )
        self.react = add(
            Choice(
                [("always", N_("Always")), ("computers", N_("Against computers")), ("never", N_("Never"))],
                s.ask_reactions,
                self._set_react,
                tooltip=N_(
                    "Pause the game when you hold a power that can answer what just happened "
                    "(Against computers: only when a computer plays, whose move would not wait)"
                ),
            )
        )
        # BAUHAUSBOX_LANG wins over the setting: the picker then shows the language in use, not the
        # saved choice, and is locked (a change would not show), its tooltip saying why.
        forced = i18n.forced_language() is not None
        self.language = add(
            Choice(
                [("system", N_("System language")), *i18n.LANGUAGES.items()],
                i18n.language() if forced else s.language,
                self.app.set_language,
                tooltip=N_("Set by BAUHAUSBOX_LANG where the game was started, which overrides this setting")
                if forced
                else N_("The language of every screen, rule and log"),
            )
        )
        self.language.enabled = not forced
        self.back = add(Button(N_("Back"), lambda: self.app.pop(self), "primary", tooltip=N_("Esc")))
        self.rows: list[tuple[str, pygame.Rect]] = []

    def _changed(self) -> None:
        self.app.save_settings()

    def _set_volume(self, value: float) -> None:
        self.app.settings.volume = value
        self._changed()

    def _set_mute(self, value: bool) -> None:
        self.app.settings.muted = value
        self._changed()
        if not value:
            self.app.sound.play("click")

    def _set_window_size(self, size: tuple[int, int]) -> None:
        """The window takes ``size`` around the selector: the arrow just clicked stays under the
        pointer, so the next click lands on it too."""
        rect = self.window_size.rect
        side = "midright" if pygame.mouse.get_pos()[0] >= rect.centerx else "midleft"
        self.app.set_window_size(size, anchor=lambda: getattr(self.window_size.rect, side))

    def _toggle_fullscreen(self) -> None:
        self.app.toggle_fullscreen()

    def _set_colour_blind(self, value: bool) -> None:
        self.app.settings.colour_blind = value
        self._changed()

    def _set_animation(self, value: str) -> None:
        self.app.settings.animation_speed = value  # type: ignore[assignment]
        self._changed()

    def _set_pace(self, value: float) -> None:
        self.app.settings.computer_delay = value
        self._changed()

    def _set_react(self, value: str) -> None:
        self.app.settings.ask_reactions = value  # type: ignore[assignment]
        self._changed()

    def layout(self, metrics: Metrics) -> None:
        super().layout(metrics)
        u = metrics.u
        left = u(10)
        rows = (
            (N_("Volume"), self.volume),
            ("", self.mute),
            (N_("Window"), self.fullscreen),
            (N_("Window size"), self.window_size),
            (N_("Accessibility"), self.colour_blind),
            (N_("Animations"), self.animation),
            (N_("Computer moves"), self.pace),
            (N_("Ask me when I can react"), self.react),
            (N_("Language"), self.language),
        )
        # The labels' column is as wide as its longest label in the players' language (French is longer).
        longest = max(
            draw.render_text(_(label), metrics.body, weight="semibold").get_width() for label, _w in rows if label
        )
        label_w = max(u(30), longest + u(3))
        x = left + label_w
        width = min(u(60), metrics.width - x - u(12))
        y = u(16)
        row = u(7.5)
        bh = metrics.button_height
        self.rows = []
        for label, widget in rows:
            widget.rect = pygame.Rect(
                x,
                y + (row - bh) // 2,
                width,
                bh if not isinstance(widget, Toggle) else u(4),
            )
            if isinstance(widget, Toggle):
                widget.rect.centery = y + row // 2
            self.rows.append((label, pygame.Rect(left, y, label_w, row)))
            y += row
        # Above the poster's blue bar along the bottom (common.poster_background), never on it, and
        # clear of the window's edge with its shadow: at the bottom like the other screens' Back.
        bar_top = metrics.height - u(5)
        self.back.rect = pygame.Rect(left, max(y + u(2), bar_top - u(2) - bh), u(20), bh)

    def update(self, dt: float) -> None:
        self.fullscreen.value = self.app.fullscreen
        self.window_size.value = self.app.windowed_size
        self.window_size.enabled = not self.app.fullscreen

    def draw_static(self, surface: pygame.Surface) -> None:
        m = self.metrics
        poster_background(surface, m)
        draw.heading(surface, _("Settings"), (m.u(10), m.u(7)), m.title // 2 + m.u(1))

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        self.blit_static(surface)
        for label, rect in self.rows:
            if label:
                with layout_probe.box(rect):
                    draw.text(surface, _(label), (rect.left, rect.centery), m.body, theme.INK, "semibold", "midleft")
        draw.text(
            surface,
            percent(self.app.settings.volume),
            (self.volume.rect.right + m.u(2), self.volume.rect.centery),
            m.body,
            theme.INK,
            "regular",
            "midleft",
        )
        super().draw(surface)
