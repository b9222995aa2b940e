"""The shared scenes: menu (with a tooltip), settings, load, a dialog, and for every game its setup
screen, its how-to pages, its first position and its pause menu."""

from __future__ import annotations

import time

from bauhausbox import games
from bauhausbox.games.bits.records.bests import SoloBests, make_result
from bauhausbox.persistence.models import ResultRecord, Statistics
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.howto import HowToScene
from bauhausbox.scenes.load import LoadScene
from bauhausbox.scenes.settings import SettingsScene
from bauhausbox.scenes.setup import SetupScene
from bauhausbox.scenes.statistics import StatisticsScene
from bauhausbox.ui.app import App
from tests.ui.helpers import click, frames, move, open_game
from tests.ui.scenarios import scenario


def hover(app: App, label: str) -> None:
    """Rest the pointer on the top scene's widget whose label (or tooltip) starts with ``label``
    long enough for its tooltip to show."""
    top = app.top
    assert top is not None
    widget = next(
        w for w in top.widgets.widgets if w.visible and (getattr(w, "label", "") or w.tooltip).startswith(label)
    )
    move(app, widget.rect.center)
    top.widgets._hover_since = time.monotonic() - 5


@scenario("main_menu")
def main_menu(app: App) -> None:
    frames(app, 2)


@scenario("main_menu_tooltip")
def main_menu_tooltip(app: App) -> None:
    top = app.top
    assert top is not None
    hovered = next(w for w in top.widgets.widgets if w.visible and w.tooltip)
    move(app, hovered.rect.center)
    top.widgets._hover_since = time.monotonic() - 5


@scenario("main_menu_tooltip_blokus")
def main_menu_tooltip_blokus(app: App) -> None:
    """The Blokus card's tooltip, between the Buizen card above and the puzzles' card below."""
    hover(app, "Blokus")


@scenario("pause_tooltip_how_to_play")
def pause_tooltip_how_to_play(app: App) -> None:
    """The pause menu's "How to play" tooltip (F1), between Restart and Settings."""
    scene = open_game(app, "blokus", 2, ["human", "ai:easy"], seed=7)
    scene.open_pause()
    hover(app, "How to play")


@scenario("setup_tooltip_seat")
def setup_tooltip_seat(app: App) -> None:
    """The setup's seat choice tooltip ("Who plays this seat…"), off the YOUR RECORD box."""
    app.push(SetupScene(app, "bauhaus"))
    frames(app, 1)
    hover(app, "Who plays this seat")


@scenario("setup_tooltip_seat_four")
def setup_tooltip_seat_four(app: App) -> None:
    """The first seat's choice tooltip with four seats and an option below: by its control, not
    pushed down past the other seats onto the option's row."""
    setup = SetupScene(app, "bauhaus")
    app.push(setup)
    frames(app, 1)
    setup._set_players(4)
    frames(app, 1)
    move(app, setup.kind_fields[0].rect.center)
    setup.widgets._hover_since = time.monotonic() - 5


@scenario("howto_tooltip_next")
def howto_tooltip_next(app: App) -> None:
    """The how-to Next button's "Right arrow" at the window's right edge (it touched the edge at 1280)."""
    app.push(HowToScene(app, games.load("buizen").info.title, games.scene_class("buizen").how_to_play()))
    frames(app, 1)
    hover(app, "Next")


@scenario("game_tooltip_undo")
def game_tooltip_undo(app: App) -> None:
    """The Undo button's tooltip in a game with moves to undo."""
    scene = open_game(app, "blokus", 2, ["human", "ai:easy"], seed=7)
    scene.submit(scene.match.game.legal_moves(scene.match.state)[0])
    frames(app, 2)
    hover(app, "Undo")


@scenario("load_tooltip_tab")
def load_tooltip_tab(app: App) -> None:
    """A Load tab's tooltip over a list of saved games: off the first row's title."""
    from bauhausbox.persistence import saves
    from tests.ui.helpers import seeded_game

    seeded_game("bauhaus", 3, seed=7, stop_after=12, save_path=saves.new_save_path("bauhaus"))
    app.push(LoadScene(app))
    frames(app, 1)
    top = app.top
    assert isinstance(top, LoadScene)
    move(app, top.finished_tab_button.rect.center)
    top.widgets._hover_since = time.monotonic() - 5


@scenario("game_tooltip_menu")
def game_tooltip_menu(app: App) -> None:
    """The game's menu button tooltip, over the top of the GAME LOG panel under the top bar."""
    open_game(app, "blokus", 2, ["human", "human"], seed=7)
    hover(app, "Menu: undo")


@scenario("settings")
def settings(app: App) -> None:
    app.push(SettingsScene(app))


@scenario("load")
def load(app: App) -> None:
    app.push(LoadScene(app))


