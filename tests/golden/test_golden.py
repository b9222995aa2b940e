"""The golden playthroughs replay: every file in ``tests/data/<game>/`` still plays, move by move, to
the recorded positions, final position and result (see tests/data/README.md and ``scripts/golden``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bauhausbox import games
from bauhausbox.games.blokus.puzzles import specs as puzzle_specs
from tests.golden import generate
from tests.golden.playthrough import (
    DATA,
    PUZZLES_ID,
    Divergence,
    Playthrough,
    parse_options,
    regenerate_hint,
    replay,
)

FILES = sorted(DATA.glob("*/*.txt"))


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def _headers() -> list[dict[str, str]]:
    return [Playthrough.from_text(path.read_text(encoding="utf-8")).header for path in FILES]


def test_every_game_and_variant_has_a_file() -> None:
    recorded = {_id(path) for path in FILES}
    assert {_id(variant.path) for variant in generate.VARIANTS} == recorded, "run scripts/golden"
    covered = {path.parent.name for path in FILES}
    assert covered == {*games.GAME_IDS, PUZZLES_ID}


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_every_player_count_and_option_value_is_played(game_id: str) -> None:
    """A new option value or player count needs its golden file (a variant in tests/golden/generate.py)."""
    game = games.load(game_id)
    played = [
        # The puzzles' files name their puzzle (the game's one option) and have one player.
        (1, {"puzzle": h["puzzle"]}) if "puzzle" in h else (int(h["players"]), parse_options(h["options"]))
        for h in _headers()
        if h["game"] == game_id
    ]
    assert {players for players, _ in played} == set(range(game.info.min_players, game.info.max_players + 1))
    for spec in game.info.options:
        for value, _ in spec.choices:
            assert any(options.get(spec.key) == str(value).lower() for _, options in played), (spec.key, value)


def test_every_puzzle_is_solved() -> None:
    solved = {header["puzzle"] for header in _headers() if header["game"] == PUZZLES_ID}
    assert solved == {spec.id for spec in puzzle_specs.PUZZLES}


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_golden_playthrough_replays(path: Path) -> None:
    playthrough = Playthrough.from_text(path.read_text(encoding="utf-8"))
    assert playthrough.game_id == path.parent.name
    assert playthrough.moves, "a golden file without moves pins nothing"
    try:
        replay(playthrough, _id(path))
    except Divergence as error:
        message = str(error)
    else:
        return
    # Failing outside the handler keeps the report to the one message (no chained traceback).
    pytest.fail(f"{message}\n{regenerate_hint(path)}", pytrace=False)


def _plant(path: Path, old: str, new: str) -> Playthrough:
    text = path.read_text(encoding="utf-8")
    assert old in text
    return Playthrough.from_text(text.replace(old, new, 1))


def test_a_changed_move_is_reported_with_its_number() -> None:
    path = DATA / "blokus" / "2-players.txt"
    playthrough = Playthrough.from_text(path.read_text(encoding="utf-8"))
    playthrough.moves[2], playthrough.moves[3] = playthrough.moves[3], playthrough.moves[2]
    with pytest.raises(Divergence, match=r"blokus/2-players: move 3 .* (no longer legal|different position)"):
        replay(playthrough, "blokus/2-players")


def test_a_changed_result_is_reported_as_a_diff() -> None:
    path = DATA / "bauhaus" / "2-players.txt"
    playthrough = Playthrough.from_text(path.read_text(encoding="utf-8"))
    playthrough.result[1] = "scores: 999 0"
    with pytest.raises(Divergence, match=r"the result differs:(.|\n)*\+scores:"):
        replay(playthrough, "bauhaus/2-players")


def test_a_changed_position_digest_names_the_move() -> None:
    path = DATA / "bits" / "solo-easy.txt"
    playthrough = Playthrough.from_text(path.read_text(encoding="utf-8"))
    playthrough.digests[4] = "0" * len(playthrough.digests[4])
    with pytest.raises(Divergence, match=r"move 5 .* different position"):
        replay(playthrough, "bits/solo-easy")


@pytest.mark.parametrize("name", ["bits/solo-easy", "blokus/2-players", "buizen/4-players", "blokus-puzzles/tetromino"])
def test_generation_is_reproducible(name: str) -> None:
    """Generating a (quick) variant again gives its file byte for byte: bots and solver depend on
    their seeds only. A difference here means a computer level or the solver changed its choices."""
    (variant,) = (v for v in generate.VARIANTS if _id(v.path) == name)
    recorded = variant.path.read_text(encoding="utf-8")
    again = generate.build(variant)
    old_moves = Playthrough.from_text(recorded).moves
    for number, (old, new) in enumerate(zip(old_moves, again.moves, strict=False), start=1):
        if old != new:
            pytest.fail(
                f"{name}: generated again, move {number} is {new!r} instead of {old!r}: a computer level or "
                f"the solver now chooses differently.\n{regenerate_hint(variant.path)}",
                pytrace=False,
            )
    assert again.to_text() == recorded, regenerate_hint(variant.path)


def test_the_plain_full_board_order_is_refused_by_the_harder_puzzle() -> None:
    """The plain full-board file is placed colour by colour, small pieces before large ones of the
    next colour: exactly what the harder version forbids, so the two files pin different rules."""
    playthrough = Playthrough.from_text((DATA / PUZZLES_ID / "fullboard.txt").read_text(encoding="utf-8"))
    playthrough.header["puzzle"] = "fullboard-hard"
    with pytest.raises(Divergence, match=r"is no longer legal: largest first"):
        replay(playthrough, "fullboard as fullboard-hard")
