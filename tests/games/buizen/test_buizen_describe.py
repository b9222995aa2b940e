"""Buizen Wir-War moves in words, written from the rules page (docs/rules/buizen.md): a face is called
by its pipes as the tile table's codes say (ES = a straight ending in an eave, RB = a bend ending in a
road, …), a cell by the neighbour it touches (the start pump room, a pipe tile and who laid it, or the
road a pipe serves), automatic roads and pump rooms, pipe ends left open when a pile is empty, draws
by count (hands and the bag are secret), draw, pass and the end."""

from __future__ import annotations

from pathlib import Path

from bauhausbox import games, i18n
from bauhausbox.games.buizen.rules import GAME
from bauhausbox.games.buizen.state import BuizenState
from tests.games.buizen.test_buizen_rules import position

# The start pump room, tile 3 front (ES FH) right of it laid by Triangle, and tile 29 front (RB FH)
# right of that with its road below; then a road with an open pit and one with a manhole.
ROADS = "0,0 pump; 1,0 3f r270 by 1; 2,0 29f r180 by 0; 2,1 road; 4,4 road+pit; 5,5 road+manhole; 4,3 16f r0 by 1"


def say(state: BuizenState, text: str, **kwargs: object) -> str:
    return games.describe_move("buizen", state, GAME.parse_move(state, text), **kwargs)  # type: ignore[arg-type]


def test_the_first_tile_puts_its_eave_against_the_start_pump_room() -> None:
    state = position("0,0 pump", hand0="3")
    assert say(state, "3f r270 at 1,0") == (
        "Circle laid a fire-hose straight ending in an eave right of the start pump room and drew 1 tile"
    )
    assert say(state, "3f r90 at -1,0", names=["Anni", "Josef"]) == (
        "Anni laid a fire-hose straight ending in an eave left of the start pump room and drew 1 tile"
    )


def test_a_tile_is_placed_by_the_pipe_it_touches_and_automatic_tiles_are_said() -> None:
    state = position("0,0 pump; 1,0 3f r270 by 1", hand0="29 28")
    assert say(state, "29f r180 at 2,0") == (
        "Circle laid a fire-hose bend ending in a road right of Triangle's fire-hose straight and drew 1 tile; "
        "the rules put a road below it"
    )
    assert say(state, "28f r180 at 2,0") == (
        "Circle laid a fire-hose bend ending in an eave right of Triangle's fire-hose straight and drew 1 tile; "
        "the rules put a pump room below it"
    )


def test_an_empty_pile_leaves_the_pipe_end_open_for_good() -> None:
    state = position("0,0 pump; 1,0 3f r270", hand0="29", roads=0)
    assert say(state, "29f r180 at 2,0") == (
        "Circle laid a fire-hose bend ending in a road right of the fire-hose straight and drew 1 tile; "
        "the pile was empty, so the pipe end below it stays open for good"
    )


def test_draws_count_the_tiles_touched_up_to_three() -> None:
    # Tile 16 front (S2 FH) laid east-west between three placed tiles draws 3.
    board = "0,0 pump; 1,0 3f r270; 2,1 4f r90; 3,0 1f r90"
    state = position(board, hand0="16", bag="5 6 7 8 9")
    assert say(state, "16f r90 at 2,0").endswith("and drew 3 tiles")


def test_special_road_tiles_name_the_road_by_its_pipe() -> None:
    state = position(ROADS, hand0="pit manhole")
    assert say(state, "pit at 2,1") == (
        "Circle laid an open pit on the road below Circle's fire-hose bend and drew 1 tile"
    )
    assert say(state, "manhole at 4,4") == (
        "Circle laid a manhole on the open pit below Triangle's fire-hose straight and drew 1 tile"
    )


