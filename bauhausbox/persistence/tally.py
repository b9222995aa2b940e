"""Per-player figures drawn from the statistics (``statistics.json``): games played and won, average
and best score, per game and per player name. Pure: it reads a :class:`GameStatistics` already
loaded through ``saves.load_statistics``."""

from __future__ import annotations

from dataclasses import dataclass

from bauhausbox.persistence.models import GameStatistics


@dataclass(frozen=True, slots=True)
class PlayerTally:
    """One player name's finished games of one game (a name met twice in one game counts once there)."""

    name: str
    played: int
    won: int
    average: float
    best: int


def player_tallies(stats: GameStatistics | None) -> list[PlayerTally]:
    """Every name in the results, most games played first (then most won, then by name)."""
    scores: dict[str, list[int]] = {}
    wins: dict[str, int] = {}
    for result in stats.results if stats else []:
        best_by_name: dict[str, tuple[int, bool]] = {}
        for seat, (name, score) in enumerate(zip(result.players, result.scores, strict=False)):
            # A solo game (Bits alone, a puzzle) has no opponent to beat: it is played, never won.
            won = seat in result.winners and len(result.players) > 1
            kept = best_by_name.get(name)
            if kept is None or (score, won) > kept:
                best_by_name[name] = (score, won)
        for name, (score, won) in best_by_name.items():
            scores.setdefault(name, []).append(score)
            wins[name] = wins.get(name, 0) + int(won)
    tallies = [
        PlayerTally(name, len(points), wins[name], sum(points) / len(points), max(points))
        for name, points in scores.items()
    ]
    return sorted(tallies, key=lambda t: (-t.played, -t.won, t.name.casefold()))
