"""The script of the complete game with every expansion and a hand of three (see
test_expansions_browser.py): which entry is played at each point, so that the same seed
gives the same game whether an entry goes through the API or the browser.

Phases, in order, each waiting for a position and then playing its key moment:
``large`` (ann deploys a large follower), ``builder`` (ann deploys a builder),
``double`` (ann's builder earns an extra turn: ann's placements favour that until it
happens), ``reinforce`` (a player not on turn moves a follower out of the City),
``timeout`` (the next decision runs out of time: a pass), then the end.
"""

from __future__ import annotations

import random

from carcassonne import Move, Rules
from games.present.decision_words import answer_of, passes
from tests.games.helpers import strategy_entry

RULES = {"expansions": ["river", "inns_cathedrals", "traders_builders", "king_robber", "count"], "hand": 3}
NAMES = ["ann", "bob", "cid"]
PHASES = ("large", "builder", "double", "reinforce", "timeout", "end")


def figure_moves(engine, kind: str) -> list[Move]:
    """Every tile turn of the player on turn that deploys a ``kind`` figure."""
    moves = []
    for tile in engine.turn_tiles:
        for p in engine.legal_placements(tile):
            for spot, figure in engine.legal_figures(p, tile):
                if figure == kind:
                    moves.append(Move(tile, p.x, p.y, p.rotation, spot, figure=figure))
    return moves


def extra_turn_move(engine) -> Move | None:
    """A placement of the player on turn that earns the builder's extra turn, if any."""
    player = engine.current_player
    for tile in engine.turn_tiles:
        for p in engine.legal_placements(tile):
            move = Move(tile, p.x, p.y, p.rotation)
            trial = engine.copy()
            trial.play(move)
            while not trial.finished and trial.pending.action != "turn":
                trial.play(trial.options()[0])  # passes
            if not trial.finished and trial.pending.player == player and trial.current_player == player:
                return move
    return None


def is_extra_turn(engine) -> bool:
    """ann is on turn again right after her own tile turn (and its decisions)."""
    if engine.pending is None or engine.pending != (0, "turn"):
        return False
    for turn in reversed(engine.history):
        if type(turn.move) is Move and not turn.move.discard:
            return turn.player == 0
    return False


def moment(engine, phase: str):
    """The key moment's entry if ``phase``'s position is reached now, else ``None``."""
    pending = engine.pending
    if phase == "large" and pending == (0, "turn"):
        moves = figure_moves(engine, "large")
        return moves[0] if moves else None
    if phase == "builder" and pending == (0, "turn"):
        moves = figure_moves(engine, "builder")
        return moves[0] if moves else None
    if phase == "double" and is_extra_turn(engine):
        tile = engine.turn_tiles[0]
        p = engine.legal_placements(tile)[0]
        return Move(tile, p.x, p.y, p.rotation)
    if phase == "reinforce" and pending.action == "reinforce" and pending.player != engine.current_player:
        return next(o for o in engine.options() if not passes(answer_of(o)))
    if phase == "timeout" and pending.action != "turn":
        return next(o for o in engine.options() if passes(answer_of(o)))
    return None


def ordinary_entry(engine, phase: str, rng: random.Random):
    """The entry played outside key moments (through the API)."""
    if phase == "double" and engine.pending == (0, "turn"):
        move = extra_turn_move(engine)
        if move is not None:
            return move
    return strategy_entry(engine, rng)


def simulate(seed: int, bag_seed: int):
    """Play the script in the engine alone: the phases reached (for the seed search)."""
    from carcassonne import Game

    engine = Game.new(NAMES, Rules.from_json(RULES), seed=bag_seed)
    rng = random.Random(seed)
    phase = 0
    while not engine.finished:
        entry = moment(engine, PHASES[phase]) if PHASES[phase] != "end" else None
        if entry is not None:
            phase += 1
        else:
            entry = ordinary_entry(engine, PHASES[phase], rng)
        engine.play(entry)
        engine.discard_unplaceable()
    return PHASES[phase]


if __name__ == "__main__":  # the seed search: python -m tests.browser.expansions_script
    import sys

    for bag_seed in range(int(sys.argv[1]) if len(sys.argv) > 1 else 100):
        reached = simulate(bag_seed, bag_seed)
        if reached == "end":
            print("found", bag_seed)
            break
        print(bag_seed, reached, flush=True)
