"""Buizen Wir-War's texts (``docs/rules/buizen.md``, "Notation"): cells, moves and positions.

``rules.py``'s module docstring describes the move notation and the position text; this module reads
them (``parse_move_text``, ``read_position``) and writes cells and tiles. Pure Python, no pygame.
"""

from __future__ import annotations

from bauhausbox.engine.api import InvalidMoveError
from bauhausbox.games.buizen.state import (
    HIDDEN,
    UNKNOWN_COLOUR,
    BuizenState,
    Cell,
    Draw,
    LaidPipe,
    Move,
    Pass,
    Place,
    Special,
)
from bauhausbox.games.buizen.tiles import (
    CANONICAL_ROTATION,
    FACE_LETTERS,
    MATERIALS,
    PUMP_ROOMS,
    ROADS,
    SPECIAL_NAMES,
    TILE_BY_NUMBER,
)


def cell_text(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def parse_cell(text: str) -> Cell:
    parts = text.strip().split(",")
    if len(parts) != 2:
        raise InvalidMoveError(f"{text!r} is not a cell like 2,-1")
    try:
        return int(parts[0]), int(parts[1])
    except ValueError as error:
        raise InvalidMoveError(f"{text!r} is not a cell like 2,-1") from error


def cell_key(text: str) -> tuple[int, int]:
    x, y = parse_cell(text)
    return y, x


_SPECIAL_BY_NAME = {name: kind for kind, name in SPECIAL_NAMES.items()}


def _tile_token(number: int) -> str:
    return SPECIAL_NAMES.get(number, str(number))


def tiles_text(tiles: tuple[int, ...]) -> str:
    known = [_tile_token(n) for n in tiles if n != HIDDEN]
    hidden = sum(1 for n in tiles if n == HIDDEN)
    return " ".join(known + ([f"?*{hidden}"] if hidden else []))


def _read_tiles(text: str) -> tuple[int, ...]:
    tiles: list[int] = []
    for word in text.split():
        if word.startswith("?"):
            tiles.extend([HIDDEN] * (int(word[2:]) if word.startswith("?*") else 1))
        elif word in _SPECIAL_BY_NAME:
            tiles.append(_SPECIAL_BY_NAME[word])
        else:
            number = int(word)
            if number not in TILE_BY_NUMBER:
                raise ValueError(f"no pipe tile {number}")
            tiles.append(number)
    return tuple(tiles)


def parse_move_text(text: str) -> Move:
    words = text.strip().lower().split()
    if words in (["draw"], ["pass"]):
        return Draw() if words[0] == "draw" else Pass()
    if len(words) == 3 and words[0] in _SPECIAL_BY_NAME and words[1] == "at":
        return Special(_SPECIAL_BY_NAME[words[0]], parse_cell(words[2]))
    if len(words) == 4 and words[2] == "at":
        tile_word, turn_word = words[0], words[1]
        if len(tile_word) < 2 or tile_word[-1] not in FACE_LETTERS or not tile_word[:-1].isdigit():
            raise InvalidMoveError(f"{tile_word!r} is not a tile and face like 17b")
        number = int(tile_word[:-1])
        if number not in TILE_BY_NUMBER:
            raise InvalidMoveError(f"there is no pipe tile {number}")
        if not turn_word.startswith("r") or turn_word[1:] not in ("0", "90", "180", "270"):
            raise InvalidMoveError(f"{turn_word!r} is not a turn like r90")
        return Place(number, FACE_LETTERS.index(tile_word[-1]), int(turn_word[1:]) // 90, parse_cell(words[3]))
    raise InvalidMoveError(f"{text!r} is not a Buizen move (e.g. '17b r90 at 2,-1', 'pit at 5,2', 'draw')")


def read_position(text: str) -> BuizenState:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    head = lines[0].split()
    if head[0] != "buizen":
        raise ValueError("a position starts with 'buizen'")
    fields = dict(word.split("=", 1) for word in head[1:])
    players = int(fields["players"])
    body = {}
    for line in lines[1:]:
        key, _, value = line.partition(":")
        body[key.strip()] = value.strip()
    colours = tuple(body["colours"].split())
    if len(colours) != len(MATERIALS) or any(c not in (*MATERIALS, UNKNOWN_COLOUR) for c in colours):
        raise ValueError("colours lists the 4 colour tiles (or ?)")
    hands = tuple(tuple(sorted(_read_tiles(body.get(f"hand {s}", "")))) for s in range(players))
    pipes: list[tuple[Cell, LaidPipe]] = []
    pumps: list[Cell] = []
    roads: list[tuple[Cell, tuple[int, ...]]] = []
    blocked: list[Cell] = []
    for entry in body.get("board", "").split(";"):
        words = entry.split()
        if not words:
            continue
        cell = parse_cell(words[0])
        what = words[1]
        if what == "pump":
            pumps.append(cell)
        elif what == "blocked":
            blocked.append(cell)
        elif what.startswith("road"):
            stack = tuple(_SPECIAL_BY_NAME[name] for name in what.split("+")[1:])
            roads.append((cell, stack))
        else:
            move = parse_move_text(f"{what} {words[2]} at {words[0]}")
            assert isinstance(move, Place)
            seat = int(words[4]) if len(words) >= 5 and words[3] == "by" else -1
            rotation = CANONICAL_ROTATION[(move.number, move.face, move.rotation)]
            pipes.append((cell, LaidPipe(move.number, move.face, rotation, seat)))
    to_play_text = fields.get("to_play", "0")
    viewer_text = fields.get("view")
    return BuizenState(
        players=players,
        to_play=None if to_play_text == "-" else int(to_play_text),
        hands=hands,
        bag=_read_tiles(body.get("bag", "")),
        colours=colours,
        pipes=tuple(sorted(pipes)),
        pumps=tuple(sorted(pumps)),
        roads=tuple(sorted(roads)),
        blocked=tuple(sorted(blocked)),
        pump_pile=int(fields.get("pumps", PUMP_ROOMS - len(pumps))),
        road_pile=int(fields.get("roads", ROADS - len(roads))),
        drawn=int(fields.get("drawn", 0)),
        viewer=None if viewer_text is None else int(viewer_text),
    )
