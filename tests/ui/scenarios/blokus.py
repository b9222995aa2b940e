"""The key states of blokus's screen for the layout test and the screenshots: two and four players
at the start, a piece held over a legal and over an illegal spot, a refusal just made, a hint, a
pass banner, game over (the table, and the board after "See the board"), a two-player and a
four-player game well under way with the log open, the move numbers on the pieces, the Export question, the replay
viewer with its Blokus tools and a picture just saved, the Load screen's Game files tab, and the replay
of a two-player game with its analysis (done, at a turning point; and stopped part-way)."""

from __future__ import annotations

import random

import pygame

from bauhausbox.engine.history import SeatSpec
from bauhausbox.games.blokus import analysis, sgf
from bauhausbox.games.blokus.pieces import PIECES
from bauhausbox.games.blokus.rules import GAME, BlokusState
from bauhausbox.games.blokus.screen.analysis_view import BlokusAnalysisView
from bauhausbox.games.blokus.screen.scene import BlokusScene
from bauhausbox.match import Match
from bauhausbox.persistence import paths
from bauhausbox.scenes.flow import open_match
from bauhausbox.scenes.load import LoadScene
from bauhausbox.scenes.replay import ReplayScene
from bauhausbox.ui.app import App
from tests.ui.helpers import click, frames, key, move, open_game, wait_until
from tests.ui.scenarios import scenario

INDEX = {piece.name: i for i, piece in enumerate(PIECES)}
NAMES = ["Marianne Brandt", "Computer 2", "Computer 3", "Computer 4"]


def _scene(app: App) -> BlokusScene:
    scene = app.top
    assert isinstance(scene, BlokusScene)
    return scene


def _open(app: App, players: int = 4, seats: list[str] | None = None) -> BlokusScene:
    open_game(app, "blokus", players, seats or ["human"] + ["ai:easy"] * (players - 1), seed=7)
    frames(app, 2)
    return _scene(app)


def _show_log(scene: BlokusScene) -> None:
    if not scene.app.settings.log_open:
        scene.toggle_log()
        scene.layout(scene.metrics)


def _hold(app: App, scene: BlokusScene, piece: str) -> None:
    slot = scene.tray.slot_rect(INDEX[piece])
    assert slot is not None
    click(app, slot.center)
    assert scene.controller.held is not None


def _played(players: int, moves: int, seed: int, humans: int = 1) -> Match:
    """A match after ``moves`` random legal moves (``humans`` people first, then computers)."""
    seats = [SeatSpec(NAMES[i]) if i < humans else SeatSpec(NAMES[i], "ai", "easy") for i in range(players)]
    match = Match.start("blokus", players, seats, {}, seed)
    rnd = random.Random(seed)
    while match.history.cursor < moves and not match.over:
        state: BlokusState = match.state
        match.history.play(rnd.choice(GAME.legal_moves(state)))
    return match


@scenario("blokus_setup_3_players")
def setup_three_players(app: App) -> None:
    """The setup screen's line on the shared green, with the record box beside it."""
    from bauhausbox.scenes.setup import SetupScene

    scene = app.push(SetupScene(app, "blokus"))
    while scene.players != 3:
        scene.players_choice.step(1)
    frames(app, 1)


@scenario("blokus_2p_start")
def two_players(app: App) -> None:
    _open(app, 2)


@scenario("blokus_4p_start")
def four_players(app: App) -> None:
    _show_log(_open(app, 4))


@scenario("blokus_holding_legal")
def holding_legal(app: App) -> None:
    scene = _open(app, 4)
    _hold(app, scene, "I3")
    move(app, scene.board.cell_rect((1, 19)).center)  # a20 to c20, over blue's corner: legal
    assert sorted(scene.controller.hover_cells() or []) == [(0, 19), (1, 19), (2, 19)]


@scenario("blokus_holding_illegal")
def holding_illegal(app: App) -> None:
    scene = _open(app, 4)
    _hold(app, scene, "X")
    move(app, scene.board.cell_rect((9, 9)).center)  # nowhere near blue's corner


@scenario("blokus_holding_off_board")
def holding_off_board(app: App) -> None:
    scene = _open(app, 4)
    _hold(app, scene, "L5")
    move(app, scene.rotate_button.rect.center)  # carried over the tool buttons: drawn above them


@scenario("blokus_refusal")
def refusal(app: App) -> None:
    scene = _open(app, 4)
    _hold(app, scene, "T5")
    click(app, scene.board.cell_rect((10, 10)).center)
    assert scene.pointer_note is not None and scene.controller.held is not None


@scenario("blokus_hint")
def hint(app: App) -> None:
    scene = _open(app, 4)
    key(app, pygame.K_h)
    assert wait_until(app, lambda: scene.hint_move is not None, limit=900)


@scenario("blokus_pass_banner")
def pass_banner(app: App) -> None:
    for seed in range(40):
        rnd = random.Random(seed)
        state = GAME.new_game(4, seed)
        match = _played(4, 0, seed, humans=4)
        while state.to_play is not None:
            choice = rnd.choice(GAME.legal_moves(state))
            after = GAME.apply(state, choice)
            stuck = after.out & ~state.out
            if after.to_play is not None and any(stuck >> c & 1 and after.hands[c] for c in range(4)):
                open_match(app, match)
                scene = _scene(app)
                assert scene.submit(choice)
                frames(app, 1)
                return
            match.history.play(choice)
            state = after
    raise AssertionError("no colour passed in 40 random games")


