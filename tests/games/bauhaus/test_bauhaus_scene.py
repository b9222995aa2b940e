"""Bauhaus screen, driven by synthetic events: choosing (and taking back) a card, a pattern rotated and
placed, a wall moved by clicks and by dragging, tokens dragged from the reserve and between squares,
a swap by two clicks, a power by its button, and refusals that say why and change nothing."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from bauhausbox.engine.history import History, SeatSpec, Setup
from bauhausbox.games.bauhaus.board import bits
from bauhausbox.games.bauhaus.cards import PATTERNS, normalize, transformed
from bauhausbox.games.bauhaus.positions import EMPTY_BOARD, zones_picture
from bauhausbox.games.bauhaus.rules import CHOOSE, GAME, RESOLVE, BauhausState, Move, MoveKind
from bauhausbox.games.bauhaus.screen.scene import BauhausScene
from bauhausbox.match import Match
from tests.ui.helpers import click, drag, frames, key, move

BLUE, YELLOW = 0, 1


def open_position(app: Any, state: BauhausState) -> BauhausScene:
    seats = tuple(SeatSpec(f"P{i + 1}") for i in range(state.players))
    setup = Setup("bauhaus", state.players, 1, seats, {"powers": state.powers})
    scene = BauhausScene(app, Match(setup, History(GAME, state), autosave=False))
    app.push(scene)
    frames(app, 2)
    return scene


def edge_point(scene: BauhausScene, name: str) -> tuple[int, int]:
    (x1, y1), (x2, y2) = scene.geo.edge_ends(GAME.board.parse_edge(name))
    return round((x1 + x2) / 2), round((y1 + y2) / 2)


def square_point(scene: BauhausScene, name: str) -> tuple[int, int]:
    return scene.geo.square_rect(GAME.board.parse_square(name)).center


def with_tokens(state: BauhausState, blue: tuple[str, ...], yellow: tuple[str, ...]) -> BauhausState:
    def mask(names: tuple[str, ...]) -> int:
        return sum(1 << GAME.board.parse_square(n) for n in names)

    return replace(state, deployed=(mask(blue), mask(yellow)), reserve=(8 - len(blue), 8 - len(yellow)))


def test_choosing_a_card_and_taking_it_back(fresh_app: Any) -> None:
    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=("I2", "free", "swap", "place")), ("c3",), ("f6",))
    scene = open_position(fresh_app, state)
    click(fresh_app, scene.card_rects[1].center)
    assert scene.match.state.phase == RESOLVE and scene.match.state.chosen == 1
    chosen = scene.match.state
    key(fresh_app, pygame.K_ESCAPE)  # nothing held: Esc opens the menu and never takes the card back
    assert fresh_app.top.name == "pause" and scene.match.state == chosen
    key(fresh_app, pygame.K_ESCAPE)
    assert fresh_app.top is scene
    click(fresh_app, scene.cancel_button.rect.center)
    assert scene.match.state == state
    assert fresh_app.top is scene


def test_esc_lets_go_of_a_dragged_token_first_and_says_nothing_was_played(fresh_app: Any) -> None:
    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=("move", "free", "swap", "place")), ("c3",), ("f6",))
    scene = open_position(fresh_app, state)
    click(fresh_app, scene.card_rects[0].center)  # Move token
    chosen = scene.match.state
    click(fresh_app, square_point(scene, "c3"))
    assert scene.held is not None
    key(fresh_app, pygame.K_ESCAPE)
    assert scene.held is None and fresh_app.top is scene and scene.match.state == chosen
    assert "nothing was played" in scene.message
    key(fresh_app, pygame.K_ESCAPE)
    assert fresh_app.top.name == "pause" and scene.match.state == chosen
    key(fresh_app, pygame.K_ESCAPE)


def test_pick_a_pattern_card_rotate_it_and_place_it(fresh_app: Any) -> None:
    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=("L3", "free", "swap", "place")), ("c3",), ("f6",))
    scene = open_position(fresh_app, state)
    click(fresh_app, scene.card_rects[0].center)
    target = square_point(scene, "d5")
    move(fresh_app, target)
    before_rotation = scene.ghost_edges(target)
    key(fresh_app, pygame.K_r)
    move(fresh_app, target)
    after_rotation = scene.ghost_edges(target)
    assert before_rotation and after_rotation and set(before_rotation) != set(after_rotation)
    click(fresh_app, target)
    after = scene.match.state
    placed = after.walls
    assert placed.bit_count() == 3 and after.supply == 63 and after.phase == CHOOSE
    # The walls form L3 turned a quarter clockwise from the printed card (three anticlockwise).
    board = GAME.board
    points = set()
    for edge in bits(placed):
        horizontal, line, pos = board.edge_line(edge)
        points.add((2 * pos + 1, 2 * line) if horizontal else (2 * line, 2 * pos + 1))
    l3 = next(p for p in PATTERNS if p.id == "L3")
    assert normalize(points) == transformed(l3.edges, 3, False)
    assert scene.match.history.last_step is not None and scene.match.history.last_step.text.startswith("walls ")


def test_right_click_rotates_and_f_flips_the_pattern(fresh_app: Any) -> None:
    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=("L3", "free", "swap", "place")), ("c3",), ("f6",))
    scene = open_position(fresh_app, state)
    click(fresh_app, scene.card_rects[0].center)
    click(fresh_app, square_point(scene, "d5"), button=3)
    assert scene.turns == 3 and scene.match.state.walls == 0  # a right-click only rotates (clockwise)
    key(fresh_app, pygame.K_f)
    assert scene.mirrored


def test_move_a_wall_by_clicks_and_by_dragging(fresh_app: Any) -> None:
    walls = (1 << GAME.board.parse_edge("c4N")) | (1 << GAME.board.parse_edge("f2E"))
    state = GAME.from_picture(EMPTY_BOARD, display=("move-wall", "move-wall", "swap", "place"))
    state = with_tokens(replace(state, walls=walls, supply=64), ("c3",), ("f6",))
    scene = open_position(fresh_app, state)
    click(fresh_app, scene.card_rects[0].center)
    click(fresh_app, edge_point(scene, "c4N"))
    assert scene.held is not None and scene.held.kind == MoveKind.WALL
    click(fresh_app, edge_point(scene, "e6N"))
    after = scene.match.state
    assert after.walls == (1 << GAME.board.parse_edge("e6N")) | (1 << GAME.board.parse_edge("f2E"))
    # Yellow drags a wall to its new edge (the second Move-wall card).
    click(fresh_app, scene.card_rects[1].center)
    drag(fresh_app, edge_point(scene, "f2E"), edge_point(scene, "b7N"))
    assert scene.match.state.walls == (1 << GAME.board.parse_edge("e6N")) | (1 << GAME.board.parse_edge("b7N"))
    assert scene.match.history.last_step is not None and scene.match.history.last_step.text == "move-wall f2E>b7N"


def test_drag_a_token_from_the_reserve_and_between_squares(fresh_app: Any) -> None:
    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=("place", "move", "swap", "free")), ("c3",), ("f6",))
    scene = open_position(fresh_app, state)
    click(fresh_app, scene.card_rects[0].center)
    reserve = scene.reserve_rects[BLUE]
    drag(fresh_app, (reserve.left + 4, reserve.centery), square_point(scene, "d4"))
    after = scene.match.state
    assert after.deployed[BLUE] >> GAME.board.parse_square("d4") & 1 and after.reserve[BLUE] == 6
    # Yellow moves Blue's c3 token by dragging it.
    click(fresh_app, scene.card_rects[1].center)
    assert scene.match.state.phase == RESOLVE
    drag(fresh_app, square_point(scene, "c3"), square_point(scene, "h1"))
    moved = scene.match.state
    assert not moved.deployed[BLUE] >> GAME.board.parse_square("c3") & 1
    assert moved.deployed[BLUE] >> GAME.board.parse_square("h1") & 1


def test_swap_by_two_clicks(fresh_app: Any) -> None:
    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=("swap", "move", "I2", "free")), ("c3",), ("f6",))
    scene = open_position(fresh_app, state)
    click(fresh_app, scene.card_rects[0].center)
    click(fresh_app, square_point(scene, "c3"))
    click(fresh_app, square_point(scene, "f6"))
    after = scene.match.state
    assert after.deployed == (1 << GAME.board.parse_square("f6"), 1 << GAME.board.parse_square("c3"))


def test_an_illegal_wall_is_refused_with_its_reason_and_nothing_changes(fresh_app: Any) -> None:
    # An empty pocket at a2-b2 open only on a2S: that edge would close an empty zone.
    picture = zones_picture([(["a2", "b2"], "")])
    state = GAME.from_picture(picture, display=("free", "move", "I2", "swap"))
    state = with_tokens(replace(state, walls=state.walls & ~(1 << GAME.board.parse_edge("a2S"))), ("e5",), ("f6",))
    state = replace(state, supply=66 - state.walls.bit_count())
    scene = open_position(fresh_app, state)
    click(fresh_app, scene.card_rects[0].center)
    chosen = scene.match.state
    steps = len(scene.match.history.steps)
    move(fresh_app, edge_point(scene, "a2S"))
    assert scene.preview()[1] == "that would close an empty zone"  # the hover shows it red, with the reason
    click(fresh_app, edge_point(scene, "a2S"))
    assert scene.match.state == chosen and len(scene.match.history.steps) == steps
    assert "empty zone" in (scene.refusal() or "").lower()


def test_a_card_that_cannot_be_carried_out_is_refused(fresh_app: Any) -> None:
    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=("move-wall", "swap", "place", "free")), ("c3",), ())
    scene = open_position(fresh_app, state)
    click(fresh_app, scene.card_rects[1].center)  # swap: only blue tokens on the board
    assert scene.match.state == state
    assert scene.refusal() == (
        "That card cannot be carried out now: there are no two deployed tokens of different colours"
    )


def test_a_power_from_its_button(fresh_app: Any) -> None:
    picture = zones_picture([(["a1", "b1", "c1"], "byy")])
    state = GAME.from_picture(picture, display=("free", "move", "I2", "swap"), powers=True)
    scene = open_position(fresh_app, state)
    button = scene.power_buttons[YELLOW]
    assert button.visible and button.enabled
    click(fresh_app, button.rect.center)
    assert scene.power_mode == (YELLOW, "shared")
    click(fresh_app, square_point(scene, "b1"))
    after = scene.match.state
    assert after.used == (False, True) and GAME.scores(after) == [3, 6]
    frames(fresh_app, 2)
    assert not scene.power_buttons[YELLOW].visible


def test_mind_control_from_the_button_then_blue_resolves_yellows_card(fresh_app: Any) -> None:
    state = GAME.from_picture(EMPTY_BOARD, display=("place", "move", "I2", "swap"), powers=True, turn=YELLOW)
    scene = open_position(fresh_app, with_tokens(state, ("c3",), ("f6",)))
    assert not scene.power_buttons[BLUE].enabled  # not before a card is chosen
    click(fresh_app, scene.card_rects[0].center)  # Yellow chooses Place token
    frames(fresh_app, 1)
    assert fresh_app.top is scene  # no question by default (see test_bauhaus_decisions.py)
    assert scene.power_buttons[BLUE].enabled  # the lit button offers the power instead
    click(fresh_app, scene.power_buttons[BLUE].rect.center)
    assert scene.match.state.to_play == BLUE and scene.cancel_button.visible is False
    click(fresh_app, square_point(scene, "a8"))  # Blue puts Yellow's token in the corner
    after = scene.match.state
    assert after.deployed[YELLOW] >> GAME.board.parse_square("a8") & 1
    assert after.turn == BLUE and after.used == (True, False)


def hover_then_click(app: Any, scene: BauhausScene, point: tuple[int, int]) -> None:
    """Hover ``point``, check the preview is legal, click, and check the click played the previewed move."""
    move(app, point)
    previewed, reason = scene.preview()
    assert previewed is not None and reason is None
    steps = len(scene.match.history.steps)
    click(app, point)
    last = scene.match.history.last_step
    assert len(scene.match.history.steps) == steps + 1 and last is not None
    assert last.move == previewed


def test_what_the_preview_shows_is_what_a_click_plays(fresh_app: Any) -> None:
    """One pointer-to-move mapping: for every card, the green preview is the move the click makes."""
    walls = 1 << GAME.board.parse_edge("c4N")
    display = ("place", "free", "L3", "move-wall")
    deck = ("move", "swap", "place", "place", "place", "place")
    state = GAME.from_picture(EMPTY_BOARD, display=display, deck=deck)
    state = with_tokens(replace(state, walls=walls, supply=65), ("c3",), ("f6",))
    scene = open_position(fresh_app, state)
    click(fresh_app, scene.card_rects[0].center)  # Blue: place token
    hover_then_click(fresh_app, scene, square_point(scene, "d4"))
    click(fresh_app, scene.card_rects[1].center)  # Yellow: two walls
    hover_then_click(fresh_app, scene, edge_point(scene, "g2N"))
    hover_then_click(fresh_app, scene, edge_point(scene, "b7E"))
    click(fresh_app, scene.card_rects[2].center)  # Blue: pattern L3, turned once
    key(fresh_app, pygame.K_r)
    hover_then_click(fresh_app, scene, square_point(scene, "e2"))
    click(fresh_app, scene.card_rects[3].center)  # Yellow: move a wall, picked by a click
    click(fresh_app, edge_point(scene, "c4N"))
    hover_then_click(fresh_app, scene, edge_point(scene, "h5N"))
    click(fresh_app, scene.card_rects[0].center)  # Blue: Move token (turned up in slot 0)
    assert scene.card_kind() == "move"
    click(fresh_app, square_point(scene, "f6"))
    hover_then_click(fresh_app, scene, square_point(scene, "a8"))
    click(fresh_app, scene.card_rects[1].center)  # Yellow: Swap tokens
    assert scene.card_kind() == "swap"
    click(fresh_app, square_point(scene, "c3"))
    hover_then_click(fresh_app, scene, square_point(scene, "a8"))


def test_refusals_are_the_rules_own_words(fresh_app: Any) -> None:
    """Picking up the wrong piece is refused with the reason the rules give for moving it."""
    picture = zones_picture([(["a1", "b1"], "bb")])
    state = GAME.from_picture(picture, display=("move", "swap", "move-wall", "place"))
    state = with_tokens(state, (), ("f6",))
    free_wall = 1 << GAME.board.parse_edge("e5N")  # a wall that may move, so that Move wall can be chosen
    state = replace(state, control=(state.control[BLUE], 0), reserve=(6, 7))
    state = replace(state, walls=state.walls | free_wall, supply=state.supply - 1)
    scene = open_position(fresh_app, state)
    board = GAME.board
    f6, a1, h8 = board.parse_square("f6"), board.parse_square("a1"), board.parse_square("h8")

    def said(reason: str | None) -> bool:
        assert reason is not None
        return scene.refusal() == reason[:1].upper() + reason[1:]

    click(fresh_app, scene.card_rects[0].center)  # Move token
    chosen = GAME.play_texts(state, ["card0"])
    click(fresh_app, square_point(scene, "a1"))  # a control-face token
    assert scene.held is None and said(GAME.check(chosen, Move(MoveKind.MOVE_TOKEN, squares=(a1, h8))))
    click(fresh_app, square_point(scene, "d4"))  # no token at all
    d4 = board.parse_square("d4")
    assert scene.held is None and said(GAME.check(chosen, Move(MoveKind.MOVE_TOKEN, squares=(d4, h8))))
    click(fresh_app, square_point(scene, "f6"))
    assert scene.held is not None and scene.held.source == f6
    key(fresh_app, pygame.K_ESCAPE)  # Esc puts the token down; the button takes the card back
    click(fresh_app, scene.cancel_button.rect.center)
    assert scene.match.state == state
    click(fresh_app, scene.card_rects[2].center)  # Move wall: the zone's walls may not move
    chosen = GAME.play_texts(state, ["card2"])
    a1n, h4n = board.parse_edge("a1N"), board.parse_edge("h4N")
    click(fresh_app, edge_point(scene, "a1N"))
    assert scene.held is None and said(GAME.check(chosen, Move(MoveKind.MOVE_WALL, edges=(a1n, h4n))))
    click(fresh_app, scene.card_rects[0].center)  # a card while one is being carried out
    assert said(GAME.check(chosen, Move(MoveKind.CARD, slot=0)) + " (Cancel card takes the card back)")


def test_a_token_cannot_be_swapped_with_itself() -> None:
    state = with_tokens(GAME.from_picture(EMPTY_BOARD, display=("swap", "move", "I2", "free")), ("c3",), ("f6",))
    chosen = GAME.play_texts(state, ["card0"])
    c3 = GAME.board.parse_square("c3")
    reason = GAME.check(chosen, Move(MoveKind.SWAP, squares=(c3, c3)))
    assert reason is not None and "different tokens" in reason
