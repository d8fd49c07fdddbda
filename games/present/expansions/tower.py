"""The Tower on the site: tower pieces and towers, the capture decision, the ransom, the
prisoners each player holds (the score list, the API), its category of points and rule tag.

A tile move builds with the action ``"tower": {"x": 0, "y": 1}`` (a piece) or closes a
tower with ``"tower": {"x": 0, "y": 1, "figure": "follower"}``; the capture is a decision
answered ``{"capture": {"x": -1, "y": 1, "spot": "cloister", "figure": "follower",
"owner": "Bob"}}`` or ``{"capture": null}``; the ransom, ``{"ransom": {"jailer": "Bob",
"figure": "follower"}}``, is an entry the player on turn may play before their tile.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from carcassonne.board import xy_of
from carcassonne.tiles import TILE_TYPES
from games.board_svg.expansion_art import ExpansionArt, LegendLine
from games.board_svg.geometry import fmt
from games.board_svg.palette import PALETTE
from games.board_svg.svg import Drawn, element
from games.present.expansions.base import Mark, RuleWords, SiteExpansion, figure_label, free_corner, radio, register
from games.present.followers import follower_on
from games.present.pictures import figure_words

if TYPE_CHECKING:
    from games.board_svg.shapes import TileShapes

NAME = _("The Tower")

ON_TOP = "tower"
"""The spot of a capture that takes the follower on top of a tower."""


def _taken(capture: dict[str, Any]) -> str:
    """'Bob's follower (knight in the city (north)) at (2,-1)', one captured figure in words."""
    spot, figure = capture.get("spot"), capture.get("figure") or "follower"
    large = figure == "large"
    values = {"owner": capture.get("owner") or "?", "x": capture.get("x"), "y": capture.get("y")}
    if figure not in ("follower", "large"):  # another box's follower (the mayor, the wagon)
        values["figure"] = figure_words(figure, spot or "")
        return gettext("%(owner)s's %(figure)s at (%(x)s,%(y)s)") % values
    if spot == ON_TOP and large:
        return gettext("%(owner)s's large follower on top of the tower at (%(x)s,%(y)s)") % values
    if spot == ON_TOP:
        return gettext("%(owner)s's follower on top of the tower at (%(x)s,%(y)s)") % values
    values["spot"] = follower_on(spot)
    if large:
        return gettext("%(owner)s's large follower (%(spot)s) at (%(x)s,%(y)s)") % values
    return gettext("%(owner)s's follower (%(spot)s) at (%(x)s,%(y)s)") % values


def _foundation(sh: TileShapes) -> Drawn:
    """The tower foundation of a tile (TILES.md mark ``tower``): a stone square with a stack
    of three stones, in a free corner of the tile."""
    x, y = free_corner(sh)
    return [
        element(
            "rect",
            {"class": "tower-foundation", "x": fmt(x - 9), "y": fmt(y - 9), "width": "18", "height": "18", "rx": "2"},
            fill="#ffffff",
            stroke=PALETTE["meeple_line"],
            **{"fill-opacity": "0.85", "stroke-width": "0.8"},
        ),
        *tower_icon(x, y, 0),
    ]


TOWER_TILES: dict[str, Callable[[TileShapes], Drawn]] = {
    t.id: _foundation for t in TILE_TYPES.values() if "tower" in t.marks
}


