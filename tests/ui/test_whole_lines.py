"""Scrolled lists show whole lines: none half hidden under the heading or cut by the bottom edge
(the Blokus Duo game log at 1920×1080 and the replay's move list in French at 1024×700 did)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox import i18n
from bauhausbox.ui import layout_probe, theme
from bauhausbox.ui.log_panel import LogLine, LogPanel
from tests.ui.helpers import frames, key, seeded_game, window_size

#: The darkest a faded line's ink may be (0–255 per channel): ink is near 0, the paper near 240.
FADED_INK = 110


def _cut(texts: list[layout_probe.TextDraw], box: pygame.Rect) -> list[tuple[str, tuple[int, ...]]]:
    """The texts drawn across the edge of ``box``: partly inside, partly out."""
    return [(t.content, tuple(t.rect)) for t in texts if t.rect.colliderect(box) and not box.contains(t.rect)]


@pytest.mark.parametrize("height", range(300, 340, 3))
def test_the_game_log_scrolled_to_the_end_shows_whole_lines(height: int) -> None:
    metrics = theme.Metrics(1920, 1080)
    panel = LogPanel()
    panel.layout(pygame.Rect(10, 10, 360, height), metrics)
    lines = tuple(LogLine(f"Player {i % 2 + 1} placed a piece on square {i}", theme.BLUE, "circle") for i in range(40))
    panel.set_lines(lines)
    assert panel.offset == 0 and panel.max_offset > 0  # at the end, with more lines than fit
    surface = pygame.Surface((400, height + 20))
    with layout_probe.recording(surface.get_size()) as record:
        panel.draw(surface)
    drawn = [t for t in record.texts if t.rect.colliderect(panel.body)]
    assert len(drawn) >= 5
    assert not _cut(drawn, panel.body)


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_the_replay_move_list_shows_whole_lines_at_the_end(fresh_app: Any, size: tuple[int, int]) -> None:
    from bauhausbox.scenes.replay import ReplayScene

    i18n.set_language("fr")
    match = seeded_game("blokus", 4, seed=11)
    with window_size(fresh_app, size):
        scene = ReplayScene.of_match(fresh_app, match)
        fresh_app.push(scene)
        key(fresh_app, pygame.K_END)
        with layout_probe.recording(fresh_app.screen.get_size()) as record:
            frames(fresh_app, 1)
        drawn = [t for t in record.texts if t.rect.colliderect(scene.list_rect)]
        assert len(drawn) >= 5
        assert not _cut(drawn, scene.list_rect)


@pytest.mark.parametrize("game_id", ["bauhaus", "bits", "buizen", "blokus"])
def test_every_games_log_shows_whole_entries_however_scrolled(fresh_app: Any, game_id: str) -> None:
    """Seen in the Buizen log: an entry began mid-sentence ("contre la salle de pompes…"), its first
    wrapped lines scrolled away above the list; then a "…" before its last words read as clipped text.
    At every scroll position every entry shows all its lines or none, or (cut by the top edge) its
    own last lines, the first of them faded into the panel: read as "more above"."""
    from bauhausbox import games

    i18n.set_language("fr")
    match = seeded_game(game_id, 2, seed=3, stop_after=30)
    with window_size(fresh_app, (1024, 700)):
        scene = games.scene_class(game_id)(fresh_app, match)
        fresh_app.push(scene)
        frames(fresh_app, 2)
        if not fresh_app.settings.log_open:
            key(fresh_app, pygame.K_TAB)
            frames(fresh_app, 1)
        panel = scene.log
        assert panel.max_offset > 0, "the log should hold more than it shows"
        straddled = faded = 0
        for offset in range(0, panel.max_offset + 1, 5):
            panel.offset = offset
            with layout_probe.recording(fresh_app.screen.get_size()) as record:
                panel.draw(fresh_app.screen)
            for index, row in enumerate(panel._rows):
                box = panel.line_rect(index)
                if not box.colliderect(panel.body) or len(row.wrapped) < 2:
                    continue
                straddled += box.top < panel.body.top or box.bottom > panel.body.bottom
                inside = box.clip(panel.body)
                words_left = panel.body.left + panel._text_left(panel.metrics)  # not the caption nor the badge
                drawn = sorted(
                    (t for t in record.texts if inside.contains(t.rect) and t.rect.left >= words_left),
                    key=lambda t: t.rect.top,
                )
                said = [t.content for t in drawn]
                whole = said == list(row.wrapped)
                continued = box.top < panel.body.top and drawn and said == list(row.wrapped)[-len(said) :]
                assert not drawn or whole or continued, (offset, row.wrapped, said)
                if continued and not whole:
                    faded += 1
                    first = drawn[0].rect.clip(panel.body)
                    darkest = min(
                        min(fresh_app.screen.get_at((x, y))[:3])
                        for x in range(first.left, first.right)
                        for y in range(first.top, first.bottom)
                    )
                    assert darkest >= FADED_INK, (offset, said[0], darkest)
        assert straddled, "some long entry should cross an edge of the list while scrolling"
        assert faded, "some entry should be cut by the top edge while scrolling"
        fresh_app.pop()


@pytest.mark.parametrize("game_id", ["bauhaus", "bits", "buizen", "blokus"])
@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_the_log_fills_from_its_newest_entry_with_no_hole_at_the_top(
    fresh_app: Any, game_id: str, size: tuple[int, int]
) -> None:
    """Seen in the French Bauhaus log at 1024×700: a large blank above "Depuis votre dernier tour"
    (the entry cut by the top edge was left out whole). Scrolled to the newest entry and at every
    scroll position, the first line drawn starts less than a line (and the gap between two entries)
    below the top of the list."""
    from bauhausbox import games

    i18n.set_language("fr")
    match = seeded_game(game_id, 4 if game_id != "bits" else 3, seed=5, stop_after=40)
    with window_size(fresh_app, size):
        scene = games.scene_class(game_id)(fresh_app, match)
        fresh_app.push(scene)
        frames(fresh_app, 2)
        if not fresh_app.settings.log_open:
            key(fresh_app, pygame.K_TAB)
            frames(fresh_app, 1)
        panel = scene.log
        assert panel.max_offset > 0, "the log should hold more than it shows"
        step = round(panel.metrics.small * 1.25)
        most = step + panel.metrics.u(1)  # a line cut by the edge, and the gap below an entry
        holes = []
        for offset in [0, *range(1, panel.max_offset + 1, 7)]:
            panel.offset = offset
            with layout_probe.recording(fresh_app.screen.get_size()) as record:
                panel.draw(fresh_app.screen)
            tops = [t.rect.top for t in record.texts if panel.body.contains(t.rect)]
            assert tops, f"nothing drawn in the log at offset {offset}"
            if min(tops) - panel.body.top >= most:
                holes.append((offset, min(tops) - panel.body.top))
        assert not holes, f"blank above the first line (offset, pixels), at most {most} px: {holes}"
        fresh_app.pop()
