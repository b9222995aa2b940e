"""Bits in French: refusals from the rules, goal cards, solo ranks, moves in words, score rows, the
how-to pages and the screen's own texts come out in French (the rulebook's terms: dominos, cartes
Objectif, manches, Architecte ... Boucheur de trous), while English stays as it was.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from bauhausbox import games, i18n
from bauhausbox.engine.api import IllegalMoveError
from bauhausbox.engine.history import SeatSpec
from bauhausbox.games.bits.cards import CARD_BY_ID, rank_ladder
from bauhausbox.games.bits.rules import BitsRules, Place
from bauhausbox.games.bits.screen.howto import how_to_play_pages
from bauhausbox.match import Match
from bauhausbox.ui import layout_probe
from tests.ui.helpers import frames, key, open_game, redraw_everything
from tests.ui.layout_check import problems


def _solo(seed: int = 11) -> Match:
    return Match.start("bits", 1, [SeatSpec.from_text("human", "Anni")], {}, seed)


def test_a_refusal_from_the_rules_reads_in_french(french: None) -> None:
    match = _solo()
    rules: BitsRules = match.game
    # Fill column 1 (the start tile and two tiles standing in it): a fourth standing tile has no room.
    for _ in range(3):
        match.history.play(Place(match.state.tile_for(0), True, 0))
    tile = match.state.tile_for(0)
    with pytest.raises(IllegalMoveError) as refused:
        rules.apply(match.state, Place(tile, True, 0))
    assert str(refused.value) == "column 1 has no room for a vertical tile"  # English, as before
    assert i18n.translate(refused.value.args[0]) == "la colonne 1 n’a plus de place pour un domino debout"
    wrong = "RY" if sorted(tile) != ["R", "Y"] else "BK"
    said = i18n.translate(rules.check(match.state, Place(wrong, False, 2)) or "")
    assert said.startswith(f"le domino à placer est {tile} (")


def test_goal_cards_put_the_colour_after_the_shape_in_french(french: None) -> None:
    assert i18n.translate(CARD_BY_ID["2a"].describe()) == "+2 par trio en coin bleu"
    assert i18n.translate(CARD_BY_ID["1a"].describe()) == "+2 par carré, +1 par autre surface de 4"
    i18n.set_language("en")
    assert CARD_BY_ID["2a"].describe() == "+2 per blue corner three"
    assert i18n.translate(CARD_BY_ID["1a"].describe()) == "+2 per square, +1 per other area of 4"


def test_the_solo_ranks_are_the_french_rulebooks(french: None) -> None:
    ladder = [(i18n.translate(name), i18n.translate(span)) for name, span in rank_ladder()]
    assert ladder == [
        ("Architecte", "plus de 30"),
        ("Ingénieur", "26–30"),
        ("Maçon", "21–25"),
        ("Paveur", "16–20"),
        ("Casseur de pierres", "11–15"),
        ("Nettoyeur de joints", "6–10"),
        ("Boucheur de trous", "5 ou moins"),
    ]
    i18n.set_language("en")
    assert [str(span) for _, span in rank_ladder()] == [
        "over 30",
        "26–30",
        "21–25",
        "16–20",
        "11–15",
        "6–10",
        "5 or less",
    ]


def test_moves_in_words_in_french_and_unchanged_in_english(french: None) -> None:
    match = _solo()
    state = match.state
    start = state.tile_for(0)
    said = games.describe_move("bits", state, Place(start, True, 4), names=["Anni"])
    assert said.startswith("Anni a placé le domino de départ ")
    assert said.endswith(" debout en colonne 5")
    match.history.play(Place(start, True, 4))
    tile = match.state.tile_for(0)
    flat = games.describe_move("bits", match.state, Place(tile, False, 1), names=["Anni"])
    assert " couché sur les colonnes 2–3" in flat
    i18n.set_language("en")
    english = games.describe_move("bits", state, Place(start, True, 4), names=["Anni"])
    assert english.startswith("Anni placed the ") and english.endswith(" start tile standing in column 5")


def test_the_score_table_speaks_french(french: None) -> None:
    match = _solo(8)
    rules = match.game
    while not match.over:
        match.history.play(rules.legal_moves(match.state)[0])
    rows = rules.score_table(match.state)
    labels = [i18n.translate(row.label) for row in rows]
    assert labels[0] == "Manche 1"
    assert labels[-2:] == ["Total", "Rang"]
    assert i18n.translate(rows[-1].cells[0]) in {i18n.translate(name) for name, _span in rank_ladder()}
    assert i18n.translate(rows[-1].cells[0]) != str(rows[-1].cells[0])  # a rank name, in French


def test_every_how_to_text_is_in_the_french_catalog(french: None) -> None:
    pages = how_to_play_pages()
    assert i18n._(pages[1].title) == "Un trou reste un trou"
    for page in pages:
        for text in (page.title, *page.paragraphs, page.caption):
            if text:
                assert i18n._(text) != text, f"not translated: {text!r}"


def test_the_bits_screen_in_french(french: None, fresh_app: Any) -> None:
    fresh_app._relayout()
    scene = open_game(fresh_app, "bits", 1, ["human"], seed=3)
    frames(fresh_app, 2)
    with layout_probe.recording(fresh_app.screen.get_size()) as record:
        frames(fresh_app, 1)
    texts = {t.content for t in record.texts}
    assert {"RANGS EN SOLO", "CARTES OBJECTIF · MANCHE 1", "VOTRE RAMPE", "DOMINO DE DÉPART"} <= texts
    assert "0 point pour l’instant" in texts  # French takes the singular for 0
    assert "Boucheur de trous" in texts
    assert scene.turn_text() == "P1\u00a0: placez votre domino de départ"  # no-break space before the colon


def test_the_solo_panel_fits_in_french_with_the_log_open(french: None, fresh_app: Any) -> None:
    """The smallest window with the log open leaves the panel narrow: the heading, the points so far
    and the best must not run into each other (they shared one line before)."""
    window = fresh_app.screen
    fresh_app.screen = pygame.Surface((1024, 700))
    fresh_app._relayout()
    log_was_open = fresh_app.settings.log_open
    try:
        if not log_was_open:
            key(fresh_app, pygame.K_TAB)  # opens the log (the setting stays as the player left it)
        scene = open_game(fresh_app, "bits", 1, ["human"], seed=3)
        if not fresh_app.settings.log_open:
            key(fresh_app, pygame.K_TAB)
        scene.personal_best = 12
        frames(fresh_app, 2)
        redraw_everything(fresh_app)
        with layout_probe.recording(fresh_app.screen.get_size()) as record:
            frames(fresh_app, 1)
        assert problems(record, check_sizes=False) == []
        # The layout check does not compare texts with each other: no two texts of the panel may touch.
        panel = [t for t in record.texts if scene.players_rect.contains(t.rect)]
        assert any(t.content == "votre record\u00a0: 12" for t in panel)
        clashes = [
            (a.content, b.content)
            for i, a in enumerate(panel)
            for b in panel[i + 1 :]
            if a.rect.clip(b.rect).width > 1 and a.rect.clip(b.rect).height > 1
        ]
        assert clashes == []
    finally:
        fresh_app.settings.log_open = log_was_open
        fresh_app.go_home()
        fresh_app.screen = window
        fresh_app._relayout()
