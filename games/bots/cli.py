"""``python -m games.bots``: bot duels and the MCTS benchmark.

    python -m games.bots duel --a greedy --b random --games 20 --players 2 --seconds 0.2 --seed 1 --json [--records DIR] [--rules JSON]
    python -m games.bots bench --json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from games.engine import Rules

from .duel import bench, duel
from .levels import LEVELS


def _positive(kind):
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"{text} must be more than 0")
        return value

    return parse


def _rules(text: str) -> Rules:
    try:
        return Rules.from_json(json.loads(text))
    except ValueError as exc:  # JSON errors and RulesError
        raise argparse.ArgumentTypeError(f"--rules: {exc}") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.bots", description="Carcassonne bots")
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("duel", help="bot A against bot B over complete games")
    d.add_argument("--a", required=True, choices=LEVELS)
    d.add_argument("--b", required=True, choices=LEVELS)
    d.add_argument("--games", type=_positive(int), default=10)
    d.add_argument("--players", type=int, default=2, choices=range(2, 6), metavar="2..5")
    d.add_argument("--seconds", type=_positive(float), default=0.2, help="seconds per mcts decision")
    d.add_argument("--seed", type=int, default=0)
    d.add_argument("--rules", type=_rules, default=None, help="a NOTATION.md rules object, e.g. '{\"expansions\": [...]}'")
    d.add_argument("--records", type=Path, default=None, help="write each game's record here as *.json")
    d.add_argument("--json", action="store_true", help="print one JSON object")
    b = sub.add_parser("bench", help="MCTS playouts per second on a mid-game position")
    b.add_argument("--seconds", type=_positive(float), default=3.0)
    b.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "duel":
        result = duel(args.a, args.b, args.games, args.players, args.seconds, args.seed, args.rules, args.records)
        if not args.json:
            print(f"{args.a} (a) {result['wins']['a']} - {result['wins']['b']} {args.b} (b), {result['draws']} draws")
            return 0
    else:
        result = bench(args.seconds)
        if not args.json:
            print(f"{result['playouts_per_s']} playouts/s (depth {result['depth']})")
            return 0
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
    return 0
