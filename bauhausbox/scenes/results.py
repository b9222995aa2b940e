"""One finished game's result in words, said alike wherever it shows: the Statistics screen's recent
results and the setup's "Your record" box. One source, so that a shared win is never "won by Anni,
Josef" on one screen and "Anni and Josef shared the win" on the other."""

from __future__ import annotations

from bauhausbox.i18n import _, counted, fill
from bauhausbox.persistence.models import ResultRecord
from bauhausbox.scenes.common import game_title
from bauhausbox.ui.text import short_date


def named(name: str, level: str | None) -> str:
    """``name``, and for a computer (``level`` given) its mark: "Josef (computer · expert)"."""
    if level is None:
        return name
    return fill(_("{name} ({kind})"), name=name, kind=fill(_("computer · {level}"), level=_(level)))


def seat_level(result: ResultRecord, seat: int) -> str | None:
    """The level of a result's seat when a computer sat there ("ai:expert"), else None."""
    kind, _colon, level = result.kinds[seat].partition(":") if seat < len(result.kinds) else ("", "", "")
    return (level or None) if kind == "ai" else None


def result_headline(game_id: str, result: ResultRecord) -> str:
    """ "28 Nov · Blokus Duo: Anni won": the date, the variant when it is not the tab's own game, and the
    winner (a computer with its level; a shared win names them all; a solo game has none)."""
    date = short_date(result.date)
    title = game_title(game_id, result.options)
    when = date if title == game_title(game_id) else fill(_("{date} · {game}"), date=date, game=title)
    # Named as the players table names them: "Josef (computer · expert)" is not the person Josef.
    winners = [
        named(result.players[seat], seat_level(result, seat)) for seat in result.winners if seat < len(result.players)
    ]
    if len(result.players) < 2 and result.hints:  # kept off the bests, as the game's end said
        return fill(_("{when} · with hints"), when=when)
    if len(result.players) < 2 or not winners:
        return when
    if len(winners) == 1:
        # A loser on the winner's points: the game's tie-break decided (the final table says how).
        won_with = result.scores[result.winners[0]] if result.winners[0] < len(result.scores) else None
        tied = any(score == won_with for seat, score in enumerate(result.scores) if seat not in result.winners)
        return fill(
            _("{when}: {name} won on the tie-break") if tied else _("{when}: {name} won"), when=when, name=winners[0]
        )
    return fill(
        _("{when}: {names} and {last} shared the win"), when=when, names=", ".join(winners[:-1]), last=winners[-1]
    )


def result_with_points(game_id: str, result: ResultRecord) -> str:
    """The headline with the best score, for a list without a score column (the setup's record):
    "28 Nov: Anni won (13 points)"; a solo game has its score and no winner ("28 Nov: 34 points")."""
    # A no-break space: "(15" at a line's end and "points)" on the next read as two things; a real
    # minus sign ("−19 points", as every negative the app shows).
    points = counted("{n} point", "{n} points", max(result.scores, default=0)).replace(" ", "\u00a0")
    points = points.replace("-", "\u2212")
    headline = result_headline(game_id, result)
    if len(result.players) < 2:
        return fill(_("{date}: {points}"), date=headline, points=points)
    if any(seat_level(result, seat) for seat in result.winners):
        # A computer won, named with its level in brackets: the points after a comma, not a second bracket.
        return fill(_("{headline}, {points}"), headline=headline, points=points)
    return fill(_("{headline} ({points})"), headline=headline, points=points)
