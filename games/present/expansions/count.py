"""The Count of Carcassonne on the site: the City's quarters in words, its decisions
(reinforcement from the City, deployment into it, the market round) and their record
entries, the City's state (the score list, the API) and its rule tag.

On the board (``art``), the quarters tile shows its quarters, the followers there and the Count.
An answer to one of its decisions is a record entry without ``player``:
``{"reinforce": {"x": 2, "y": -1, "spot": "city:N"}}``, ``{"reinforce": null}`` to pass,
``{"quarter": "market", "count": "castle"}``, ``{"quarter": null}``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from svgwrite.base import BaseElement

from carcassonne import QUARTERS
from games.board_svg.expansion_art import ExpansionArt
from games.board_svg.figures import crowned_figure, figure_shapes, number_badge
from games.board_svg.geometry import Point, fmt, turn
from games.board_svg.palette import PALETTE
from games.board_svg.svg import Drawn, element, text_element, titled
from games.present.expansions.base import Mark, RuleWords, SiteExpansion, hidden, radio, register, select
from games.present.followers import follower_on, side_label

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

    from games.board_svg.shapes import TileShapes

NAME = _("The Count of Carcassonne")

QUARTER_TILE = "CO-7"
"""The tile of the City block that shows the four quarters."""
COUNT_COLOUR = "#7e57c2"
"""The Count's own colour on the board (no seat has it)."""

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
    art = ExpansionArt(
        tile_marks={QUARTER_TILE: lambda sh: quarters_art(sh)},
        tiles={QUARTER_TILE: lambda count, rotation: city_overlay(count, rotation)},
    )

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

    def player_marks(self, state: dict[str, Any], player: str) -> list[Mark]:
        """How many of ``player``'s followers stand in each quarter of the City (where any do)."""
        marks = []
        for quarter, held in ((state.get("city") or {}).get("quarters") or {}).get(player, {}).items():
            n, label = held["follower"] + held["large"], str(QUARTER_LABELS[quarter])
            if n:
                title = ngettext(
                    "%(counter)s follower in the %(quarter)s", "%(counter)s followers in the %(quarter)s", n
                ) % {"counter": n, "quarter": label}
                marks.append(Mark(f"city-count city-{quarter}", f"city-{quarter}", title, str(n), label, "city-icon"))
        return marks

    def decision_form(
        self, action: str, answers: list[dict[str, Any]], state: dict[str, Any], figures: dict[str, Any]
    ) -> dict[str, Any] | None:
        """Putting a follower into the City: the quarter, the figure (when there is a choice)
        and where the Count moves, each offered as far as some accepted answer has it."""
        if action != "quarter":
            return None
        answers = [a for a in answers if a.get("quarter")]
        quarters = [(q, label) for q, label in QUARTER_LABELS.items() if any(a["quarter"] == q for a in answers)]
        kinds = [
            (f, capfirst(figures[f]))
            for f in ("follower", "large")
            if any(a.get("figure", "follower") == f for a in answers)
        ]
        moves = [
            (q, gettext("to the %(label)s") % {"label": label})
            for q, label in QUARTER_LABELS.items()
            if any(a.get("count") == q for a in answers)
        ]
        figure = (  # a plain follower is the notation's default figure: left out of the answer
            radio("figure", gettext("Figure"), kinds, default="follower")
            if len(kinds) > 1
            else hidden("figure", kinds[0][0], default="follower")
        )
        fields = [
            radio("quarter", gettext("Quarter of the City"), quarters),
            figure,
            select("count", gettext("Then move the Count"), moves, empty=gettext("The Count stays"), id="count-to"),
        ]
        submit = gettext("Put the follower into the City")
        return {"id": "quarter-form", "fields": fields, "submit": submit, "submit_testid": "quarter-submit"}

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


# --- the City on the board ---------------------------------------------------------

_QUARTER_CORNERS = {"castle": (0, 0), "blacksmith": (50, 0), "cathedral": (0, 50), "market": (50, 50)}
"""Where each quarter lies on the unturned quarters tile (CO-7): its north-west corner."""
_QUARTER_TINT = {"castle": "#c98f6b", "blacksmith": "#8f8f8f", "cathedral": "#8fa8cf", "market": "#9cc46a"}


