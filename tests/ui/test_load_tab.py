"""The Load screen opens on the tab of the most recent game: a finished game just played is in
"Finished games", a game left half-way in "In progress"; it never opens on an empty tab while the
other holds the newest save."""

from __future__ import annotations

import time
from typing import Any

from bauhausbox.persistence import paths
from bauhausbox.scenes.load import LoadScene
from tests.ui.helpers import frames, seeded_game


def _open_load(app: Any) -> LoadScene:
    app.push(LoadScene(app))
    frames(app, 1)
    load = app.top
    assert isinstance(load, LoadScene)
    return load


def test_load_opens_on_the_tab_of_the_newest_save(fresh_app: Any) -> None:
    app = fresh_app
    finished = paths.saves_dir() / "blokus-finished-newest.json"
    unfinished = paths.saves_dir() / "bits-unfinished-newest.json"
    try:
        assert seeded_game("blokus", 2, seed=4, save_path=finished).over
        load = _open_load(app)
        assert load.finished_tab, "the newest game is finished: its tab is shown"
        assert load.summaries and load.summaries[0].path == finished
        app.pop(load)

        time.sleep(0.01)  # a later update time
        assert not seeded_game("bits", 2, seed=4, stop_after=3, save_path=unfinished).over
        load = _open_load(app)
        assert not load.finished_tab, "the newest game is in progress: its tab is shown"
        assert load.summaries and load.summaries[0].path == unfinished
        app.pop(load)
    finally:
        finished.unlink(missing_ok=True)
        unfinished.unlink(missing_ok=True)


def test_tabs_under_the_title_start_at_the_page_margin(fresh_app: Any) -> None:
    """French at 1024: the tabs, set under the title, began ~140 px right of the page's margin."""
    from bauhausbox import i18n
    from tests.ui.helpers import window_size

    i18n.set_language("fr")
    with window_size(fresh_app, (1024, 640)):
        load = _open_load(fresh_app)
        tabs = sorted((load.progress_tab, load.finished_tab_button, load.files_tab_button), key=lambda t: t.rect.left)
        assert tabs[0].rect.top > load.metrics.u(10), "the tabs are beside the title: not the case checked"
        assert tabs[0].rect.left == load.list_rect.left, (tabs[0].rect, load.list_rect)
        assert tabs[0] is load.progress_tab  # in reading order: In progress first
        fresh_app.pop(load)


def test_each_row_holds_its_buttons_and_their_shadows(fresh_app: Any) -> None:
    """At 1024 x 640 Resume / Delete hung past the row's right frame."""
    from tests.ui.helpers import window_size

    unfinished = paths.saves_dir() / "bits-row-buttons.json"
    try:
        assert not seeded_game("bits", 2, seed=4, stop_after=3, save_path=unfinished).over
        for size in ((1024, 640), (1280, 800), (1920, 1080)):
            with window_size(fresh_app, size) as app:
                load = _open_load(app)
                depth = max(2, load.metrics.u(0.5)) + 1  # a hovered button's shadow (ui/widgets.py)
                for index in range(len(load._visible())):
                    inside = load.row_rect(index).inflate(-4, -4)  # within its 2-px frame
                    for button in load.row_buttons[index]:
                        with_shadow = button.rect.union(button.rect.move(depth, depth))
                        assert inside.contains(with_shadow), (size, button.label, with_shadow, inside)
    finally:
        unfinished.unlink(missing_ok=True)
