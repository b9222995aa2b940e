"""Bauhaus rules (our edition: 8×8 board, 144 edges, 66 walls, 71 action cards, 7 wall patterns).

Pure Python, no pygame. The state machine splits a card turn into decisions, so that "a card was
chosen and is being resolved" is a position of its own (the moment Mind Control acts on):

- ``opening``: each seat in turn places one token (``place d4``);
- ``choose``: the seat to play picks a performable display card (``card2``), or, when none can be
  carried out, discards one (``discard card2``, our clogged-display rule);
- ``resolve``: the chosen card is carried out by ``to_play`` (the chooser, or Blue after Mind
  Control): ``place d4``, ``wall c3N`` (Free walls: one move per wall, two moves), ``walls c3N,c3E``
  (a pattern, all at once), ``move-wall b2E>f6N``, ``move e5>a1``, ``swap c3,f6``. Then the card is
  discarded, the slot refilled from the deck and the turn passes;
- ``over``: the deck and the display are empty.

Powers (option ``powers``) are out-of-turn moves of their owner, ``power:mind``, ``power:shared e4``,
``power:forced e4`` and, for Black, ``power:mimetic:mind`` etc.; they are legal in ``choose`` and in
``resolve`` before anything of the card has been placed.

Zones are recomputed after every action: closed regions holding one colour turn their tokens to the
control face; a closed region whose tokens all show the control face is *locked* (kept in
``state.locked`` so that the invariant check can tell if one ever changes).

The position and move types live in :mod:`.state`, their texts in :mod:`.notation`, the geometry of
squares, edges and the network of walls in :mod:`.board`, and what a position allows (walls, tokens,
cards, and why not) in :mod:`.checks`, which :class:`BauhausRules` builds on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from bauhausbox.engine.api import (
    GameInfo,
    GameRules,
    IllegalMoveError,
    InvalidMoveError,
    OptionSpec,
    OptionValue,
    ScoreRow,
    Seat,
    Words,
)
from bauhausbox.engine.rng import Rng
from bauhausbox.games.bauhaus import notation, scoring
from bauhausbox.games.bauhaus.board import bits
from bauhausbox.games.bauhaus.cards import (
    CARDS,
    DISPLAY_SIZE,
    FREE_WALLS,
    MOVE_TOKEN,
    MOVE_WALL,
    NO_CARD,
    PATTERN,
    PATTERN_BASE,
    PLACE,
    SWAP,
    TOKENS_PER_PLAYER,
    TOTAL_WALLS,
    deck_for,
)
from bauhausbox.games.bauhaus.checks import BOARD_SIZE, PositionChecks
from bauhausbox.games.bauhaus.state import (
    CHOOSE,
    COLOURS,
    FORCED,
    MIMETIC,
    MIND,
    OPENING,
    OVER,
    POWER_OF_SEAT,
    POWER_TITLES,
    RESOLVE,
    SEAT_NAMES,
    SHARED,
    BauhausState,
    Move,
    MoveKind,
    evolve,
)
from bauhausbox.i18n import N_


class BauhausRules(PositionChecks, GameRules[BauhausState, Move]):
    describer = "bauhausbox.games.bauhaus.describe:move_sentence"  # moves in words
    describes_alike = True  # everything a sentence tells is on the table for everyone

    def __init__(self, size: int = BOARD_SIZE) -> None:
        super().__init__(size)
        self.info = GameInfo(
            id="bauhaus",
            title=N_("Bauhaus"),
            tagline=N_("Build walls, close zones, own them"),
            min_players=2,
            max_players=4,
            default_players=2,
            options=(
                OptionSpec(
                    "powers",
                    N_("Special powers"),
                    ((False, N_("No")), (True, N_("Yes"))),
                    False,
                    help=N_("Each colour may shout Bauhaus! once: Mind, Shared, Forced or Mimetic Control."),
                ),
            ),
            seat_names=SEAT_NAMES,
            levels=(N_("easy"), N_("medium"), N_("hard"), N_("expert")),
            hidden_information=True,
            # ``docs/rules/bauhaus.md``: "Starting seat: random, or the winner of the previous game in
            # the same session" (Match.restart picks a seed whose random starter is that winner).
            winner_starts=True,
            conformance_scale=0.25,
            # Easy and medium answer in well under a second; hard's search stops at 1.5 s and expert's
            # at 4 s (each usually runs out of iterations first). The budgets guard a loaded machine.
            think_seconds={"easy": 1.0, "medium": 1.5, "hard": 2.0, "expert": 4.5},
        )
        self._moves_of = lru_cache(maxsize=256)(self._compute_turn_moves)
        self._moves_of = lru_cache(maxsize=256)(self._compute_turn_moves)

    # -- setting up ---------------------------------------------------------------------------
    def new_game(self, players: int, seed: int, **options: OptionValue) -> BauhausState:
        opts = self.normalize_options(players, options)
        rng = Rng.from_seed(seed)
        deck, rng = rng.shuffle(deck_for(players))
        first, rng = rng.below(players)
        return BauhausState(
            size=self.size,
            players=players,
            powers=bool(opts["powers"]),
            first=first,
            phase=OPENING,
            turn=first,
            to_play=first,
            walls=0,
            deployed=(0,) * players,
            control=(0,) * players,
            reserve=(TOKENS_PER_PLAYER,) * players,
            supply=TOTAL_WALLS,
            deck=deck[DISPLAY_SIZE:],
            display=deck[:DISPLAY_SIZE],
            discard=(),
            used=(False,) * players,
        )

    # -- legal moves ----------------------------------------------------------------------------
    def legal_moves(self, state: BauhausState, seat: Seat | None = None) -> list[Move]:
        mover = self.seat_or_to_play(state, seat)
        if state.to_play is None or mover is None:
            return []
        moves = self._turn_moves(state) if mover == state.to_play else []
        return moves + self._power_moves(state, mover)

    def _turn_moves(self, state: BauhausState) -> list[Move]:
        # Cached without the deck, so a view (sorted deck) shares its moves with the real state.
        return list(self._moves_of(evolve(state, deck=(), discard=())))

    def _compute_turn_moves(self, state: BauhausState) -> tuple[Move, ...]:
        return tuple(self._list_turn_moves(state))

    def _list_turn_moves(self, state: BauhausState) -> list[Move]:
        a = self._analysis(state)
        if state.phase == OPENING:
            return [Move(MoveKind.PLACE, squares=(s,)) for s in bits(a.free)]
        if state.phase == CHOOSE:
            slots = self.playable_slots(state)
            if slots:
                return [Move(MoveKind.CARD, slot=slot) for slot in slots]
            return [Move(MoveKind.DISCARD, slot=slot) for slot, card in enumerate(state.display) if card != NO_CARD]
        info = CARDS[self.chosen_card(state)]
        if info.kind == PLACE:
            return [Move(MoveKind.PLACE, squares=(s,)) for s in bits(a.free)]
        if info.kind == FREE_WALLS:
            edges = self._first_free_walls(state, a) if state.placed == 0 else self._legal_wall_edges(state, a)
            return [Move(MoveKind.WALL, edges=(e,)) for e in edges]
        if info.kind == PATTERN:
            pattern = self.chosen_card(state) - PATTERN_BASE
            return [Move(MoveKind.WALLS, edges=tuple(bits(m))) for m in self._legal_patterns(state, a, pattern)]
        if info.kind == MOVE_WALL:
            return [Move(MoveKind.MOVE_WALL, edges=pair) for pair in self._legal_wall_moves(state, a)]
        if info.kind == MOVE_TOKEN:
            return [Move(MoveKind.MOVE_TOKEN, squares=pair) for pair in self._legal_token_moves(state, a)]
        return [Move(MoveKind.SWAP, squares=pair) for pair in sorted(self._legal_swaps(state))]

    # -- applying -------------------------------------------------------------------------------
    def apply(self, state: BauhausState, move: Move, seat: Seat | None = None) -> BauhausState:
        mover = self.seat_or_to_play(state, seat)
        if state.to_play is None or mover is None:
            raise IllegalMoveError(Words("the game is over"))
        if move.kind == MoveKind.POWER:
            return self._apply_power(state, mover, move)
        if mover != state.to_play:
            raise IllegalMoveError(Words("it is {seat}'s turn to decide", seat=Words(SEAT_NAMES[state.to_play])))
        if state.phase == OPENING:
            return self._apply_opening(state, move)
        if state.phase == CHOOSE:
            return self._apply_choice(state, move)
        return self._apply_resolution(state, move)

    def _apply_opening(self, state: BauhausState, move: Move) -> BauhausState:
        if move.kind != MoveKind.PLACE:
            raise IllegalMoveError(Words("in the opening round each player places one token"))
        square = self._one(move.squares)
        reason = self._square_reason(self._analysis(state), square)
        if reason:
            raise IllegalMoveError(reason)
        state = self._put_token(state, state.turn, square)
        following = (state.turn + 1) % state.players
        if following == state.first:
            return evolve(state, phase=CHOOSE, turn=following, to_play=following)
        return evolve(state, turn=following, to_play=following)

    def _apply_choice(self, state: BauhausState, move: Move) -> BauhausState:
        if move.kind not in (MoveKind.CARD, MoveKind.DISCARD):
            raise IllegalMoveError(Words("choose one of the face-up cards first"))
        if not 0 <= move.slot < DISPLAY_SIZE or state.display[move.slot] == NO_CARD:
            raise IllegalMoveError(Words("there is no card in that place"))
        playable = self.playable_slots(state)
        if move.kind == MoveKind.DISCARD:
            if playable:
                raise IllegalMoveError(Words("a card can still be carried out; you may discard only when none can"))
            return self._finish_card(evolve(state, chosen=move.slot))
        if move.slot not in playable:
            reason = self.card_reason(state, state.display[move.slot], state.turn)
            raise IllegalMoveError(Words("that card cannot be carried out now: {reason}", reason=reason))
        return evolve(state, phase=RESOLVE, chosen=move.slot, placed=0)

    def _apply_resolution(self, state: BauhausState, move: Move) -> BauhausState:
        a = self._analysis(state)
        card = self.chosen_card(state)
        info = CARDS[card]
        expected = {
            PLACE: MoveKind.PLACE,
            FREE_WALLS: MoveKind.WALL,
            PATTERN: MoveKind.WALLS,
            MOVE_WALL: MoveKind.MOVE_WALL,
            MOVE_TOKEN: MoveKind.MOVE_TOKEN,
            SWAP: MoveKind.SWAP,
        }[info.kind]
        if move.kind != expected:
            raise IllegalMoveError(Words("carry out the chosen card: {card}", card=info.title))
        if info.kind == PLACE:
            square = self._one(move.squares)
            if state.reserve[state.turn] == 0:
                raise IllegalMoveError(Words("no tokens left in the reserve"))
            reason = self._square_reason(a, square)
            if reason:
                raise IllegalMoveError(reason)
            return self._finish_card(self._settle(self._put_token(state, state.turn, square)))
        if info.kind == FREE_WALLS:
            edge = self._one(move.edges)
            self._need_walls(state, 2 - state.placed)
            reason = self._wall_reason(state, a, edge)
            if reason is None and state.placed == 0 and not self._has_second_wall(state, a, edge):
                reason = Words("then the second wall could go nowhere")
            if reason:
                raise IllegalMoveError(reason)
            after = self._settle(evolve(state, walls=state.walls | (1 << edge), supply=state.supply - 1))
            if state.placed == 0:
                return evolve(after, placed=1)
            return self._finish_card(after)
        if info.kind == PATTERN:
            self._need_walls(state, info.walls)
            mask = 0
            for edge in move.edges:
                mask |= 1 << edge
            if mask.bit_count() != len(move.edges):
                raise InvalidMoveError(Words("an edge is listed twice"))
            reason = self._pattern_reason(state, a, card - PATTERN_BASE, mask)
            if reason:
                raise IllegalMoveError(reason)
            after = evolve(state, walls=state.walls | mask, supply=state.supply - info.walls)
            return self._finish_card(self._settle(after))
        if info.kind == MOVE_WALL:
            source, target = self._two(move.edges)
            reason = self._move_wall_reason(state, a, source, target)
            if reason:
                raise IllegalMoveError(reason)
            after = evolve(state, walls=(state.walls & ~(1 << source)) | (1 << target))
            return self._finish_card(self._settle(after))
        if info.kind == MOVE_TOKEN:
            source, target = self._two(move.squares)
            reason = self._move_token_reason(state, a, source, target)
            if reason:
                raise IllegalMoveError(reason)
            owner = self._seat_at(state, source)
            assert owner is not None
            deployed = list(state.deployed)
            deployed[owner] = (deployed[owner] & ~(1 << source)) | (1 << target)
            return self._finish_card(self._settle(evolve(state, deployed=tuple(deployed))))
        first, second = self._two(move.squares)
        reason = self._swap_reason(state, a, first, second)
        if reason:
            raise IllegalMoveError(reason)
        one, two = self._seat_at(state, first), self._seat_at(state, second)
        assert one is not None and two is not None
        deployed = list(state.deployed)
        both = (1 << first) | (1 << second)
        deployed[one] ^= both
        deployed[two] ^= both
        return self._finish_card(self._settle(evolve(state, deployed=tuple(deployed))))

    @staticmethod
    def _one(values: tuple[int, ...]) -> int:
        if len(values) != 1:
            raise InvalidMoveError(Words("expected exactly one square or edge"))
        return values[0]

    @staticmethod
    def _two(values: tuple[int, ...]) -> tuple[int, int]:
        if len(values) != 2:
            raise InvalidMoveError(Words("expected exactly two squares or edges"))
        return values[0], values[1]

    @staticmethod
    def _need_walls(state: BauhausState, count: int) -> None:
        if state.supply < count:
            raise IllegalMoveError(Words("not enough walls left in the supply"))

    def _put_token(self, state: BauhausState, seat: int, square: int) -> BauhausState:
        deployed = list(state.deployed)
        deployed[seat] |= 1 << square
        reserve = list(state.reserve)
        reserve[seat] -= 1
        return evolve(state, deployed=tuple(deployed), reserve=tuple(reserve))

    def _settle(self, state: BauhausState) -> BauhausState:
        """Re-evaluate zones: one-colour closed regions flip to control; all-control ones lock."""
        locked = set(state.locked)
        deployed = list(state.deployed)
        control = list(state.control)
        for region in self._closed_regions(state.walls):
            if region in locked:
                continue
            present = [seat for seat in range(state.players) if (deployed[seat] | control[seat]) & region]
            if len(present) == 1:
                seat = present[0]
                control[seat] |= deployed[seat] & region
                deployed[seat] &= ~region
            if present and not any(d & region for d in deployed):
                locked.add(region)
        new_locked = tuple(sorted(locked))
        if new_locked == state.locked and tuple(deployed) == state.deployed:
            return state
        return evolve(state, deployed=tuple(deployed), control=tuple(control), locked=new_locked)

    def _finish_card(self, state: BauhausState) -> BauhausState:
        """Discard the chosen card, refill its slot, pass the turn; the game ends when no card is left."""
        slot = state.chosen
        display = list(state.display)
        discard = (*state.discard, display[slot])
        if state.deck:
            display[slot], deck = state.deck[0], state.deck[1:]
        else:
            display[slot], deck = NO_CARD, ()
        following = (state.turn + 1) % state.players
        over = not deck and all(card == NO_CARD for card in display)
        return evolve(
            state,
            display=tuple(display),
            deck=deck,
            discard=discard,
            chosen=-1,
            placed=0,
            phase=OVER if over else CHOOSE,
            turn=following,
            to_play=None if over else following,
        )

    # -- powers ---------------------------------------------------------------------------------
    def power_window(self, state: BauhausState) -> bool:
        """Whether the game is at a point where powers may be used."""
        return state.powers and (state.phase == CHOOSE or (state.phase == RESOLVE and state.placed == 0))

    def powers_of(self, state: BauhausState, seat: int) -> list[str]:
        """The power effects ``seat`` could still use in this game (ignoring the moment)."""
        if not state.powers or state.used[seat]:
            return []
        own = POWER_OF_SEAT[seat]
        if own != MIMETIC:
            return [own]
        return [f"{MIMETIC}:{p}" for owner, p in enumerate(POWER_OF_SEAT[:3]) if not state.used[owner]]

    def _power_targets(self, state: BauhausState, seat: int, effect: str) -> list[tuple[int, ...]]:
        """The squares a power may name now: none for Mind Control (when it applies), the first square
        of each unowned closed zone for Shared Control, each deployed token for Forced Control."""
        a = self._analysis(state)
        if effect == MIND:
            ok = state.phase == RESOLVE and state.placed == 0 and state.to_play == state.turn and state.turn != seat
            return [()] if ok else []
        if effect == SHARED:
            return [((r & -r).bit_length() - 1,) for r in a.closed_regions if not r & a.locked]
        return [(s,) for s in bits(a.deployed)]

    def _power_moves(self, state: BauhausState, seat: int) -> list[Move]:
        if not self.power_window(state):
            return []
        moves = []
        for power in self.powers_of(state, seat):
            effect = power.rpartition(":")[2]
            moves += [
                Move(MoveKind.POWER, squares=target, power=power) for target in self._power_targets(state, seat, effect)
            ]
        return moves

    def _apply_power(self, state: BauhausState, seat: int, move: Move) -> BauhausState:
        if not state.powers:
            raise IllegalMoveError(Words("special powers are not in use in this game"))
        if state.used[seat]:
            raise IllegalMoveError(Words("that power has already been used"))
        if not self.power_window(state):
            raise IllegalMoveError(Words("powers are used before a card is chosen, right after, or after it resolves"))
        effect = move.power.rpartition(":")[2]
        if move.power not in self.powers_of(state, seat):
            if move.power.startswith(MIMETIC):
                raise IllegalMoveError(
                    Words("Mimetic Control can copy only a power that is still unused ({power})", power=move.power)
                )
            title = POWER_TITLES.get(effect)
            raise IllegalMoveError(
                Words(
                    "{seat} does not have {power}",
                    seat=Words(SEAT_NAMES[seat]),
                    power=Words(title) if title else move.power,
                )
            )
        a = self._analysis(state)
        used = tuple(u or s == seat for s, u in enumerate(state.used))
        if effect == MIND:
            if (state.phase, state.placed) != (RESOLVE, 0) or state.to_play != state.turn or state.turn == seat:
                raise IllegalMoveError(Words("Mind Control is used right after another player chooses a card"))
            return evolve(state, used=used, to_play=seat)
        square = self._one(move.squares)
        if effect == SHARED:
            region = next((r for r in a.closed_regions if r >> square & 1), 0)
            if not region or region & a.locked:
                raise IllegalMoveError(Words("choose an unowned closed zone"))
            control = tuple(c | (d & region) for c, d in zip(state.control, state.deployed, strict=True))
            deployed = tuple(d & ~region for d in state.deployed)
        elif effect == FORCED:
            if not a.deployed >> square & 1:
                raise IllegalMoveError(Words("choose a token showing its deployed face"))
            control = tuple(c | (d & (1 << square)) for c, d in zip(state.control, state.deployed, strict=True))
            deployed = tuple(d & ~(1 << square) for d in state.deployed)
        else:
            raise InvalidMoveError(Words("unknown power {power}", power=repr(move.power)))
        after = self._settle(evolve(state, used=used, control=control, deployed=deployed))
        if after.phase == RESOLVE and not self.card_playable(after, self.chosen_card(after), after.turn):
            # The power made the chosen card impossible: the choice is void and the player chooses again.
            after = evolve(after, phase=CHOOSE, chosen=-1, to_play=after.turn)
        return after

    # -- notation (see notation.py) ------------------------------------------------------------
    def format_move(self, state: BauhausState, move: Move) -> str:
        return notation.format_move(self.board, move)

    def parse_move(self, state: BauhausState, text: str, seat: Seat | None = None) -> Move:
        self.seat_or_to_play(state, seat)
        return notation.parse_move(self.board, text, lambda: self._closed_regions(state.walls))

    # -- the end --------------------------------------------------------------------------------
    def scoring_zones(self, state: BauhausState) -> list[list[int]]:
        """Per seat, the sizes of the closed zones where it has a control-face token, largest first."""
        result: list[list[int]] = [[] for _ in range(state.players)]
        for region in self._closed_regions(state.walls):
            for seat in range(state.players):
                if state.control[seat] & region:
                    result[seat].append(region.bit_count())
        for sizes in result:
            sizes.sort(reverse=True)
        return result

    def scores(self, state: BauhausState) -> list[int]:
        """Each control-face token standing in a closed zone scores the zone's number of squares."""
        points = [0] * state.players
        for region in self._closed_regions(state.walls):
            size = region.bit_count()
            for seat in range(state.players):
                points[seat] += size * (state.control[seat] & region).bit_count()
        return points

    def standing(self, state: BauhausState, seat: int) -> tuple[int, ...]:
        """The tie-break key: points, then number of zones, then zone sizes largest first."""
        sizes = self.scoring_zones(state)[seat]
        return (self.scores(state)[seat], len(sizes), *sizes)

    def winners(self, state: BauhausState) -> list[Seat]:
        keys = [self.standing(state, seat) for seat in range(state.players)]
        best = max(keys)
        return [seat for seat, key in enumerate(keys) if key == best]

    def score_table(self, state: BauhausState) -> list[ScoreRow]:
        zones = self.scoring_zones(state)
        return [
            ScoreRow(Words("Points"), tuple(str(p) for p in self.scores(state))),
            ScoreRow(
                Words("Each token's points"), tuple(self.points_sum(state, seat) for seat in range(state.players))
            ),
            ScoreRow(Words("Zones"), tuple(str(len(z)) for z in zones)),
            ScoreRow(Words("Tokens left"), tuple(str(r) for r in state.reserve)),
        ]

    def points_sum(self, state: BauhausState, seat: Seat) -> str:
        """How ``seat``'s points add up ("6 + 6 + 5" for 17; :func:`scoring.points_sum`)."""
        terms = [(r.bit_count(), (state.control[seat] & r).bit_count()) for r in self._closed_regions(state.walls)]
        return scoring.points_sum(terms)

    def tie_break(self, state: BauhausState, names: Sequence[str]) -> Words | None:
        keys = [self.standing(state, seat) for seat in range(state.players)]
        return scoring.tie_break(keys, self.winners(state), self.scoring_zones(state), names)

    # -- hidden information -------------------------------------------------------------------
    def view(self, state: BauhausState, seat: Seat) -> BauhausState:
        """Everyone sees everything but the deck order, which views sort."""
        self.seat_or_to_play(state, seat)
        return replace(state, deck=tuple(sorted(state.deck)))

    def watcher_view(self, state: BauhausState) -> BauhausState:
        return self.view(state, 0)  # every seat sees the same

    def determinize(self, state: BauhausState, seat: Seat, rng: Rng) -> BauhausState:
        self.seat_or_to_play(state, seat)
        deck, _ = rng.shuffle(sorted(state.deck))
        return replace(state, deck=deck)

    def opens_turn(self, before: BauhausState, move: Move | None) -> bool:
        # A card's turn is its choice; carrying it out (by its chooser or, after Mind Control, by
        # Blue) goes on in the same turn, and a power is used outside the turns.
        return before.phase != RESOLVE and (move is None or move.kind != MoveKind.POWER)

    def revealed(self, before: BauhausState, after: BauhausState) -> bool:
        return len(after.deck) < len(before.deck)

    def invariant_errors(self, state: BauhausState) -> list[str]:
        b = self.board
        errors = []
        if state.walls & ~b.all_edges:
            errors.append("a wall stands off the board")
        if state.walls.bit_count() + state.supply != TOTAL_WALLS:
            errors.append(f"walls on board {state.walls.bit_count()} + supply {state.supply} != {TOTAL_WALLS}")
        seen = 0
        for seat in range(state.players):
            d, c = state.deployed[seat], state.control[seat]
            if d & c or (d | c) & seen or (d | c) & ~b.all_squares:
                errors.append(f"{COLOURS[seat]} tokens overlap or stand off the board")
            seen |= d | c
            if (d | c).bit_count() + state.reserve[seat] != TOKENS_PER_PLAYER:
                errors.append(f"{COLOURS[seat]} has not {TOKENS_PER_PLAYER} tokens in all")
        regions = self._closed_regions(state.walls)
        for region in regions:
            present = [s for s in range(state.players) if (state.deployed[s] | state.control[s]) & region]
            if not present:
                errors.append(f"closed zone {b.square_name((region & -region).bit_length() - 1)} is empty")
            elif len(present) == 1 and region not in state.locked:
                errors.append("a one-colour closed zone was not taken over")
            deployed_inside = any(d & region for d in state.deployed)
            if region in state.locked and deployed_inside:
                errors.append("a locked zone holds a deployed token")
            if present and not deployed_inside and region not in state.locked:
                errors.append("an all-control closed zone is not locked")
        for zone in state.locked:
            if zone not in regions:
                errors.append("a locked zone changed shape")
        cards = Counter(state.deck) + Counter(state.discard) + Counter(c for c in state.display if c != NO_CARD)
        if cards != Counter(deck_for(state.players)):
            errors.append("cards went missing or appeared")
        return errors

    # -- positions as text (see notation.py) ---------------------------------------------------
    def to_text(self, state: BauhausState) -> str:
        return notation.position_text(self.board, state)

    def from_text(self, text: str) -> BauhausState:
        return notation.read_position(self.board, text)

    def picture(self, state: BauhausState) -> str:
        """The board as text (tests, debugging): see :func:`notation.picture`."""
        return notation.picture(self.board, state)

    def from_picture(
        self,
        picture: str,
        players: int = 2,
        *,
        display: tuple[str, ...] = ("place", "free", "move-wall", "move"),
        deck: tuple[str, ...] | None = None,
        phase: str = CHOOSE,
        turn: int = 0,
        powers: bool = False,
        used: tuple[bool, ...] | None = None,
    ) -> BauhausState:
        """A position from a board picture (see :func:`notation.picture_position`), with its zones
        settled: one-colour closed zones taken over and all-control ones locked (as after Shared Control)."""
        state = notation.picture_position(
            self.board, picture, players, display=display, deck=deck, phase=phase, turn=turn, powers=powers, used=used
        )
        return self._settle(state)


GAME = BauhausRules()
