"""``bauhausbox puzzle ...``: solve a Blokus solo puzzle from the command line.

``bauhausbox puzzle solve tetromino|pentomino|fullboard [--hard] [--json] [--time-limit S]
[--from "colour piece cells" ...]`` runs a live search (never a stored solution, so the time printed
is the solver's), prints the solution grid and the time taken, and exits 0; it exits 1 when nothing
was found in time or the position cannot be finished. ``--from`` (repeatable, in the puzzles' text
form ``"blue I4 b1,c1,d1,e1"``) starts from those pieces, placed in the order given — the search a
hint runs. A malformed or illegal ``--from`` is one line on stderr and exit 2. The main CLI passes the
arguments after ``puzzle`` to :func:`main`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bauhausbox.cli_args import OneLineParser, finite_positive_float, output_file, positive_int, seed_number
from bauhausbox.engine.api import GameError
from bauhausbox.engine.grid import cell_name, cell_sort_key
from bauhausbox.games.blokus.puzzles.rules import new_puzzle, replay
from bauhausbox.games.blokus.puzzles.solver.search import solve
from bauhausbox.games.blokus.puzzles.specs import FULLBOARD, KINDS, get_puzzle, render
from bauhausbox.persistence.store import atomic_write_text

DEFAULT_TIME_LIMIT = 60.0
MAX_TIME_LIMIT = 86_400.0  # a day; nan, inf, 0 and negative limits are refused


def _parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="bauhausbox puzzle", description="The Blokus solo puzzles.")
    commands = parser.add_subparsers(dest="command", required=True)
    solve_cmd = commands.add_parser("solve", help="find a solution and print it")
    solve_cmd.add_argument("puzzle", choices=KINDS)
    solve_cmd.add_argument("--hard", action="store_true", help="the harder version")
    solve_cmd.add_argument("--json", action="store_true", help="print one JSON object")
    solve_cmd.add_argument(
        "--time-limit",
        type=finite_positive_float(MAX_TIME_LIMIT),
        default=DEFAULT_TIME_LIMIT,
        metavar="S",
        help="seconds to search (default 60)",
    )
    solve_cmd.add_argument(
        "--from",
        dest="start",
        action="append",
        default=[],
        metavar="PLACEMENT",
        help='start from this piece, e.g. "blue I4 b1,c1,d1,e1" (repeatable)',
    )
    solve_cmd.add_argument("--seed", type=seed_number, default=0, help=argparse.SUPPRESS)
    generate = commands.add_parser("generate", help="(maintainers) find solutions to ship in blokus/puzzles/data/")
    generate.add_argument("puzzle", choices=KINDS)
    generate.add_argument("--hard", action="store_true")
    generate.add_argument("--count", type=positive_int(10_000), default=4, help="solutions wanted")
    generate.add_argument(
        "--time-limit",
        type=finite_positive_float(MAX_TIME_LIMIT),
        default=300.0,
        metavar="S",
        help="seconds per solution",
    )
    generate.add_argument("--seed", type=seed_number, default=1, help="first seed (one seed per search)")
    generate.add_argument(
        "--out", type=output_file, required=True, help="JSON file to write (existing solutions are kept)"
    )
    return parser


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exit_:  # argparse exits on --help and on errors; return its code instead
        return int(exit_.code or 0)
    if args.command == "generate":
        return _generate(args)
    spec = get_puzzle(args.puzzle, args.hard)
    try:
        start = replay(spec.id, args.start)
    except GameError as error:
        print(f"bauhausbox puzzle solve: --from: {error}", file=sys.stderr)
        return 2
    result = solve(start, args.time_limit, use_shipped=False, seed=args.seed)
    found = result.status == "found"
    if args.json:
        payload: dict[str, object] = {
            "puzzle": args.puzzle,
            "hard": args.hard,
            "seconds": round(result.seconds, 3),
            "width": spec.width,
            "height": spec.height,
            "pieces": [
                {
                    "piece": p.piece.name,
                    "colour": p.piece.colour,
                    "cells": [cell_name(cell) for cell in sorted(p.cells, key=cell_sort_key)],
                }
                for p in result.placements
            ],
        }
        if not found:
            payload["error"] = _failure(result.status, args.time_limit)
        print(json.dumps(payload))
    elif found:
        print(f"{spec.title} ({spec.height} × {spec.width}): solved in {result.seconds:.2f} s")
        print(render(spec.width, spec.height, result.placements))
    else:
        print(f"{spec.title}: {_failure(result.status, args.time_limit)}", file=sys.stderr)
    return 0 if found else 1


def _generate(args: argparse.Namespace) -> int:
    """Search with successive seeds and append every new solution to ``--out`` (bounded by the time limit)."""
    spec = get_puzzle(args.puzzle, args.hard)
    path: Path = args.out
    try:
        solutions = _read_solutions(path)
    except ValueError as error:  # never overwrite a file that is not ours
        print(f"bauhausbox puzzle: {path}: {error}", file=sys.stderr)
        return 1
    known = {frozenset(solution) for solution in solutions}
    for seed in range(args.seed, args.seed + args.count):
        result = solve(new_puzzle(spec.id), args.time_limit, use_shipped=False, seed=seed)
        print(f"seed {seed}: {result.status} in {result.seconds:.1f} s", flush=True)
        # Full-board solutions keep their order (a legal placement order); frames are sorted.
        texts = [p.text for p in result.placements]
        if spec.kind != FULLBOARD:
            texts.sort()
        if result.status == "found" and frozenset(texts) not in known:
            known.add(frozenset(texts))
            solutions.append(texts)
            data = {"puzzle": spec.id, "solutions": solutions}
            try:
                atomic_write_text(path, json.dumps(data, indent=1) + "\n")
            except OSError as error:
                print(f"bauhausbox puzzle: cannot write {path}: {error.strerror or error}", file=sys.stderr)
                return 1
    return 0


def _read_solutions(path: Path) -> list[list[str]]:
    """The solutions already in ``path`` (none when it does not exist); ``ValueError`` for any other file."""
    if not path.exists():
        return []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):  # unreadable, not UTF-8 or JSON, nested too deep
        raise ValueError("cannot be read as JSON") from None
    solutions = data.get("solutions") if isinstance(data, dict) else None
    if not isinstance(solutions, list) or not all(
        isinstance(solution, list) and all(isinstance(text, str) for text in solution) for solution in solutions
    ):
        raise ValueError('is not a solutions file ({"solutions": [[placement, ...], ...]})')
    return solutions


def _failure(status: str, time_limit: float) -> str:
    if status == "none":
        return "no solution exists (the whole search was done)"
    return f"no solution found within {time_limit:g} s"


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
