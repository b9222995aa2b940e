"""The ``bauhausbox`` command: the GUI, headless self-play, replays, puzzles, smoke test, benchmarks.

Run ``bauhausbox --help`` for the list. Imports stay lazy so the GUI starts fast and headless
commands never load pygame.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bauhausbox import __version__, selfplay
from bauhausbox.cli_args import (
    MAX_SEED,
    OneLineParser,
    UsageError,
    finite_positive_float,
    level_list,
    one_line,
    output_file,
    positive_int,
    seed_number,
    shown,
    whole_number,
)
from bauhausbox.engine.api import GameError
from bauhausbox.engine.history import LEVELS
from bauhausbox.engine.text_board import plural
from bauhausbox.games import GAME_IDS
from bauhausbox.persistence.models import DEFAULT_NAMES
from bauhausbox.selfplay import play_one as _selfplay_one  # a module name of its own: tests stop it

# Each subcommand imports what it needs inside its own function: headless commands (selfplay,
# replay, puzzle) never load pygame or the screens, and ``--help`` answers at once.
# Upper limits that keep a mistyped number from starting hours of work or thousands of processes.
MAX_GAMES = 100_000
MAX_JOBS = 64
MAX_SECONDS_PER_MOVE = 3600.0
DEFAULT_PORT = 8765


class _VersionAction(argparse.Action):
    """``--version``: the version, then which Blokus core runs (compiled, or the slower pure Python)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: Any) -> None:
        # Imported here: it builds the Blokus placements, which only this answer needs.
        from bauhausbox.games.blokus import core

        print(f"bauhausbox {__version__}\n{core.status()}")
        parser.exit()


