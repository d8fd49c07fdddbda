"""The Count of Carcassonne on the site: the City's quarters in words, its decisions
(reinforcement from the City, deployment into it, the market round) and their record
entries, the City's state (the score list, the API) and its rule tag.

The board draws the City with :mod:`games.board_svg.city` (see ``board_svg/expansion_art.py``).
An answer to one of its decisions is a record entry without ``player``:
``{"reinforce": {"x": 2, "y": -1, "spot": "city:N"}}``, ``{"reinforce": null}`` to pass,
``{"quarter": "market", "count": "castle"}``, ``{"quarter": null}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.present.expansions.base import RuleWords, SiteExpansion, register
from games.present.followers import follower_on, side_label

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

NAME = _("The Count of Carcassonne")

QUARTER_LABELS: dict[object, StrOrPromise] = {
    "castle": _("Castle"),
    "blacksmith": _("Blacksmith"),
    "cathedral": _("Cathedral"),
    "market": _("Market"),
}
"""The four quarters of the City of Carcassonne, by their NOTATION.md names."""

QUARTER_OF_KIND = {"road": "blacksmith", "city": "castle", "cloister": "cathedral", "field": "market"}

REINFORCE_TEXT = {
    "road": _("%(player)s completed a road: you may move a follower from the Blacksmith onto it, or pass."),
    "city": _("%(player)s completed a city: you may move a follower from the Castle onto it, or pass."),
    "cloister": _("%(player)s completed a cloister: you may move a follower from the Cathedral onto it, or pass."),
}

WAITING_TEXT = {
    "reinforce": _("Waiting for %(player)s to decide whether to move a follower out of the City."),
    "quarter": _("Waiting for %(player)s to decide whether to put a follower into the City."),
    "market": _("Waiting for %(player)s to decide whether to move a follower from the Market onto a farm."),
}
"""What the others are told while one player decides."""

DEPLOY_TEXT = {
    ("follower", True): _("Put a follower into the %(quarter)s and move the Count to the %(to)s"),
    ("large", True): _("Put a large follower into the %(quarter)s and move the Count to the %(to)s"),
    ("follower", False): _("Put a follower into the %(quarter)s (the Count stays)"),
    ("large", False): _("Put a large follower into the %(quarter)s (the Count stays)"),
}
"""A deployment into the City in words, by figure and whether the Count moves."""

MOVE_TEXT = {
    "follower": _("Move a follower from the %(quarter)s: %(spot)s at (%(x)s,%(y)s)"),
    "large": _("Move a large follower from the %(quarter)s: %(spot)s at (%(x)s,%(y)s)"),
}
"""A reinforcement from the City in words, by figure."""

REINFORCE_ADVICE = {
    ("follower", "road"): _("Move your follower from the Blacksmith onto the road (%(side)s) at (%(x)s, %(y)s)"),
    ("large", "road"): _("Move your large follower from the Blacksmith onto the road (%(side)s) at (%(x)s, %(y)s)"),
    ("follower", "city"): _("Move your follower from the Castle onto the city (%(side)s) at (%(x)s, %(y)s)"),
    ("large", "city"): _("Move your large follower from the Castle onto the city (%(side)s) at (%(x)s, %(y)s)"),
    ("follower", "cloister"): _("Move your follower from the Cathedral into the cloister at (%(x)s, %(y)s)"),
    ("large", "cloister"): _("Move your large follower from the Cathedral into the cloister at (%(x)s, %(y)s)"),
    ("follower", "field"): _("Move your follower from the Market onto the farm (%(side)s) at (%(x)s, %(y)s)"),
    ("large", "field"): _("Move your large follower from the Market onto the farm (%(side)s) at (%(x)s, %(y)s)"),
}
"""A reinforcement from the City (or the final market round) as advice, by figure and
the kind of feature it goes onto (which says the quarter it leaves)."""

DEPLOY_ADVICE = {
    ("follower", True): _("Put a follower from your supply into the %(quarter)s and move the Count to the %(to)s"),
    ("large", True): _("Put your large follower into the %(quarter)s and move the Count to the %(to)s"),
    ("follower", False): _("Put a follower from your supply into the %(quarter)s and leave the Count where it is"),
    ("large", False): _("Put your large follower into the %(quarter)s and leave the Count where it is"),
}
"""A deployment into the City as advice, by figure and whether the Count moves."""

ILLEGAL_MOVES = {
    "not_a_reinforcement": _("it is %(decision)s, not a reinforcement"),
    "not_a_deployment": _("it is %(decision)s, not a deployment into the City"),
    "reinforce_not_an_object": _("reinforce must be an object with x, y and spot, or null to pass"),
    "reinforce_not_numbers": _("reinforce needs whole numbers x and y, not %(x)s and %(y)s"),
    "reinforce_without_spot": _("reinforce needs a spot such as 'city:N', not %(value)s"),
    "reinforce_bad_figure": _("a follower or a large follower leaves the City, not %(value)s"),
    "count_without_follower": _("the Count moves only after a follower was put into the City"),
    "bad_quarter": _("quarter must be one of %(quarters)s, not %(value)s"),
    "quarter_bad_figure": _("a follower or a large follower goes into the City, not %(value)s"),
    "bad_count": _("count must be one of %(quarters)s, not %(value)s"),
    # the decisions (%(quarter)s: one of QUARTER_LABELS, %(follower)s: a figure's label)
    "no_large_follower_left": _("%(player)s has no large follower left in supply"),
    "count_already_there": _("the Count already stands in the %(quarter)s"),
    "no_tile_at": _("there is no tile at (%(x)s,%(y)s)"),
    "no_spot_at": _("tile %(tile)s at (%(x)s,%(y)s) has no spot %(spot)s"),
    "not_completed_here": _("%(spot)s at (%(x)s,%(y)s) is not on a road, city or cloister this tile completed"),
    "market_onto_farm": _("a market follower goes onto a farm, not onto %(spot)s"),
    "count_holds_quarter": _("followers in the %(quarter)s cannot leave it while the Count stands there"),
    "none_in_quarter": _("%(player)s has no %(follower)s in the %(quarter)s"),
}


@register
class Count(SiteExpansion):
    id = "count"
    name = NAME
    options = {
        "count": (
            NAME,
            _(
                "The City of Carcassonne replaces the start tile. When your tile scores only for "
                "other players, you may put a follower into one of its quarters; from there followers "
                "reinforce roads, cities and cloisters as they are completed, and farms at the end."
            ),
        )
    }
    words = {
        "count": RuleWords(
            "expansion", _("Count"), _("The Count of Carcassonne: the City's quarters and their followers."), NAME
        )
    }
    labels = {"quarter": QUARTER_LABELS}
    illegal_moves = ILLEGAL_MOVES
    decisions = {
        "reinforce": (
            _("Reinforcement from the City"),
            _("%(decider)s's decision on moving a follower out of the City (reinforce)"),
        ),
        "quarter": (
            _("Deployment into the City"),
            _("%(decider)s's decision on putting a follower into the City (quarter)"),
        ),
        "market": (
            _("Market round"),
            _("%(decider)s's decision on moving a follower from the market onto a farm (market)"),
        ),
    }
    entry_kinds = ("reinforce", "quarter")

    def describe_entry(self, entry: dict[str, Any], who: str) -> str:
        if "quarter" in entry:
            return _describe_deployment(entry, who)
        return _describe_reinforcement(entry.get("reinforce"), who)

    def advise_entry(self, entry: dict[str, Any]) -> str | None:
        """'Move your follower from the Castle onto the city (north) at (2, -1)', 'Put a
        follower from your supply into the Market and move the Count to the Castle'."""
        if "quarter" in entry:
            return _advise_deployment(entry)
        return _advise_reinforcement(entry.get("reinforce"))

    def decision_text(self, engine: Any, names: Sequence[str], viewer: int | None) -> str:
        pending = engine.pending
        who, action = names[pending.player], pending.action
        if viewer != pending.player:
            return str(WAITING_TEXT.get(action, _("Waiting for %(player)s's decision."))) % {"player": who}
        if action == "reinforce":
            mover = _turn_player(engine)
            mover_name = names[mover] if mover is not None else who
            kinds = _completed_kinds(engine)
            if len(kinds) == 1 and kinds[0] in REINFORCE_TEXT:
                return str(REINFORCE_TEXT[kinds[0]]) % {"player": mover_name}
            return gettext(
                "%(player)s completed several features: you may move a follower from the City onto one "
                "of them, or pass."
            ) % {"player": mover_name}
        if action == "quarter":
            return gettext(
                "Your tile scored only for other players: you may put a follower from your supply into a "
                "quarter of the City and move the Count, or pass."
            )
        return gettext("The last tile is played: you may move a follower from the Market onto any farm, or pass.")

    def option_text(self, engine: Any, answer: dict[str, Any]) -> str:
        """'Move a follower from the Castle: knight in the city (north) at (2,-1)'."""
        if "quarter" in answer:
            count = answer.get("count")
            text = DEPLOY_TEXT.get(
                (answer.get("figure", "follower"), bool(count)), DEPLOY_TEXT["follower", bool(count)]
            )
            return str(text) % {
                "quarter": QUARTER_LABELS.get(answer["quarter"], answer["quarter"]),
                "to": QUARTER_LABELS.get(count, count),
            }
        target = answer.get("reinforce") or {}
        spot = target.get("spot", "")
        quarter = QUARTER_OF_KIND.get(spot.partition(":")[0], "")
        return str(MOVE_TEXT.get(target.get("figure", "follower"), MOVE_TEXT["follower"])) % {
            "quarter": QUARTER_LABELS.get(quarter, quarter),
            "spot": follower_on(spot),
            "x": target.get("x"),
            "y": target.get("y"),
        }

    def option_target(self, answer: dict[str, Any]) -> dict[str, Any] | None:
        target = answer.get("reinforce")
        if not isinstance(target, dict):
            return None
        return {"x": target["x"], "y": target["y"], "spot": target["spot"], "figure": target.get("figure", "follower")}

    def state(self, module: Any, names: Sequence[str]) -> dict[str, Any]:
        """The City: where the Count stands and each player's followers in each quarter (public)."""
        quarters = {}
        for seat, held in enumerate(module.city):
            quarters[names[seat]] = {q: {"follower": f, "large": large} for q, (f, large) in zip(QUARTER_LABELS, held)}
        return {"city": {"count": module.count_at, "quarters": quarters}}


