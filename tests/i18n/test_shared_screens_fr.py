"""The shared screens in French: a refusal said in French in the status bar and by the pointer, counts
in the right form on the load screen's lines, the turn line, the set-aside notice, the pseudo marks
kept on every wrapped line, and advice for a hint made from a French sentence.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bauhausbox import i18n
from bauhausbox.engine.api import Words
from bauhausbox.persistence.store import BrokenFileError, SetAside, notices_message
from bauhausbox.scenes.game_over import winners_line
from bauhausbox.ui import draw
from bauhausbox.ui.text import advice, date_and_time, shown
from tests.ui.helpers import open_game


def test_a_refusal_is_said_in_french_in_the_status_bar_and_by_the_pointer(french: None, fresh_app: Any) -> None:
    scene = open_game(fresh_app, "blokus", 2, ["human", "ai:easy"], seed=3)
    scene.refuse(Words("{file} could not be read ({reason}).", file="a.json", reason=Words("the file is empty")))
    assert scene.refusal() == "A.json n’a pas pu être lu (le fichier est vide)."
    assert (
        scene.pointer_note is not None and scene.pointer_note[0] == "A.json n’a pas pu être lu (le fichier est vide)."
    )
    fresh_app.go_home()


def test_the_status_bar_says_a_message_of_the_rules_in_the_language_of_the_moment(french: None, fresh_app: Any) -> None:
    scene = open_game(fresh_app, "blokus", 2, ["human", "ai:easy"], seed=3)
    scene.say(Words("Your turn, {name}", name="Josef"))
    drawn: list[str] = []
    original = draw.status_bar

    def record(surface: Any, rect: Any, metrics: Any, message: str, *rest: Any) -> None:
        drawn.append(message)
        original(surface, rect, metrics, message, *rest)

    try:
        draw.status_bar = record  # type: ignore[assignment]
        scene.layers.forget()  # painted afresh, not shown from a copy (ui/layer.py)
        scene.draw_bars(fresh_app.screen)
    finally:
        draw.status_bar = original  # type: ignore[assignment]
    assert drawn == ["À vous, Josef"]
    fresh_app.go_home()


def test_counts_take_the_french_plural_rule(french: None) -> None:
    assert winners_line(["Anni"], [0], [1]) == "Anni : 1 point"
    assert winners_line(["Anni"], [0], [0]) == "Anni : 0 point"
    assert winners_line(["Anni"], [0], [7]) == "Anni : 7 points"
    assert winners_line(["Anni", "Josef", "Walter"], [0, 2], [3, 1, 3]) == "Victoire partagée : Anni et Walter"
    assert i18n.counted("{n} turn", "{n} turns", 1) == "1 tour"
    assert i18n.counted("{n} turn", "{n} turns", 2) == "2 tours"


def test_english_counts_and_lines_are_unchanged() -> None:
    previous = i18n.language()
    i18n.set_language("en")
    try:
        assert winners_line(["Anni"], [0], [1]) == "Anni: 1 point"
        assert winners_line(["Anni", "Josef"], [1], [3, 5]) == "Josef wins!"
    finally:
        i18n.set_language(previous)


def test_a_set_aside_notice_reads_in_french(french: None) -> None:
    error = BrokenFileError(
        Path("bits-1.json"), Words("the file is not valid JSON (cut short?) at line {line}", line=3)
    )
    notice = SetAside(Path("bits-1.json"), Path("bits-1.json.broken"), error.reason)
    assert notices_message([notice, notice, notice, notice, notice], limit=3).endswith(
        "Et 2 autres fichiers ; chacun a été conservé sous <nom>.broken. Tout le reste est en ordre."
    )
    assert notices_message([notice]) == (
        "bits-1.json n’a pas pu être lu (le fichier n’est pas du JSON valide (tronqué ?) à la ligne 3). "
        "Il a été conservé sous bits-1.json.broken. Tout le reste est en ordre."
    )


def test_dates_name_their_month_in_french(french: None) -> None:
    when = datetime(2026, 2, 5, 12, 0, tzinfo=UTC)
    local = when.astimezone()
    said = date_and_time(when)
    assert said.startswith(f"{local.day:02d} févr. 2026, ")


def test_wrapped_lines_keep_their_pseudo_marks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BAUHAUSBOX_LANG", raising=False)
    previous = i18n.language()
    i18n.set_language(i18n.PSEUDO)
    try:
        lines = draw.wrap(shown("Everyone else: look away. Hands and secret tiles stay hidden until then."), 20, 160)
    finally:
        i18n.set_language(previous)
    assert len(lines) > 2
    assert all(line.startswith(i18n.PSEUDO_OPEN) and line.endswith(i18n.PSEUDO_CLOSE) for line in lines)


def test_a_hint_in_french_is_advice_in_the_imperative(french: None) -> None:
    assert advice("Anni a placé le L5 en k10–m12 et a pioché 2", "Anni") == "placez le L5 en k10–m12 et piochez 2"
    assert advice("Jo a choisi Déplacer un mur ; la manche se termine", "Jo") == "choisissez Déplacer un mur"
    assert advice("La rampe de Jo est pleine", "Jo") == "La rampe de Jo est pleine"


def test_a_buizen_hint_in_french_tells_every_verb_in_the_imperative(french: None) -> None:
    from bauhausbox import games
    from bauhausbox.games.buizen.rules import GAME
    from bauhausbox.games.buizen.state import Place

    state = GAME.new_game(2, 3)
    move = next(m for m in GAME.legal_moves(state) if isinstance(m, Place) and GAME.apply(state, m).drawn)
    for viewer, said in ((1, "a pioché"), (0, "avez pioché")):  # told to another seat, to the mover
        sentence = games.describe_move("buizen", state, move, mover=0, viewer=viewer, names=["Anni", "Jo"])
        assert said in sentence  # the log's passé composé ...
        hint = advice(sentence, "Anni")
        assert hint.startswith("posez ") and "piochez" in hint, hint  # ... is advice in the hint
        assert " a " not in f" {hint} ".replace(" à ", " ") and " avez " not in f" {hint} ", hint


def test_a_hint_in_english_made_from_the_readers_own_move_is_advice() -> None:
    assert advice("You laid a gas bend on c4 and drew 1", "Anni") == "lay a gas bend on c4 and draw 1"
    assert advice("Anni laid a gas bend on c4 and drew 1", "Anni") == "lay a gas bend on c4 and draw 1"
