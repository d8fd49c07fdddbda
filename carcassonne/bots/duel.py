"""Bot against bot, and the MCTS benchmark (``python -m carcassonne.bots duel|bench``)."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from carcassonne import Game, Outcome, Rules
from carcassonne.autoplay import play_randomly

from .evaluate import using
from .levels import AnswersBot, Bot, MctsBot, make_bot
from .options import options_of
from .view import PlayerView, view_of


class Player(Protocol):
    """Anything that decides an entry from a view (a bot, or a bot with its own weights)."""

    def decide(self, view: PlayerView) -> Any: ...


class Weighted:
    """A bot that judges with its own weights of the evaluation (two of them can share one
    process: the weights are set for each decision and put back after it)."""

    def __init__(self, bot: Player, weights: dict[str, float]) -> None:
        self.bot, self.weights = bot, weights

    def decide(self, view: PlayerView) -> Any:
        with using(self.weights):
            return self.bot.decide(view)


def play_game(bots: Sequence[Player], names: list[str], rules: Rules | None = None, seed: int | None = None) -> Game:
    """A complete game in which seat ``i`` is played by ``bots[i]``, each seeing only its view."""
    game = Game.new(names, rules, seed=seed)
    while (pending := game.pending) is not None:  # None: finished
        game.play(bots[pending.player].decide(view_of(game, pending.player)))
    return game


def outcome_of(game: Game) -> Outcome:
    """The outcome of a game played to the end."""
    if game.outcome is None:
        raise ValueError("the game is not over")
    return game.outcome


def seat_sides(players: int, index: int) -> list[str]:
    """Which side ("a" or "b") plays each seat in game ``index``: sides alternate seats, and who starts alternates."""
    return ["a" if (seat + index) % 2 == 0 else "b" for seat in range(players)]


def duel(
    a: str,
    b: str,
    games: int,
    players: int = 2,
    seconds: float = 0.2,
    seed: int = 0,
    rules: Rules | None = None,
    records: Path | None = None,
    seconds_a: float | None = None,
    seconds_b: float | None = None,
    weights: dict[str, dict[str, float]] | None = None,
) -> dict[str, Any]:
    """Play ``games`` complete games of level ``a`` against level ``b``; counts of wins and draws.

    A side wins a game when one of its seats has the sole highest score; anything else
    is a draw. ``seconds_a`` and ``seconds_b`` (default ``seconds``) are each side's CPU
    seconds per decision, so two settings of one level can meet; ``share_a`` is side a's
    share of the points, a draw counting half. ``weights`` may give a side ("a" or "b")
    its own weights of the evaluation (:data:`~carcassonne.bots.evaluate.WEIGHTS`, the others
    as they are), e.g. tuned ones against the current ones.
    """
    weights = weights or {}
    thinking = {"a": seconds if seconds_a is None else seconds_a, "b": seconds if seconds_b is None else seconds_b}
    rng = random.Random(seed)
    wins = {"a": 0, "b": 0}
    draws = 0
    points = {"a": 0, "b": 0}
    seats = {"a": 0, "b": 0}
    started = time.perf_counter()
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    for index in range(games):
        sides = seat_sides(players, index)
        count = {"a": 0, "b": 0}
        names: list[str] = []
        bots: list[Player] = []
        for side in sides:
            count[side] += 1
            level = a if side == "a" else b
            names.append(f"{side}{count[side]}-{level}")
            bot: Bot = make_bot(level, seed=rng.randrange(2**32), seconds=thinking[side])
            bots.append(Weighted(bot, weights[side]) if side in weights else bot)
        game = play_game(bots, names, rules, seed=rng.randrange(2**32))
        outcome = outcome_of(game)
        if len(outcome.winners) == 1:
            wins[sides[outcome.winners[0]]] += 1
        else:
            draws += 1
        for seat, side in enumerate(sides):
            points[side] += outcome.scores[seat]
            seats[side] += 1
        if records is not None:
            path = records / f"game-{index + 1:03d}.json"
            path.write_text(json.dumps(game.record(), indent=1) + "\n", encoding="utf-8")
    return {
        "games": games,
        "wins": wins,
        "draws": draws,
        "a": a,
        "b": b,
        "players": players,
        "seconds": seconds,
        "seconds_a": thinking["a"],
        "seconds_b": thinking["b"],
        "share_a": round((wins["a"] + draws / 2) / max(1, games), 3),
        "seed": seed,
        "rules": (rules or Rules()).to_json(),
        "weights": weights,
        "mean_score": {side: round(points[side] / max(1, seats[side]), 1) for side in points},
        "elapsed_s": round(time.perf_counter() - started, 1),
    }


def random_position(seed: int, moves: int, players: int = 2, rules: Rules | None = None) -> Game:
    """A reproducible position: ``moves`` random legal turns into a game (fewer if it ends first)."""
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][:players]
    return play_randomly(Game.new(names, rules, seed=seed), random.Random(seed), moves, follower_rate=0.4)


def bench(seconds: float = 3.0, seed: int = 2026) -> dict[str, Any]:
    """How fast the ``answers`` search judges one mid-game decision for ``seconds`` of CPU time on one
    core: answers (one tile of the next player, one option) per second, and how many of
    the options it reached (``answers_per_wall_s`` is by the wall clock: lower on a busy
    machine); then the ``mcts`` level's lines (sampled futures played out) per CPU second
    and how far they looked."""
    game = random_position(seed, 36)
    view = view_of(game)
    bot = AnswersBot(seed, seconds=seconds)
    wall = time.perf_counter()
    search = bot.search(view, options_of(view))
    wall = time.perf_counter() - wall
    deep = MctsBot(seed, seconds=seconds).search(view, options_of(view))
    return {
        "answers_per_s": round(search.playouts / search.seconds, 1),  # per CPU second of the one core used
        "answers_per_wall_s": round(search.playouts / wall, 1),
        "answers": search.playouts,
        "seconds": round(search.seconds, 3),
        "options": len(options_of(view)),
        "searched": sum(1 for c in search.children if c.playouts),
        "move_number": game.move_number,
        "lines_per_s": round(deep.playouts / deep.seconds, 1),
        "lines": deep.playouts,
        "depth": deep.depth,
    }
