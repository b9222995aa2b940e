"""The documentation stays true: the rules pages' data and worked examples agree with the code and
the tests, every link in the docs leads somewhere, and nothing cites a place outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bauhausbox.games.bauhaus.cards import CARDS
from bauhausbox.games.bauhaus.rules import GAME as BAUHAUS
from bauhausbox.games.bits.board import board_from_rows
from bauhausbox.games.bits.cards import score_board
from bauhausbox.games.buizen.tiles import PIPE_TILES
from tests.games.bauhaus import test_bauhaus_examples as bauhaus_examples
from tests.games.bits.test_bits_scoring import EXAMPLE as BITS_EXAMPLE
from tests.games.buizen.test_buizen_rules import WORKED as BUIZEN_WORKED

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def section(page: str, heading: str) -> str:
    """The text of a page from ``heading`` to the next heading of the same level."""
    text = (RULES / page).read_text(encoding="utf-8")
    start = text.index(heading)
    level = heading.split(" ")[0]
    end = text.find(f"\n{level} ", start + len(heading))
    return text[start : end if end >= 0 else len(text)]


def code_blocks(text: str) -> list[str]:
    return [block.strip("\n") for block in re.findall(r"```[a-z]*\n(.*?)```", text, re.S)]


# -- Bauhaus ---------------------------------------------------------------------------------------
def test_bauhaus_worked_example_pictures_are_the_tested_positions() -> None:
    pictures = code_blocks(section("bauhaus.md", "## Worked examples"))
    tested = [bauhaus_examples.EXAMPLE_1, bauhaus_examples.EXAMPLE_2, bauhaus_examples.EXAMPLE_5]
    tested.append(bauhaus_examples.SCORING_EXAMPLE)
    assert pictures == [picture.strip("\n") for picture in tested]


def test_bauhaus_scoring_example_of_the_page_scores_17() -> None:
    picture = code_blocks(section("bauhaus.md", "## Worked examples"))[-1]
    assert BAUHAUS.scores(BAUHAUS.from_picture(picture, players=2)) == [17, 0]


def test_bauhaus_deck_table_is_the_deck() -> None:
    table = section("bauhaus.md", "## Components")
    rows = re.findall(r"^\s*\| [A-Z][a-z -]+ \| ((?:`[^`]+` ?)+) \| (\d+)", table, re.M)
    counts = {card.name: card.count for card in CARDS}
    assert sum(int(count) for _, count in rows) == sum(counts.values()) == 71
    for names, count in rows:
        assert sum(counts.pop(name) for name in re.findall(r"`([^`]+)`", names)) == int(count), names
    assert counts == {}


# -- Bits ------------------------------------------------------------------------------------------
def test_bits_worked_example_board_is_the_tested_board_and_scores_6_2_minus_2() -> None:
    block = code_blocks(section("bits.md", "## Worked example"))[0]
    rows = [line.replace(" ", "") for line in block.splitlines()]
    assert rows == BITS_EXAMPLE
    assert [card.points for card in score_board(board_from_rows(rows), ["1a", "2a", "3a"])] == [6, 2, -2]


# -- Buizen Wir-War --------------------------------------------------------------------------------
def test_buizen_tile_table_of_the_page_is_the_tile_set() -> None:
    block = code_blocks(section("buizen.md", "## ★ The 40 pipe tiles"))[0]
    lines = block.splitlines()[1:]  # the header line first
    assert len(lines) == len(PIPE_TILES) == 40
    for line, tile in zip(lines, PIPE_TILES, strict=True):
        for words, face in zip((part.split() for part in line.split("|")), tile.faces, strict=True):
            if words[0].isdigit():
                assert int(words[0]) == tile.number
                words = words[1:]
            assert " ".join(words[:-4]) == face.code, line
            assert tuple(words[-4:]) == tuple(face.sides), line


def test_buizen_worked_example_table_is_the_tested_layout() -> None:
    text = section("buizen.md", "## Worked example")
    laid = re.findall(r"^\| [A-Z]\w* \| (-?\d+,-?\d+) \| `[^`]+` \| `([^`]+)` \|", text, re.M)
    assert len(laid) == 6
    for cell, move in laid:
        assert f"{cell} {move}" in BUIZEN_WORKED


# -- links and references --------------------------------------------------------------------------
@pytest.mark.parametrize("page", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_lead_to_files_of_the_repository(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)]+)\)", text):
        assert not target.startswith(("http:", "https:", "/")), f"{target} leaves the repository"
        path = (page.parent / target.split("#")[0]).resolve()
        assert path.is_relative_to(ROOT) and path.exists(), f"{target} does not exist"


OUTSIDE = re.compile(r"/work/|/tmp/|/home/|/Users/|\.\./shared|shared/(rules|design|seeds)|\bseeds/")


@pytest.mark.parametrize("page", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_docs_cite_nothing_outside_the_repository(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert not OUTSIDE.search(text), OUTSIDE.search(text)


# Code, scripts and packaging cite the repository's own pages too: no machine paths, no folders outside.
SOURCES = sorted(
    path
    for folder in ("bauhausbox", "scripts", "packaging")
    for path in (ROOT / folder).rglob("*")
    if path.is_file() and path.suffix in {".py", ".md", ".sh", ""} and "__pycache__" not in path.parts
)
CITES_A_PAGE = re.compile(r"\brules page\b|\bstyle\.md\b|\bdesign\.md\b|READY\.md", re.IGNORECASE)


def test_sources_cite_only_pages_of_the_repository() -> None:
    offenders = []
    for path in SOURCES:
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line) or CITES_A_PAGE.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert len(SOURCES) > 50, "the walk found too few source files"
    assert not offenders, "cite docs/ by its repository path instead:\n" + "\n".join(offenders)