def _build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="bauhausbox",
        description="Bauhaus, Bits, Buizen Wir-War and Blokus (with the Blokus solo puzzles) for one computer. "
        "With no command, opens the game window.",
        epilog="Bad arguments are refused with one line and exit status 2; an unexpected error prints one line "
        "and exits 1 (--debug or BAUHAUSBOX_DEBUG=1 shows its traceback).",
    )
    parser.add_argument("--version", action=_VersionAction)
    parser.add_argument("--windowed", action="store_true", help="ignore the fullscreen setting for this run")
    parser.add_argument(
        "--debug", action="store_true", help="show the full traceback of an unexpected error (or BAUHAUSBOX_DEBUG=1)"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="open the window straight into a game")
    play.add_argument("game", choices=GAME_IDS)
    play.add_argument("--players", type=positive_int(), help="number of players (default: the game's usual number)")
    # The levels come from the engine's list, not written out here: a new level shows up by itself.
    play.add_argument(
        "--seats",
        help=f"comma-separated seats: human or ai:LEVEL (levels: {', '.join(LEVELS)}; "
        "a game refuses a level it does not have)",
    )
    play.add_argument("--seed", type=seed_number, help=f"seed of the shuffles, 0 to {MAX_SEED} (default: random)")
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a variant option (blokus-puzzles: puzzle=tetromino, ...; without it the list of puzzles opens)",
    )

    selfplay = sub.add_parser("selfplay", help="computer-vs-computer games without a window, with a summary")
    selfplay.add_argument("game", choices=GAME_IDS)
    selfplay.add_argument("--players", type=positive_int(), required=True)
    selfplay.add_argument("--games", type=positive_int(MAX_GAMES), default=10)
    selfplay.add_argument("--seed", type=seed_number, default=1, help="seed of the first game (then seed+1, ...)")
    selfplay.add_argument(
        "--levels",
        type=level_list,
        default=("medium",),
        help="comma-separated levels, one per seat (repeated if shorter); seats rotate between games so "
        "every level plays every seat",
    )
    selfplay.add_argument("--no-rotate", action="store_true", help="keep each level on its seat")
    selfplay.add_argument(
        "--seconds",
        type=finite_positive_float(MAX_SECONDS_PER_MOVE),
        default=None,
        help="thinking budget per move (default: per level)",
    )
    selfplay.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    selfplay.add_argument("--jobs", type=positive_int(MAX_JOBS), default=1, help="games played in parallel processes")
    selfplay.add_argument("--json", action="store_true", help="print one JSON object instead of text")

    replay = sub.add_parser(
        "replay", help="replay a saved game (or a Blokus game file of Pentobi's, .blksgf), validating every move"
    )
    replay.add_argument("file", type=Path)
    replay.add_argument(
        "--sgf", type=Path, default=None, metavar="OUT", help="Blokus: also write the game as a Pentobi file (.blksgf)"
    )
    replay.add_argument(
        "--png", type=output_file, default=None, metavar="OUT", help="Blokus: also draw the position as a PNG picture"
    )
    replay.add_argument(
        "--move",
        type=whole_number(0),
        default=None,
        metavar="N",
        help="with --png: the position after N moves (default: the last)",
    )
    replay.add_argument("--numbers", action="store_true", help="with --png: the move numbers on the pieces")
    shown_as = replay.add_mutually_exclusive_group()
    shown_as.add_argument(
        "--log",
        action="store_true",
        help="print the game in words, one line per move (everything is told only once the game is over)",
    )
    shown_as.add_argument("--view", action="store_true", help="open the replay viewer in a window")
    shown_as.add_argument(
        "--position",
        action="store_true",
        help="print only the final position's coded text (to_text), for scripts; an unfinished game's "
        "as its first human seat sees it",
    )

    sub.add_parser("smoke", help="open every scene headless, render frames, click around; exit 0 when all is well")

    puzzle = sub.add_parser("puzzle", help="Blokus solo puzzles: `bauhausbox puzzle solve tetromino --json`")
    puzzle.add_argument("rest", nargs=argparse.REMAINDER)

    serve = sub.add_parser("serve", help="host tables for play across computers (no window)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: this computer only)")
    serve.add_argument(
        "--port", type=_port, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free one)"
    )
    serve.add_argument(
        "--data", type=Path, default=None, help="folder of the tables' database (default: the data folder)"
    )
    serve.add_argument(
        "--cert", type=Path, default=None, help="TLS certificate (PEM), with --key: players connect with wss://"
    )
    serve.add_argument("--key", type=Path, default=None, help="the certificate's private key (PEM)")
    serve.add_argument(
        "--no-advertise",
        action="store_true",
        help="do not announce the open tables on the local network (mDNS; never done on loopback)",
    )

    bench = sub.add_parser("bench", help="print engine and screen benchmarks")
    bench.add_argument("--quick", action="store_true")
    bench.add_argument("only", nargs="*", type=_bench_section, metavar="SECTION", help="sections to run (default: all)")
    bench.add_argument(
        "--game",
        action="append",
        dest="games",
        default=[],
        type=_thinking_game,
        metavar="GAME",
        help="app section: the frames while computers think in GAME only (again for another game)",
    )
    bench.add_argument(
        "--at-once",
        action="store_true",
        help="app section: every changed part of the screen repainted in the frame it changed, as before "
        "the repaints were spread over frames (to compare)",
    )
    return parser


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port {shown(text)} must be a number from 0 to 65535")
    return port


def _bench_section(text: str) -> str:
    from bauhausbox.bench import SECTIONS  # imported only when sections are named: the GUI starts without it

    if text not in SECTIONS:
        raise argparse.ArgumentTypeError(f"unknown section {shown(text)}; choose from {', '.join(SECTIONS)}")
    return text


