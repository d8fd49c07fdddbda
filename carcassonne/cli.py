"""``python -m carcassonne``: replay, random and bench, as NOTATION.md specifies.

Errors never show a traceback: an illegal or malformed record prints one line on
standard error (``move 12: tile U at (3,-1) ...``) and exits with status 1.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import bench
from .autoplay import random_game
from .record import RecordError, dumps, replay, summary
from .rules import Rules, RulesError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m carcassonne", description="Carcassonne rules engine")
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("replay", help="check a game record and print the scores")
    p.add_argument("file", help="record file, or - for standard input")
    p.add_argument("--final", action="store_true", help="end the game after the last move and score it")
    p.add_argument("--upto", type=int, default=None, help="replay only the first N moves")
    p = commands.add_parser("random", help="print a complete game played by random legal moves")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--players", type=int, default=2, choices=range(2, 7), metavar="K")
    p.add_argument("--rules", default=None, help='a rules object, e.g. \'{"expansions": ["river"]}\'')
    p.add_argument("--river", action="store_true", help="play with the River")
    p.add_argument("--farm-scoring", default="current", choices=("current", "classic"))
    p = commands.add_parser("bench", help="measure the engine's speed")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--replays", type=int, default=200)
    p.add_argument("--rules", default=None, help="a rules object (JSON); the base game by default")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "replay":
        try:
            if args.file == "-":
                text = sys.stdin.read()
            else:
                with open(args.file, encoding="utf-8") as f:
                    text = f.read()
            game = replay(text, upto=args.upto, final=args.final)
        except OSError as exc:
            print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
            return 1
        except (RecordError, RecursionError) as exc:  # NOTATION.md: "move N: ..." or "record: ..."
            whole = getattr(exc, "move_number", None) is None  # the record as a whole is wrong
            print(f"record: {exc}" if whole else str(exc), file=sys.stderr)
            return 1
        print(json.dumps(summary(game)))
        return 0
    try:
        if args.command == "random" and args.rules is None:
            rules = Rules.from_options({"farm_scoring": args.farm_scoring, "river": args.river})
        else:
            rules = Rules.from_json(json.loads(args.rules)) if args.rules is not None else Rules()
    except ValueError as exc:  # RulesError, or --rules that is not JSON
        if not isinstance(exc, RulesError):
            exc = RulesError(f"--rules is not valid JSON ({exc})")
        print(f"record: {exc}" if not str(exc).startswith("--rules") else str(exc), file=sys.stderr)
        return 1
    if args.command == "random":
        sys.stdout.write(dumps(random_game(args.seed, args.players, rules).record()))
        return 0
    result = bench.run(args.games, args.replays, rules)
    if args.json:
        print(json.dumps(result))
    else:
        for name, value in result.items():
            print(f"{name:>20}: {value}")
    return 0
