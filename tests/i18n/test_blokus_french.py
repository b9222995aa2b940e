"""Blokus and its puzzles in French: refusals from the rules, counts, moves in words, how-to pages,
the puzzles' cards and the solver's answers, said from the catalogs (and English unchanged)."""

from __future__ import annotations

from datetime import datetime

from bauhausbox import i18n
from bauhausbox.games.blokus import bitboard as bb
from bauhausbox.games.blokus.puzzles.describe import describe_placement
from bauhausbox.games.blokus.puzzles.records.best_times import PuzzleRecord
from bauhausbox.games.blokus.puzzles.rules import check, new_puzzle, place
from bauhausbox.games.blokus.puzzles.screen.menu import card_status, pieces_placed_text
from bauhausbox.games.blokus.puzzles.screen.menu import how_to_pages as puzzle_pages
from bauhausbox.games.blokus.puzzles.solver import search as solver
from bauhausbox.games.blokus.puzzles.specs import parse_placement
from bauhausbox.games.blokus.puzzles.words import solver_words
from bauhausbox.games.blokus.rules import GAME
from bauhausbox.games.blokus.screen.howto import how_to_pages
from bauhausbox.games.blokus.screen.piece_widgets import ToolRow, turn_buttons
from bauhausbox.ui.chance_graph import percent
from bauhausbox.ui.text import long_date
from bauhausbox.ui.theme import Metrics


def _placement(cells: str) -> bb.Placement:
    return GAME.parse_move(GAME.new_game(4, 0), cells)


def test_a_chance_has_the_space_before_percent_in_french_only(french: None) -> None:
    assert percent(0.65) == "65\u00a0%"  # French typography: a no-break space before %
    i18n.set_language("en")
    assert percent(0.65) == "65%" and percent(1.0) == "100%"


def test_a_refusal_of_the_rules_reads_in_french(french: None) -> None:
    state = GAME.new_game(4, 0)
    reason = GAME.check(state, _placement("j10,k10,k11"))
    assert reason == "must cover your corner a20"  # the English sentence, as before
    assert i18n.translate(reason) == "doit couvrir votre coin a20"
    # A value that is a word is translated too: the colour in "Blue has already placed its monomino".
    after = GAME.apply(state, _placement("a20"))
    for _ in range(3):  # yellow, red and green place their monominoes too: blue again
        after = GAME.apply(after, GAME.legal_moves(after)[0])
    again = GAME.check(after, _placement("b19"))
    assert i18n.translate(again) == "Bleu a déjà posé son monomino"


def test_one_square_left_is_singular_in_both_languages(french: None) -> None:
    # Two players: each colour's cell says what it kept; the monomino alone is "1 square".
    state = GAME.new_game(2, 0)
    hands = (1 << bb.MONOMINO, bb.FULL_HAND, bb.FULL_HAND, bb.FULL_HAND)
    only_monomino = state._replace(hands=hands)
    cell = GAME.score_table(only_monomino)[0].cells[0]
    assert cell == "-1 (1 square left)"
    assert i18n.translate(cell) == "-1 (1 carré restant)"
    assert i18n.translate(GAME.score_table(state)[1].cells[1]) == "-89 (89 carrés restants)"


def test_counts_and_dates_on_the_puzzle_cards(french: None) -> None:
    assert pieces_placed_text(1) == "1 pièce posée"
    assert pieces_placed_text(5) == "5 pièces posées"
    assert long_date(datetime(2026, 2, 3)) == "03 févr. 2026"
    record = PuzzleRecord.model_validate({"completions": [{"when": "2026-11-26T10:00:00", "seconds": 192}]})
    assert card_status(record) == "Record 03:12  ·  résolu le 26 nov. 2026"
    # A solve with hints sets no record ("Résolvez-le sans indice pour établir un record"): not called one.
    hinted = PuzzleRecord.model_validate({"completions": [{"when": "2026-11-26T10:00:00", "seconds": 192, "hints": 2}]})
    assert card_status(hinted) == "Résolu avec 2 indices en 03:12  ·  le 26 nov. 2026"
    i18n.set_language("en")
    assert pieces_placed_text(1) == "1 piece placed"
    assert card_status(record) == "Best time 03:12  ·  last solved 26 Nov 2026"


def test_moves_in_words_in_french_and_english(french: None) -> None:
    state = GAME.new_game(2, 0)
    move = _placement("a18,a19,a20,b20,c20")
    assert GAME.describe_move(state, move, names=["Anni", "Josef"]) == "Anni a posé le V5 bleu sur a18–c20"
    assert GAME.describe_move(state, move) == "Bleu a posé le V5 sur a18–c20"
    puzzle_move = parse_placement("blue T4 a1,b1,c1,b2")
    assert describe_placement(puzzle_move) == "Vous avez posé le T4 bleu sur a1–c2"
    i18n.set_language("en")
    assert GAME.describe_move(state, move, names=["Anni", "Josef"]) == "Anni placed the blue V5 on a18–c20"


def test_the_how_to_pages_are_built_in_the_players_language(french: None) -> None:
    assert how_to_pages()[0].title == "Conquérir le plateau"
    assert puzzle_pages()[0].title == "Six casse-tête"
    i18n.set_language("en")
    assert how_to_pages()[0].title == "Claim the board"


def test_the_harder_frames_name_the_colour_as_french_agrees_it(french: None) -> None:
    state = place(new_puzzle("tetromino-hard"), parse_placement("green O a1,b1,a2,b2"))
    reason = check(state, parse_placement("green I4 c1,c2,c3,c4")).reason
    assert reason == "touches another green piece along a side"
    assert i18n.translate(reason) == "touche une autre pièce verte par un côté"


def test_the_solvers_answers_are_said_again_from_the_catalogs(french: None) -> None:
    """Real answers of the solver (cheap cases), each recognised and said in French."""
    timeout = solver.hint(place(new_puzzle("pentomino"), parse_placement("blue X c2,b3,c3,d3,c4")), 0.0, None, False)
    assert solver_words(timeout.message) == "Aucun moyen de finir trouvé en 0 s."
    stuck = new_puzzle("tetromino")
    for text in ("blue O b1,c1,b2,c2", "red O a3,b3,a4,b4"):
        stuck = place(stuck, parse_placement(text))
    remove = solver.hint(stuck, 2.0)
    assert remove.kind == "remove"
    assert solver_words(remove.message) == "Ce plateau ne peut pas être terminé. Retirez le O rouge : il pourra l’être."
    promising = solver.hint(new_puzzle("fullboard"), 0.0, None, False)
    assert promising.placement is not None
    said = solver_words(promising.message)
    assert said.startswith("Aucun moyen de finir trouvé en 0 s. Un coup prometteur, sans garantie : le ")
    assert " bleu sur a" in said
    assert solver_words("Something new from the solver.") == "Something new from the solver."  # shown, not lost


def test_tool_buttons_are_measured_in_the_language_they_are_drawn_in(french: None, app: object) -> None:
    """(``app``: the session's window, so fonts are ready.)"""
    metrics = Metrics(1280, 800)
    rotate, flip = turn_buttons(lambda: None, lambda: None)
    row = ToolRow([rotate, flip])
    french_width = row.width_needed(40, 8, metrics)
    i18n.set_language("en")
    english_width = row.width_needed(40, 8, metrics)
    # "TOURNER" and "RETOURNER" are wider than "ROTATE" and "FLIP": the row must make room for them.
    assert french_width > english_width
