"""The Bauhaus side panel: the four face-up cards, deck / discard / wall supply, the players (name,
reserve, points, power button) and the prompt saying what to do now, with the pattern and card
buttons under it.

Functions of the screen (:class:`~bauhausbox.games.bauhaus.screen.scene.BauhausScene`): the screen keeps the
rectangles (its gestures read them), this module places and draws them. Every text is drawn inside a
box the layout check knows (``layout_probe.box``), so a name or a prompt running out of its place
fails the layout test instead of clipping.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from bauhausbox.games.bauhaus.cards import FREE_WALLS, MOVE_TOKEN, MOVE_WALL, NO_CARD, PATTERN, PLACE
from bauhausbox.games.bauhaus.describe import and_list
from bauhausbox.games.bauhaus.rules import (
    CHOOSE,
    COLOURS,
    OPENING,
    RESOLVE,
    SEAT_NAMES,
    TOKENS_PER_PLAYER,
    BauhausRules,
    BauhausState,
    Move,
    MoveKind,
)
from bauhausbox.games.bauhaus.screen.paint import (
    LABEL,
    Geometry,
    card_height,
    card_label,
    card_least_width,
    draw_card,
    draw_token,
    fit_labelled_board,
    fit_text,
    seat_colour,
    seat_shape,
)
from bauhausbox.i18n import N_, _, fill, ngettext, translate
from bauhausbox.match import Match
from bauhausbox.scenes.game_scene import LEVEL_WORDS
from bauhausbox.table import Table
from bauhausbox.ui import draw, layout_probe, theme
from bauhausbox.ui.app import App
from bauhausbox.ui.presence import presence_mark
from bauhausbox.ui.theme import Metrics
from bauhausbox.ui.widgets import Button, tooltip


class BauhausScene(Protocol):
    """What the panel needs of the Bauhaus screen (``scene.BauhausScene``; named here, not imported,
    because the screen imports this module)."""

    app: App
    metrics: Metrics
    rules: BauhausRules
    match: Match
    table: Table[Any, Any]
    mouse: tuple[int, int]
    held: Any
    power_mode: tuple[int, str] | None
    geo: Geometry
    panel_rect: pygame.Rect
    info_rect: pygame.Rect
    prompt_rect: pygame.Rect
    card_rects: list[pygame.Rect]
    player_rects: list[pygame.Rect]
    reserve_rects: list[pygame.Rect]
    power_buttons: list[Button]
    compact: bool  # the players' rows put the power button under the name (``compact_rows``)
    cancel_button: Button
    rotate_button: Button
    flip_button: Button
    spectating: bool

    def actor(self) -> int | None: ...
    def quiet_reactions(self) -> dict[int, list[str]]: ...
    def hovered_card(self) -> int | None: ...
    def placing_kind(self) -> str | None: ...
    def card_kind(self) -> str | None: ...
    def preview(self) -> tuple[Move | None, str | None]: ...


# When each power can be used (docs/rules/bauhaus.md, "Optional rule: special powers"), for the
# tooltip of a greyed power button. Marked for the catalogs, translated where shown.
POWER_WHEN = {
    "mind": N_("right after another player chooses a card, before anything of it is done"),
    "shared": N_("while a card is being chosen or right after, when a closed zone has no owner"),
    "forced": N_("while a card is being chosen or right after, on a token showing its deployed face"),
}

# What each power does (docs/rules/bauhaus.md), for the decision window that offers it: the player
# decides on the effect, not on the power's name. ``{seat}`` is the seat whose card was just chosen.
POWER_EFFECTS = {
    "mind": N_(
        "Mind Control: you carry out {seat}'s card your way (where its walls go, which token moves where, "
        "on which square its token goes); {seat}'s turn is spent."
    ),
    "shared": N_(
        "Shared Control: you pick a hatched closed zone; all its tokens turn to their control face, the zone "
        "is locked and each of them scores its size."
    ),
    "forced": N_(
        "Forced Control: you pick a token showing its deployed face (any colour); it turns to its control "
        "face and can no longer move or be swapped."
    ),
}

POWER_PROMPTS = {
    "mind": N_("Mind Control: you resolve the chosen card."),
    "shared": N_("Shared Control: click a hatched (unowned) closed zone."),
    "forced": N_("Forced Control: click a token showing its deployed face."),
}


def seat_word(seat: int) -> str:
    """The seat's colour as a name, in the players' language: "Blue" ("Bleu")."""
    return _(SEAT_NAMES[seat])


def clauses(parts: list[str]) -> str:
    """Clauses of one sentence joined by semicolons, in the players' language ("a; b")."""
    text = parts[0] if parts else ""
    for part in parts[1:]:
        text = _("{earlier}; {later}").format(earlier=text, later=part)
    return text