def test_draw_and_pass_say_how_many_never_which() -> None:
    stuck = position("0,0 pump", hand0="1 4 7 pit", bag="3 5")
    for viewer in (None, 1):
        assert say(stuck, "draw", viewer=viewer) == "Circle could play no tile and drew 1 tile"
    assert say(stuck, "draw", viewer=0) == "You could play no tile and drew 1 tile"
    empty_bag = position("0,0 pump", hand0="1", hand1="3", bag="")
    assert say(empty_bag, "pass") == "Circle could play no tile and passed"


def test_the_last_tile_ends_the_game() -> None:
    state = position("0,0 pump", hand0="3", hand1="", bag="")
    assert say(state, "3f r270 at 1,0") == (
        "Circle laid a fire-hose straight ending in an eave right of the start pump room; "
        "nobody can play any more: the game is over"
    )


def test_the_readers_own_tiles_are_theirs() -> None:
    # Circle (seat 0) reads of the tile it laid as its own, Triangle (seat 1) under Circle's name.
    state = position(ROADS, hand0="pit manhole")
    assert say(state, "pit at 2,1", viewer=0) == (
        "You laid an open pit on the road below your fire-hose bend and drew 1 tile"
    )
    assert say(state, "pit at 2,1", viewer=1) == (
        "Circle laid an open pit on the road below Circle's fire-hose bend and drew 1 tile"
    )
    assert "below your fire-hose straight" in say(state, "manhole at 4,4", viewer=1)


def test_a_move_that_scores_says_so_telling_whose_network_only_to_its_owner() -> None:
    """Seen in French: a player's points went 0 → 2 → 8 between her turns and the log never said
    which move closed her network. Every move that changes a seat's points gets an entry with the
    points; the owner reads "Your …", an observer who sees everything reads the owner's name, and
    every other seat reads the material and the points, never whose they are (the colour is secret)."""
    import random

    names = ["Anni", "Josef", "Marianne"]
    scoring = 0
    for seed in (7, 8):
        rnd = random.Random(seed)
        state = GAME.new_game(3, seed, **GAME.normalize_options(3, {}))
        while not GAME.is_over(state):
            move = rnd.choice(GAME.legal_moves(state))
            after = GAME.apply(state, move)
            gains = [now - was for now, was in zip(GAME.scores(after), GAME.scores(state), strict=True)]
            told = {
                viewer: GAME.describe_outcome(state, move, viewer=viewer, names=names) for viewer in (None, 0, 1, 2)
            }
            if not any(gains):  # none, or a colour nobody holds (which only the observer may know)
                assert told[None] == "" and not any("Your" in told[seat] for seat in (0, 1, 2)), told
            for owner, gain in enumerate(gains):
                if not gain:
                    continue
                scoring += 1
                change = f"+{gain}" if gain > 0 else f"−{-gain}"
                assert change in told[owner] and "Your" in told[owner], told[owner]
                assert f"{names[owner]}'s" in told[None] and change in told[None], told[None]
                for other in (0, 1, 2):
                    if other != owner:
                        assert change in told[other], told[other]
                        assert not any(name in told[other] for name in names), told[other]
                        assert "Your" not in told[other] or gains[other], told[other]
            state = after
    assert scoring >= 3, "the seeds should close some networks"


def test_an_open_pit_that_reopens_a_network_says_reopened_with_a_minus_sign() -> None:
    """The review: an open pit on the road that closed a network said "A fire-hose network is closed:
    +-2 …" (owner: "Your PP network is closed: +-4"). The points were right; the words said the
    opposite. Seat 0 holds fire hose, whose network (the start pump room's eave to the road at 2,1)
    is closed and worth 2; the pit opens it again."""
    state = position("0,0 pump; 1,0 3f r270 by 1; 2,0 29f r180 by 0; 2,1 road", hand0="pit")
    pit = GAME.parse_move(state, "pit at 2,1")
    assert GAME.scores(GAME.apply(state, pit))[0] - GAME.scores(state)[0] == -2
    names = ["Anni", "Josef"]
    told = {viewer: GAME.describe_outcome(state, pit, viewer=viewer, names=names) for viewer in (None, 0, 1)}
    assert told[0] == "Your fire-hose network is reopened: −2"
    assert told[None] == "Anni's fire-hose network is reopened: −2"
    assert told[1] == "A fire-hose network is reopened: −2 for whoever has fire-hose as colour"
    with i18n.speaking("fr"):
        french = [GAME.describe_outcome(state, pit, viewer=v, names=["Anni", "Josef"]) for v in (None, 0, 1)]
    for sentence in french:
        assert "−2" in sentence and "+" not in sentence and "ferm" not in sentence, sentence


