"""The conformance suite: every registered game obeys the engine contract (``docs/architecture.md``).

For each game, seeded random games are played to the end with every player count; along the way:
``apply`` never mutates its input (a structural snapshot and the position text taken before are
compared after; a planted mutation of each state field shows the check sees it); every legal move
applies; move texts and position texts round-trip; views computed from a seat's knowledge only (a
determinized state gives the same view); a bot's view offers the same legal moves; out-of-turn moves
apply; the game's own invariants hold; and the move list replays to the identical final state, also
through a save file.

The number of games per game and player count is ``CONFORMANCE_GAMES`` (default below, scaled by
each game's ``info.conformance_scale`` so slow games stay within the suite's time budget).
"""

from __future__ import annotations

import ctypes
import dataclasses
import os
import random
from typing import Any, cast

import pytest

from bauhausbox import games
from bauhausbox.engine.api import GameRules
from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.engine.rng import Rng

DEFAULT_GAMES = int(os.environ.get("CONFORMANCE_GAMES", "40"))
MAX_PLIES = 5000

CASES = [
    (game_id, players)
    for game_id in games.GAME_IDS
    for players in range(games.load(game_id).info.min_players, games.load(game_id).info.max_players + 1)
]


def _games_for(game: GameRules[Any, Any]) -> int:
    scale = game.info.conformance_scale
    return max(2, int(DEFAULT_GAMES * scale))


def _option_sets(game: GameRules[Any, Any], players: int) -> list[dict[str, Any]]:
    """Defaults, plus each non-default choice of each option on its own."""
    sets: list[dict[str, Any]] = [{}]
    for spec in game.info.options:
        if spec.applies_to(players):
            sets += [{spec.key: value} for value, _ in spec.choices if value != spec.default]
    return sets


def structural_snapshot(value: Any, _path: frozenset[int] = frozenset()) -> Any:
    """A fresh nested tuple of plain values describing ``value`` field by field, recursively.

    It reads every slot and ``__dict__`` entry itself and never calls the object's ``__eq__``,
    ``__deepcopy__`` or ``__hash__`` (a state may rightly say a deep copy of it is itself), so the
    snapshot of a state taken before ``apply`` shows any change ``apply`` made to it later."""
    if value is None or isinstance(value, bool | int | float | complex | str | bytes):
        return value
    kind = type(value).__qualname__
    if id(value) in _path:
        return (kind, "<cycle>")
    path = _path | {id(value)}
    if isinstance(value, tuple | list):  # named tuples included: their fields are their items
        return (kind, tuple(structural_snapshot(item, path) for item in value))
    if isinstance(value, set | frozenset):
        return (kind, tuple(sorted(repr(structural_snapshot(item, path)) for item in value)))
    if isinstance(value, dict):
        items = ((structural_snapshot(k, path), structural_snapshot(v, path)) for k, v in value.items())
        return (kind, tuple(sorted(items, key=repr)))
    names = [name for cls in type(value).__mro__ for name in getattr(cls, "__slots__", ()) if name != "__weakref__"]
    names += [name for name in getattr(value, "__dict__", {}) if name not in names]
    if not names:
        return (kind, repr(value))
    missing = object()
    fields = ((name, getattr(value, name, missing)) for name in names if name != "__dict__")
    return (kind, tuple((name, structural_snapshot(field, path)) for name, field in fields if field is not missing))


def check_apply_keeps_its_input(game: GameRules[Any, Any], state: Any, move: Any, seat: int | None = None) -> Any:
    """Apply ``move`` and fail if the state it was applied to changed in any way."""
    text, snapshot = game.to_text(state), structural_snapshot(state)
    after = game.apply(state, move, seat)
    assert structural_snapshot(state) == snapshot, "apply() mutated its input state"
    assert game.to_text(state) == text, "apply() mutated its input state (its position text changed)"
    return after