@register
class Tower(SiteExpansion):
    id = "tower"
    name = NAME
    options = {
        "tower": (
            NAME,
            _(
                "18 tiles with tower foundations. Instead of a follower you may add a piece to any "
                "tower and capture a follower within its height; prisoners are exchanged, or freed "
                "for 3 points."
            ),
        )
    }
    words = {"tower": RuleWords("expansion", _("Tower"), _("The Tower: tower pieces, captures and ransoms."), NAME)}
    labels = {
        "figure": {"tower": _("tower piece")},
        "category": {"ransom": pgettext_lazy("score category", "Ransom")},
    }
    decisions = {
        "capture": (_("Capture"), _("%(decider)s's decision on taking a follower prisoner (capture)")),
    }
    categories = ("ransom",)
    illegal_moves = {
        "no_tower_at": _("there is no tower at (%(x)s,%(y)s)"),
        "tower_closed": _("the tower at (%(x)s,%(y)s) is closed: a follower stands on top"),
        "tower_not_built": _(
            "the tower at (%(x)s,%(y)s) has no piece yet: a follower goes on a tower, not on its foundation"
        ),
        "no_tower_piece_left": _("%(player)s has no tower piece left"),
        "tower_and_figure": _("a tile move takes a tower action instead of a figure, not both"),
        "tower_piece_not_on_a_spot": _("a tower piece goes on a tower, not on %(spot)s"),
        "not_capturable": _("no follower at (%(x)s,%(y)s) %(spot)s can be taken from this tower"),
        "capture_ambiguous": _("several players' figures stand at (%(x)s,%(y)s) %(spot)s: name the owner"),
        "no_prisoner": _("%(jailer)s holds no %(follower)s of %(player)s"),
        "ransom_paid": _("%(player)s has already paid a ransom this turn"),
        "ransom_too_poor": _("%(player)s needs at least 3 points to pay a ransom"),
        "jailer_left": _("%(jailer)s has left the game: no ransom is paid to them"),
        "bad_tower_action": _("tower must be an object with whole numbers x and y (and a figure), not %(value)s"),
        "bad_capture": _("capture must be an object with x, y and spot, or null to pass, not %(value)s"),
        "bad_ransom": _("ransom must be an object with a jailer and a figure, not %(value)s"),
    }
    entry_kinds = ("capture", "ransom")
    how_to_play = _(
        "Instead of a follower, put a tower piece on a tower foundation or a tower, then you may "
        "take a follower within the tower's height (in the four straight directions) prisoner; "
        "a follower on top closes the tower. Before your tile you may pay 3 points to free one "
        "of your prisoners."
    )
    art = ExpansionArt(
        tile_marks=TOWER_TILES,
        legend=lambda game, m: tower_lines(game, m),
        legend_icons={"tower": lambda x, y: tower_icon(x, y, 0), "prisoners": lambda x, y: tower_icon(x, y, 1)},
    )

    def describe_entry(self, entry: dict[str, Any], who: str) -> str:
        if "ransom" in entry:
            ransom = entry.get("ransom") or {}
            values = {"who": who, "jailer": ransom.get("jailer")}
            if ransom.get("figure") not in (None, "follower", "large"):
                values["figure"] = figure_label(ransom["figure"])
                return gettext("%(who)s paid %(jailer)s a ransom of 3 points and freed their %(figure)s") % values
            if ransom.get("figure") == "large":
                return gettext("%(who)s paid %(jailer)s a ransom of 3 points and freed their large follower") % values
            return gettext("%(who)s paid %(jailer)s a ransom of 3 points and freed a follower") % values
        capture = entry.get("capture")
        if not isinstance(capture, dict):
            return gettext("%(who)s took no prisoner") % {"who": who}
        if capture.get("owner") == who:
            values = {"who": who, "x": capture.get("x"), "y": capture.get("y")}
            if capture.get("figure") not in (None, "follower", "large"):
                values["figure"] = figure_label(capture["figure"])
                return gettext("%(who)s took their own %(figure)s back from (%(x)s,%(y)s)") % values
            if capture.get("figure") == "large":
                return gettext("%(who)s took their own large follower back from (%(x)s,%(y)s)") % values
            return gettext("%(who)s took their own follower back from (%(x)s,%(y)s)") % values
        return gettext("%(who)s took %(taken)s prisoner") % {"who": who, "taken": _taken(capture)}

    def action_clauses(self, entry: dict[str, Any]) -> list[str]:
        """'put a tower piece on the tower at (0,1)', 'closed the tower at (0,1) with a follower'."""
        tower = entry.get("tower")
        if not isinstance(tower, dict):
            return []
        values = {"x": tower.get("x"), "y": tower.get("y")}
        if tower.get("figure") == "large":
            return [pgettext("move", "closed the tower at (%(x)s,%(y)s) with a large follower") % values]
        if tower.get("figure"):
            return [pgettext("move", "closed the tower at (%(x)s,%(y)s) with a follower") % values]
        return [pgettext("move", "put a tower piece on the tower at (%(x)s,%(y)s)") % values]

    def offer_label(self, entry: dict[str, Any]) -> str:
        tower, ransom = entry.get("tower"), entry.get("ransom")
        if isinstance(tower, dict):
            values = {"x": tower.get("x"), "y": tower.get("y")}
            if tower.get("figure") == "large":
                return gettext("Close the tower at (%(x)s,%(y)s) with a large follower") % values
            if tower.get("figure"):
                return gettext("Close the tower at (%(x)s,%(y)s) with a follower") % values
            return gettext("Put a tower piece on the tower at (%(x)s,%(y)s)") % values
        if isinstance(ransom, dict):
            values = {"jailer": ransom.get("jailer")}
            if ransom.get("figure") not in (None, "follower", "large"):
                values["figure"] = figure_label(ransom["figure"])
                return gettext("Pay %(jailer)s 3 points to free your %(figure)s") % values
            if ransom.get("figure") == "large":
                return gettext("Pay %(jailer)s 3 points to free your large follower") % values
            return gettext("Pay %(jailer)s 3 points to free a follower") % values
        return ""

    def decision_text(self, engine: Any, names: Sequence[str], viewer: int | None) -> str:
        pending = engine.pending
        if viewer != pending.player:
            return gettext("Waiting for %(player)s to decide whether to take a follower prisoner.") % {
                "player": names[pending.player]
            }
        return gettext("Your tower piece reaches these followers: you may take one prisoner, or pass.")

    def option_text(self, engine: Any, answer: dict[str, Any]) -> str:
        capture = answer.get("capture") or {}
        return gettext("Take %(taken)s") % {"taken": _taken(capture)}

    def option_target(self, answer: dict[str, Any]) -> dict[str, Any] | None:
        capture = answer.get("capture")
        if not isinstance(capture, dict) or capture.get("spot") == ON_TOP:
            return None
        return {
            "x": capture["x"],
            "y": capture["y"],
            "spot": capture["spot"],
            "figure": capture.get("figure", "follower"),
        }

    def decision_form(
        self, action: str, answers: list[dict[str, Any]], state: dict[str, Any], figures: dict[str, Any]
    ) -> dict[str, Any] | None:
        """Which follower to take: one radio button each (the pass stays a button of its own)."""
        if action != "capture":
            return None
        takes = [a["capture"] for a in answers if isinstance(a.get("capture"), dict)]
        if not takes:
            return None
        fields = [
            radio(
                "capture",
                gettext("Follower to take prisoner"),
                [(_capture_value(c), _taken(c)) for c in takes],
            )
        ]
        return {
            "id": "capture-form",
            "fields": fields,
            "submit": gettext("Take prisoner"),
            "submit_testid": "capture-submit",
        }

    def player_marks(self, state: dict[str, Any], player: str) -> list[Mark]:
        """The tower pieces ``player`` has left, and the prisoners they hold (by owner)."""
        tower = state.get("tower") or {}
        marks = []
        pieces = (tower.get("tower_pieces") or {}).get(player)
        if pieces is not None:
            title = ngettext("%(count)d tower piece left", "%(count)d tower pieces left", pieces) % {"count": pieces}
            marks.append(
                Mark("tower-pieces", "tower-pieces", title, str(pieces), gettext("tower pieces"), "tower-icon")
            )
        held = (tower.get("prisoners") or {}).get(player) or []
        owners: dict[str, int] = {}
        for prisoner in held:
            owner = str(prisoner).partition(":")[0]
            owners[owner] = owners.get(owner, 0) + 1
        for owner, n in owners.items():
            title = ngettext(
                "%(count)d prisoner of %(owner)s held by %(jailer)s",
                "%(count)d prisoners of %(owner)s held by %(jailer)s",
                n,
            ) % {"count": n, "owner": owner, "jailer": player}
            marks.append(Mark("tower-prisoners", "tower-prisoners", title, str(n), title, "prisoner-icon"))
        return marks

    def state(self, module: Any, names: Sequence[str]) -> dict[str, Any]:
        """The towers (height, follower on top), each player's prisoners and tower pieces left."""
        rename = dict(zip(module.game.players, names))
        summary = module.summary()

        def renamed(value: str | None) -> str | None:
            if value is None:
                return None
            who, _sep, kind = value.partition(":")
            return f"{rename.get(who, who)}:{kind}"

        return {
            "tower": {
                "towers": {
                    cell: {"height": t["height"], "top": renamed(t["top"])} for cell, t in summary["towers"].items()
                },
                "prisoners": {rename.get(k, k): [renamed(p) for p in v] for k, v in summary["prisoners"].items()},
                "tower_pieces": {rename.get(k, k): v for k, v in summary["tower_pieces"].items()},
            }
        }


