"""Per-player figures drawn from the statistics (``statistics.json``): games played and won, average
and best score, per game and per player (a name, human or computer), the games against others
apart from the solo games. Pure: it reads a :class:`GameStatistics` already
loaded through ``saves.load_statistics``."""

from __future__ import annotations

from dataclasses import dataclass

from bauhausbox.persistence.models import GameStatistics


@dataclass(frozen=True, slots=True)
class PlayerTally:
    """One player's finished games of one game (a player met twice in one game counts once there). A
    player is a name and a kind: a computer named Josef is not the human Josef (``kind`` "human", or
    "ai:LEVEL" as a result records it)."""

    name: str
    played: int
    won: int
    average: float
    best: int
    kind: str = "human"

    @property
    def computer_level(self) -> str | None:
        """The level of a computer player ("hard"); ``None`` for a human."""
        kind, _, level = self.kind.partition(":")
        return (level or "medium") if kind == "ai" else None


def player_tallies(stats: GameStatistics | None, solo: bool = False) -> list[PlayerTally]:
    """Every player in the games played against others (``solo``: in the solo games, a Bits game
    alone or a puzzle, whose scores are another measure and never won), most games played first
    (then most won, then by name, humans before computers)."""
    scores: dict[tuple[str, str], list[int]] = {}
    counted: dict[tuple[str, str], list[int]] = {}  # the scores a best may come from
    wins: dict[tuple[str, str], int] = {}
    for result in stats.results if stats else []:
        if (len(result.players) == 1) != solo:
            continue
        best_by_player: dict[tuple[str, str], tuple[int, bool]] = {}
        for seat, (name, kind, score) in enumerate(zip(result.players, result.kinds, result.scores, strict=False)):
            won = seat in result.winners and not solo  # a solo game has no opponent to beat
            player = (name, "human" if kind == "human" else kind)
            kept = best_by_player.get(player)
            if kept is None or (score, won) > kept:
                best_by_player[player] = (score, won)
        for player, (score, won) in best_by_player.items():
            scores.setdefault(player, []).append(score)
            if not result.looked_ahead and not (solo and result.hints):  # after looking ahead or with hints: no best
                counted.setdefault(player, []).append(score)
            wins[player] = wins.get(player, 0) + int(won)
    tallies = [
        PlayerTally(
            name,
            len(points),
            wins[(name, kind)],
            sum(points) / len(points),
            max(counted.get((name, kind)) or points),  # every game looked ahead: the best of them
            kind,
        )
        for (name, kind), points in scores.items()
    ]
    return sorted(tallies, key=lambda t: (-t.played, -t.won, t.name.casefold(), t.kind != "human", t.kind))