def _check_position(game: GameRules[Any, Any], state: Any, rnd: random.Random, players: int) -> None:
    moves = game.legal_moves(state)
    seat = state.to_play
    assert (seat is None) == game.is_over(state)
    if seat is not None:
        assert moves, "a seat is to play but has no legal move (games must offer a pass)"
        assert len(set(moves)) == len(moves), "duplicate legal moves"
    assert game.invariant_errors(state) == []

    # Text positions round-trip.
    text = game.to_text(state)
    again = game.from_text(text)
    assert again == state, f"from_text(to_text(s)) != s for {text!r}"
    assert game.to_text(again) == text

    # Views: each seat's view depends only on what it may know.
    for viewer in range(players):
        view = game.view(state, viewer)
        other = game.determinize(state, viewer, Rng(rnd.getrandbits(64)))
        assert game.view(other, viewer) == view, "a seat's view changed when only hidden facts did"
        if viewer == seat:
            assert sorted(map(repr, game.legal_moves(view, viewer))) == sorted(map(repr, moves))

    # A watcher at no seat knows no more than any seat: its view stays the same whatever any seat
    # cannot see, and its position text reads back.
    watched = game.watcher_view(state)
    for viewer in range(players):
        other = game.determinize(state, viewer, Rng(rnd.getrandbits(64)))
        assert game.watcher_view(other) == watched, f"a watcher sees what seat {viewer} keeps hidden"
    watched_text = game.to_text(watched)
    assert game.to_text(game.from_text(watched_text)) == watched_text

    # A sample of moves: notation round-trips, apply works and does not mutate.
    sample = moves if len(moves) <= 6 else rnd.sample(moves, 6)
    for move in sample:
        move_text = game.format_move(state, move)
        assert game.parse_move(state, move_text) == move, f"move text {move_text!r} does not round-trip"
        check_apply_keeps_its_input(game, state, move)

    # Out-of-turn moves of the other seats also apply.
    for other_seat in range(players):
        if other_seat == seat:
            continue
        extra = game.legal_moves(state, seat=other_seat)
        for move in extra[:2]:
            move_text = game.format_move(state, move)
            assert game.parse_move(state, move_text, other_seat) == move
            check_apply_keeps_its_input(game, state, move, other_seat)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_random_games_follow_the_contract(game_id: str, players: int) -> None:
    game = games.load(game_id)
    count = _games_for(game)
    option_sets = _option_sets(game, players)
    saw_hidden_difference = False
    for number in range(count):
        seed = 1000 * players + number
        rnd = random.Random(seed)
        options = game.normalize_options(players, option_sets[number % len(option_sets)])
        setup = Setup(game_id, players, seed, tuple(SeatSpec(f"P{i}", "ai", "random") for i in range(players)), options)
        history: History[Any] = History(game, setup.new_state(game))
        # Full checks at a handful of positions per game; cheap checks everywhere.
        check_every = 1 if number < 3 else 7
        for ply in range(MAX_PLIES):
            state = history.state
            if ply % check_every == 0:
                _check_position(game, state, rnd, players)
            if game.is_over(state):
                break
            viewer = state.to_play
            if not saw_hidden_difference:
                saw_hidden_difference = game.determinize(state, viewer, Rng(seed + ply)) != state
            # Occasionally use an out-of-turn move when some seat has one (Bauhaus powers).
            if rnd.random() < 0.05:
                others = [(s, m) for s in range(players) if s != viewer for m in game.legal_moves(state, seat=s)]
                if others:
                    other_seat, move = rnd.choice(others)
                    history.play(move, other_seat)
                    continue
            history.play(rnd.choice(game.legal_moves(state)))
        else:
            pytest.fail(f"{game_id}: game {seed} did not end within {MAX_PLIES} plies")

        final = history.state
        assert len(game.scores(final)) == players
        winners = game.winners(final)
        assert winners and all(0 <= w < players for w in winners)
        assert game.score_table(final)

        # The move list replays to the identical state (the save-file path).
        replayed = History.replay(game, setup, history.move_texts())
        assert replayed.state == final
        assert game.to_text(replayed.state) == game.to_text(final)

    if game.info.hidden_information:
        assert saw_hidden_difference, "determinize never changed anything in a game with hidden information"


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_same_seed_same_game(game_id: str) -> None:
    game = games.load(game_id)
    players = game.info.default_players
    first = game.new_game(players, 12345)
    assert game.new_game(players, 12345) == first
    rnd_a, rnd_b = random.Random(5), random.Random(5)
    a, b = first, game.new_game(players, 12345)
    for _ in range(30):
        if game.is_over(a):
            break
        a = game.apply(a, rnd_a.choice(game.legal_moves(a)))
        b = game.apply(b, rnd_b.choice(game.legal_moves(b)))
    assert a == b


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_bots_of_every_level_play_legal_moves(game_id: str) -> None:
    """Each level, given only its view, picks a legal move (short budget, a few positions)."""
    from bauhausbox.engine.bots.base import Budget

    game = games.load(game_id)
    players = game.info.default_players
    state = game.new_game(players, 99)
    rnd = random.Random(3)
    for ply in range(6):
        if game.is_over(state):
            break
        seat = state.to_play
        level = (("random", *game.info.levels))[ply % (len(game.info.levels) + 1)]
        bot = games.make_bot(game_id, level, seed=ply)
        move = bot.choose(game, game.view(state, seat), seat, Budget(0.5))
        assert move in game.legal_moves(state), f"{level} bot chose an illegal move"
        state = game.apply(state, move)
        for _ in range(rnd.randrange(3)):
            if game.is_over(state):
                break
            state = game.apply(state, rnd.choice(game.legal_moves(state)))