def _completed_kinds(engine: Any) -> list[str]:
    asked = engine.asked
    turn = asked.data if asked is not None else None
    if turn is None or not getattr(turn, "completed", None):
        return []
    return sorted({engine.board.kind(root) for root in turn.completed})


def _turn_player(engine: Any) -> int | None:
    asked = engine.asked
    turn = asked.data if asked is not None else None
    return getattr(turn, "player", None)


def _describe_reinforcement(target: Any, who: str) -> str:
    """A follower moved out of the City of Carcassonne onto a completed feature, or a pass."""
    if not isinstance(target, dict):
        return gettext("%(who)s passed (no follower out of the City)") % {"who": who}
    values = {"who": who, "spot": follower_on(target.get("spot")), "x": target.get("x"), "y": target.get("y")}
    if target.get("figure") == "large":
        return gettext("%(who)s moved a large follower from the City to %(spot)s at (%(x)s,%(y)s)") % values
    return gettext("%(who)s moved a follower from the City to %(spot)s at (%(x)s,%(y)s)") % values


def _describe_deployment(entry: dict[str, Any], who: str) -> str:
    """A follower put into a quarter of the City (and the Count moved), or a pass."""
    quarter = entry.get("quarter")
    if quarter is None:
        return gettext("%(who)s passed (no follower into the City)") % {"who": who}
    values = {
        "who": who,
        "quarter": QUARTER_LABELS.get(quarter, quarter),
        "count": QUARTER_LABELS.get(entry.get("count"), entry.get("count")),
    }
    large = entry.get("figure") == "large"
    if entry.get("count") and large:
        return (
            gettext("%(who)s put a large follower into the %(quarter)s quarter and moved the Count to the %(count)s")
            % values
        )
    if entry.get("count"):
        return (
            gettext("%(who)s put a follower into the %(quarter)s quarter and moved the Count to the %(count)s") % values
        )
    if large:
        return gettext("%(who)s put a large follower into the %(quarter)s quarter") % values
    return gettext("%(who)s put a follower into the %(quarter)s quarter") % values


def _advise_reinforcement(target: Any) -> str | None:
    if not isinstance(target, dict):
        return gettext("Pass: leave your followers in the City")
    kind, _sep, side = str(target.get("spot") or "").partition(":")
    text = REINFORCE_ADVICE.get((target.get("figure", "follower"), kind))
    if text is None:
        return None
    return str(text) % {"side": side_label(side), "x": target.get("x"), "y": target.get("y")}


def _advise_deployment(entry: dict[str, Any]) -> str | None:
    quarter, count = entry.get("quarter"), entry.get("count")
    if quarter is None:
        return gettext("Pass: put no follower into the City")
    text = DEPLOY_ADVICE.get((entry.get("figure", "follower"), bool(count)))
    if text is None:
        return None
    return str(text) % {"quarter": QUARTER_LABELS.get(quarter, quarter), "to": QUARTER_LABELS.get(count, count)}
