"""``python -m carcassonne.bots``: bot duels, the search's benchmark, the ladder and the analysis.

python -m carcassonne.bots duel --a greedy --b random --games 20 --players 2 --seconds 0.2 [--seconds-a S] [--seconds-b S]
    --seed 1 --json [--records DIR] [--rules JSON] [--weights-a JSON] [--weights-b JSON]
python -m carcassonne.bots bench --json
python -m carcassonne.bots ladder [--games N] [--seconds S] [--seed K] [--adjacent] [--json] [--write]
python -m carcassonne.bots analyse RECORD.json [--seconds S] [--json]
python -m carcassonne.bots calibrate [--games 20] [--seconds 0.3] [--seed 0] [--json] [--records DIR]
python -m carcassonne.bots tune [--steps 50] [--games 4] [--seed 0] [--json] [--records DIR] [--check JSON]
python -m carcassonne.bots learn [--records DIR ...] [--iterations 8] [--hidden 32] [--epochs 3] [--seed 0] [--json] [--write]
python -m carcassonne.bots learn --check [--games 120] [--seed 0] [--json] [--check-records DIR]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from carcassonne import Rules

from . import analysis, ladder
from .duel import bench, duel
from .evaluate import WEIGHTS
from .levels import LEVELS

# The duels' records: research data of the repository, not of the installed package.
RESULTS = Path(__file__).resolve().parents[2] / "research" / "duels"


def _positive(kind: Callable[[str], float]) -> Callable[[str], float]:
    def parse(text: str) -> float:
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


def _weights(text: str) -> dict[str, float]:
    try:
        chosen = json.loads(text)
        if not isinstance(chosen, dict) or not all(isinstance(v, int | float) for v in chosen.values()):
            raise ValueError("an object of numbers")
        unknown = set(chosen) - set(WEIGHTS)
        if unknown:
            raise ValueError(f"unknown {', '.join(sorted(unknown))}; the weights are {', '.join(WEIGHTS)}")
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"weights: {exc}") from None
    return {name: float(value) for name, value in chosen.items()}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m carcassonne.bots", description="Carcassonne bots")
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("duel", help="bot A against bot B over complete games")
    d.add_argument("--a", required=True, choices=LEVELS)
    d.add_argument("--b", required=True, choices=LEVELS)
    d.add_argument("--games", type=_positive(int), default=10)
    d.add_argument("--players", type=int, default=2, choices=range(2, 6), metavar="2..5")
    d.add_argument("--seconds", type=_positive(float), default=0.2, help="seconds per mcts decision")
    d.add_argument("--seconds-a", type=_positive(float), default=None, help="side a's seconds (default --seconds)")
    d.add_argument("--seconds-b", type=_positive(float), default=None, help="side b's seconds (default --seconds)")
    d.add_argument("--seed", type=int, default=0)
    d.add_argument(
        "--rules", type=_rules, default=None, help="a NOTATION.md rules object, e.g. '{\"expansions\": [...]}'"
    )
    d.add_argument("--records", type=Path, default=None, help="write each game's record here as *.json")
    d.add_argument("--json", action="store_true", help="print one JSON object")
    for side in "ab":
        d.add_argument(
            f"--weights-{side}",
            type=_weights,
            default=None,
            help=f"side {side}'s weights of the evaluation as JSON, e.g. '{{\"REACH\": 0.8}}' (the others as they are)",
        )
    b = sub.add_parser("bench", help="the search's answers per second on a mid-game position")
    b.add_argument("--seconds", type=_positive(float), default=3.0)
    b.add_argument("--json", action="store_true")
    lad = sub.add_parser("ladder", help="round robin of the named levels, with win rates and OpenSkill ratings")
    lad.add_argument("--games", type=_positive(int), default=10, help="games per pair of levels")
    lad.add_argument(
        "--seconds",
        type=_positive(float),
        default=None,
        help="the expert's seconds per decision (the other searching levels keep their ratio to it)",
    )
    lad.add_argument("--seed", type=int, default=0)
    lad.add_argument(
        "--adjacent",
        action="store_true",
        help="only each level against the one just below it (the pairs the site shows)",
    )
    lad.add_argument("--json", action="store_true")
    lad.add_argument("--write", action="store_true", help=f"store the result in {ladder.RESULTS.name} for the site")
    an = sub.add_parser("analyse", help="judge each decision of a finished game's record")
    an.add_argument("record", type=Path)
    an.add_argument("--seconds", type=_positive(float), default=0.3, help="CPU seconds of search per decision")
    an.add_argument("--json", action="store_true")
    cal = sub.add_parser("calibrate", help="the five levels play together; mean points lost a decision by level")
    cal.add_argument("--games", type=_positive(int), default=20)
    cal.add_argument("--seconds", type=_positive(float), default=0.3, help="CPU seconds of analysis per decision")
    cal.add_argument("--playouts", type=_positive(int), default=None, help="a reproducible budget instead")
    cal.add_argument("--seed", type=int, default=0)
    cal.add_argument("--records", type=Path, default=None, help="write each game's record here as *.json")
    cal.add_argument("--json", action="store_true")
    _add_tuning(sub)
    return parser


def _add_tuning(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The commands that fit the evaluation: ``tune`` (its weights) and ``learn`` (the learned value)."""
    tune = sub.add_parser(
        "tune", help="SPSA self-play tuning of the evaluation's weights (prints them, writes nothing)"
    )
    tune.add_argument("--steps", type=_positive(int), default=50)
    tune.add_argument("--games", type=_positive(int), default=4, help="games per step")
    tune.add_argument("--seed", type=int, default=0)
    tune.add_argument(
        "--check",
        type=_weights,
        default=None,
        help="instead of tuning: these weights (JSON) against the current ones over --games games, each deal twice",
    )
    tune.add_argument("--records", type=Path, default=None, help="write each game's record here as *.json")
    tune.add_argument("--json", action="store_true")
    learn = sub.add_parser("learn", help="fit the learned value to finished games' records (mcts judges by it)")
    learn.add_argument(
        "--records",
        type=Path,
        action="append",
        help="a folder of records, searched through (repeatable; default: the duels', research/duels)",
    )
    learn.add_argument("--iterations", type=_positive(int), default=8, help="rounds of temporal differences")
    learn.add_argument("--hidden", type=_positive(int), default=32, help="the network's hidden units")
    learn.add_argument("--epochs", type=_positive(int), default=3, help="passes over the positions per round")
    learn.add_argument("--write", action="store_true", help="store the fit in carcassonne/bots/learned.json")
    learn.add_argument(
        "--check",
        action="store_true",
        help="instead of fitting: one-move players of the stored value against potential's, each deal twice",
    )
    learn.add_argument("--games", type=_positive(int), default=120, help="games of --check")
    learn.add_argument("--check-records", type=Path, default=None, help="write each --check game's record here")
    learn.add_argument("--seed", type=int, default=0, help="the fit's (or --check's deals') random seed")
    learn.add_argument("--json", action="store_true")


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "tune":
        return _tune(args)
    if args.command == "learn":
        return _learn(args)
    if args.command == "calibrate":
        return _calibrate(args)
    if args.command == "ladder":
        return _ladder(args, argv)
    if args.command == "analyse":
        return _analyse(args)
    if args.command == "duel":
        result = duel(
            args.a,
            args.b,
            args.games,
            args.players,
            args.seconds,
            args.seed,
            args.rules,
            args.records,
            seconds_a=args.seconds_a,
            seconds_b=args.seconds_b,
            weights={side: w for side, w in (("a", args.weights_a), ("b", args.weights_b)) if w is not None},
        )
        if not args.json:
            print(f"{args.a} (a) {result['wins']['a']} - {result['wins']['b']} {args.b} (b), {result['draws']} draws")
            return 0
    else:
        result = bench(args.seconds)
        if not args.json:
            print(f"{result['answers_per_s']} answers/s, {result['searched']} of {result['options']} options judged")
            return 0
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
    return 0