def quarter_box(quarter: str, rotation: int) -> Point:
    """The north-west corner of ``quarter`` on the quarters tile turned by ``rotation``."""
    x, y = _QUARTER_CORNERS[quarter]
    cx, cy = turn((x + 25, y + 25), rotation // 90)
    return cx - 25, cy - 25


def _quarter_icon(quarter: str, x: float, y: float) -> str:
    """A faint picture of what the quarter is, centred on (x, y)."""
    f = fmt
    if quarter == "castle":
        return (
            f"M{f(x - 8)},{f(y + 9)} V{f(y - 5)} h3 v-3 h3 v3 h4 v-3 h3 v3 h3 V{f(y + 9)} Z "
            f"M{f(x - 2.5)},{f(y + 9)} v-5 a2.5,2.5 0 0 1 5,0 v5 Z"
        )
    if quarter == "blacksmith":
        return (
            f"M{f(x - 10)},{f(y - 1)} H{f(x + 7)} c0,3 -3,4 -5.5,4 V{f(y + 6)} H{f(x + 5)} V{f(y + 9)} "
            f"H{f(x - 6)} V{f(y + 6)} H{f(x - 2.5)} V{f(y + 3)} C{f(x - 6)},{f(y + 3)} {f(x - 9)},{f(y + 2)} "
            f"{f(x - 10)},{f(y - 1)} Z M{f(x + 1)},{f(y - 4)} l6,-7 l2,1.6 l-6,7 Z"
        )
    if quarter == "cathedral":
        return (
            f"M{f(x - 8)},{f(y + 9)} V{f(y)} L{f(x - 2)},{f(y - 5)} V{f(y - 9)} h1.2 v-2 h1.6 v2 h1.2 "
            f"V{f(y - 5)} L{f(x + 8)},{f(y)} V{f(y + 9)} Z"
        )
    return (
        f"M{f(x - 10)},{f(y - 3)} L{f(x - 7)},{f(y - 9)} H{f(x + 7)} L{f(x + 10)},{f(y - 3)} Z "
        f"M{f(x - 8)},{f(y - 3)} h1.6 v12 h-1.6 Z M{f(x + 6.4)},{f(y - 3)} h1.6 v12 h-1.6 Z "
        f"M{f(x - 7)},{f(y + 3)} h14 v3 h-14 Z"
    )


def quarters_art(sh: TileShapes) -> Drawn:
    """The four quarters of the City on their tile (CO-7): tinted blocks with a faint picture."""
    if sh.o.tile.id != QUARTER_TILE:
        return []
    out: Drawn = []
    for quarter in QUARTERS:
        x, y = quarter_box(quarter, sh.o.rotation)
        out.append(
            element(
                "rect",
                {
                    "class": f"quarter quarter-{quarter}",
                    "x": fmt(x + 2),
                    "y": fmt(y + 2),
                    "width": "46",
                    "height": "46",
                    "rx": "3",
                    "fill": _QUARTER_TINT[quarter],
                    "fill-opacity": "0.35",
                },
            )
        )
        out.append(
            element(
                "path", {"d": _quarter_icon(quarter, x + 25, y + 30), "fill": PALETTE["wall"], "fill-opacity": "0.28"}
            )
        )
    return out


def _in_quarter_label(quarter: str, player: str, followers: int, large: int) -> str:
    """The tooltip of a player's followers (or large followers) in a quarter: one whole sentence each."""
    values = {"player": player, "count": followers, "large": large}
    if large and followers:  # a player has one large follower
        return {
            "castle": ngettext(
                "%(player)s: a follower and the large follower in the castle",
                "%(player)s: %(count)d followers and the large follower in the castle",
                followers,
            ),
            "blacksmith": ngettext(
                "%(player)s: a follower and the large follower in the blacksmith's quarter",
                "%(player)s: %(count)d followers and the large follower in the blacksmith's quarter",
                followers,
            ),
            "cathedral": ngettext(
                "%(player)s: a follower and the large follower in the cathedral quarter",
                "%(player)s: %(count)d followers and the large follower in the cathedral quarter",
                followers,
            ),
            "market": ngettext(
                "%(player)s: a follower and the large follower in the market",
                "%(player)s: %(count)d followers and the large follower in the market",
                followers,
            ),
        }[quarter] % values
    n = followers or large
    return {
        ("castle", False): ngettext(
            "%(player)s: a follower in the castle", "%(player)s: %(count)d followers in the castle", n
        ),
        ("blacksmith", False): ngettext(
            "%(player)s: a follower in the blacksmith's quarter",
            "%(player)s: %(count)d followers in the blacksmith's quarter",
            n,
        ),
        ("cathedral", False): ngettext(
            "%(player)s: a follower in the cathedral quarter",
            "%(player)s: %(count)d followers in the cathedral quarter",
            n,
        ),
        ("market", False): ngettext(
            "%(player)s: a follower in the market", "%(player)s: %(count)d followers in the market", n
        ),
        ("castle", True): ngettext(
            "%(player)s: a large follower in the castle", "%(player)s: %(large)d large followers in the castle", n
        ),
        ("blacksmith", True): ngettext(
            "%(player)s: a large follower in the blacksmith's quarter",
            "%(player)s: %(large)d large followers in the blacksmith's quarter",
            n,
        ),
        ("cathedral", True): ngettext(
            "%(player)s: a large follower in the cathedral quarter",
            "%(player)s: %(large)d large followers in the cathedral quarter",
            n,
        ),
        ("market", True): ngettext(
            "%(player)s: a large follower in the market", "%(player)s: %(large)d large followers in the market", n
        ),
    }[quarter, bool(large)] % values


def _count_label(quarter: str) -> str:
    return {
        "castle": gettext("The Count stands in the castle"),
        "blacksmith": gettext("The Count stands in the blacksmith's quarter"),
        "cathedral": gettext("The Count stands in the cathedral quarter"),
        "market": gettext("The Count stands in the market"),
    }[quarter]


def _quarter_labels(rotation: int) -> Drawn:
    """Each quarter's name, over an area a page may make clickable (``rect.quarter-area``)."""
    out = []
    for quarter in QUARTERS:
        x, y = quarter_box(quarter, rotation)
        text = str(QUARTER_LABELS[quarter])
        out.append(
            element(
                "rect",
                x=fmt(x + 2),
                y=fmt(y + 2),
                width="46",
                height="46",
                rx="3",
                fill="none",
                **{"class": "quarter-area", "data-quarter": quarter, "aria-label": text, "pointer-events": "all"},
            )
        )
        width = min(46.0, 6 + 4.4 * len(text))
        out.append(
            element(
                "rect",
                x=fmt(x + 25 - width / 2),
                y=fmt(y + 3.5),
                width=fmt(width),
                height="9.5",
                rx="2.5",
                fill=PALETTE["badge"],
                stroke=PALETTE["city_shade"],
                **{"stroke-width": "0.8", "fill-opacity": "0.92"},
            )
        )
        out.append(
            text_element(
                {
                    "class": f"quarter-name quarter-{quarter}",
                    "x": fmt(x + 25),
                    "y": fmt(y + 10.6),
                    "text-anchor": "middle",
                    "font-size": "7",
                    "font-weight": "bold",
                    "font-family": "sans-serif",
                    "fill": PALETTE["text"],
                },
                text,
            )
        )
    return out


def city_overlay(count: Any, rotation: int) -> BaseElement:
    """What stands in the City's quarters: each player's followers (with how many) and the
    Count, from the game's rule module of the City (``None``: the quarters' names only)."""
    group = element("g", {"class": "city-quarters"})
    for label in _quarter_labels(rotation):
        group.add(label)
    if count is None:
        return group
    colors, names = count.game.colors, count.game.players
    for q, quarter in enumerate(QUARTERS):
        x, y = quarter_box(quarter, rotation)
        figures: list[tuple[str, int, int]] = []  # (kind, seat, how many)
        for seat, held in enumerate(count.city):
            followers, large = held[q]
            if followers:
                figures.append(("follower", seat, followers))
            if large:
                figures.append(("large", seat, large))
        here = count.count_at == quarter
        cols = max(3, math.ceil((len(figures) + (1 if here else 0)) / 2))
        step = 44 / cols

        def slot(i: int, x: float = x, y: float = y, step: float = step, cols: int = cols) -> Point:
            return x + 3 + step * (i % cols + 0.5), y + 24 + 14 * (i // cols)

        badges = []
        for i, (kind, seat, n) in enumerate(figures):
            fx, fy = slot(i)
            followers, large = count.city[seat][q]
            item = element(
                "g",
                {
                    "class": f"quarter-figure kind-{kind}",
                    "data-quarter": quarter,
                    "data-seat": str(seat),
                    "data-player": names[seat],
                    "data-count": str(n),
                },
            )
            titled(
                item,
                _in_quarter_label(
                    quarter, names[seat], followers if kind == "follower" else 0, large if kind == "large" else 0
                ),
            )
            for shape in figure_shapes(kind, fx, fy, colors[seat], 0.55 if kind == "follower" else 0.72):
                item.add(shape)
            group.add(item)
            if n > 1:  # how many, on a small badge drawn over the neighbours
                badges += number_badge(fx, fy, n)
        for badge in badges:
            group.add(badge)
        if here:
            fx, fy = slot(2 * cols - 1)
            group.add(
                crowned_figure(
                    fx, fy, COUNT_COLOUR, {"class": "count-figure", "data-quarter": quarter}, _count_label(quarter)
                )
            )
    return group
