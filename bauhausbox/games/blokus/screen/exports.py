"""What the Blokus screen and the replay viewer send out: a picture of the position (PNG, into the
pictures folder) and the game as a Pentobi file (``.blksgf``, into the game files folder, where the
Load screen finds it again). Each returns the status bar's one sentence: where the file went, or why
it could not be written.
"""

from __future__ import annotations

from pathlib import Path

from bauhausbox.engine.api import Words
from bauhausbox.games.blokus.records import files
from bauhausbox.games.blokus.rules import BlokusState
from bauhausbox.games.blokus.screen import picture
from bauhausbox.match import Match
from bauhausbox.persistence import paths
from bauhausbox.persistence.models import now
from bauhausbox.scenes.game_hooks import Said


def _reason(error: OSError) -> str:
    return error.strerror or str(error) or type(error).__name__


def save_picture(match: Match, state: BlokusState, numbers: bool, path: Path | None = None) -> Said:
    """The board of ``state`` as a PNG (with the move numbers when ``numbers``), in the pictures
    folder unless ``path``; the numbers are those of ``match``'s history up to its cursor."""
    pieces = picture.numbered_pieces(match.history) if numbers else []
    try:
        if path is None:
            path = paths.pictures_dir() / f"blokus-{now().strftime('%Y%m%d-%H%M%S')}-move-{match.history.cursor}.png"
        picture.save_png(picture.board_picture(state, pieces), path)
    except OSError as error:
        return Words("The picture could not be saved: {reason}.", reason=_reason(error)), "error"
    return Words("Picture saved: {path}", path=str(path)), "info"


def save_game_file(match: Match, whole: bool) -> Said:
    """The game as a ``.blksgf`` in the game files folder: up to the cursor (the game as it stands),
    or every move of the history when ``whole`` (the replay viewer's game)."""
    texts = match.history.move_texts(upto_cursor=not whole)
    try:
        path = files.export(match.setup, texts, match.created)
    except OSError as error:
        return Words("The game file could not be saved: {reason}.", reason=_reason(error)), "error"
    return Words("Game saved as a Pentobi file: {path}", path=str(path)), "info"