def _ladder(args: argparse.Namespace, argv: list[str] | None) -> int:
    top = ladder.NAMED_LEVELS[-1].settings.get("seconds", 1.0)
    scale = args.seconds / top if args.seconds else 1.0
    result = ladder.ladder(args.games, scale, args.seed, adjacent=args.adjacent)
    if args.write:
        words = sys.argv[1:] if argv is None else argv
        ladder.write_results(result, "python -m carcassonne.bots " + " ".join(words))
    if args.json:
        json.dump(result, sys.stdout)
        sys.stdout.write("\n")
        return 0
    print(f"{'level':<10} {'rating':>7}  wins against each level below ({result['games_per_pair']} games a pair)")
    for level in result["levels"]:
        rows = [p for p in result["pairs"] if p["level"] == level["name"]]
        against = ", ".join(f"{p['against']} {p['wins']:g}/{p['games']}" for p in rows) or "-"
        print(f"{level['name']:<10} {level['ordinal']:>7.2f}  {against}")
    return 0


def _tune(args: argparse.Namespace) -> int:
    from .tune import check, spsa

    if args.check is not None:
        result = check(args.check, args.games, args.seed, records=args.records)
        print(json.dumps(result) if args.json else f"share of the given weights: {result['share']:.3f}")
        return 0
    result = spsa(args.steps, args.games, args.seed, records=args.records)
    if not args.json:
        for name, value in result["after"].items():
            print(f"{name:<13} {result['before'][name]:>7g} -> {value:g}")
        return 0
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
    return 0


