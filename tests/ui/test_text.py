"""Counts read right: one shared helper, and no "(s)" left in any text of the app."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import bauhausbox
from bauhausbox.engine.text_board import plural


def test_plural_uses_the_singular_only_for_one() -> None:
    assert plural(1, "piece", "pieces") == "1 piece"
    assert [plural(n, "hint", "hints") for n in (0, 2, 11)] == ["0 hints", "2 hints", "11 hints"]


def _string_constants(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def test_no_text_of_the_app_hedges_a_plural_with_s_in_brackets() -> None:
    root = Path(bauhausbox.__file__).parent
    hedged = re.compile(r"[a-z]\(s\)")
    found = [
        f"{path.relative_to(root)}: {text!r}"
        for path in sorted(root.rglob("*.py"))
        for text in _string_constants(path)
        if hedged.search(text)
    ]
    assert found == []


def test_wrapping_never_breaks_at_a_no_break_space(app: object) -> None:
    from bauhausbox.ui import draw

    words = "Indice\u00a0: posez le L5 rouge sur k10–m12\u202f! " * 3
    for width in range(80, 400, 17):
        for line in draw.wrap(words, 18, width):
            assert not line.startswith((":", "!", "\u00a0", "\u202f")), (width, line)


def test_wrapping_never_parts_a_label_from_its_number(app: object) -> None:
    """The review: "Salles de pompes restantes : 9 · routes : 10" left "10" (or "routes :" and its
    number) split over two lines. At every width, no line starts with a number or a separator."""
    from bauhausbox.ui import draw

    texts = [
        "Salles de pompes restantes\u00a0: 9  ·  routes\u00a0: 10",
        "Pump rooms left: 9  ·  roads left: 10",
        "Pochette\u00a0: 36 tuiles  ·  coup 28 — sauvegardé",
    ]
    lone = re.compile(r"^[-+−(]?\d|^[·—–:]")
    for words in texts:
        for width in range(40, 420, 7):
            lines = draw.wrap(words, 18, width)
            assert not [line for line in lines if lone.match(line)], (width, lines)
            assert " ".join(lines) == " ".join(w for w in words.split(" ") if w), (width, lines)
    # Headings too (a title broken into lines keeps a number with its word).
    _size, lines = draw.heading_lines("Manche 3 sur 10", 40, 120, 40)
    assert not [line for line in lines if lone.match(line)], lines


def test_accented_capitals_sit_on_the_same_line_as_the_others(app: object) -> None:
    """Spaced capitals are drawn glyph by glyph; an accented one (taller) must share the baseline:
    the lowest inked row of "É" is the lowest inked row of "D"."""
    from bauhausbox.ui import draw
    from bauhausbox.ui.assets import font

    d_width = font(30, "black").size("D")[0]
    spaced = draw.render_text("DÉ", 30, weight="black", spacing=0.12)

    def lowest_ink(left: int, right: int) -> int:
        return max(y for x in range(left, right) for y in range(spaced.get_height()) if spaced.get_at((x, y)).a > 0)

    assert lowest_ink(0, d_width) == lowest_ink(d_width + 1, spaced.get_width())


def test_wrapped_lines_are_remembered_but_each_caller_gets_its_own_list(app: object) -> None:
    from bauhausbox.ui import draw

    words = "Bauhaus builds walls between squares until every zone is closed"
    first = draw.wrap(words, 20, 200)
    assert len(first) > 1 and " ".join(first) == words
    first.append("changed by its caller")
    again = draw.wrap(words, 20, 200)
    assert again == first[:-1]
    assert draw.wrap(words, 20, 2000) == [words]  # another width, another answer


def test_wrapping_keeps_a_size_such_as_20_by_20_on_one_line(app: object) -> None:
    """The review: the puzzles' rules broke "20 × 20" into "20" and "× 20" over two lines."""
    from bauhausbox.ui import draw

    texts = [
        "Full board: place all 84 pieces on the 20 × 20 board.",
        "Plateau complet : posez les 84 pièces sur le plateau de 20 × 20. Chaque pièce suit les règles.",
        "the 48 five-square pieces fill a 15 × 16 frame.",
    ]
    for words in texts:
        for width in range(60, 520, 5):
            lines = draw.wrap(words, 18, width)
            assert any(re.search(r"\d+ × \d+", line) for line in lines), (width, lines)