def _thinking_game(text: str) -> str:
    from bauhausbox.bench import THINKING_GAMES

    if text not in THINKING_GAMES:
        raise argparse.ArgumentTypeError(f"unknown game {shown(text)}; choose from {', '.join(THINKING_GAMES)}")
    return text


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"option {shown(pair)} must look like KEY=VALUE")
        options[key.strip()] = value.strip()
    return options


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command. Bad input: one line on stderr and exit status 2. Any other failure: one line and
    exit status 1, with the traceback only under ``--debug`` or ``BAUHAUSBOX_DEBUG`` (for developers)."""
    debug = bool(os.environ.get("BAUHAUSBOX_DEBUG"))
    command = None
    try:
        try:
            args = _build_parser().parse_args(argv)
        except SystemExit as exit_:  # --help, --version, or a bad argument already reported in one line
            return int(exit_.code or 0)
        debug = debug or args.debug
        command = args.command
        return _run(args)
    except UsageError as error:
        print(f"{'bauhausbox ' + command if command else 'bauhausbox'}: {one_line(str(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("bauhausbox: interrupted", file=sys.stderr)
        return 130
    except Exception as error:  # the last line of defence: never a traceback for a player
        if debug:
            raise
        what = one_line(f"{type(error).__name__}: {error}", 200)
        print(f"bauhausbox: unexpected error ({what}); 'bauhausbox --debug ...' shows where", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    if args.command is None:
        return _run_gui(args)
    if args.command == "play":
        return _run_gui(args)
    if args.command == "selfplay":
        return _selfplay(args)
    if args.command == "replay":
        return _replay(
            args.file,
            log=args.log,
            view=args.view,
            position=args.position,
            windowed=args.windowed,
            sgf_out=args.sgf,
            png=(args.png, args.move, args.numbers),
        )
    if args.command == "smoke":
        from bauhausbox.smoke import run_smoke

        return run_smoke()
    if args.command == "puzzle":
        from bauhausbox.games.blokus.puzzles.tools.cli import main as puzzle_main

        return puzzle_main(list(args.rest))
    if args.command == "serve":
        if (args.cert is None) != (args.key is None):
            raise UsageError("--cert and --key go together")
        from bauhausbox.net.serve import run_server

        return run_server(args.host, args.port, args.data, args.cert, args.key, advertise=not args.no_advertise)
    if args.command == "bench":
        from bauhausbox.bench import main as bench_main

        return bench_main(quick=args.quick, only=args.only, thinking=args.games, at_once=args.at_once)
    raise AssertionError(args.command)


def _game_setup(game_id: str, players: int | None, option_pairs: Sequence[str]) -> tuple[Any, int, dict[str, Any]]:
    """The game, its player count (the game's usual one when ``None``) and its options, checked against
    the game's rules before anything is built."""
    from bauhausbox import games

    game = games.load(game_id)
    players = game.info.default_players if players is None else players
    try:
        # normalize_options checks the player count first: the seats and levels are counted against it.
        options = game.normalize_options(players, parse_options(option_pairs))
    except GameError as error:
        raise UsageError(str(error)) from None
    return game, players, options


def _check_levels(game: Any, levels: Sequence[str]) -> None:
    allowed = ("random", *game.info.levels)
    for level in levels:
        if level not in allowed:
            raise UsageError(f"{game.info.title} has no level {shown(level)}; choose from {', '.join(allowed)}")


def _run_gui(args: argparse.Namespace) -> int:
    from bauhausbox.app_main import run_app

    start_game = None
    start_setup = None
    if getattr(args, "command", None) == "play":
        start_game = _play_request(args)
        if _opens_own_setup(args):
            start_game, start_setup = None, args.game
    return run_app(start_game=start_game, start_setup=start_setup, windowed=args.windowed)


def _opens_own_setup(args: argparse.Namespace) -> bool:
    """``play GAME`` with no option, for a game with its own setup screen (the puzzles' list): that
    screen opens, so the player chooses; ``--option puzzle=…`` still opens the one named."""
    from bauhausbox import games

    return bool(games.entry(args.game).setup) and not args.option


def _play_request(args: argparse.Namespace) -> dict[str, Any]:
    from bauhausbox.engine.history import SeatSpec

    game, players, options = _game_setup(args.game, args.players, args.option)
    texts = args.seats.split(",") if args.seats is not None else ["human"] + ["ai:medium"] * (players - 1)
    if len(texts) != players:
        raise UsageError(f"--seats lists {len(texts)} seats for {players} player{'s' if players != 1 else ''}")
    try:
        seats = [SeatSpec.from_text(text, _default_name(game, i, text)) for i, text in enumerate(texts)]
    except ValueError as error:
        raise UsageError(str(error)) from None
    _check_levels(game, [seat.level for seat in seats if seat.kind == "ai"])
    return {"game_id": args.game, "players": players, "seats": seats, "options": options, "seed": args.seed}


def _default_name(game: Any, seat: int, kind: str) -> str:
    """The names the setup screen offers (Anni, Josef, …): names read the same in every language,
    where "Player 1" would stay English in a French game. A game only ever played alone names its
    seat itself (the puzzles' "You", as their menu does: the log says "You placed", not "Anni placed")."""
    if game.info.max_players == 1 and game.info.seat_names:
        return str(game.info.seat_names[0])
    return DEFAULT_NAMES[seat % len(DEFAULT_NAMES)]


# -- selfplay ------------------------------------------------------------------------------------
def _selfplay(args: argparse.Namespace) -> int:
    game, players, options = _game_setup(args.game, args.players, args.option)
    _check_levels(game, args.levels)
    jobs = selfplay.jobs(
        args.game, players, args.games, args.seed, args.levels, options, args.seconds, not args.no_rotate
    )
    report = None if args.json else selfplay.print_result
    results = selfplay.play_all(jobs, args.jobs, _selfplay_one, report)
    summary = selfplay.summarize(results, args.players)
    if args.json:
        print(
            json.dumps(
                {
                    "game": args.game,
                    "players": args.players,
                    "options": options,
                    "results": results,
                    "summary": summary,
                },
                indent=1,
            )
        )
    else:
        selfplay.print_summary(summary)
    return 0


# -- replay --------------------------------------------------------------------------------------
def _replay(
    path: Path,
    log: bool = False,
    view: bool = False,
    position: bool = False,
    windowed: bool = False,
    sgf_out: Path | None = None,
    png: tuple[Path | None, int | None, bool] = (None, None, False),
) -> int:
    from bauhausbox.persistence.saves import load_game
    from bauhausbox.persistence.store import BrokenFileError

    # The same reader and checks as the app: a folder, a FIFO, a name too long, JSON nested too deep
    # or a save whose seats do not fit its game all end here as one line, never a traceback.
    shown = str(path) if len(str(path)) <= 80 else str(path)[:77] + "..."
    try:
        loaded = _load_sgf(path) if path.suffix.lower() == ".blksgf" else load_game(path)
    except BrokenFileError as error:
        print(f"bauhausbox: {shown}: {error.reason}", file=sys.stderr)
        return 1
    if sgf_out is not None:
        written = _write_sgf(loaded, sgf_out)
        if written:
            return written
    png_out, png_move, png_numbers = png
    if png_out is None and (png_move is not None or png_numbers):
        print("bauhausbox: --move and --numbers go with --png", file=sys.stderr)
        return 2
    if png_out is not None:
        written = _write_png(loaded, png_out, png_move, png_numbers)
        if written:
            return written
    if view:
        from bauhausbox.app_main import run_replay

        return run_replay(loaded.setup, loaded.history, windowed=windowed)
    if log:
        _print_log(loaded)
        return 0
    _print_final_position(loaded, coded=position)
    return 0


def _load_sgf(path: Path) -> Any:
    """A Pentobi game file (``.blksgf``) as a loaded game (``blokus/records/files.py``); raises
    :class:`BrokenFileError` with one sentence."""
    from bauhausbox.games.blokus.records import files

    return files.load(path)


def _write_sgf(loaded: Any, out: Path) -> int:
    """Write a loaded Blokus game as a ``.blksgf``; 0, or 1 after one line on stderr."""
    from bauhausbox.games.blokus.records import files

    setup = loaded.setup
    if setup.game_id != "blokus":
        print(f"bauhausbox: --sgf writes Blokus games only, not {setup.game_id}", file=sys.stderr)
        return 1
    try:
        files.export(setup, loaded.history.move_texts(), loaded.saved.created, out)
    except OSError as error:
        print(f"bauhausbox: {out}: cannot write ({error.strerror or type(error).__name__})", file=sys.stderr)
        return 1
    return 0


def _write_png(loaded: Any, out: Path, move: int | None, numbers: bool) -> int:
    """Write the Blokus position after ``move`` moves (default: the last) as a PNG, with the move
    numbers on the pieces when ``numbers``; 0, or 1 after one line on stderr."""
    setup, history = loaded.setup, loaded.history
    if setup.game_id != "blokus":
        print(f"bauhausbox: --png draws Blokus games only, not {setup.game_id}", file=sys.stderr)
        return 1
    played = history.cursor
    if move is not None and move > played:
        print(f"bauhausbox: --move {move}: the game has only {plural(played, 'move', 'moves')}", file=sys.stderr)
        return 1
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # drawn off-screen: no window, no display needed
    from bauhausbox.games.blokus.screen import picture

    history.go_to(played if move is None else move)
    try:
        surface = picture.board_picture(history.state, picture.numbered_pieces(history) if numbers else ())
        picture.save_png(surface, out)
    except OSError as error:
        print(f"bauhausbox: {out}: cannot write ({error.strerror or error})", file=sys.stderr)
        return 1
    finally:
        history.go_to(played)
    return 0


def _print_final_position(loaded: Any, coded: bool) -> None:
    """The final position drawn for a person, then the scores; ``coded``: only its ``to_text``. Told
    as the replay viewer tells it: everything once the game is over, else only what the first human
    seat may know (an unfinished game may still be continued and must not be spoilt)."""
    from bauhausbox import games
    from bauhausbox.match import replay_seat

    setup, history = loaded.setup, loaded.history
    game, state = history.game, history.state
    seat = replay_seat(setup, game, state)
    seen = state if seat is None else game.view(state, seat)
    if coded:
        print(game.to_text(seen))
        return
    names = [spec.name for spec in setup.seats]
    print(f"{game.info.title}: {plural(len(history.move_texts()), 'move', 'moves')} replayed and valid.")
    if seat is not None and game.info.hidden_information:
        print(f"Not finished: shown as {names[seat]} sees it.")
    print(games.text_board(setup.game_id, seen, names))
    secret = seat is not None and games.entry(setup.game_id).secret_scores
    print("Scores:")
    for number, (name, score) in enumerate(zip(names, game.scores(state), strict=False)):
        print(f"  {name}: {'hidden until the end' if secret and number != seat else score}")
    if game.is_over(state):
        print("Winner: " + ", ".join(names[w] for w in game.winners(state)))
    else:
        print(f"Not finished: {names[state.to_play]} to play.")


def _print_log(loaded: Any) -> None:
    """The game in words, one numbered line per move, told as the replay viewer tells it: everything
    once the game is over, else only what the first human seat could know."""
    from bauhausbox.match import move_log, replay_seat

    setup, history = loaded.setup, loaded.history
    game = history.game
    names = [seat.name for seat in setup.seats]
    seat = replay_seat(setup, game, history.state)
    told = "the game is over, everything is told" if seat is None else f"not finished, told as {names[seat]} saw it"
    print(f"{game.info.title}: {', '.join(names)} ({told})")
    last = -1
    for index, sentence in move_log(setup, history, seat):
        if index == last:  # what followed the move on its own (a round's end): its own line, unnumbered
            print(f"     {sentence}")
            continue
        last = index
        mover = names[history.steps[index].seat]
        # The sentences name their mover; a game whose words do not still gets the name in front.
        print(f"{index + 1:>3}. {sentence}" if mover in sentence else f"{index + 1:>3}. {mover}: {sentence}")
    if seat is None:
        scores = game.scores(history.state)
        print("Result: " + ", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=False)))


if __name__ == "__main__":
    sys.exit(main())
