"""Blokus for serious players, on the real window: move numbers on the pieces (M, the Numbers button,
remembered), a picture of the position and the game as a Pentobi file from the game screen and the
replay viewer, the Load screen's Game files tab, a file dropped on the window, and
``replay FILE --png``."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from bauhausbox.cli import main
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.games.blokus import sgf
from bauhausbox.games.blokus.rules import GAME
from bauhausbox.games.blokus.screen.board_view import central_cell
from bauhausbox.games.blokus.screen.colours import RGB
from bauhausbox.games.blokus.screen.picture import number_cell, numbered_pieces
from bauhausbox.games.blokus.screen.scene import BlokusScene
from bauhausbox.match import Match
from bauhausbox.persistence import paths, saves
from bauhausbox.scenes.dialog import DialogScene
from bauhausbox.scenes.load import LoadScene
from bauhausbox.scenes.main_menu import MainMenuScene
from bauhausbox.scenes.replay import ReplayScene
from bauhausbox.ui import theme
from tests.ui.helpers import click, frames, key


def _setup(players: int = 4, options: dict[str, str] | None = None) -> Setup:
    specs = tuple(SeatSpec.from_text("human", f"P{i + 1}") for i in range(players))
    return Setup("blokus", players, 1, specs, GAME.normalize_options(players, options or {}))


def _history(texts: list[str], players: int = 4, options: dict[str, str] | None = None) -> History[Any]:
    history = History(GAME, _setup(players, options).new_state(GAME))
    for text in texts:
        history.play_text(text)
    return history


def _random_game(players: int, options: dict[str, str], seed: int, limit: int = 999) -> list[str]:
    state = GAME.new_game(players, 0, **options)
    rnd, texts = random.Random(seed), []
    while state.to_play is not None and len(texts) < limit:
        move = rnd.choice(GAME.legal_moves(state))
        texts.append(move.text)
        state = GAME.apply(state, move)
    return texts


# The first moves of a four-player game: blue, yellow, red, green in turn, then blue again.
OPENING = _random_game(4, {}, seed=1, limit=5)


def _squares(text: str) -> set[tuple[int, int]]:
    """The squares of a move's text ("a20,b19"): column letter, row number from 1 at the bottom."""
    return {(ord(name[0]) - ord("a"), int(name[1:]) - 1) for name in text.split(",")}


def _scene(app: Any, texts: list[str]) -> BlokusScene:
    scene = BlokusScene(app, Match(_setup(), _history(texts), autosave=False))
    app.push(scene)
    frames(app, 2)
    return scene


def _share(surface: pygame.Surface, colour: tuple[int, int, int]) -> float:
    """The part of a picture in exactly ``colour``."""
    return _white_share(surface, surface.get_rect(), colour)


def _white_share(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int] = theme.WHITE) -> float:
    white = sum(
        surface.get_at((x, y))[:3] == colour for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
    )
    return white / (rect.width * rect.height)


def test_each_piece_is_numbered_by_the_move_that_placed_it() -> None:
    pieces = numbered_pieces(_history(OPENING))
    assert [p.number for p in pieces] == [1, 2, 3, 4, 5]
    assert [p.colour for p in pieces] == [0, 1, 2, 3, 0]  # blue, yellow, red, green, blue again
    assert [set(p.cells) for p in pieces] == [_squares(text) for text in OPENING]
    for piece in pieces:  # the number leaves the piece's central square to its seat shape
        assert number_cell(piece.cells) != central_cell(frozenset(piece.cells))
    history = _history(OPENING)
    history.go_to(2)
    assert [p.number for p in numbered_pieces(history)] == [1, 2]  # only what is on the board


