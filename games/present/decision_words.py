"""The decisions a game waits for besides tile turns, as the site shows and takes them.

The engine says who must decide what (``engine.pending``), lists the answers it accepts
(``engine.options()``) and checks the one given; this module only puts them into words
and JSON for the pages, the API and the e-mails, through the module of the expansion
whose decision it is (``games.present.expansions``). A decision may fall to a player who is not
on turn (the Count's reinforcement, deployment into the City, the market round).

An answer is a record entry without its ``player`` (the site fills in who sends it); a
pass is the answer whose decision's value is ``null``, e.g. ``{"reinforce": null}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from carcassonne import Game as EngineGame
from games.present import expansions

ACTION_LABELS = {action: label for action, (label, _phrase) in expansions.merged("decisions").items()}
"""Short names of the decisions, for lists and e-mail subjects."""


def action_label(action: str) -> str:
    """The decision ``action``'s short name; a decision no site module names (an engine
    module the site does not offer yet) is 'Decision', never its code."""
    label = ACTION_LABELS.get(action)
    return str(label) if label is not None else _("Decision")


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
    """Whether an answer is a pass: its first value, the decision's (what follows it only
    says how, e.g. which figure), is ``null``."""
    return next(iter(answer.values()), None) is None


def pass_entry(engine: EngineGame):
    """The engine's option that passes the pending decision (timeouts and auto-pass)."""
    for entry in engine.options():
        if passes(answer_of(entry)):
            return entry
    raise ValueError(f"the decision {engine.pending} has no pass")


def describe_for(engine: EngineGame, names: Sequence[str], viewer: int | None) -> str:
    """What the pending decision is about, in one sentence for ``viewer`` (a seat, or
    ``None`` for a spectator): the player who must decide is told what happened and what
    they may do; everyone else who is being waited on."""
    pending = engine.pending
    if pending is None or pending.action == "turn":
        return ""
    expansion = expansions.for_action(pending.action)
    if expansion is not None:
        return expansion.decision_text(engine, names, viewer)
    if viewer != pending.player:
        return _("Waiting for %(player)s's decision.") % {"player": names[pending.player]}
    return _("It is your decision.")


def option_label(engine: EngineGame, answer: dict[str, Any]) -> str:
    """One option in words: 'Move a follower from the Castle: knight in the city (north) at (2,-1)'."""
    if passes(answer):
        return _("Pass")
    expansion = expansions.for_action(engine.pending.action) if engine.pending is not None else None
    return expansion.option_text(engine, answer) if expansion is not None else str(answer)


def options_json(engine: EngineGame) -> list[dict[str, Any]]:
    """The answers the engine accepts now, each with its words (empty for a tile turn)."""
    if not decision_pending(engine) or engine.pending is None:
        return []
    expansion = expansions.for_action(engine.pending.action)
    result = []
    for entry in engine.options():
        answer = answer_of(entry)
        item: dict[str, Any] = {"answer": answer, "text": option_label(engine, answer), "pass": passes(answer)}
        target = expansion.option_target(answer) if expansion is not None else None
        if target is not None:
            item["target"] = target
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
    data["label"] = action_label(pending.action)
    data["text"] = describe_for(engine, shown, viewer)
    data["options"] = options_json(engine)
    return data
