"""Hard against its frozen former self: the strength duels of docs/bauhaus.md, docs/buizen.md and docs/blokus.md.

The shipped package holds no yardstick (the engine's :mod:`bauhausbox.engine.bots.arena` and the Blokus
bench take bot factories); this module, run from the checkout's root, passes the frozen bots in:

    python -m tests.yardstick.duel bauhaus --duel 100 --players 2 --seed 1
    python -m tests.yardstick.duel buizen --duel 100 --players 4 --seed 1
    python -m tests.yardstick.duel blokus hard,hard_v1 40 1000 [SCALE]

Bauhaus and Buizen play hard (the candidate) on one seat against the former hard on every other seat,
at their fixed node budgets (the duel's endless budget leaves each its own limits, so games replay
from their seeds). Blokus runs its bench's match with ``hard_v1`` as an extra level.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

from bauhausbox import games
from bauhausbox.engine.bots.arena import duel_command
from bauhausbox.engine.bots.base import Bot
from tests.yardstick import bauhaus_hard_v1, buizen_hard_v1

#: The frozen former hard of each game played by ``--duel``.
YARDSTICKS: dict[str, ModuleType] = {"bauhaus": bauhaus_hard_v1, "buizen": buizen_hard_v1}

#: Work budget of the frozen pre-search Blokus hard (``blokus_hard_v1.py``): placements simulated per
#: move, matching its 2 s per move (docs/blokus.md gives the measured conversion).
BLOKUS_V1_WORK = 150_000


def yardstick(game_id: str) -> Callable[[int], Bot]:
    """The frozen former hard of ``game_id``, as a bot factory (seed -> bot)."""
    module = YARDSTICKS[game_id]
    return lambda seed: module.make_bot("hard", seed)


def candidate(game_id: str) -> Callable[[int], Bot]:
    """Today's hard of ``game_id``, as a bot factory (seed -> bot)."""
    return lambda seed: games.make_bot(game_id, "hard", seed)


def blokus_hard_v1(seed: int, scale: float) -> Bot:
    from tests.yardstick.blokus_hard_v1 import HardBot

    return HardBot(seed, work=round(BLOKUS_V1_WORK * scale))


def main(argv: list[str]) -> None:
    if argv[:1] == ["blokus"] and len(argv) >= 4:
        from bauhausbox.games.blokus.tools.bench import strength

        levels, count, seed = argv[1].split(","), int(argv[2]), int(argv[3])
        scale = float(argv[4]) if len(argv) > 4 else 1.0
        strength(levels, count, seed, scale, extra={"hard_v1": blokus_hard_v1})
    elif argv[:1] and argv[0] in YARDSTICKS:
        duel_command(games.load(argv[0]), candidate(argv[0]), yardstick(argv[0]), argv[1:])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