def _learn(args: argparse.Namespace) -> int:
    from . import learn

    if args.check:
        result = learn.check(args.games, args.seed, args.check_records)
        print(json.dumps(result) if args.json else f"share of the learned value: {result['share']:.3f}")
        return 0
    folders = args.records or [RESULTS]
    found = learn.positions(path for folder in folders for path in folder.rglob("game-*.json"))
    if not found.mover:
        print(f"no two-player games of the default rules under {', '.join(map(str, folders))}", file=sys.stderr)
        return 1
    result = learn.fit(found, args.iterations, args.hidden, args.epochs, args.seed)
    if args.write:
        learn.write(result)
    if args.json:
        json.dump(result, sys.stdout)
        sys.stdout.write("\n")
        return 0
    trained = result["trained"]
    print(f"{trained['positions']} positions of {trained['games']} games; mean squared error of the final margin:")
    print(f"potential {trained['mse_potential']}, learned {trained['mse_learned']}")
    return 0


def _calibrate(args: argparse.Namespace) -> int:
    from .calibrate import calibrate

    result = calibrate(args.games, args.seconds, args.seed, args.playouts, args.records)
    if args.json:
        json.dump(result, sys.stdout)
        sys.stdout.write("\n")
        return 0
    print(f"{'level':<10} {'decisions':>9} {'points lost a decision':>23}")
    for row in result["table"]:
        print(f"{row['level']:<10} {row['decisions']:>9} {row['mean_loss']!s:>23}")
    print("in order" if result["in_order"] else "not in order")
    return 0


def _analyse(args: argparse.Namespace) -> int:
    from carcassonne import RecordError

    try:
        record = json.loads(args.record.read_text(encoding="utf-8"))
        result = analysis.analyse(record, seconds=args.seconds)
    except OSError as exc:
        print(f"cannot read {args.record}: {exc.strerror}", file=sys.stderr)
        return 1
    except ValueError as exc:  # JSON errors and RecordError
        if isinstance(exc, RecordError):
            print(f"record: {exc}", file=sys.stderr)
        else:
            print(f"record: the record is not valid JSON ({exc})", file=sys.stderr)
        return 1
    if args.json:
        json.dump(result.to_json(), sys.stdout)
        sys.stdout.write("\n")
        return 0
    for move in result.moves:
        if move.mark:
            print(f"move {move.number} (seat {move.seat}): {move.mark}, {move.loss:g} points lost; best {move.best}")
    for player in result.players:
        plural = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
        marks = ", ".join(f"{plural[mark]}: {count}" for mark, count in player.marks.items())
        print(f"{player.name}: {player.moves} moves, {player.average_loss:g} points lost a move on average; {marks}")
    return 0