# ==== layout ========================================================================================
PANEL_LEAST_UNITS = 44  # the panel's least width in units, whatever else it holds
READABLE_TOKEN = 0.7  # a reserve token's least step, as a share of the power button's height
BOARD_YIELD = 12  # a board that fills the window's height gives up to this share of its side to the cards


def layout_table(scene: BauhausScene, rect: pygame.Rect) -> None:
    """The board as large as the room left beside the panel's least width allows; the panel takes
    the rest. With powers, where the board is short of width (the log open at 1024 or 1280 wide),
    the players' rows put the power button under the name (``compact_rows``): the panel needs less
    width and no name is cut."""
    m = scene.metrics
    gap = m.u(4)
    area = pygame.Rect(rect.left, rect.top, rect.width - gap - panel_least_width(scene, compact=True), rect.height)
    scene.geo = fit_labelled_board(scene.rules.board, area, m, "topleft")
    if scene.geo.labelled_rect(m).height > rect.height - scene.geo.rect.height // BOARD_YIELD:
        # A large window: the board fills the height, and the cards beside it would stay small with
        # the panel's least width. A slightly smaller board lets them grow.
        area.width = min(area.width, scene.geo.labelled_rect(m).width - scene.geo.rect.width // BOARD_YIELD)
        scene.geo = fit_labelled_board(scene.rules.board, area, m, "topleft")
    left = scene.geo.outer_rect().right + gap
    layout_panel(scene, pygame.Rect(left, rect.top, rect.right - left, rect.height))


def _who(scene: BauhausScene, seat: int) -> tuple[str, str]:
    """A player's name and, for a computer, " · " and its level in the players' language ("" for a
    human): the level is set smaller after the name, as a secondary word."""
    spec = scene.match.setup.seats[seat]
    return spec.name, "" if spec.is_human else " · " + _(LEVEL_WORDS.get(spec.level, spec.level))


def _name_width(scene: BauhausScene, seat: int) -> int:
    """The name and the level, as drawn on the first line of a player's row."""
    m = scene.metrics
    name, level = _who(scene, seat)
    width = draw.render_text(name, m.body, theme.INK, "semibold").get_width()
    return width + (draw.render_text(level, m.small, theme.INK, "regular").get_width() if level else 0)


def _seats(scene: BauhausScene) -> range:
    return range(scene.rules.players(scene.match.state))


def panel_least_width(scene: BauhausScene, compact: bool) -> int:
    """Room for a player's row with a whole reserve of readable tokens (each about two thirds of the
    row's button tall) and every name whole. Side by side, the name and the power button share the
    first line and the colour's word comes before the reserve; ``compact``, the name has the first
    line to itself and the button takes the colour word's place under it (the seat's shape and
    tokens say the colour)."""
    m = scene.metrics
    powers = scene.match.state.powers
    names = max(_name_width(scene, seat) for seat in _seats(scene))
    reserve = TOKENS_PER_PLAYER * _token_step(scene) + m.u(1)
    if compact and powers:
        row = max(
            _text_left(scene) + names + m.u(1) + _score_room(scene),
            _text_left(scene) + _power_button_width(scene) + m.u(1) + reserve,
        )
    else:
        button = _power_button_width(scene) if powers else 0
        row = max(
            _text_left(scene) + names + m.u(1) + button + _score_room(scene),
            _text_left(scene) + _colour_width(scene) + m.u(1) + reserve,
        )
    cards = 4 * card_least_width(m) + 3 * _card_gap(scene)  # every card's title whole, with its margins
    return max(m.u(PANEL_LEAST_UNITS), row, cards)


def _card_gap(scene: BauhausScene) -> int:
    return scene.metrics.u(1)


def _token_step(scene: BauhausScene) -> int:
    m = scene.metrics
    return round(READABLE_TOKEN * (m.small + m.u(1.25)))


def compact_rows(scene: BauhausScene, width: int) -> bool:
    """Whether the players' rows put the power button under the name: when a name and the button do
    not fit side by side in ``width``."""
    return scene.match.state.powers and panel_least_width(scene, compact=False) > width


def _power_button_width(scene: BauhausScene) -> int:
    m = scene.metrics
    return draw.render_text(_("Bauhaus!").upper(), m.small, theme.INK, "bold", 0.08).get_width() + m.u(4)


def _score_room(scene: BauhausScene) -> int:
    """Room for two-digit points at the right of a player's row, with the gaps either side."""
    m = scene.metrics
    return draw.render_text("88", m.heading, theme.INK, "bold").get_width() + m.u(2)


def layout_panel(scene: BauhausScene, panel: pygame.Rect) -> None:
    """Cards, counters, player rows and the prompt (with its buttons) from the top of ``panel`` down."""
    m = scene.metrics
    scene.panel_rect = panel
    top = panel.top + m.small + m.u(2.5)
    gap = _card_gap(scene)
    card_w = (panel.width - 3 * gap) // 4
    # Tall enough for a readable picture above the title's rows (card_height), never over a third.
    card_h = min(max(round(card_w * 1.3), card_height(card_w, m)), panel.height // 3)
    scene.card_rects = [pygame.Rect(panel.left + i * (card_w + gap), top, card_w, card_h) for i in range(4)]
    scene.info_rect = pygame.Rect(panel.left, top + card_h + m.u(1.5), panel.width, max(m.u(3.5), m.body + m.u(1)))
    compact = compact_rows(scene, panel.width)
    scene.compact = compact
    # Two lines a player: the name, then the colour, the reserve and (compact) the power button.
    row_h = m.body + m.small + m.u(2.75)
    y = scene.info_rect.bottom + m.u(1)
    scene.player_rects = []
    scene.reserve_rects = []
    button_w = _power_button_width(scene)
    button_h = m.small + m.u(1.25)
    for seat in _seats(scene):
        row = pygame.Rect(panel.left, y, panel.width, row_h)
        scene.player_rects.append(row)
        line2 = pygame.Rect(row.left + _text_left(scene), row.bottom - m.u(0.75) - button_h, 0, button_h)
        button = scene.power_buttons[seat]
        name_line = pygame.Rect(row.left, row.top, row.width, m.body + m.u(1.5))
        reserve_left = line2.left + _colour_width(scene) + m.u(1)
        if compact:
            # Under the name, in the colour word's place: the name keeps its whole line.
            button.rect = pygame.Rect(line2.left, line2.top, button_w, button_h)
            reserve_left = button.rect.right + m.u(1)
        else:
            # On the name's line, left of the points: the reserve has its whole line to itself.
            button.rect = pygame.Rect(row.right - _score_room(scene) - button_w, 0, button_w, button_h)
            button.rect.centery = name_line.centery
            button.rect.bottom = min(button.rect.bottom, line2.top - 1)  # clear of the reserve's line
        right = row.right - m.u(1)
        scene.reserve_rects.append(pygame.Rect(reserve_left, line2.top, max(m.u(4), right - reserve_left), button_h))
        y += row_h + m.u(0.5)
    scene.prompt_rect = pygame.Rect(panel.left, y + m.u(0.5), panel.width, max(m.u(8), panel.bottom - y - m.u(0.5)))
    bh = m.u(5)
    cancel_w = draw.render_text(_("Cancel card").upper(), m.body, theme.INK, "bold", 0.08).get_width() + m.u(4)
    prompt = scene.prompt_rect
    scene.cancel_button.rect = pygame.Rect(prompt.right - cancel_w, prompt.bottom - bh, cancel_w, bh)
    scene.rotate_button.rect = pygame.Rect(prompt.left, prompt.bottom - bh, bh, bh)
    scene.flip_button.rect = pygame.Rect(prompt.left + bh + m.u(1), prompt.bottom - bh, bh, bh)


def _text_left(scene: BauhausScene) -> int:
    return scene.metrics.u(6)


def _colour_width(scene: BauhausScene) -> int:
    m = scene.metrics
    return max(
        draw.render_text(seat_word(seat).upper(), m.small, theme.INK, "bold", 0.06).get_width()
        for seat in range(len(SEAT_NAMES))
    )


def prompt_words_rect(scene: BauhausScene) -> pygame.Rect:
    """Where the prompt's words go: above the row of its buttons, so no button ever covers them."""
    m = scene.metrics
    rect = scene.prompt_rect
    return pygame.Rect(rect.left, rect.top, rect.width, scene.rotate_button.rect.top - m.u(1) - rect.top)


# ==== drawing =======================================================================================
def draw_panel(scene: BauhausScene, surface: pygame.Surface, state: BauhausState) -> None:
    m = scene.metrics
    panel = scene.panel_rect
    with layout_probe.box(panel):
        draw.heading(surface, _("Action cards"), (panel.left, panel.top + m.u(0.5)), m.small, theme.INK)
        playable = _playable_slots(scene, state)
        actor = scene.actor()
        hover = scene.hovered_card()
        for slot, rect in enumerate(scene.card_rects):
            look = "normal"
            if state.phase == RESOLVE and slot == state.chosen:
                look = "chosen"
            elif state.phase in (RESOLVE, OPENING):
                look = "disabled"  # nothing to choose now (the opening round places tokens only)
            elif actor is not None and state.phase == CHOOSE:
                look = "hover" if slot == hover and slot in playable else ("normal" if slot in playable else "disabled")
            draw_card(surface, rect, state.display[slot], m, state=look, seat=state.turn)
            layout_probe.control(f"card {slot + 1}", rect)
        # The cards and the counts under them are read while a power button's tooltip is up: it keeps off them.
        cards = scene.card_rects[0].unionall(scene.card_rects[1:]) if scene.card_rects else None
        if cards is not None:
            draw.keep_clear(surface, cards.union(scene.info_rect))
        _draw_info(scene, surface, state)
        _draw_players(scene, surface, state)
        _draw_prompt(scene, surface, state)


def _playable_slots(scene: BauhausScene, state: BauhausState) -> set[int]:
    if state.phase != CHOOSE or scene.actor() is None:
        return set()
    return {
        mv.slot for mv in scene.rules.legal_moves(scene.match.state) if mv.kind in (MoveKind.CARD, MoveKind.DISCARD)
    }


def greyed_reason(scene: BauhausScene, slot: int) -> str | None:
    """Why the card in ``slot`` cannot be taken now, in the rules' words (None: it can, or nobody
    here chooses a card now)."""
    state = scene.match.state
    if state.phase != CHOOSE or scene.actor() is None or state.display[slot] == NO_CARD:
        return None
    if slot in _playable_slots(scene, state):
        return None
    card = state.display[slot]
    reason = scene.rules.card_reason(state, card, state.turn)
    if reason is None:
        return None
    return _("{card} cannot be taken now: {reason}.").format(card=card_label(card), reason=translate(reason))


def draw_card_tooltip(scene: BauhausScene, surface: pygame.Surface) -> None:
    """The pointer on a greyed card: why it cannot be taken now, beside the card."""
    slot = scene.hovered_card()
    if slot is None:
        return
    reason = greyed_reason(scene, slot)
    if reason:
        # Off the other cards, the players' rows below them (names, scores, reserves) and the
        # panels' titles.
        others = [rect for i, rect in enumerate(scene.card_rects) if i != slot]
        clear = [*others, scene.info_rect, *scene.player_rects, *draw.titles_drawn()]
        tooltip(surface, reason, scene.mouse, scene.metrics, scene.card_rects[slot], clear)


def _draw_info(scene: BauhausScene, surface: pygame.Surface, state: BauhausState) -> None:
    """Deck, discard and wall supply in one row, each after its little picture. Longer words (French)
    first close the gaps up, then take the small size, so the row always fits the panel."""
    m = scene.metrics
    rect = scene.info_rect
    cy = rect.centery
    counts = (
        ("deck", _("Deck {n}").format(n=len(state.deck))),
        ("discard", _("Discard {n}").format(n=len(state.discard))),
        ("walls", _("Walls {n}").format(n=state.supply)),
    )
    pictures = 2 * (m.u(2) + m.u(1)) + m.u(3) + m.u(1)
    size, gap = m.body, m.u(3)
    for size, gap in ((m.body, m.u(3)), (m.body, m.u(1.5)), (m.small, m.u(1.5))):
        words = sum(draw.render_text(text, size, theme.INK, "semibold").get_width() for _what, text in counts)
        if pictures + words + 2 * gap <= rect.width:
            break
    x = rect.left
    with layout_probe.box(rect):
        for what, text in counts:
            if what == "walls":
                bar = pygame.Rect(x, cy - m.u(0.4), m.u(3), m.u(0.8))
                pygame.draw.rect(surface, theme.INK, bar)
                x = bar.right + m.u(1)
            else:
                card = pygame.Rect(x, cy - m.u(1.4), m.u(2), m.u(2.8))
                pygame.draw.rect(surface, theme.WHITE if what == "deck" else theme.PAPER_DARK, card)
                pygame.draw.rect(surface, theme.INK, card, 2)
                x = card.right + m.u(1)
            r = draw.text(surface, text, (x, cy), size, theme.INK, "semibold", "midleft")
            x = r.right + gap


def _draw_players(scene: BauhausScene, surface: pygame.Surface, state: BauhausState) -> None:
    m = scene.metrics
    scores = scene.rules.scores(state)
    to_play = scene.match.to_play
    strong = scene.app.settings.colour_blind
    for seat, row in enumerate(scene.player_rects):
        if seat == to_play:
            pygame.draw.rect(surface, theme.WHITE, row)
            pygame.draw.rect(surface, theme.INK, row, 2)
            pygame.draw.rect(surface, theme.RED, (row.left, row.top, m.u(0.75), row.height))
        spec = scene.match.setup.seats[seat]
        colour = seat_colour(seat)
        draw.seat_shape(
            surface,
            seat_shape(seat),
            (row.left + m.u(3.25), row.centery),
            m.u(1.7),
            colour,
            outline=theme.INK if seat % 4 == 1 or strong else None,
        )
        connected = scene.table.connected(seat) if spec.is_human else None
        presence_mark(surface, (row.left + m.u(3.25), row.centery), m.u(1.7), connected)
        left = row.left + _text_left(scene)
        button = scene.power_buttons[seat]
        score_rect = draw.render_text(str(scores[seat]), m.heading, theme.INK, "bold").get_rect()
        score_rect.topright = (row.right - m.u(1), row.top + m.u(0.5))
        name_right = button.rect.left if state.powers and not scene.compact else score_rect.left
        name_box = pygame.Rect(left, row.top, name_right - m.u(1) - left, m.body + m.u(1.5))
        name, level = _who(scene, seat)
        with layout_probe.box(name_box):
            # The name whole when the row has room for it (panel_least_width makes sure it does).
            shown = draw.text(
                surface,
                fit_text(name, m.body, name_box.width),
                (left, name_box.centery),
                m.body,
                theme.INK,
                "semibold",
                "midleft",
            )
            draw.keep_clear(surface, shown)  # who is who: tooltips (a power button's) keep off the names
            if level and shown.right < name_box.right:
                level = fit_text(level, m.small, name_box.right - shown.right, "regular")
                draw.text(surface, level, (shown.right, name_box.centery + 1), m.small, LABEL, "regular", "midleft")
        with layout_probe.box(row):
            draw.text(surface, str(scores[seat]), score_rect.topleft, m.heading, theme.INK, "bold")
            reserve = scene.reserve_rects[seat]
            if not scene.compact:  # compact: the power button stands in the colour word's place
                draw.text(
                    surface,
                    seat_word(seat).upper(),
                    (left, reserve.centery + 1),
                    m.small,
                    LABEL,
                    "bold",
                    "midleft",
                    0.06,
                )
            if state.powers and state.used[seat]:
                draw.text(surface, _("power used"), button.rect.center, m.small, LABEL, "regular", "center")
        # The reserve: one small token per token left.
        step = min(reserve.height, max(4, reserve.width // 8))
        for i in range(state.reserve[seat]):
            center = (reserve.left + step // 2 + i * step, reserve.centery)
            draw_token(surface, center, step * 0.44, seat, False)
        if scene.placing_kind() == PLACE and scene.actor() is not None:
            placer = state.turn
            if seat == placer and state.reserve[seat]:
                hint = pygame.Rect(reserve.left - 2, reserve.top, step * state.reserve[seat] + 4, reserve.height)
                pygame.draw.rect(surface, theme.YELLOW, hint, 2)


def _draw_prompt(scene: BauhausScene, surface: pygame.Surface, state: BauhausState) -> None:
    m = scene.metrics
    rect = scene.prompt_rect
    pygame.draw.line(surface, theme.INK, rect.topleft, rect.topright, m.rule)
    words = prompt_words_rect(scene)
    with layout_probe.box(words):
        y = rect.top + m.u(1.25)
        draw.heading(surface, prompt_title(scene, state), (rect.left, y), m.small, theme.RED)
        y += m.small + m.u(1)
        text_rect = pygame.Rect(rect.left, y, rect.width, rect.height)
        # Why a move is refused is said once, by the pointer (GameScene.refuse): not here.
        draw.paragraph(surface, prompt_text(scene, state), text_rect, m.body, theme.INK)


def prompt_title(scene: BauhausScene, state: BauhausState) -> str:
    if scene.match.over:
        return _("Game over")
    if scene.power_mode is not None:
        return _("Bauhaus! {seat}").format(seat=seat_word(scene.power_mode[0]))
    seat = scene.match.to_play
    assert seat is not None
    if state.phase == OPENING:
        return _("Opening round · {seat}").format(seat=seat_word(seat))
    if state.phase == CHOOSE:
        return _("{seat} chooses a card").format(seat=seat_word(seat))
    return f"{seat_word(seat)} · {card_label(scene.rules.chosen_card(state))}"


def clogged_text(scene: BauhausScene) -> str:
    """The prompt when no face-up card can be carried out: why, card by card, in the rules' words."""
    state = scene.match.state
    reasons = dict.fromkeys(
        translate(reason)
        for card in state.display
        if card != NO_CARD and (reason := scene.rules.card_reason(state, card, state.turn)) is not None
    )
    return _("No face-up card can be carried out ({why}): click one to discard it (everyone sees it).").format(
        why=clauses(list(reasons))
    )


def prompt_text(scene: BauhausScene, state: BauhausState) -> str:
    if scene.match.over:
        winners = scene.rules.winners(scene.match.state)
        # The players' names, as the final table says them ("Josef wins!"), not their colours.
        names = and_list([scene.match.seat_name(w) for w in winners])
        return ngettext("Winner: {names}.", "Winners: {names}.", len(winners)).format(names=names)
    if scene.spectating:
        return ""  # a replay shows positions: nobody is asked anything
    held = scene.table.held()  # the step's rules still read while play waits (the top bar says it is on hold)
    if scene.power_mode is not None and not held:
        _seat, power = scene.power_mode
        return _("{prompt} Esc gives up.").format(prompt=_(POWER_PROMPTS[power.rpartition(":")[2]]))
    cue = "" if held else reaction_cue(scene)
    seat = scene.match.to_play
    if seat is not None and not scene.match.is_human(seat):
        return cue  # the top bar says who is thinking, and the title above what they do
    # The panel says what the step is, in the rules' words; the status bar says how (step_status):
    # the same instruction in both places is one thing said twice.
    if state.phase == OPENING:
        return _("Before the first card, each player puts one token of their colour on the board, on any free square.")
    if state.phase == CHOOSE:
        if any(m.kind == MoveKind.DISCARD for m in scene.rules.legal_moves(scene.match.state)):
            return clogged_text(scene)
        return _("Choose one of the face-up cards, then carry it out on the board; a greyed card cannot be done now.")
    what = _card_prompt(scene, state)
    if state.to_play != state.turn:
        # Two sentences: what Mind Control means, then what to do.
        return fill(_("Mind Control: you resolve {seat}'s card. {what}"), seat=seat_word(state.turn), what=what)
    return _("{prompt} {cue}").format(prompt=what, cue=cue) if cue else what


def reaction_cue(scene: BauhausScene) -> str:
    """The cue for a seat that stopped the decision windows (or never wants them) and could use a
    power now: one sentence beside the board; play does not wait for it."""
    cues = scene.quiet_reactions()
    return " ".join(
        _("{seat} may use {power} now: press Bauhaus!").format(seat=seat_word(seat), power=translate(powers[0]))
        for seat, powers in cues.items()
    )


def _card_prompt(scene: BauhausScene, state: BauhausState) -> str:
    """What the card being carried out does (the status bar says which clicks do it)."""
    kind = scene.card_kind()
    if kind == PLACE:
        return _("One more {colour} token goes from the reserve onto any free square.").format(
            colour=_(COLOURS[state.turn])
        )
    if kind == FREE_WALLS:
        return _("Wall {n} of 2: each wall goes on any free edge the rules allow.").format(n=state.placed + 1)
    if kind == PATTERN:
        return _("The card's walls go on the board all at once, in its shape, turned or mirrored as you like.")
    if kind == MOVE_WALL:
        if scene.held and scene.held.kind == "wall":
            return _("The wall is lifted: it lands on the free edge you choose.")
        return _("One movable wall (marked in yellow) goes to another free edge.")
    if kind == MOVE_TOKEN:
        return _("One deployed token, of any colour, moves to another free square.")
    return _("Two deployed tokens of different colours trade squares.")


def step_status(scene: BauhausScene, state: BauhausState) -> str:
    """The status bar on a human's turn: how to do what this step asks (the opening token, choosing
    a card, carrying out the chosen one, a power's target), in the fewest words and keys."""
    if scene.power_mode is not None:
        return _("Bauhaus! Click the target on the board  ·  Esc or right-click gives up")
    if state.phase == OPENING:
        return _("Opening round: click a free square or drag a token from your reserve  ·  Ctrl+Z undo  ·  Esc menu")
    if state.phase == CHOOSE:
        if any(m.kind == MoveKind.DISCARD for m in scene.rules.legal_moves(scene.match.state)):
            return _("Click a card to discard it  ·  H hint  ·  Esc menu")
        text = _("Click a card to choose it  ·  point at a greyed card to see why  ·  H hint  ·  Esc menu")
    else:
        text = _step_controls(scene, state)
    if any(button.visible and button.enabled for button in scene.power_buttons):
        text = _("{controls}  ·  Bauhaus! uses your power").format(controls=text)
    return text


def _step_controls(scene: BauhausScene, state: BauhausState) -> str:
    """The controls of the card being carried out."""
    kind = scene.card_kind()
    held = scene.held is not None
    if kind == PLACE:
        return _("Click a free square or drag a token from your reserve  ·  Cancel card takes it back")
    if kind == FREE_WALLS:
        return _("Click an edge to build a wall  ·  Esc menu")
    if kind == PATTERN:
        return _("Move the pattern  ·  R / right-click rotates  ·  F flips  ·  click builds  ·  Esc menu")
    if kind == MOVE_WALL:
        if held:
            return _("Click the new edge  ·  click the wall again or Esc to put it down")
        return _("Click or drag a wall with a yellow mark  ·  Esc menu")
    if kind == MOVE_TOKEN:
        if held:
            return _("Click the free square it goes to  ·  Esc lets go")
        return _("Click or drag a deployed token  ·  Esc menu")
    if held:
        return _("Click the other token  ·  Esc lets go")
    return _("Click the first token to swap  ·  Esc menu")