# A wide sweep on top of the deep checks above: many more seeded games per game, each played to
# the end with cheap checks at every ply (a move always exists, the game's invariants hold) and
# every tenth one replayed from its move texts. Counts are sized to each engine's speed so the
# whole suite stays within its time budget; SWEEP_SCALE multiplies them (e.g. 10 for a soak run).
SWEEP_SCALE = float(os.environ.get("SWEEP_SCALE", "1"))
SWEEP_GAMES = {"bits": 1500, "blokus": 400, "bauhaus": 100, "buizen": 100}


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_wide_sweep_of_random_games(game_id: str) -> None:
    game = games.load(game_id)
    count = max(10, int(SWEEP_GAMES.get(game_id, 100) * SWEEP_SCALE))
    player_counts = range(game.info.min_players, game.info.max_players + 1)
    lengths = []
    for number in range(count):
        players = player_counts[number % len(player_counts)]
        seed = 50_000 + number
        rnd = random.Random(seed)
        state = game.new_game(players, seed, **game.normalize_options(players, {}))
        texts = []
        for _ in range(MAX_PLIES):
            if game.is_over(state):
                break
            moves = game.legal_moves(state)
            assert moves, f"{game_id} seed {seed}: seat {state.to_play} has no legal move"
            move = rnd.choice(moves)
            texts.append(game.format_move(state, move))
            state = game.apply(state, move)
        else:
            pytest.fail(f"{game_id}: game {seed} did not end within {MAX_PLIES} plies")
        assert game.invariant_errors(state) == []
        assert all(0 <= w < players for w in game.winners(state))
        lengths.append(len(texts))
        if number % 10 == 0:
            setup = Setup(
                game_id,
                players,
                seed,
                tuple(SeatSpec(f"P{i}") for i in range(players)),
                game.normalize_options(players, {}),
            )
            assert History.replay(game, setup, texts).state == state
    assert min(lengths) > 0


# -- the "apply never mutates its input" check, shown to work --------------------------------------
def _state_fields(state: Any) -> tuple[str, ...]:
    if isinstance(state, tuple):  # a named tuple
        return tuple(cast(Any, state)._fields)
    return tuple(f.name for f in dataclasses.fields(state))


def _different(value: Any) -> Any:
    """Some other value of a field (the planted mutation)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "?"
    if isinstance(value, tuple):
        return (*value, value[0] if value else 0)
    if dataclasses.is_dataclass(value):  # e.g. the random generator: its own first field changes
        first = dataclasses.fields(value)[0].name
        return dataclasses.replace(value, **{first: _different(getattr(value, first))})  # type: ignore[type-var]
    return 0 if value is None else None


def _set_field(state: Any, name: str, value: Any) -> None:
    """Change a field of an immutable state in place, as a buggy ``apply`` might. A frozen dataclass
    yields to ``object.__setattr__``; a named tuple cannot be changed from Python at all, so its item
    slot is rewritten through ctypes (the reference counts stay balanced: see the caller)."""
    if not isinstance(state, tuple):
        object.__setattr__(state, name, value)
        return
    index = cast(Any, state)._fields.index(name)
    slot = ctypes.c_void_p.from_address(id(state) + tuple.__basicsize__ + index * ctypes.sizeof(ctypes.c_void_p))
    slot.value = id(value)


def _some_players(game: GameRules[Any, Any]) -> int:
    """Two players where the game allows them, else its smallest table (the one-seat puzzles)."""
    return 2 if game.info.min_players <= 2 <= game.info.max_players else game.info.min_players


def _first_state(game: GameRules[Any, Any]) -> Any:
    players = _some_players(game)
    return game.new_game(players, 1, **game.normalize_options(players, {}))


FIELD_CASES = [
    (game_id, name) for game_id in games.GAME_IDS for name in _state_fields(_first_state(games.load(game_id)))
]


@pytest.mark.parametrize(("game_id", "field_name"), FIELD_CASES)
def test_the_mutation_check_catches_apply_changing_any_field(
    game_id: str, field_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A planted bug: ``apply`` changes one field of the state it was given (after computing its
    answer). The position checks of this suite must report it, whichever field it is."""
    game = games.load(game_id)
    players = _some_players(game)
    rnd = random.Random(11)
    state = game.new_game(players, 11, **game.normalize_options(players, {}))
    for _ in range(9):  # a few plies in, so hands, decks and boards are all in play
        state = game.apply(state, rnd.choice(game.legal_moves(state)))
    original_apply = game.apply
    planted: list[tuple[Any, Any]] = []  # (state, its original field value), to put back afterwards

    def mutating_apply(target: Any, move: Any, seat: int | None = None) -> Any:
        after = original_apply(target, move, seat)
        old = getattr(target, field_name)
        new = _different(old)
        keep.append(new)  # alive while the state points to it
        planted.append((target, old))
        _set_field(target, field_name, new)
        return after

    keep: list[Any] = []
    monkeypatch.setattr(game, "apply", mutating_apply)
    try:
        with pytest.raises(AssertionError, match="mutated its input"):
            _check_position(game, state, rnd, players)
    finally:
        for target, old in reversed(planted):
            _set_field(target, field_name, old)
    assert planted, "the check never applied a move"
    assert getattr(state, field_name) == planted[0][1]
