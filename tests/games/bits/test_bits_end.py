"""The end of a Bits game on screen: the final table shows each round's goal cards (not codes), a
solo game ends with the best solo results, and the how-to's solo page lists them before playing."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from bauhausbox.games.bits.records import bests
from bauhausbox.games.bits.screen.howto import how_to_play_pages
from bauhausbox.games.bits.screen.scene import BitsScene
from bauhausbox.games.bits.screen.solo_bests import solo_best_line
from bauhausbox.match import Match
from bauhausbox.persistence import saves, writer
from bauhausbox.persistence.models import GameStatistics, ResultRecord
from bauhausbox.persistence.paths import data_dir
from bauhausbox.persistence.tally import player_tallies
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.ui import layout_probe
from tests.games.bits.test_bits_scene import air_point
from tests.ui.helpers import click, frames, open_game
from tests.ui.scenarios.bits import _finished, _match, _play_until


def words(text: str) -> str:
    """A line as drawn (wrapping joins words with single spaces)."""
    return " ".join(text.split())


def recorded(app: Any) -> layout_probe.Record:
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    return record


def test_the_final_table_shows_each_rounds_goal_cards_not_their_codes(fresh_app: Any) -> None:
    scene = _finished(fresh_app, 4, 13)
    state = scene.match.state
    record = recorded(fresh_app)
    shown = {c.name for c in record.controls if c.name.startswith("goal card ")}
    assert shown == {f"goal card {card}" for card in state.active_goals(len(state.finished))}
    labels = [t.content for t in record.texts if re.fullmatch(r"Round \d+", t.content)]
    assert labels == [f"Round {n}" for n in range(1, len(state.finished) + 1)]  # "Round 2 (1b 2d)" before


def _best(score: int, seed: int) -> bests.SoloResult:
    return bests.make_result(seed, [score, 0, 0])


def test_a_solo_game_ends_with_the_best_solo_results(fresh_app: Any) -> None:
    saved = bests.SoloBests(results=[_best(24, 1), _best(12, 2)])
    bests.save(data_dir(), saved)
    try:
        _finished(fresh_app, 1, 14)
        texts = [t.content for t in recorded(fresh_app).texts]
        assert "SOLO BESTS" in texts
        assert words(solo_best_line(1, saved.results[0])) in texts
        assert words(solo_best_line(2, saved.results[1])) in texts
    finally:
        (data_dir() / bests.FILE_NAME).unlink()


def test_the_how_to_solo_page_lists_the_best_results_before_playing(fresh_app: Any) -> None:
    saved = bests.SoloBests(results=[_best(27, 5)])
    bests.save(data_dir(), saved)
    try:
        page = how_to_play_pages()[-1]
        assert page.diagram is not None
        surface = fresh_app.screen.copy()
        with layout_probe.recording(surface.get_size()) as record:
            page.diagram(surface, surface.get_rect().inflate(-200, -200), fresh_app.metrics)
        texts = [t.content for t in record.texts]
        assert words(solo_best_line(1, saved.results[0])) in texts
    finally:
        (data_dir() / bests.FILE_NAME).unlink()


def test_solo_undo_past_a_seen_tile_card_asks_and_the_game_no_longer_counts(fresh_app: Any) -> None:
    """In solo the next tile card shows as soon as a tile is placed: undoing past it would be a free
    look ahead, so it asks first and the game then stays off the solo bests (and says so)."""
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=3)
    click(fresh_app, air_point(scene, 3.0))
    frames(fresh_app, 3)
    assert scene.match.history.cursor == 1
    scene.undo()
    dialog = fresh_app.top
    assert isinstance(dialog, DialogScene) and scene.match.history.cursor == 1  # asked, nothing undone yet
    dialog.buttons[0].click()
    frames(fresh_app, 2)
    assert scene.match.history.cursor == 0 and fresh_app.top is scene
    finished = _match(1, 14)
    _play_until(finished, lambda state, after: False, 14)
    scene._record_solo(finished.state)
    assert bests.load(data_dir()).results == []  # not recorded
    over = scene.game_over_scene()
    fresh_app.push(over)
    texts = [t.content for t in recorded(fresh_app).texts]
    assert any("does not count" in text for text in texts)
    fresh_app.pop()


def test_the_solo_look_ahead_mark_survives_a_save_and_a_load_and_keeps_the_game_off_every_best(
    fresh_app: Any,
) -> None:
    """Undone past a seen tile card, saved, loaded: still off the solo bests, and the statistics'
    best score leaves it out too (the mark was in memory only, so a reload counted the game)."""
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=3)
    click(fresh_app, air_point(scene, 3.0))
    frames(fresh_app, 3)
    scene.undo()
    dialog = fresh_app.top
    assert isinstance(dialog, DialogScene)
    dialog.buttons[0].click()
    frames(fresh_app, 2)
    assert scene.match.history.cursor == 0
    writer.flush()
    loaded = saves.load_game(scene.match.save_path)
    assert loaded.saved.looked_ahead
    match = Match.from_loaded(loaded)
    fresh_app.pop()
    again = BitsScene(fresh_app, match)
    fresh_app.push(again)
    frames(fresh_app, 1)
    assert again.looked_ahead
    # Said on the table all game long, not only on the final table.
    assert any(t.content.endswith("not for the bests") for t in recorded(fresh_app).texts)
    rnd = random.Random(14)
    while not match.over:
        match.play(rnd.choice(match.game.legal_moves(match.state)))
    again._record_solo(match.state)
    assert bests.load(data_dir()).results == []  # not recorded after the reload either
    over = again.game_over_scene()
    fresh_app.push(over)
    assert any("does not count" in t.content for t in recorded(fresh_app).texts)
    fresh_app.pop()
    writer.flush()
    result = saves.load_statistics().games["bits"].results[-1]
    assert result.looked_ahead and result.seed == match.setup.seed


def test_an_older_save_without_the_mark_loads_and_counts(tmp_path: Path) -> None:
    match = _match(1, 5)
    _play_until(match, lambda state, after: len(match.history.steps) >= 3, 5)
    saved = saves.saved_game(match.setup, match.history)
    data = json.loads(saved.model_dump_json())
    del data["looked_ahead"]  # written before the mark existed
    path = tmp_path / "bits-old.json"
    path.write_text(json.dumps(data))
    loaded = saves.load_game(path)
    assert not loaded.saved.looked_ahead and len(loaded.history.steps) == len(match.history.steps)
    assert not Match.from_loaded(loaded).looked_ahead


def test_a_game_played_after_looking_ahead_sets_no_best_score_in_the_statistics() -> None:
    def result(score: int, looked: bool) -> ResultRecord:
        return ResultRecord(players=["Anni"], kinds=["human"], scores=[score], winners=[0], looked_ahead=looked)

    stats = GameStatistics(finished=3, results=[result(20, False), result(31, True), result(25, False)])
    (anni,) = player_tallies(stats, solo=True)  # solo games are counted apart
    assert anni.played == 3 and anni.best == 25 and anni.average == (20 + 31 + 25) / 3


def test_a_solo_game_with_hints_is_no_record_and_says_so(fresh_app: Any) -> None:
    """A hint taken in a solo game keeps it off the solo bests, as an undo past a seen tile card does:
    no "new personal best", the table says it all game long, the final table says why, and the
    statistics keep its score out of the best and mark its line "with hints"."""
    from bauhausbox.scenes.results import result_headline

    scene = open_game(fresh_app, "bits", 1, ["human"], seed=6)
    assert not any(t.content.endswith("not for the bests") for t in recorded(fresh_app).texts)
    scene.take_hint(type("Job", (), {"error": None, "move": scene.game.legal_moves(scene.match.state)[0]})())
    assert scene.match.hints_taken == 1
    frames(fresh_app, 3)  # a changed part may show its old copy for a frame or two (ui/layer.py)
    assert any(t.content.endswith("not for the bests") for t in recorded(fresh_app).texts)
    finished = _match(1, 14)
    _play_until(finished, lambda state, after: False, 14)
    scene._record_solo(finished.state)
    assert bests.load(data_dir()).results == [] and scene.best_place is None  # no personal best
    fresh_app.push(scene.game_over_scene())
    said = [t.content for t in recorded(fresh_app).texts]
    assert any("does not count" in text and "hint" in text for text in said), said
    fresh_app.pop()
    scene.match.record_result()
    writer.flush()
    result = saves.load_statistics().games["bits"].results[-1]
    assert result.hints == 1
    assert "with hints" in result_headline("bits", result)
    plain = ResultRecord(players=["Anni"], kinds=["human"], scores=[20], winners=[0])
    hinted = ResultRecord(players=["Anni"], kinds=["human"], scores=[31], winners=[0], hints=4)
    (anni,) = player_tallies(GameStatistics(finished=2, results=[plain, hinted]), solo=True)
    assert anni.played == 2 and anni.best == 20