def test_numbers_switch_with_m_and_the_button_and_are_remembered(fresh_app: Any) -> None:
    app = fresh_app
    app.settings.move_numbers = False
    scene = _scene(app, OPENING)
    first = scene.board.cell_rect(number_cell(numbered_pieces(scene.match.history)[0].cells)).inflate(-4, -4)
    assert _white_share(app.screen, first) == 0  # a blue square, no disc
    key(app, pygame.K_m)
    frames(app, 1)
    assert app.settings.move_numbers and saves.load_settings().move_numbers
    assert _white_share(app.screen, first) > 0.15  # the white badge under the number (small: the piece shows)
    assert scene.numbers_button.selected
    click(app, scene.numbers_button.rect.center)
    frames(app, 1)
    assert not app.settings.move_numbers and not saves.load_settings().move_numbers
    assert _white_share(app.screen, first) == 0
    app.pop(scene)


def _no_exports_yet() -> None:
    """Clear the session's picture and game-file folders: other tests (the layout check's export
    scenarios) may have left files there, and these tests count what they themselves wrote."""
    for folder, pattern in ((paths.pictures_dir(), "*.png"), (paths.game_files_dir(), "*.blksgf*")):
        for path in folder.glob(pattern):
            path.unlink()


def test_ctrl_p_and_ctrl_s_save_the_picture_and_the_game_where_the_status_says(fresh_app: Any) -> None:
    app = fresh_app
    _no_exports_yet()
    app.settings.move_numbers = True
    scene = _scene(app, OPENING)
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    pictures = list(paths.pictures_dir().glob("*.png"))
    assert len(pictures) == 1 and str(pictures[0]) in scene.message
    picture = pygame.image.load(str(pictures[0]))
    assert picture.get_width() == picture.get_height() > 800
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    exported = list(paths.game_files_dir().glob("*.blksgf"))
    assert len(exported) == 1 and str(exported[0]) in scene.message
    game = sgf.read(exported[0].read_bytes())
    assert (game.players, game.moves, game.names) == (4, OPENING, ["P1", "P2", "P3", "P4"])
    # The Export button asks which of the two.
    click(app, scene.export_button.rect.center)
    assert isinstance(app.top, DialogScene)
    key(app, pygame.K_ESCAPE)
    app.pop(scene)
    for path in pictures + exported:
        path.unlink()
    app.settings.move_numbers = False


