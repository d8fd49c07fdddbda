"""``manage.py bench_board [--renders N] [--rules JSON] [--json]``: time the board picture.

Plays a complete random game (by default with every expansion, 5 players, so the board
holds about 140 tiles and many figures of every kind), then renders its board N times with
:func:`games.board_svg.render_board` and prints the median and p95 in milliseconds, the
first (cold) render, the number of tiles and the size of the SVG. The target is a median
under 30 ms for a full board of 150 tiles on one core.
"""

from __future__ import annotations

import json
import statistics
import time

from django.core.management.base import BaseCommand, CommandError

from carcassonne.autoplay import random_game
from carcassonne.rules import Rules, RulesError
from games import board_svg
from games.present import expansions

EVERY_EXPANSION = {expansion: True for expansion in expansions.by_id()}
"""The default rule set: every expansion the site knows (``games.present.expansions``)."""


class Command(BaseCommand):
    help = "Time rendering a full board as SVG (median of N renders)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--renders", type=int, default=200, help="renders to time (default 200)")
        parser.add_argument("--players", type=int, default=5, help="players of the random game (default 5)")
        parser.add_argument("--seed", type=int, default=7, help="seed of the random game (default 7)")
        parser.add_argument("--rules", default=None, help="the rule set as JSON (default: every expansion)")
        parser.add_argument("--json", action="store_true", help="print the figures as JSON")

    def handle(self, *args, renders: int, players: int, seed: int, rules: str | None, json: bool, **options) -> None:
        try:
            rule_set = Rules.from_options(_loads(rules) if rules else EVERY_EXPANSION)
        except (RulesError, ValueError) as exc:
            raise CommandError(f"--rules: {exc}") from exc
        game = random_game(seed, players, rule_set, follower_rate=0.8)
        started = time.perf_counter()
        svg = board_svg.render_board(game)
        cold = (time.perf_counter() - started) * 1000
        times = []
        for _ in range(max(1, renders)):
            t0 = time.perf_counter()
            board_svg.render_board(game)
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        figures = {
            "tiles": sum(1 for _ in game.placed_tiles()),
            "figures": sum(len(p.meeples) for p in game.placed_tiles()),
            "median_ms": round(statistics.median(times), 2),
            "p95_ms": round(times[max(0, int(0.95 * len(times)) - 1)], 2),
            "cold_ms": round(cold, 2),
            "svg_kib": round(len(svg.encode()) / 1024, 1),
            "renders": len(times),
            "rules": rule_set.to_json(),
        }
        if json:
            self.stdout.write(_dumps(figures))
            return
        self.stdout.write(
            f"board of {figures['tiles']} tiles and {figures['figures']} figures: "
            f"median {figures['median_ms']} ms, p95 {figures['p95_ms']} ms over {figures['renders']} renders "
            f"(first render {figures['cold_ms']} ms), SVG {figures['svg_kib']} KiB"
        )


def _loads(text: str) -> dict:
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError('give the rules as a JSON object of option values, e.g. {"hole_bonus": true}')
    return data


def _dumps(data: dict) -> str:
    return json.dumps(data, sort_keys=True)
