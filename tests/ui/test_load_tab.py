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