def _capture_value(capture: dict[str, Any]) -> str:
    return f"{capture.get('x')},{capture.get('y')},{capture.get('spot')},{capture.get('figure')},{capture.get('owner')}"


def tower_lines(game: Any, m: Any) -> list[LegendLine]:
    """The lines under the board: each tower with its height (and who closed it), and the prisoners."""
    lines = []
    for tower in m.towers:
        if not tower.height and tower.top is None:
            continue
        x, y = xy_of(tower.key)
        values = {"x": x, "y": y, "height": tower.height}
        if tower.top is not None:
            text = ngettext(
                "Tower at (%(x)s,%(y)s): %(height)d piece, closed by %(player)s",
                "Tower at (%(x)s,%(y)s): %(height)d pieces, closed by %(player)s",
                tower.height,
            ) % {**values, "player": game.players[tower.top[0]]}
            lines.append(LegendLine("tower", text, tower.top[0], text))
        else:
            text = (
                ngettext(
                    "Tower at (%(x)s,%(y)s): %(height)d piece",
                    "Tower at (%(x)s,%(y)s): %(height)d pieces",
                    tower.height,
                )
                % values
            )
            lines.append(LegendLine("tower", text, None, text))
    for seat, name in enumerate(game.players):
        n = sum(1 for p in m.prisoners if p.jailer == seat)
        if n:
            text = ngettext("%(player)s holds %(count)d prisoner", "%(player)s holds %(count)d prisoners", n) % {
                "player": name,
                "count": n,
            }
            lines.append(LegendLine("prisoners", text, seat, text))
    return lines


def tower_icon(x: float, y: float, barred: int) -> Drawn:
    """A stack of three stones (a tower), or with bars over it (prisoners), centred on (x, y)."""
    f = fmt
    out: Drawn = [
        element(
            "rect",
            x=f(x - 5),
            y=f(y - 8 + 5.5 * i),
            width="10",
            height="5",
            fill=PALETTE["wall"],
            stroke=PALETTE["meeple_line"],
            **{"stroke-width": "0.8"},
        )
        for i in range(3)
    ]
    if barred:
        out += [
            element("path", d=f"M{f(x - 7 + 3.5 * i)},{f(y - 9)} V{f(y + 9)}", stroke=PALETTE["meeple_line"])
            for i in range(5)
        ]
    return out
