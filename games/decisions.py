"""The decisions a game waits for besides tile turns, as the site shows and takes them.

The engine says who must decide what (``engine.pending``), lists the answers it accepts
(``engine.options()``) and checks the one given; this module only puts them into words
and JSON for the pages, the API and the e-mails. The Count's decisions (reinforcement,
deployment into the City, the market round) may fall to a player who is not on turn.

An answer is a record entry without its ``player`` (the site fills in who sends it):
``{"reinforce": {"x": 2, "y": -1, "spot": "city:N"}}``, ``{"reinforce": null}`` to pass,
``{"quarter": "market", "count": "castle"}``, ``{"quarter": null}``.
"""

from __future__ import annotations

from typing import Any, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import Game as EngineGame
from games.entries import QUARTER_LABELS, describe_spot

QUARTER_OF_KIND = {"road": "blacksmith", "city": "castle", "cloister": "cathedral", "field": "market"}

ACTION_LABELS = {
    "reinforce": gettext_lazy("Reinforcement from the City"),
    "quarter": gettext_lazy("Deployment into the City"),
    "market": gettext_lazy("Market round"),
}
"""Short names of the decisions (the Count's), for lists and e-mail subjects."""


def decision_pending(engine: EngineGame) -> bool:
    """Whether the game waits for a decision other than a tile turn."""
    pending = engine.pending
    return pending is not None and pending.action != "turn"


def answer_of(entry) -> dict[str, Any]:
    """A decision entry as an answer: its record JSON without ``player``."""
    data = entry.to_json()
    data.pop("player", None)
    return data


def passes(answer: dict[str, Any]) -> bool:
    """Whether an answer is a pass (its one value is ``null``)."""
    return all(value is None for key, value in answer.items() if key not in ("figure", "count"))


def pass_entry(engine: EngineGame):
    """The engine's option that passes the pending decision (timeouts and auto-pass)."""
    for entry in engine.options():
        if passes(answer_of(entry)):
            return entry
    raise ValueError(f"the decision {engine.pending} has no pass")


def _count(engine: EngineGame):
    return next((m for m in engine.modules if m.name == "count"), None)


def _completed_kinds(engine: EngineGame) -> list[str]:
    asked = engine.asked
    turn = asked.data if asked is not None else None
    if turn is None or not getattr(turn, "completed", None):
        return []
    return sorted({engine.board.kind(root) for root in turn.completed})


def _turn_player(engine: EngineGame) -> int | None:
    asked = engine.asked
    turn = asked.data if asked is not None else None
    return getattr(turn, "player", None)


REINFORCE_TEXT = {
    "road": gettext_lazy("%(player)s completed a road: you may move a follower from the Blacksmith onto it, or pass."),
    "city": gettext_lazy("%(player)s completed a city: you may move a follower from the Castle onto it, or pass."),
    "cloister": gettext_lazy(
        "%(player)s completed a cloister: you may move a follower from the Cathedral onto it, or pass."),
}


def describe_for(engine: EngineGame, names: Sequence[str], viewer: int | None) -> str:
    """What the pending decision is about, in one sentence for ``viewer`` (a seat, or
    ``None`` for a spectator): the player who must decide is told what happened and what
    they may do; everyone else who is being waited on."""
    pending = engine.pending
    if pending is None or pending.action == "turn":
        return ""
    who = names[pending.player]
    action = pending.action
    if viewer != pending.player:
        return {
            "reinforce": _("Waiting for %(player)s to decide whether to move a follower out of the City."),
            "quarter": _("Waiting for %(player)s to decide whether to put a follower into the City."),
            "market": _("Waiting for %(player)s to decide whether to move a follower from the Market onto a farm."),
        }.get(action, _("Waiting for %(player)s's decision.")) % {"player": who}
    if action == "reinforce":
        mover = _turn_player(engine)
        mover_name = names[mover] if mover is not None else who
        kinds = _completed_kinds(engine)
        if len(kinds) == 1 and kinds[0] in REINFORCE_TEXT:
            return str(REINFORCE_TEXT[kinds[0]]) % {"player": mover_name}
        return _("%(player)s completed several features: you may move a follower from the City onto one of them, "
                 "or pass.") % {"player": mover_name}
    if action == "quarter":
        return _("Your tile scored only for other players: you may put a follower from your supply into a quarter "
                 "of the City and move the Count, or pass.")
    if action == "market":
        return _("The last tile is played: you may move a follower from the Market onto any farm, or pass.")
    return _("It is your decision (%(action)s).") % {"action": action}


