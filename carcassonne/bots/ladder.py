"""Four levels a person understands, measured against each other (``python -m carcassonne.bots ladder``).

:data:`NAMED_LEVELS` is the one table of them: each names one of the bots of
:mod:`carcassonne.bots.levels` with its settings. The ladder plays every pair of levels (or,
``--adjacent``, each level and the one just below it) over complete two-player games (who
starts alternates) and rates the levels with OpenSkill
(Plackett-Luce, like the site's ratings). ``ladder --write`` stores the measured results
in ``ladder.json`` next to this module, with the date and the command, so that a page can
show each level's strength in words without playing a game (:func:`strength_words`).
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from itertools import combinations
from pathlib import Path
from typing import Any

from carcassonne import Rules

from .duel import outcome_of, play_game, seat_sides
from .evaluate import potential_after, value_after
from .levels import AnswersBot, BeginnerBot, Bot, GreedyBot, MctsBot, RandomBot
from .view import PlayerView

RESULTS = Path(__file__).with_name("ladder.json")


@dataclass(frozen=True)
class Level:
    """A level of play: its name, the bot (one of ``carcassonne.bots.LEVELS``) and its settings."""

    name: str
    label: str
    bot: str
    settings: dict[str, Any] = field(default_factory=dict)
    description: str = ""


NAMED_LEVELS: tuple[Level, ...] = (
    Level(
        "beginner",
        "Beginner",
        "beginner",
        {},
        "plays its tile anywhere it fits (with a follower half of the time, never a farmer), and now and then "
        "(15 % of its moves) where it scores most",
    ),
    Level(
        "casual",
        "Casual",
        "greedy",
        {"noise": 0.5},
        "takes the points it sees this turn, but half of its moves are played at random",
    ),
    Level("strong", "Strong", "greedy", {}, "always takes the most points it can see this turn"),
    Level(
        "expert",
        "Expert",
        "mcts",
        {"seconds": 0.3},
        "judges by a value learned from finished games, and plays its best moves out a few turns "
        "over the tiles that may come",
    ),
)
"""From the weakest to the strongest; each beats the one before it (see ``ladder.json``).
The expert plays ``mcts``, which judges by the learned value and is measured stronger than the
``answers`` search (docs/bots.md)."""


def level_named(name: str) -> Level:
    for level in NAMED_LEVELS:
        if level.name == name:
            return level
    raise ValueError(f"unknown level {name!r}: choose one of {', '.join(lv.name for lv in NAMED_LEVELS)}")


def bot_for(level: Level | str, seed: int | None = None, scale: float = 1.0) -> Bot:
    """A bot playing at ``level``; ``scale`` multiplies a searching level's thinking time."""
    if isinstance(level, str):
        level = level_named(level)
    settings = level.settings
    if level.bot == "random":
        return RandomBot(seed)
    if level.bot == "beginner":
        return BeginnerBot(seed)
    if level.bot == "greedy":
        judge = potential_after if settings.get("judge") == "potential" else value_after
        return GreedyBot(seed, judge=judge, noise=settings.get("noise", 0.0))
    search = AnswersBot if level.bot == "answers" else MctsBot
    return search(seed, seconds=settings.get("seconds", 0.3) * scale)


def choose_move(view: PlayerView, level: Level | str, seed: int | None = None) -> Any:
    """The entry a bot of ``level`` plays in ``view`` (a ``PlayerView``, see ``view_of``)."""
    return bot_for(level, seed).decide(view)


def ladder(
    games: int = 10, scale: float = 1.0, seed: int = 0, rules: Rules | None = None, adjacent: bool = False
) -> dict[str, Any]:
    """Every pair of levels (``adjacent``: each level and the one just below it, the pairs
    a page shows) plays ``games`` two-player games; wins (draws count half) by pair and an
    OpenSkill rating per level."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {level.name: model.rating(name=level.name) for level in NAMED_LEVELS}
    rng = random.Random(seed)
    pairs = []
    started = time.process_time()
    matches = list(zip(NAMED_LEVELS, NAMED_LEVELS[1:])) if adjacent else list(combinations(NAMED_LEVELS, 2))
    for low, high in matches:
        score = {low.name: 0.0, high.name: 0.0}
        for index in range(games):
            sides = seat_sides(2, index)
            levels = [high if side == "a" else low for side in sides]
            bots = [bot_for(level, rng.randrange(2**32), scale) for level in levels]
            game = play_game(
                bots, [f"{level.name}-{seat}" for seat, level in enumerate(levels)], rules, seed=rng.randrange(2**32)
            )
            winners = outcome_of(game).winners
            for seat, level in enumerate(levels):
                score[level.name] += 1.0 / len(winners) if seat in winners else 0.0
            ranks = [0.0 if seat in winners else 1.0 for seat in range(2)]
            teams = [[ratings[level.name]] for level in levels]
            rated = model.rate(teams, ranks=ranks)
            for level, (new,) in zip(levels, rated):
                ratings[level.name] = new
        pairs.append(
            {
                "level": high.name,
                "against": low.name,
                "games": games,
                "wins": score[high.name],
                "losses": score[low.name],
            }
        )
    return {
        "levels": [
            {
                "name": lv.name,
                "label": lv.label,
                "bot": lv.bot,
                "settings": lv.settings,
                "mu": round(ratings[lv.name].mu, 2),
                "sigma": round(ratings[lv.name].sigma, 2),
                "ordinal": round(ratings[lv.name].ordinal(), 2),
            }
            for lv in NAMED_LEVELS
        ],
        "pairs": pairs,
        "games_per_pair": games,
        "adjacent": adjacent,
        "scale": scale,
        "seed": seed,
        "rules": (rules or Rules()).to_json(),
        "cpu_s": round(time.process_time() - started, 1),
    }


def write_results(result: dict[str, Any], command: str, path: Path = RESULTS) -> None:
    """Store a ladder's result with the date and the command that measured it."""
    data = {"date": date.today().isoformat(), "command": command, **result}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def measured(path: Path = RESULTS) -> dict[str, Any] | None:
    """The stored ladder results (``None`` before any ``ladder --write``); read once per
    version of the file, not on every page that shows the levels."""
    try:
        return _read_results(path, path.stat().st_mtime_ns)
    except OSError:
        return None


@lru_cache(maxsize=4)
def _read_results(path: Path, version: int) -> dict[str, Any] | None:
    try:
        results: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return results


def strength_of(name: str, results: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """How ``name`` fared against each weaker level, measured: ``[{"against": "casual",
    "wins": 8, "games": 10}, ...]`` (draws counted half, rounded down); empty when unmeasured."""
    results = results if results is not None else measured()
    if not results:
        return []
    return [
        {"against": p["against"], "wins": int(p["wins"]), "games": p["games"]}
        for p in results["pairs"]
        if p["level"] == name
    ]


def strength_words(name: str, results: dict[str, Any] | None = None) -> str:
    """The measured strength of level ``name`` in English, against the level just below it
    (``"wins 8 of 10 against Casual"``); empty for the weakest level or when unmeasured.
    A translated page builds its own sentence from :func:`strength_of`."""
    names = [lv.name for lv in NAMED_LEVELS]
    index = names.index(level_named(name).name)
    if index == 0:
        return ""
    below = NAMED_LEVELS[index - 1]
    for row in strength_of(name, results):
        if row["against"] == below.name:
            return f"wins {row['wins']} of {row['games']} against {below.label}"
    return ""