def test_an_unwritable_folder_is_said_in_one_sentence(fresh_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app = fresh_app
    scene = _scene(app, OPENING)
    blocked = paths.data_dir() / "not-a-folder"
    blocked.write_text("a file where a folder should be")
    monkeypatch.setattr(paths, "pictures_dir", lambda: blocked / "pictures")
    monkeypatch.setattr(paths, "game_files_dir", lambda: blocked / "files")
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    assert scene.message_kind == "error" and scene.message.startswith("The picture could not be saved")
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert scene.message_kind == "error" and scene.message.startswith("The game file could not be saved")
    app.pop(scene)
    blocked.unlink()


def test_the_replay_viewer_offers_numbers_picture_and_pentobi_file(fresh_app: Any) -> None:
    app = fresh_app
    _no_exports_yet()
    app.settings.move_numbers = False
    texts = _random_game(2, {"variant": "duo"}, seed=3)
    history = _history(texts, 2, {"variant": "duo"})
    replay = ReplayScene(app, _setup(2, {"variant": "duo"}), history)
    app.push(replay)
    frames(app, 1)
    assert [b.label for b in replay.tool_buttons] == ["Numbers", "Picture", "Pentobi file"]
    replay.go_to(4)
    key(app, pygame.K_m)
    assert app.settings.move_numbers and replay.tool_buttons[0].selected
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    (picture,) = paths.pictures_dir().glob("*move-4.png")
    assert str(picture) in replay.message[0]
    click(app, replay.tool_buttons[2].rect.center)  # the whole game, whatever the move shown
    (exported,) = paths.game_files_dir().glob("*.blksgf")
    assert sgf.read(exported.read_bytes()).moves == texts
    key(app, pygame.K_m)
    assert not app.settings.move_numbers
    key(app, pygame.K_ESCAPE)
    picture.unlink()
    exported.unlink()


def test_game_files_tab_opens_a_file_to_continue_or_replay_and_sets_a_broken_one_aside(fresh_app: Any) -> None:
    app = fresh_app
    _no_exports_yet()
    folder = paths.game_files_dir()
    unfinished = folder / "unfinished.blksgf"
    unfinished.write_text(sgf.write(4, {}, ["Anni", "Bert", "Cleo", "Dora"], OPENING))
    finished = folder / "finished.blksgf"
    ended = _random_game(2, {"variant": "junior"}, seed=5)
    finished.write_text(sgf.write(2, {"variant": "junior"}, ["Anni", "Bert"], ended))
    broken = folder / "broken.blksgf"
    broken.write_text(sgf.write(4, {}, ["A", "B", "C", "D"], OPENING)[:-20])
    app.push(LoadScene(app))
    frames(app, 1)
    load = app.top
    assert isinstance(load, LoadScene)
    assert load.files_tab_button.label == "Game files (3)"  # counted by name before the tab is read
    click(app, load.files_tab_button.rect.center)
    assert isinstance(app.top, DialogScene) and "broken.blksgf" in app.top.message  # explained once
    assert not broken.exists() and (folder / "broken.blksgf.broken").exists()
    key(app, pygame.K_ESCAPE)
    assert {s.path.name for s in load.summaries} == {"unfinished.blksgf", "finished.blksgf"}
    assert load.files_tab_button.label == "Game files (2)"  # the ones that open
    rows = {s.path.name: i for i, s in enumerate(load.summaries)}
    click(app, load.row_buttons[rows["finished.blksgf"]][0].rect.center)
    assert isinstance(app.top, ReplayScene) and app.top.moves == len(ended) and app.top.finished
    key(app, pygame.K_ESCAPE)
    before = unfinished.read_bytes()
    click(app, load.row_buttons[rows["unfinished.blksgf"]][0].rect.center)
    dialog = app.top
    assert isinstance(dialog, DialogScene)
    click(app, dialog.buttons[0].rect.center)  # Continue
    scene = app.top
    assert isinstance(scene, BlokusScene)
    assert scene.match.history.move_texts() == OPENING and scene.match.seat_name(0) == "Anni"
    assert scene.match.save_path.parent == paths.saves_dir()
    frames(app, 2)
    assert unfinished.read_bytes() == before  # the file is never written over
    app.go_home()
    for path in (unfinished, finished, folder / "broken.blksgf.broken", scene.match.save_path):
        path.unlink(missing_ok=True)


def test_a_file_dropped_on_the_main_menu_opens_and_a_bad_one_is_only_explained(fresh_app: Any, tmp_path: Path) -> None:
    app = fresh_app
    assert isinstance(app.top, MainMenuScene)
    good = tmp_path / "game.blksgf"
    good.write_text(sgf.write(2, {"variant": "duo"}, ["Anni", "Bert"], _random_game(2, {"variant": "duo"}, 8)))
    app.frame([pygame.event.Event(pygame.DROPFILE, file=str(good))], 1 / 60)
    assert isinstance(app.top, ReplayScene)
    key(app, pygame.K_ESCAPE)
    bad = tmp_path / "bad.blksgf"
    bad.write_text("(;GM[Blokus Duo];B[e9,d10,e10,f10,e11];B[a1])")
    app.frame([pygame.event.Event(pygame.DROPFILE, file=str(bad))], 1 / 60)
    dialog = app.top
    assert isinstance(dialog, DialogScene)
    assert "bad.blksgf" in dialog.message and "move 2" in dialog.message  # the problem and the move
    assert bad.exists()  # not ours to move aside
    key(app, pygame.K_ESCAPE)
    app.frame([pygame.event.Event(pygame.DROPFILE, file=str(tmp_path / "notes.txt"))], 1 / 60)
    assert isinstance(app.top, DialogScene) and ".blksgf" in app.top.message
    key(app, pygame.K_ESCAPE)


def test_replay_png_draws_the_position_after_a_move_with_numbers(tmp_path: Path, capsys: Any) -> None:
    game = tmp_path / "game.blksgf"
    game.write_text(sgf.write(4, {}, ["A", "B", "C", "D"], OPENING))
    plain, numbered = tmp_path / "plain.png", tmp_path / "numbered.png"
    assert main(["replay", str(game), "--png", str(plain), "--move", "2"]) == 0
    assert main(["replay", str(game), "--png", str(numbered), "--move", "2", "--numbers"]) == 0
    first, second = pygame.image.load(str(plain)), pygame.image.load(str(numbered))
    assert first.get_size() == second.get_size()
    whites = [_white_share(image, image.get_rect()) for image in (first, second)]
    assert whites[1] > whites[0]  # the numbers' white discs
    # Red's first piece is the third move: not in the picture after two, in the one after five.
    last = tmp_path / "last.png"
    assert main(["replay", str(game), "--png", str(last)]) == 0
    red = [_share(pygame.image.load(str(path)), RGB[2]) for path in (plain, last)]
    assert red[1] > red[0] + 0.005  # five squares of some 900 x 900 pixels' 20 x 20 board
    assert main(["replay", str(game), "--png", str(plain), "--move", "9"]) == 1
    assert "only 5 moves" in capsys.readouterr().err
    assert main(["replay", str(game), "--numbers"]) == 2


def test_the_how_to_pages_tell_duo_and_junior_as_the_rules_play_them(app: Any) -> None:
    from bauhausbox.engine.grid import cell_name
    from bauhausbox.games.blokus.pieces import PIECE_BY_NAME
    from bauhausbox.games.blokus.screen.howto import how_to_pages
    from bauhausbox.games.blokus.variants import DUO, JUNIOR, JUNIOR_PIECES, VARIANTS
    from bauhausbox.ui.theme import Metrics

    pages = {page.title: page for page in how_to_pages()}
    duo, junior = " ".join(pages["Blokus Duo"].paragraphs), " ".join(pages["Blokus Junior"].paragraphs)
    size = VARIANTS[DUO].size
    assert f"{size} × {size}" in duo
    for start in VARIANTS[DUO].starts[:2]:  # each starting square, named as the board names it
        assert start is not None and cell_name(start) in duo
    assert VARIANTS[JUNIOR].starts == VARIANTS[DUO].starts and "same starting squares" in junior
    squares = 2 * sum(PIECE_BY_NAME[name].size for name in JUNIOR_PIECES)
    assert f"{2 * len(JUNIOR_PIECES)} pieces, {squares} squares" in junior
    assert "no bonus" in junior and VARIANTS[JUNIOR].all_placed_bonus == VARIANTS[JUNIOR].monomino_bonus == 0
    surface = pygame.Surface((600, 500))
    for page in (pages["Blokus Duo"], pages["Blokus Junior"]):
        surface.fill(theme.PAPER)
        assert page.diagram is not None
        page.diagram(surface, surface.get_rect(), Metrics(1280, 800))
        assert _share(surface, RGB[0] if page is pages["Blokus Duo"] else RGB[1]) > 0.01  # pieces drawn


def test_with_numbers_on_a_recap_badge_says_the_move_number_on_the_numbered_square(
    fresh_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bauhausbox.scenes.story import MoveMark
    from bauhausbox.ui import draw

    app = fresh_app
    scene = _scene(app, OPENING)
    badges: list[tuple[tuple[int, int], str]] = []
    monkeypatch.setattr(
        draw, "badge", lambda surface, centre, radius, colour, label, size: badges.append((centre, label))
    )
    step = scene.match.history.steps[4]
    # The fifth move, first in the recap since the player's turn: its number is the move's own.
    assert scene.recap_number(4, 1) == 5
    mark = MoveMark(4, step.seat, step.move, RGB[0], "5")
    scene.outline_move(app.screen, mark)
    assert badges[-1][1] == "5"  # numbers off: the same number, on the piece's first square
    app.settings.move_numbers = True
    scene.outline_move(app.screen, mark)
    assert badges[-1] == (scene.board.cell_rect(number_cell(step.move.cells)).center, "5")
    app.pop(scene)


@pytest.mark.parametrize("side", [330, None])
def test_a_recap_badge_on_a_corner_square_stays_on_the_board(
    fresh_app: Any, monkeypatch: pytest.MonkeyPatch, side: int | None
) -> None:
    """Move 1 on a20 on a small board (15-px squares, as beside the analysis at 1024 x 700): its disc,
    wider than a square, reached over the row labels. ``None``: the board as the window lays it out."""
    from bauhausbox.scenes.story import MoveMark
    from bauhausbox.ui import draw

    app = fresh_app
    scene = _scene(app, OPENING)
    drawn: list[pygame.Rect] = []
    monkeypatch.setattr(
        draw,
        "badge",
        lambda surface, centre, radius, colour, label, size: drawn.append(
            pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)
        ),
    )
    step = scene.match.history.steps[0]
    assert (0, 19) in step.move.cells  # blue's first piece covers a20, the corner by the row labels
    if side is not None:
        scene.board.layout(pygame.Rect(scene.board.rect.left, scene.board.rect.top, side, side))
        assert scene.board.cell_px <= 16
    for numbers in (False, True):
        app.settings.move_numbers = numbers
        scene.outline_move(app.screen, MoveMark(0, step.seat, step.move, RGB[0], "1"))
        assert scene.board.rect.contains(drawn[-1]), (numbers, drawn[-1], scene.board.rect)
    app.pop(scene)


def test_the_game_files_tab_opens_a_typed_path(fresh_app: Any, tmp_path: Path) -> None:
    from tests.ui.helpers import type_text

    app = fresh_app
    elsewhere = tmp_path / "a folder" / "from Pentobi.blksgf"
    elsewhere.parent.mkdir()
    texts = _random_game(2, {"variant": "duo"}, seed=4)
    elsewhere.write_text(sgf.write(2, {"variant": "duo"}, ["Anni", "Bert"], texts))
    load = LoadScene(app)
    app.push(load)
    frames(app, 1)
    assert not load.path_field.visible  # only with the game files
    click(app, load.files_tab_button.rect.center)
    assert load.path_field.visible and load.open_path_button.visible
    click(app, load.path_field.rect.center)
    type_text(app, f'"{elsewhere}"')  # pasted with quotes, as a file manager copies it
    frames(app, 1)  # a path longer than the field is drawn from its end
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, ReplayScene) and app.top.moves == len(texts)
    key(app, pygame.K_ESCAPE)
    load.path_field.value = str(tmp_path / "missing.blksgf")
    click(app, load.open_path_button.rect.center)
    assert isinstance(app.top, DialogScene) and "missing.blksgf" in app.top.message
    key(app, pygame.K_ESCAPE)
    app.pop(load)


def test_hostile_game_files_are_each_refused_in_one_sentence_and_set_aside(fresh_app: Any) -> None:
    import os

    from bauhausbox.games.blokus.records import files

    folder = paths.game_files_dir()
    (folder / "dir.blksgf").mkdir()
    os.mkfifo(folder / "fifo.blksgf")  # opening it must not wait for a writer
    (folder / "deep.blksgf").write_text("(" * 100_000)
    (folder / "empty.blksgf").write_bytes(b"")
    (folder / "big.blksgf").write_bytes(b"(;GM[Blokus Duo]" + b" " * 5_000_000 + b")")
    found, problems = files.list_files()
    assert found == [] and sorted(p.path.name for p in problems) == sorted(
        ["dir.blksgf", "fifo.blksgf", "deep.blksgf", "empty.blksgf", "big.blksgf"]
    )
    assert all(p.reason and p.reason.isprintable() for p in problems)
    for problem in problems:
        assert saves.quarantine(problem) is not None
    names = sorted(os.listdir(folder))
    assert names == sorted(f"{n}.blksgf.broken" for n in ("dir", "fifo", "deep", "empty", "big"))
    for name in names:
        path = folder / name
        path.rmdir() if path.is_dir() else path.unlink()