DEPLOY_TEXT = {
    ("follower", True): gettext_lazy("Put a follower into the %(quarter)s and move the Count to the %(to)s"),
    ("large", True): gettext_lazy("Put a large follower into the %(quarter)s and move the Count to the %(to)s"),
    ("follower", False): gettext_lazy("Put a follower into the %(quarter)s (the Count stays)"),
    ("large", False): gettext_lazy("Put a large follower into the %(quarter)s (the Count stays)"),
}
"""A deployment into the City in words, by figure and whether the Count moves."""

MOVE_TEXT = {
    "follower": gettext_lazy("Move a follower from the %(quarter)s: %(spot)s at (%(x)s,%(y)s)"),
    "large": gettext_lazy("Move a large follower from the %(quarter)s: %(spot)s at (%(x)s,%(y)s)"),
}
"""A reinforcement from the City in words, by figure."""


def option_label(engine: EngineGame, answer: dict[str, Any]) -> str:
    """One option in words: 'Move a follower from the Castle: knight in the city (north) at (2,-1)'."""
    if passes(answer):
        return _("Pass")
    if "quarter" in answer:
        count = answer.get("count")
        text = DEPLOY_TEXT.get((answer.get("figure", "follower"), bool(count)), DEPLOY_TEXT["follower", bool(count)])
        return str(text) % {"quarter": QUARTER_LABELS.get(answer["quarter"], answer["quarter"]),
                            "to": QUARTER_LABELS.get(count, count)}
    target = answer.get("reinforce") or {}
    spot = target.get("spot", "")
    quarter = QUARTER_OF_KIND.get(spot.partition(":")[0], "")
    return str(MOVE_TEXT.get(target.get("figure", "follower"), MOVE_TEXT["follower"])) % {
        "quarter": QUARTER_LABELS.get(quarter, quarter),
        "spot": describe_spot(spot),
        "x": target.get("x"),
        "y": target.get("y"),
    }


def options_json(engine: EngineGame) -> list[dict[str, Any]]:
    """The answers the engine accepts now, each with its words (empty for a tile turn)."""
    if not decision_pending(engine):
        return []
    result = []
    for entry in engine.options():
        answer = answer_of(entry)
        item: dict[str, Any] = {"answer": answer, "text": option_label(engine, answer), "pass": passes(answer)}
        target = answer.get("reinforce")
        if isinstance(target, dict):
            item["target"] = {"x": target["x"], "y": target["y"], "spot": target["spot"],
                              "figure": target.get("figure", "follower")}
        result.append(item)
    return result


def pending_json(engine: EngineGame, names: Sequence[str | None], viewer: int | None = None) -> dict[str, Any] | None:
    """Who the game waits for and for what (API: state and legal moves): ``player``,
    ``seat``, ``action`` (``turn`` or a decision), ``text``, and for decisions the
    accepted ``options``. Nothing hidden: a decision's answers are public knowledge."""
    pending = engine.pending
    if pending is None:
        return None
    shown = [name or "?" for name in names]
    data: dict[str, Any] = {"player": names[pending.player], "seat": pending.player, "action": pending.action}
    if pending.action == "turn":
        data["text"] = _("%(player)s's turn") % {"player": shown[pending.player]}
        data["options"] = []
        return data
    data["label"] = str(ACTION_LABELS.get(pending.action, pending.action))
    data["text"] = describe_for(engine, shown, viewer)
    data["options"] = options_json(engine)
    return data


def city_json(engine: EngineGame, names: Sequence[str | None]) -> dict[str, Any] | None:
    """The City of Carcassonne: where the Count stands and each player's followers in
    each quarter (public), or ``None`` without the Count."""
    count = _count(engine)
    if count is None:
        return None
    quarters = {}
    for seat in range(len(engine.players)):
        quarters[names[seat] or engine.players[seat]] = {
            q: {"follower": f, "large": large} for q, (f, large) in zip(QUARTER_LABELS, count.city[seat])
        }
    return {"count": count.count_at, "quarters": quarters}