@scenario("blokus_game_over")
def game_over(app: App) -> None:
    seats = [SeatSpec(NAMES[i], "ai", "easy") for i in range(4)]
    match = Match.start("blokus", 4, seats, {}, 3)
    rnd = random.Random(3)
    state, moves = match.state, []
    while not GAME.is_over(state):
        moves.append(rnd.choice(GAME.legal_moves(state)))
        state = GAME.apply(state, moves[-1])
    for played in moves[:-3]:  # the computers play the last moves on screen, and the table appears
        match.history.play(played)
    open_match(app, match)
    assert wait_until(app, lambda: not isinstance(app.top, BlokusScene), limit=900)


@scenario("blokus_see_the_board")
def see_the_board(app: App) -> None:
    game_over(app)
    top = app.top
    assert top is not None
    button = next(w for w in top.widgets.widgets if getattr(w, "label", "") == "See the board")
    click(app, button.rect.center)
    assert isinstance(app.top, BlokusScene)


@scenario("blokus_2p_log_open")
def two_players_log_open(app: App) -> None:
    """Two players, two colours each, the log open: the tool buttons stay clear of the log."""
    open_match(app, _played(2, 24, 5))
    _show_log(_scene(app))
    frames(app, 2)


@scenario("blokus_4p_log_open")
def four_players_log_open(app: App) -> None:
    open_match(app, _played(4, 36, 11))
    scene = _scene(app)
    _show_log(scene)
    frames(app, 2)
    for line in range(3):  # the pointer on a line of the log: that move is outlined on the board
        move(app, (scene.log_rect.centerx, scene.log_rect.top + scene.metrics.u(6 + 3 * line)))


@scenario("blokus_move_numbers")
def move_numbers(app: App) -> None:
    open_match(app, _played(4, 60, 13))
    scene = _scene(app)
    _show_log(scene)
    key(app, pygame.K_m)
    frames(app, 2)
    assert app.settings.move_numbers


@scenario("blokus_export_question")
def export_question(app: App) -> None:
    open_match(app, _played(2, 12, 5))
    click(app, _scene(app).export_button.rect.center)


@scenario("blokus_replay_tools")
def replay_tools(app: App) -> None:
    match = _played(4, 50, 17)
    replay = ReplayScene.of_match(app, match)
    app.push(replay)
    replay.go_to(30)
    key(app, pygame.K_m)
    key(app, pygame.K_p, pygame.KMOD_CTRL)  # the status says where the picture went
    frames(app, 2)
    assert replay.message[1] == "info"


@scenario("blokus_load_game_files")
def load_game_files(app: App) -> None:
    folder = paths.game_files_dir()
    for old in folder.glob("*.blksgf"):
        old.unlink()
    for seed, variant in ((21, "duo"), (22, "junior")):
        state, texts = GAME.new_game(2, 0, variant=variant), []
        rnd = random.Random(seed)
        while state.to_play is not None and len(texts) < 10 + seed:
            move_ = rnd.choice(GAME.legal_moves(state))
            texts.append(move_.text)
            state = GAME.apply(state, move_)
        (folder / f"{variant}.blksgf").write_text(sgf.write(2, {"variant": variant}, NAMES[:2], texts))
    load = LoadScene(app)
    app.push(load)
    frames(app, 1)
    click(app, load.files_tab_button.rect.center)
    assert len(load.summaries) == 2


def _replay_with_analysis(app: App, work: int) -> ReplayScene:
    """The replay of a whole two-player game, its analysis shown (at ``work`` per position, in process)."""
    replay = ReplayScene.of_match(app, _played(2, 200, 5, humans=2))
    app.push(replay)
    view = replay.analysis
    assert isinstance(view, BlokusAnalysisView)
    view.analysis = analysis.Analysis(view.states, work)
    view.toggle()
    frames(app, 2)
    return replay


@scenario("blokus_replay_analysed")
def replay_analysed(app: App) -> None:
    replay = _replay_with_analysis(app, 300)
    view = replay.analysis
    assert isinstance(view, BlokusAnalysisView) and view.analysis is not None
    work = view.analysis
    assert wait_until(app, lambda: work.finished, limit=3000)
    frames(app, 1)
    replay.go_to(view.points[0].position, pause=True)  # a turning point: the better move and its sentence
    frames(app, 2)
    move(app, (view.graph.x_of(view.points[-1].position), view.graph.plot.centery))


@scenario("blokus_replay_analysis_stopped")
def replay_analysis_stopped(app: App) -> None:
    replay = _replay_with_analysis(app, 1 << 40)
    view = replay.analysis
    assert isinstance(view, BlokusAnalysisView)
    click(app, view.stop_button.rect.center)  # "Stopped at …" beside the progress bar, and Resume
    frames(app, 2)


@scenario("blokus_corners")
def corners(app: App) -> None:
    # Corners (C): the squares where the colour to play may attach, as diamonds on the board.
    open_match(app, _played(4, 24, 7))
    scene = _scene(app)
    key(app, pygame.K_c)
    frames(app, 2)
    assert scene.show_corners


@scenario("blokus_replay_analysis_time_left")
def replay_analysis_time_left(app: App) -> None:
    # While it runs, the progress says roughly how long is left (a Duo game takes minutes).
    replay = _replay_with_analysis(app, 1 << 40)
    view = replay.analysis
    assert isinstance(view, BlokusAnalysisView) and view.analysis is not None
    view.analysis.seconds_left = lambda now=None: 200.0  # type: ignore[method-assign]
    frames(app, 2)
