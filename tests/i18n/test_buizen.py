"""Buizen Wir-War in the players' language: refusals, moves in words, how-to pages, the tiles' tags and
the screen's own texts go through the catalogs (checked in the pseudo-language, which marks every
translated text), and read in French with the rulebook's terms (pochette, salle de pompes, route à
ciel ouvert, plaque d'égout, tuyau d'incendie) and French plurals."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest
from babel.messages.pofile import read_po

from bauhausbox import games, i18n, translations
from bauhausbox.games.buizen.rules import GAME
from bauhausbox.games.buizen.screen import howto, paint
from bauhausbox.games.buizen.screen.scene import BuizenScene
from bauhausbox.games.buizen.state import BuizenState, Draw, Pass, Place, Special, Table
from bauhausbox.games.buizen.tiles import MANHOLE, OPEN_PIT, TILE_NUMBERS
from bauhausbox.ui import layout_probe
from tests.games.buizen.test_buizen_describe import ROADS
from tests.games.buizen.test_buizen_rules import position
from tests.i18n.test_every_text_translated import names_on_screen, untranslated
from tests.ui.helpers import frames, redraw_everything
from tests.ui.scenarios import all_scenarios

SEAT_NAMES = set(GAME.info.seat_names)
WORD = re.compile(r"[^\W\d_]+")
PLACE = re.compile(r"\{\w*\}")


def not_french(texts: list[str]) -> set[str]:
    """Words of ``texts`` that no French translation holds (an English value left inside a French
    sentence, which the pseudo-language cannot see: it marks the sentence around it)."""
    with translations.po_path("fr").open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    french = set(SEAT_NAMES)
    for message in catalog:
        for string in message.string if isinstance(message.string, tuple) else (message.string,):
            french.update(WORD.findall(PLACE.sub(" ", string)))  # the words, not the {places}
    return {word for text in texts for word in WORD.findall(text)} - french


@pytest.fixture()
def language(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], str]]:
    """Each test picks its language; the one before comes back afterwards."""
    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    before = i18n.language()
    yield i18n.set_language
    monkeypatch.undo()  # the environment first, or a BAUHAUSBOX_LANG would win over ``before``
    i18n.set_language(before)


def say(state: BuizenState, text: str, **kwargs: Any) -> str:
    return games.describe_move("buizen", state, GAME.parse_move(state, text), **kwargs)


def refusal(state: BuizenState, text: str) -> str:
    reason = GAME.check(state, GAME.parse_move(state, text))
    assert reason is not None
    return reason


# -- refusals ---------------------------------------------------------------------------------------------
def test_a_refusal_reads_in_english_and_is_said_in_french(language: Callable[[str], str]) -> None:
    meeting = refusal(position("0,0 pump; 1,0 3f r270", hand0="4 1"), "4f r90 at 2,0")
    road = refusal(position("0,0 pump; 1,0 3f r270; 2,1 4f r0", hand0="18"), "18f r90 at 1,2")
    assert meeting == "west side: a gas pipe would meet a fire hose"
    assert road == "the road for the east connection would touch a gas pipe on its north side"
    language("fr")
    assert i18n.translate(meeting) == "côté ouest : un tuyau de gaz rencontrerait un tuyau d’incendie"
    assert i18n.translate(road) == "la route de la connexion est toucherait un tuyau de gaz sur son côté nord"
    pit = refusal(position(ROADS, hand0="pit"), "pit at 5,5")
    assert i18n.translate(pit) == "rien ne se pose sur une plaque d’égout"


def _refusals(seed: int) -> set[str]:
    """Every distinct refusal of a seeded game's positions: tiles on the frontier and elsewhere,
    special road tiles, draws and passes, and moves out of turn."""
    found: set[str] = set()
    rnd = random.Random(seed)
    state = GAME.new_game(3, seed)
    turn = 0
    while state.to_play is not None:
        if turn % 5 == 0:
            cells = [*Table(state).frontier()[:5], (0, 0), (9, 9)]
            moves: list[Any] = [
                Place(n, f, r, c) for c in cells for n in TILE_NUMBERS[::4] for f in (0, 1) for r in (0, 1)
            ]
            moves += [Special(k, c) for k in (OPEN_PIT, MANHOLE) for c in [(0, 0), *(c for c, _s in state.roads)]]
            moves += [Draw(), Pass()]
            for move in moves:
                for seat in (None, (state.to_play + 1) % state.players):
                    reason = GAME.check(state, move, seat)
                    if reason is not None:
                        found.add(reason)
        state = GAME.apply(state, rnd.choice(GAME.legal_moves(state)))
        turn += 1
    return found


def test_every_refusal_goes_through_the_catalogs(language: Callable[[str], str]) -> None:
    reasons = _refusals(3) | _refusals(8)
    assert len(reasons) > 40  # edges of every kind, automatic tiles, specials, draws, turns
    language(i18n.PSEUDO)
    said = [i18n.translate(reason) for reason in reasons]
    assert untranslated(said, set()) == []
    language("fr")
    assert not_french([i18n.translate(reason) for reason in reasons]) == set()


# -- moves in words ---------------------------------------------------------------------------------------
def test_moves_are_told_in_french_with_french_plurals(language: Callable[[str], str]) -> None:
    language("fr")
    assert say(position("0,0 pump", hand0="3"), "3f r270 at 1,0") == (
        "Circle a posé un tube droit incendie sous avant-toit contre la salle de pompes de départ, à droite, "
        "puis a pioché 1 tuile"
    )
    three = position("0,0 pump; 1,0 3f r270; 2,1 4f r90; 3,0 1f r90", hand0="16", bag="5 6 7 8 9")
    assert say(three, "16f r90 at 2,0").endswith("puis a pioché 3 tuiles")
    assert say(position(ROADS, hand0="pit manhole"), "manhole at 4,4") == (
        "Circle a posé une plaque d’égout sur la fosse à ciel ouvert contre le tube droit incendie de Triangle, "
        "en dessous, puis a pioché 1 tuile"
    )
    served = position("0,0 pump; 1,0 3f r270 by 1", hand0="29")
    assert say(served, "29f r180 at 2,0", names=["Anni", "Josef"]).endswith(
        "; les règles ont ajouté une route en dessous"
    )


def _sentences(seed: int, piles: int | None) -> list[str]:
    rnd = random.Random(seed)
    state = GAME.new_game(2 + seed % 3, seed)
    if piles is not None:  # nearly empty piles: pipe ends left open for good
        state = dataclasses.replace(state, road_pile=piles, pump_pile=piles)
    said = []
    while state.to_play is not None:
        move = rnd.choice(GAME.legal_moves(state))
        said.append(games.describe_move("buizen", state, move))
        state = GAME.apply(state, move)
    return said


def _all_kinds_of_sentences() -> list[str]:
    said = _sentences(1, None) + _sentences(2, 1)
    said.append(say(position("0,0 pump", hand0="1 4 7 pit", bag="3 5"), "draw"))
    said.append(say(position("0,0 pump", hand0="1", hand1="3", bag=""), "pass"))
    said.append(say(position("0,0 pump; 1,0 3f r270 by 1", hand0="29"), "29f r180 at 2,0"))  # a road put
    return said


def test_every_move_sentence_is_said_in_french(language: Callable[[str], str]) -> None:
    language("fr")
    assert not_french(_all_kinds_of_sentences()) == set()


def test_every_move_sentence_goes_through_the_catalogs(language: Callable[[str], str]) -> None:
    language(i18n.PSEUDO)
    said = _all_kinds_of_sentences()
    joined = " ".join(said)
    for clause in ("the rules put", "stays open for good", "the game is over", "and drew", "could play no tile"):
        assert clause in joined  # every kind of clause was said
    assert untranslated(said, SEAT_NAMES) == []


# -- how to play ------------------------------------------------------------------------------------------
def test_the_how_to_pages_read_in_french(language: Callable[[str], str]) -> None:
    language("fr")
    titles = [page.title for page in howto.pages()]
    assert titles[0] == "Posez des tuyaux, fermez vos réseaux"
    assert "Le pointage" in titles
    assert "Fosses à ciel ouvert et plaques d’égout" in titles
    language(i18n.PSEUDO)
    for page in howto.pages():
        for text in (page.title, *page.paragraphs, page.caption):
            assert not text or untranslated([text], set()) == [], text


# -- tiles and screen --------------------------------------------------------------------------------------
def test_the_tiles_tags_change_with_the_language(app: Any, language: Callable[[str], str]) -> None:
    gas = ("GAS", "-", "GAS", "-")
    language("en")
    english = pygame.image.tobytes(paint.pipe_face(gas, 100, 14), "RGBA")
    assert [text for text, _tag in paint.pipe_labels(gas, 100, 14)] == ["GAS"]
    language("fr")
    assert [text for text, _tag in paint.pipe_labels(gas, 100, 14)] == ["GAZ"]
    # The painted tile too, though the English one is in the cache: its tag is a word.
    assert pygame.image.tobytes(paint.pipe_face(gas, 100, 14), "RGBA") != english


def _draw_scenario(app: Any, name: str) -> tuple[BuizenScene, list[layout_probe.TextDraw]]:
    all_scenarios()[name](app)
    frames(app, 2)
    redraw_everything(app)
    with layout_probe.recording(app.screen.get_size()) as record:
        frames(app, 1)
    scene = next(s for s in app.stack if isinstance(s, BuizenScene))
    return scene, list(record.texts)


@pytest.fixture()
def french_app(fresh_app: Any, language: Callable[[str], str]) -> Iterator[Any]:
    language("fr")
    fresh_app._relayout()
    yield fresh_app
    fresh_app.go_home()


def test_the_panel_counts_tiles_in_french_and_the_tools_fit(french_app: Any) -> None:
    scene, texts = _draw_scenario(french_app, "buizen_2p_start")
    words = [text.content for text in texts]
    assert "humain · 4 tuiles" in words
    assert "Pochette : 40 tuiles" in words
    assert "maintenir pour voir (C)" in words
    for button in (scene.rotate_button, scene.flip_button, scene.fit_button):
        assert button.natural_width(scene.metrics) <= button.rect.width, button.label


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_turn_and_flip_buttons_keep_their_icons_in_french(french_app: Any, size: tuple[int, int]) -> None:
    """ "Tourner" and "Retourner" are longer than "Turn" and "Flip": the buttons keep the pictures that
    say what they do (they used to drop them in French), with their words fitting."""
    from bauhausbox.ui import icons
    from tests.ui.helpers import window_size

    with window_size(french_app, size):
        scene, _texts = _draw_scenario(french_app, "buizen_2p_start")
        assert scene.rotate_button.icon is icons.rotate and scene.flip_button.icon is icons.flip
        for button in (scene.rotate_button, scene.flip_button):
            assert button.natural_width(scene.metrics) <= button.rect.width, button.label
            assert scene.panel_rect.contains(button.rect), button.label
        assert not scene.rotate_button.rect.colliderect(scene.flip_button.rect)


@pytest.mark.parametrize("name", ["buizen_2p_start", "buizen_4p_log_late"])
def test_the_screens_own_texts_go_through_the_catalogs(
    fresh_app: Any, language: Callable[[str], str], name: str
) -> None:
    language(i18n.PSEUDO)
    fresh_app._relayout()
    try:
        scene, texts = _draw_scenario(fresh_app, name)
        # The hand, the colour tile, the piles and the players' lines (the shared frame is checked
        # with every screen in test_every_text_translated).
        own = [t.content for t in texts if scene.hand_rect.contains(t.rect) or scene.panel_rect.contains(t.rect)]
        assert len(own) > 8
        assert untranslated(own, names_on_screen(fresh_app)) == []
    finally:
        fresh_app.go_home()


def test_a_material_has_one_french_word_wherever_it_is_named(language: Callable[[str], str]) -> None:
    """The review: the score table said "Matériau : tuyau d'incendie" where the log and the closing
    messages say "incendie". A material's name and the log's word for its pipes are one word."""
    from bauhausbox.games.buizen.describe import MATERIAL_WORDS
    from bauhausbox.games.buizen.tiles import MATERIAL_NAMES

    language("fr")
    assert {code: i18n._(name) for code, name in MATERIAL_NAMES.items()} == {
        code: i18n._(word) for code, word in MATERIAL_WORDS.items()
    }


def test_the_puzzles_how_to_title_takes_the_plural_article(fresh_app: Any, language: Callable[[str], str]) -> None:
    """The review: "Règles de casse-tête Blokus" → "Règles des casse-tête Blokus"; one game keeps "de"."""
    from bauhausbox.scenes.howto import HowToScene

    language("fr")
    assert HowToScene(fresh_app, "Blokus puzzles", []).title() == "Règles des Casse-tête Blokus"
    assert HowToScene(fresh_app, "Bits", []).title() == "Règles de Bits"
    language("en")
    assert HowToScene(fresh_app, "Blokus puzzles", []).title() == "How to play Blokus puzzles"