def test_no_translated_text_glues_a_plus_sign_before_a_number_that_may_be_negative() -> None:
    """Every "+{n}" in a player-facing text reads "+-2" the day n is negative (it did in Buizen's
    network sentences): a change that may go either way is filled in with ``i18n.signed``. The
    texts left with a "+" before a place hold a bonus that is never negative (Blokus's all placed)."""
    import re
    from pathlib import Path

    catalogue = Path(i18n.__file__).parent / "locale" / "bauhausbox.pot"
    glued = sorted(set(re.findall(r'^msgid "(.*\+\{.*)"$', catalogue.read_text(encoding="utf-8"), re.M)))
    assert glued == ["+{points} (all placed)", "+{points} (all placed, monomino last)"]
    assert i18n.signed(6) == "+6" and i18n.signed(-2) == "−2" and i18n.signed(0) == "0"


def test_the_readers_own_moves_speak_to_the_reader() -> None:
    """The review: other players' moves said "your PP four-way" but the reader's own said "Josef
    laid …". A sentence written for a seat calls that seat "you" (the puzzles' "You placed …"); the
    other readers, and an observer, read the name."""
    state = position(ROADS, hand0="pit manhole 1 4", bag="5 6")
    names = ["Anni", "Josef"]
    assert say(state, "pit at 2,1", viewer=0, names=names) == (
        "You laid an open pit on the road below your fire-hose bend and drew 1 tile"
    )
    assert say(state, "pit at 2,1", viewer=1, names=names).startswith("Anni laid an open pit")
    assert say(state, "pit at 2,1", names=names).startswith("Anni laid an open pit")
    with i18n.speaking("fr"):
        assert say(state, "pit at 2,1", viewer=0, names=names).startswith("Vous avez posé une fosse")
        assert "avez pioché 1 tuile" in say(state, "pit at 2,1", viewer=0, names=names)
        assert say(state, "pit at 2,1", viewer=1, names=names).startswith("Anni a posé")


def test_after_the_end_the_log_names_every_seat() -> None:
    """The review: at the end the log still said "votre piquage gaz" though the device is everybody's
    then. Once the game is over a move is told to nobody in particular: by names."""
    from bauhausbox.match import told_to

    state = position("0,0 pump", hand0="3", hand1="", bag="")
    over = GAME.apply(state, GAME.parse_move(state, "3f r270 at 1,0"))
    assert GAME.is_over(over)
    assert told_to(GAME, state, over, 0, 0) is None and told_to(GAME, state, over, 0, 1) is None
    assert told_to(GAME, state, state, 0, 0) == 0  # while it runs, the reader is who it is


def test_french_calls_an_open_pit_a_fosse_everywhere() -> None:
    """The review: "Open pit" was "route à ciel ouvert" in one line and "fosse à ciel ouvert" in
    another. The rules' own word for the pit is "fosse": every French text about an open pit says it."""
    from babel.messages.pofile import read_po

    catalogue = Path(i18n.__file__).parent / "locale" / "fr" / "LC_MESSAGES" / "bauhausbox.po"
    with catalogue.open("rb") as file:
        entries = [m for m in read_po(file, locale="fr") if m.id and "open pit" in str(m.id).lower()]
    assert len(entries) >= 8
    for message in entries:
        text = " ".join(message.string) if isinstance(message.string, tuple) else message.string
        assert "fosse" in text.lower() and "route à ciel" not in text.lower(), (message.id, text)
