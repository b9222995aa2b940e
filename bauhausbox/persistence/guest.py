"""The seats this computer took at tables hosted on other computers, kept so their players can return.

A guest's app keeps no save of a game across computers (the host keeps it), but the seat's token is
the only way back into the seat: without it, a guest who left the table could never sit there again,
and the others would wait for ever. So each seat taken from the Join screen is written to
``guest-seats.json`` in the data folder (this module is its one owner: read fresh, changed and written
back in one step), the newest first and at most :data:`~bauhausbox.persistence.models.MAX_GUEST_SEATS`;
the Join screen offers them ("Your seat: Bert at Bits — Return") and forgets one whose game is over or
whose table refuses the token. A broken file is set aside like any other (``store.load_or_default``).
"""

from __future__ import annotations

from bauhausbox.persistence import paths
from bauhausbox.persistence.models import MAX_GUEST_SEATS, GuestSeat, GuestSeats
from bauhausbox.persistence.store import load_or_default, update_model


def kept_seats() -> list[GuestSeat]:
    """The seats kept, the newest first (none when the file is missing or broken)."""
    return list(load_or_default(paths.guest_seats_file(), GuestSeats, GuestSeats).seats)


def keep_seat(seat: GuestSeat) -> None:
    """Remember ``seat`` first (replacing the same seat at the same table); the oldest beyond the
    limit are forgotten."""

    def change(kept: GuestSeats) -> None:
        others = [old for old in kept.seats if not _same(old, seat.url, seat.code, seat.seat)]
        kept.seats = [seat, *others][:MAX_GUEST_SEATS]

    update_model(paths.guest_seats_file(), GuestSeats, GuestSeats, change)


def forget_seat(url: str, code: str, seat: int) -> None:
    """Forget a seat (its game is over, or its table no longer knows the token); nothing is written
    when it was not kept."""
    if not any(_same(old, url, code, seat) for old in kept_seats()):
        return

    def change(kept: GuestSeats) -> None:
        kept.seats = [old for old in kept.seats if not _same(old, url, code, seat)]

    update_model(paths.guest_seats_file(), GuestSeats, GuestSeats, change)


def _same(kept: GuestSeat, url: str, code: str, seat: int) -> bool:
    return (kept.url, kept.code, kept.seat) == (url, code, seat)
