"""Game records of NOTATION.md: read, write, replay with every move checked.

>>> from carcassonne.game import Game
>>> game = replay({"players": ["Ann", "Bob"], "moves": [
...     {"tile": "U", "x": 1, "y": 0, "rotation": 0, "meeple": "road:E"}]})
>>> game.scores, game.supply, game.finished
([0, 0], [6, 7], False)
>>> replay({"players": ["Ann", "Bob"], "moves": [{"tile": "U", "x": 1, "y": 0, "rotation": 90}]})
Traceback (most recent call last):
...
carcassonne.record.RecordError: move 1: tile U at (1,0) rotation 90 does not fit: its west edge (field) meets a road
"""

from __future__ import annotations

import json
from typing import Any

from .game import Game
from .moves import IllegalMove, Move, parse_entry
from .rules import Rules, RulesError

FORMAT = "carcassonne-record/1"


class RecordError(ValueError):
    """A record that is malformed or holds an illegal move.

    ``move_number`` is the 1-based number of the offending move, or ``None`` when the
    record as a whole is wrong; ``str()`` is one line for a person.
    """

    def __init__(self, message: str, move_number: int | None = None) -> None:
        self.move_number = move_number
        self.reason = message
        super().__init__(f"move {move_number}: {message}" if move_number is not None else message)


def kind_of(entry: dict[str, Any]) -> str:
    """``place``, ``discard``, ``skip``, ``forfeit``, ``resign`` or an expansion's key."""
    for flag in ("discard", "skip", "forfeit", "resign"):
        if entry.get(flag) is True:
            return flag
    if "tile" in entry:
        return "place"
    return next((k for k in entry if k != "player"), "unknown")


def parse(text: str | bytes) -> dict[str, Any]:
    """Parse record JSON text; raises :class:`RecordError` for malformed JSON."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise RecordError(f"the record is not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise RecordError("the record must be a JSON object")
    return data


def start_of(record: dict[str, Any], rules: Rules) -> tuple[str, int, int, int] | None:
    start = record.get("start")
    if start is None:
        return None
    if not isinstance(start, dict):
        raise RecordError("start must be an object with tile, x, y and rotation")
    try:
        move = Move.from_json({"meeple": None, "x": 0, "y": 0, "rotation": 0, **start})
    except IllegalMove as exc:
        raise RecordError(f"start: {exc}") from None
    return move.tile, move.x, move.y, move.rotation


def new_game(record: dict[str, Any]) -> Game:
    """The game a record starts from, before any move."""
    fmt = record.get("format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(f"unknown record format {fmt!r} (expected {FORMAT!r})")
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise RecordError("players must be a list of names")
    try:
        rules = Rules.from_json(record.get("rules"))
        return Game(players, rules, start_of(record, rules))
    except (RulesError, IllegalMove) as exc:
        raise RecordError(str(exc)) from None


def replay(record: dict[str, Any] | str | bytes, upto: int | None = None, final: bool = False) -> Game:
    """Replay ``record`` move by move, checking each one; return the resulting game.

    ``upto`` stops after that many moves (the board after move k); ``final`` ends the
    game after the last replayed move and applies the final scoring. A record whose
    set of tiles is used up is finished and finally scored anyway.
    """
    if not isinstance(record, dict):
        record = parse(record)
    game = new_game(record)
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError("moves must be a list")
    if upto is not None:
        moves = moves[:upto]
    for number, data in enumerate(moves, 1):
        try:
            game.play(parse_entry(data))
        except IllegalMove as exc:
            raise RecordError(str(exc), number) from None
    if final:
        game.finish()
    return game


def summary(game: Game) -> dict[str, Any]:
    """The CLI's result object (NOTATION.md): scores and supply by player name, whether
    finished, the winners once finished and the pending decision while not."""
    pending = game.pending
    outcome = game.outcome
    result = {
        "scores": dict(zip(game.players, game.scores)),
        "supply": dict(zip(game.players, game.supply)),
        "finished": game.finished,
        "winners": outcome.winner_names if outcome else None,
        "pending": {"player": game.players[pending.player], "action": pending.action} if pending else None,
    }
    if any(game.reserve):
        result["figures"] = dict(zip(game.players, (dict(r) for r in game.reserve)))
    for module in game.modules:
        result.update(module.summary())
    return result


def dumps(record: dict[str, Any]) -> str:
    """A record as compact JSON text, one move per line for readable diffs."""
    head = {k: v for k, v in record.items() if k != "moves"}
    body = ",\n".join("  " + json.dumps(m) for m in record.get("moves", []))
    text = json.dumps(head)[:-1]
    return f'{text}, "moves": [\n{body}\n]}}\n' if body else f'{text}, "moves": []}}\n'
