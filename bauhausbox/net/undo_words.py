"""What an undo across computers says, from a seat's view: what it takes back, and the line its
asker reads while the other players decide (the asker's bar says it as long as the request stands,
at the host as at a guest); and whose table a guest's seat is at."""

from __future__ import annotations

from bauhausbox.engine.api import Seat
from bauhausbox.engine.history import Step, turns_from
from bauhausbox.i18n import _, fill, ngettext
from bauhausbox.net.protocol import SeatView


def taken_back(view: SeatView | None, start: int | None) -> tuple[int, str]:
    """What an undo back to move ``start`` takes back from ``view``: the turns, counted as players
    count them (``turns_from``, as local undo says it), and the first move's sentence as the seat's
    log tells it, with how many more go with it; ``(0, "")`` when unknown."""
    if view is None or start is None or not 0 <= start < len(view.moves):
        return 0, ""
    steps = [Step(move.seat, None, move.text or "", False, move.opens) for move in view.moves]
    more = len(view.moves) - start - 1
    first = view.moves[start].said.split(". ")[0].rstrip(".")  # the move, not what followed it
    if more:
        first = fill(ngettext("{move}, then {n} more move", "{move}, then {n} more moves", more), move=first, n=more)
    return turns_from(steps, start), first


def waiting_lines(view: SeatView, names: str) -> tuple[str, ...]:
    """The asker's line while ``names`` decide on the undo ``view`` holds, longest first (the bar
    says the move while it has room, else fewer words: never a sentence cut)."""
    request = view.undo_request
    turns, moves = taken_back(view, request.back_to if request is not None else None)
    fewest = fill(_("Waiting for {names} to agree to undo…"), names=names)
    if not moves:
        return (fewest,)
    waiting = ngettext(
        "Waiting for {names} to agree to take back {n} turn: {moves}…",
        "Waiting for {names} to agree to take back {n} turns: {moves}…",
        turns,
    )
    short = ngettext(
        "Waiting for {names} to agree to take back {n} turn…",
        "Waiting for {names} to agree to take back {n} turns…",
        turns,
    )
    return fill(waiting, names=names, n=turns, moves=moves), fill(short, names=names, n=turns), fewest


def host_name(names: list[str], humans: list[bool], mine: Seat) -> str:
    """The first human seat other than ``mine``: the player whose table a guest's seat is at (the host
    sets up the table from its first seat); empty when there is none."""
    others = (name for seat, (name, human) in enumerate(zip(names, humans, strict=False)) if human and seat != mine)
    return next(others, "")