def _statistics_filled() -> Statistics:
    """Results of every game with long names, a tie and a computer (what the statistics screen lays out)."""
    names = ["Anni", "Bartholomäus-Maximilian", "Computer (hard)", "Josef"]
    stats = Statistics()
    for game_id in games.GAME_IDS:
        for number in range(9):
            players = 1 if game_id == "blokus-puzzles" else 2 + number % 3
            stats.started(game_id)
            stats.record(
                game_id,
                ResultRecord(
                    players=names[:players],
                    kinds=["human", "human", "ai:hard", "human"][:players],
                    scores=[(number * 7 + seat * 13) % 90 - 20 for seat in range(players)],
                    # Every fourth game a shared win (its headline is the longest).
                    winners=[0, 1] if number % 4 == 3 and players > 1 else [number % players],
                ),
            )
    return stats


@scenario("statistics")
def statistics(app: App) -> None:
    app.push(StatisticsScene(app))


@scenario("statistics_filled")
def statistics_filled(app: App) -> None:
    scene = app.push(StatisticsScene(app, "bits"))
    assert isinstance(scene, StatisticsScene)
    scene.stats = _statistics_filled()
    scene.solo = SoloBests(results=[make_result(seed, [12, 9, 11 - seed]) for seed in range(6)])


@scenario("statistics_filled_blokus")
def statistics_filled_blokus(app: App) -> None:
    scene = app.push(StatisticsScene(app, "blokus"))
    assert isinstance(scene, StatisticsScene)
    scene.stats = _statistics_filled()


@scenario("setup_record_filled")
def setup_record_filled(app: App) -> None:
    """The setup's "Your record" box with five long results (shared wins, long names): every line in the box."""
    setup = SetupScene(app, "bauhaus")
    app.push(setup)
    setup.record = _statistics_filled().games["bauhaus"]


@scenario("dialog")
def dialog(app: App) -> None:
    app.push(
        DialogScene(
            app,
            "A saved game could not be opened",
            "blokus-2026.json: the file is not valid JSON (cut short?) at line 3. It was kept as "
            "blokus-2026.json.broken.\nEverything else is fine; you can carry on.",
        )
    )


def _register_game(game_id: str) -> None:
    game = games.load(game_id)

    @scenario(f"{game_id}_setup")
    def setup(app: App) -> None:
        app.push((games.setup_class(game_id) or SetupScene)(app, game_id))

    pages = games.scene_class(game_id).how_to_play()
    for index in range(len(pages)):

        @scenario(f"{game_id}_howto_{index + 1}")
        def howto(app: App, index: int = index) -> None:
            scene = app.push(HowToScene(app, game.info.title, games.scene_class(game_id).how_to_play()))
            scene.index = index  # type: ignore[attr-defined]

    if game_id == "blokus-puzzles":
        return  # the puzzles open from their menu: see tests/ui/scenarios/puzzles.py

    @scenario(f"{game_id}_start")
    def start(app: App) -> None:
        players = game.info.default_players
        open_game(app, game_id, players, ["human"] + ["ai:easy"] * (players - 1), seed=7)
        frames(app, 3)

    @scenario(f"{game_id}_pause")
    def pause(app: App) -> None:
        players = game.info.default_players
        scene = open_game(app, game_id, players, ["human"] + ["ai:easy"] * (players - 1), seed=7)
        scene.open_pause()


for _game_id in games.GAME_IDS:
    _register_game(_game_id)


@scenario("curtain_long_name")
def curtain_long_name(app: App) -> None:
    """The pass-the-device curtain for the longest name a player may have (24 characters)."""
    from bauhausbox.engine.history import SeatSpec
    from bauhausbox.scenes.flow import start_match

    seats = [SeatSpec("WWWWWWWWWWWWWWWWWWWWWWWW", "human"), SeatSpec("Bo", "human")]
    start_match(app, "buizen", 2, seats, {}, seed=3)
    frames(app, 3)


@scenario("banner_your_turn")
def banner_your_turn(app: App) -> None:
    scene = open_game(app, "blokus", 2, ["human", "ai:easy"], seed=3)
    scene.banner("Your turn, WWWWWWWWWWWWWWWWWWWWWWWW", 0)


@scenario("replay_speed_tooltip")
def replay_speed_tooltip(app: App) -> None:
    """The replay viewer of a finished Blokus game, playing at 4x, the pointer on the speed button."""
    from bauhausbox.scenes.replay import ReplayScene
    from tests.ui.helpers import seeded_game

    replay = app.push(ReplayScene.of_match(app, seeded_game("blokus", 2, seed=5)))
    assert isinstance(replay, ReplayScene)
    replay.toggle_play()
    replay.change_speed(2)
    frames(app, 2)
    move(app, replay.speed_button.rect.center)
    replay.widgets._hover_since = time.monotonic() - 5


@scenario("setup_seat_list")
def setup_seat_list(app: App) -> None:
    """The list of every kind of player, opened by a click on the last seat's choice."""
    setup = SetupScene(app, "blokus")
    app.push(setup)
    frames(app, 1)
    setup._set_players(4)
    frames(app, 1)
    click(app, setup.kind_fields[3].rect.center)
