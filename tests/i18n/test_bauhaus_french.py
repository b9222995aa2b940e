"""Bauhaus in French: the rules' refusals and card reasons, moves in words, the how-to pages, the
screen's prompt and a greyed card's explanation, said from the catalogs with the rulebook's terms
(pions, limites, zones fermées, Contrôle Mental…), and the same texts unchanged in English."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bauhausbox import games, i18n
from bauhausbox.engine.api import IllegalMoveError, Words
from bauhausbox.games.bauhaus.positions import EMPTY_BOARD, choose, zones_picture
from bauhausbox.games.bauhaus.rules import GAME, BauhausState
from bauhausbox.games.bauhaus.screen.howto import how_to_play_pages
from bauhausbox.games.bauhaus.screen.panel import greyed_reason, prompt_text
from bauhausbox.games.bauhaus.screen.scene import BauhausScene
from bauhausbox.ui import layout_probe
from tests.games.bauhaus.test_bauhaus_describe import EXAMPLE_5
from tests.ui.helpers import frames, redraw_everything, window_size
from tests.ui.layout_check import problems
from tests.ui.scenarios import all_scenarios

NBSP = "\u00a0"  # before ; : ! ? a space as wide as a word space (a narrow one read as none)


def _say(state: BauhausState, text: str, seat: int | None = None) -> str:
    move = GAME.parse_move(state, text, seat)
    return games.describe_move("bauhaus", state, move, mover=seat, names=["Anni", "Josef", "Gunta"])  # type: ignore[arg-type]


def _locked_corner() -> BauhausState:
    """Blue owns the locked zone a1-b1-a2; Yellow has a token on h8; the chosen card places a token."""
    state = GAME.from_picture(zones_picture([(["a1", "b1", "a2"], "bb."), (["h8"], "y")]), display=("place",) * 4)
    return replace(state, reserve=(6, 7), supply=66 - state.walls.bit_count())


def test_a_refusal_keeps_its_template_and_reads_in_french(french: None) -> None:
    state = choose(_locked_corner(), "place")
    reason = GAME.check(state, GAME.parse_move(state, "place a2"))
    # check() hands on the rules' Words, not the English string alone.
    assert isinstance(reason, Words) and reason == "that square is in a locked zone"
    assert i18n.translate(reason) == "cette case est dans une zone verrouillée"
    with pytest.raises(IllegalMoveError) as refused:
        GAME.apply(state, GAME.parse_move(state, "card1"))
    assert i18n.translate(refused.value.args[0]) == f"jouez la carte choisie{NBSP}: Placer un pion"


def test_card_reasons_count_the_walls_left_in_french(french: None) -> None:
    state = GAME.from_picture(EMPTY_BOARD, players=2, display=("I3", "free", "place", "place"))
    said = {n: i18n.translate(GAME.card_reason(replace(state, supply=n), state.display[0], 0) or "") for n in (0, 1, 2)}
    assert said == {
        0: "il ne reste aucune limite dans le stock (la carte en demande 3)",
        1: "il ne reste qu’une limite dans le stock (la carte en demande 3)",
        2: "il ne reste que 2 limites dans le stock (la carte en demande 3)",
    }
    i18n.set_language("en")
    assert (
        GAME.card_reason(replace(state, supply=1), state.display[0], 0)
        == "only 1 wall is left in the supply (the card needs 3)"
    )


def test_moves_in_words_use_the_rulebook_terms_in_french(french: None) -> None:
    state = GAME.from_picture(EXAMPLE_5, players=3, display=("free", "swap", "L3", "place"), powers=True)
    assert _say(state, "card0") == "Anni a choisi la carte Deux limites"
    assert _say(state, "card2") == "Anni a choisi la carte Motif L3 (L long)"
    assert _say(state, "power:forced f5", 2) == "Gunta a utilisé le Contrôle Forcé sur le pion bleu en f5"
    # A zone of six squares: the plural; the swap leaves Gunta (red) alone in it, so it is hers.
    assert _say(state, "power:shared g5", 1) == "Josef a utilisé le Contrôle Partagé sur la zone de 6 cases en f4"
    swap = choose(GAME.from_picture(EXAMPLE_5, players=3, display=("swap",) * 4), "swap")
    assert _say(swap, "swap c3,f5") == (
        f"Anni a inversé le pion rouge en c3 et le pion bleu en f5{NBSP}; "
        "Gunta possède désormais la zone fermée de 6 cases en f4"
    )
    i18n.set_language("en")
    assert _say(state, "card2") == "Anni chose Pattern L3 (long L)"


def test_a_zone_of_one_square_takes_the_singular_in_french(french: None) -> None:
    # Blue's token on a1 walled on three sides: the first Free wall on its fourth side closes it.
    state = GAME.from_picture(zones_picture([(["h8"], "y")]), players=2, display=("free",) * 4)
    walls = state.walls
    for name in ("a1S", "a1W", "a1N"):
        walls |= 1 << GAME.board.parse_edge(name)
    state = replace(
        state,
        walls=walls,
        supply=66 - walls.bit_count(),
        deployed=(1 << GAME.board.parse_square("a1"), state.deployed[1]),
    )
    free = choose(state, "free")
    assert _say(free, "wall a1E") == (
        f"Anni a posé la première de deux limites sur le côté droit de a1{NBSP}; "
        "Anni possède désormais la zone fermée de 1 case en a1"
    )
    i18n.set_language("en")
    assert (
        _say(free, "wall a1E")
        == "Anni built the first of two walls on the right side of a1; Anni now owns the closed zone of 1 square at a1"
    )


def test_how_to_pages_are_in_french_when_opened(french: None) -> None:
    pages = how_to_play_pages()
    assert [page.title for page in pages][-1] == "Pouvoirs spéciaux (règle optionnelle)"
    powers = " ".join(pages[-1].paragraphs)
    for name in ("Contrôle Mental", "Contrôle Partagé", "Contrôle Forcé", "Contrôle Mimétique"):
        assert name in powers
    i18n.set_language("en")
    assert how_to_play_pages()[-1].title == "Special powers (optional)"


def _scene(app: Any, monkeypatch: pytest.MonkeyPatch, scenario: str) -> BauhausScene:
    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    all_scenarios()[scenario](app)
    scene = app.top
    assert isinstance(scene, BauhausScene)
    i18n.set_language("fr")
    return scene


def test_the_clogged_prompt_explains_each_card_in_french(fresh_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = _scene(fresh_app, monkeypatch, "bauhaus_clogged")
    text = prompt_text(scene, scene.match.state)
    # Each card's reason, joined the French way, then the instruction.
    assert text.startswith("Aucune carte visible ne peut être jouée (la réserve de Bleu est vide")
    assert f"la réserve de Bleu est vide{NBSP}; il n’y a pas deux pions" in text
    assert text.endswith(f"{NBSP}: cliquez-en une pour la défausser (tout le monde la voit).")


def test_a_greyed_card_says_why_in_french(fresh_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = _scene(fresh_app, monkeypatch, "bauhaus_greyed_card")
    assert greyed_reason(scene, 0) == (
        f"La carte Inverser deux pions ne peut pas être prise maintenant{NBSP}: "
        "il n’y a pas deux pions déployés de couleurs différentes."
    )
    assert prompt_text(scene, scene.match.state).startswith("Choisissez une carte visible")


@pytest.mark.parametrize("name", ["bauhaus_4p_powers", "bauhaus_clogged", "bauhaus_pattern_illegal"])
def test_the_french_screen_fits_the_smallest_window(fresh_app: Any, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """French words are longer: at 1024×700 the panel's counts, cards, prompt and player rows stay in
    their boxes (the layout check of tests/ui, run in French)."""
    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    i18n.set_language("fr")
    with window_size(fresh_app, (1024, 700)):
        all_scenarios()[name](fresh_app)
        frames(fresh_app, 2)
        redraw_everything(fresh_app)
        with layout_probe.recording(fresh_app.screen.get_size()) as record:
            frames(fresh_app, 1)
        assert any("Pioche" in text.content for text in record.texts)
        assert problems(record, check_sizes=False) == []


def test_french_tells_the_opening_round_from_a_turn_and_calls_a_deployed_token_one_way(french: None) -> None:
    """The review found "Premier tour" (the opening round) beside the counter "tour 12" (a turn), and
    the awkward "pions face déploiement": the opening round is not a "tour", and a token showing its
    deployed face is "déployé" everywhere (the how-to names the face once)."""
    counter = i18n._("turn {n}  ·  saved").format(n=12)
    assert counter.startswith("tour 12")
    for opening in ("Opening round · {seat}", "Opening round: in turn, everyone places one token on any free square."):
        said = i18n._(opening)
        assert said != opening and not said.lower().startswith(("premier tour", "tour")), said
    for text in ("Two deployed tokens of different colours trade squares.", "choose a token showing its deployed face"):
        said = i18n._(text)
        assert said != text and "face déploiement" not in said and "déployé" in said, said
