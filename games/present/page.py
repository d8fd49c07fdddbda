"""The game page's context, read from a :class:`~games.present.view.GameView`: the
words, labels and pictures the template shows. Nothing hidden is read here: the view
holds only what its viewer may see."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from django.core.cache import cache
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from carcassonne import orientation
from carcassonne.record import kind_of
from carcassonne.tiles import TILE_TYPES
from games import engine_state, hints, signals
from games.models import Game, GameEvent, Seat
from games.present import expansions
from games.present.entries import categories_for, describe, describe_spot, spot_of
from games.present.tile_names import tile_name
from games.present.vocabulary import CATEGORY_LABELS, FIGURE_LABELS

from .entries import departures
from .notices import turn_refusals
from .view import GameView, PlayerView

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

AUTOMATIC_LABELS: dict[str, StrOrPromise] = {
    GameEvent.Kind.SKIPPED: gettext_lazy("on time"),
    GameEvent.Kind.LOST: gettext_lazy("on time"),
    GameEvent.Kind.BOT: gettext_lazy("a bot took over"),
    GameEvent.Kind.PASSED: gettext_lazy("time ran out: passed automatically"),
}
"""What the move list says of a move the site played when time ran out."""


MOVES_SHOWN = engine_state.NOTED
TURN_LEGAL_SECONDS = 3600
"""How long the turn script's data of a position and the move list's rows are kept."""
ROW_END = "\x1e"
"""What the move list's template puts after each row, to cut them apart (never in a row)."""
"""The newest moves the game page lists (as many as its box shows before it scrolls); the
earlier ones on asking (``?moves=all``) and in the replay."""


def context(
    view: GameView, user, asked_tile: str | None = None, *, since: int | None = None, all_moves: bool = False
) -> dict[str, Any]:
    """Everything games/templates/games/game_detail.html shows of ``view`` to ``user``;
    ``asked_tile``: the tile of their hand they chose (``?tile=``). The move list holds the
    newest :data:`MOVES_SHOWN` moves (``moves_hidden``: how many earlier ones it leaves
    out), every move with ``all_moves``, or (the fragment) those after move ``since``."""
    game, seats, me = view.stored, view.seats, view.me
    entries = view.log[::-1] if view.log is not None else log_of(game)[::-1]
    left_reasons = _left_reasons(entries)
    if since is not None:
        shown = [e for e in entries if e[0] > since]
    else:
        shown = entries if all_moves else entries[:MOVES_SHOWN]
    decision = decision_context(view) if view.decision else None
    open_seat = any(s.state == Seat.State.OPEN for s in seats)
    signed_in = user.is_authenticated
    return {
        "game": game,
        "seats": seats,
        "players": [_player_row(view, p, left_reasons) for p in view.players],
        "me": me,
        "my_turn": view.my_turn,
        "my_decision": view.my_decision,
        "decision": decision,
        "pending": view.pending,
        "active": view.active,
        "finished": view.finished,
        "waiting": view.waiting,
        "current_seat": seats[view.pending.player] if view.pending else None,
        **_turn(view, asked_tile),
        "hands": view.hands,
        "tiles_left": view.tiles_left,
        "bag": bag_tiles(view),
        "decision_targets": decision_targets(view, decision) if view.my_decision else [],
        "move_number": view.move_number,
        "move_list": _move_list(view, shown, since),
        "moves_hidden": len(entries) - len(shown) if since is None else 0,
        "categories": [CATEGORY_LABELS[c] for c in categories_for(view.rules.expansions)],
        "winner_names": [p.name for p in view.players if p.winner],
        "departures": departures(((number, seat, entry) for number, seat, entry, _points in entries), view.names),
        "can_join": bool(view.waiting and signed_in and me is None and open_seat),
        "invited": me is not None and me.state == Seat.State.INVITED,
        "can_resign": bool(view.active and me and me.state == Seat.State.JOINED and not view.players[me.position].out),
        "can_seat_bots": bool(view.waiting and signed_in and game.created_by_id == user.pk and open_seat),
        "hint": hints.shown(game, seats, user) if view.my_turn or view.my_decision else None,
        "rules_text": view.rules_text,
        "board_legend": view.board_legend([seat.color for seat in seats]),
    }


def log_of(game: Game) -> list[tuple[Any, ...]]:
    """The game's move log as the page shows it, oldest first: (number, seat, entry, points);
    given to :meth:`GameView.load` it is the replay's too (one query for both)."""
    return list(game.moves.order_by("number").values_list("number", "seat", "entry", "points"))


LEFT_LABELS = {"forfeit": gettext_lazy("lost on time"), "resign": gettext_lazy("resigned")}


def _player_row(view: GameView, p: PlayerView, left_reasons: dict[int, str]) -> dict[str, Any]:
    """One row of the scores panel (and of the final scoring table)."""
    categories = categories_for(view.rules.expansions)
    return {
        "seat": p.seat,
        "name": p.name,
        "color": p.color,
        "score": p.score,
        "laps": p.score // 50,
        "supply": p.supply,
        "reserve": [
            {"figure": kind, "label": FIGURE_LABELS.get(kind, kind), "count": n} for kind, n in p.reserve.items()
        ],
        "marks": p.marks,
        "current": p.current,
        "me": p.me,
        "winner": p.winner,
        "breakdown": [p.breakdown.get(c, 0) for c in categories],
        "final_points": p.final_points or 0,
        "out": p.out,
        "hand_size": p.hand_size,
        "hand": [{"tile": t, "svg": small_tile_svg(t)} for t in (p.hand or () if view.active else ())],
        "left_reason": left_reasons.get(p.position, ""),
        "left_label": str(LEFT_LABELS[left_reasons.get(p.position, "forfeit")]),
    }


def _left_reasons(entries) -> dict[int, str]:
    """Why each player who left did (forfeit, resign), from the log newest first."""
    left: dict[int, str] = {}
    for _number, seat, entry, _points in entries:
        kind = kind_of(entry)
        if kind in ("forfeit", "resign"):
            left.setdefault(seat, kind)
    return left


def _move_list(view: GameView, shown, since: int | None) -> str:
    """The move list's rows of the log entries ``shown`` as HTML. While the game goes on
    each row is kept in the cache, by language: a move's row is the same for every viewer
    and never changes, so a new position renders its new row alone (a finished game's
    rows get the analysis's marks, and are rendered whole)."""
    game = view.stored
    kept = view.active and since is None
    prefix = f"games:move-row:{game.pk}:{game.created_at.timestamp()}:{get_language()}:"
    found = cache.get_many([f"{prefix}{entry[0]}" for entry in shown]) if kept else {}
    missing = [entry for entry in shown if f"{prefix}{entry[0]}" not in found]
    if missing:
        rows = _marked(view, _move_rows(view, missing))
        html = render_to_string("games/_move_rows.html", {"move_rows": rows, "game": game, "sep": ROW_END})
        made = dict(zip((f"{prefix}{entry[0]}" for entry in missing), html.split(ROW_END), strict=False))
        if kept:
            cache.set_many(made, TURN_LEGAL_SECONDS)
        found.update(made)
    return mark_safe("".join(found[f"{prefix}{entry[0]}"] for entry in shown))  # rendered, and escaped, above


def _marked(view: GameView, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A finished game's rows with the marks the apps above give its moves (the analysis's)."""
    if view.finished and rows:
        for _receiver, marks in signals.move_marks.send(sender=Game, game=view.stored):
            given: dict[int, Any] = marks if isinstance(marks, dict) else {}
            for row in rows:
                row["mark"] = row.get("mark") or given.get(row["move"]["number"])
    return rows


def _move_rows(view: GameView, entries) -> list[dict[str, Any]]:
    """The rows of the move list for the log ``entries`` (number, seat, entry, points), newest first."""
    game, seats, names = view.stored, view.seats, view.names
    automatic = (
        dict(GameEvent.objects.filter(game=game, move_number__gte=entries[-1][0]).values_list("move_number", "kind"))
        if entries
        else {}
    )
    rows = []
    for number, seat, entry, points in entries:
        who = names[seat] if seat < len(names) else "?"
        rows.append(
            {
                "move": {"number": number},
                "seat": seat,
                "entry": entry,
                "kind": kind_of(entry),
                "text": view.describe(number) or describe(entry, who),
                **tile_picture(entry),
                "player": who,
                "color": seats[seat].color if seat < len(seats) else "",
                "points": [
                    {"name": names[i], "color": seats[i].color, "points": n}
                    for i, n in enumerate(points or [])
                    if n and i < len(seats)
                ],
                "follower": describe_spot(spot_of(entry)),
                "automatic": AUTOMATIC_LABELS.get(automatic.get(number, ""), ""),
            }
        )
    return rows


def _turn(view: GameView, asked_tile: str | None) -> dict[str, Any]:
    """The turn panel: the drawn (or chosen) tile, the viewer's hand, the legal placements
    for the turn script and the board with the cells where the tile fits."""
    my_turn = view.my_turn
    tile = view.chosen_tile(asked_tile)
    if my_turn and tile and view.game is not None:
        legal = _turn_legal(view, tile)
    else:
        legal = {"tile": None, "placements": [], "no_follower": _("no follower")}
        legal.update(spot_labels={}, figure_labels={kind: str(label) for kind, label in FIGURE_LABELS.items()})
    placements = legal["placements"]
    highlight = sorted({(p["x"], p["y"]) for p in placements})
    rotations = sorted({p["rotation"] for p in placements})
    return {
        "tile": tile,
        "tile_svg": drawn_tile_svg(tile) if tile else "",
        "hand": [{"tile": t, "svg": small_tile_svg(t), "chosen": t == tile} for t in view.my_hand or ()],
        **_own_tiles(view, tile),
        "own_turn": view.tile is None and not view.my_hand and bool(view.own_tiles),  # the end's abbeys
        "legal": legal,
        "board_svg": view.board_svg(highlight if my_turn else None, legend=False, sprite=sprite()),
        "tile_svgs": sorted(_tile_svgs(tile, rotations).items()) if my_turn and tile else [],
        "before_turn": [
            {"answer_json": json.dumps(answer), "label": expansions.offer_label(answer)} for answer in view.before_turn
        ]
        if my_turn
        else [],
        "before_turn_help": next((t for a in view.before_turn if (t := expansions.before_turn_text(a))), "")
        if my_turn
        else "",
    }


def _own_tiles(view: GameView, tile: str | None) -> dict[str, Any]:
    """The player's own tiles they may place instead of the drawn one (the abbey), and the
    drawn tile to go back to, as links of the turn panel (``?tile=``)."""
    own = view.own_tiles if view.my_turn else ()
    if not own:
        return {"own_tiles": [], "own_chosen": False, "drawn": None, "drawn_svg": ""}
    shown = [{"tile": t, "svg": small_tile_svg(t), "chosen": t == tile} for t in own]
    drawn = view.tile if view.tile and tile in own else None
    return {
        "own_tiles": shown,
        "own_chosen": tile in own,
        "drawn": drawn,
        "drawn_svg": small_tile_svg(drawn) if drawn else "",
    }


def _turn_legal(view: GameView, tile: str) -> dict[str, Any]:
    """The turn script's data (json_script "legal-moves"): the placements with their
    figures and actions in words, the spots' and figures' words and why what is not
    highlighted is refused. It depends on the position, the tile and the language alone,
    so a reload of the same turn (an e-mail's link, a second tab) reads it from the cache."""
    game = view.game
    assert game is not None
    # the game's creation time too: SQLite may give a deleted game's id to a new one
    key = f"games:turn-legal:{game.pk}:{game.created_at.timestamp()}:{view.move_number}:{tile}:{get_language()}"
    legal = cache.get(key)
    if legal is None:
        placements = view.placements(tile)
        legal = {"tile": tile, "placements": [_offered(p) for p in placements]}
        spots = dict.fromkeys(f["spot"] for p in placements for f in p["figures"])
        legal["spot_labels"] = {spot: describe_spot(spot) for spot in spots}
        legal["figure_labels"] = {kind: str(label) for kind, label in FIGURE_LABELS.items()}
        legal["no_follower"] = _("no follower")
        legal["refusals"] = turn_refusals(view, tile, placements)
        cache.set(key, legal, TURN_LEGAL_SECONDS)
    return legal


def _offered(placement: dict[str, Any]) -> dict[str, Any]:
    """A placement as turn.js reads it: its figures, and its actions with their words."""
    shown = {k: v for k, v in placement.items() if k != "meeples"}
    if "actions" in shown:
        shown["actions"] = [{"entry": a, "label": expansions.offer_label(a)} for a in shown["actions"]]
    return shown


def decision_context(view: GameView) -> dict[str, Any]:
    """The pending decision as the game page shows it: what happened and what the player
    asked may do (the options, a pass, the expansion's own form), or whom the others wait on."""
    data = view.decision or {}
    mine = view.mine
    options = data.get("options", []) if mine else []
    result = {
        "action": data.get("action"),
        "label": data.get("label", ""),
        "text": data.get("text", ""),
        "player": data.get("player"),
        "pass_json": json.dumps(next((o["answer"] for o in options if o["pass"]), None)),
        "moves": [{**o, "answer_json": json.dumps(o["answer"])} for o in options if not o["pass"] and "target" in o],
    }
    site = expansions.for_action(data.get("action") or "")
    if mine and site is not None:
        answers = [o["answer"] for o in options if not o["pass"]]
        result["form"] = site.decision_form(data["action"], answers, view.expansions(view.names), FIGURE_LABELS)
    return result


def decision_targets(view: GameView, decision: dict | None) -> list[dict]:
    """Where each move of the decision points on the board (a follower's spot on a placed
    tile, as fractions of the tile) for the clickable overlay of static/js/decision.js."""
    if not decision:
        return []
    from games.board_svg import spot_position

    targets = []
    for option in decision["moves"]:
        target = option["target"]
        placed = view.tile_at(target["x"], target["y"])
        if placed is None:
            continue
        fx, fy = spot_position(placed.orientation, target["spot"])
        targets.append({**target, "fx": fx, "fy": fy, "answer": option["answer"], "text": option["text"]})
    return targets


def bag_tiles(view: GameView) -> list[dict]:
    """What is still in the bag by tile type, as the viewer may know it (see ``hidden``),
    each with its title (worded here: two dozen template translations cost a page more)."""
    return [
        {
            "tile": t,
            "count": n,
            "svg": small_tile_svg(t),
            "title": ngettext("%(counter)s × tile %(tile)s", "%(counter)s × tile %(tile)s", n)
            % {"counter": n, "tile": t},
        }
        for t, n in view.bag.items()
    ]


# --- pictures ------------------------------------------------------------------------------
# A page refers to the tiles' drawings in the sprites (games.board_svg.tile_sprite, one per
# expansion, kept by the browser) rather than drawing each tile type again for each picture.


@lru_cache(maxsize=1)
def sprite() -> str:
    """The URL pattern of the sprites, ``/tiles/{expansion}.svg?v={version}``."""
    return reverse("tile-sprite", args=["EXPANSION"]).replace("EXPANSION", "{expansion}") + "?v={version}"


def _tile_svgs(tile: str, rotations) -> dict[int, str]:
    return {r: _tile_with_spots(tile, r, get_language()) for r in rotations}


@lru_cache(maxsize=1024)
def _tile_with_spots(tile: str, rotation: int, language: str | None) -> str:
    """The drawn tile at ``rotation`` with its spots as buttons, in ``language``'s words:
    the same for every turn that draws it, so each process draws it once."""
    from games import board_svg

    return board_svg.render_tile(tile, rotation, size=160, spots=orientation(tile, rotation).spots, sprite=sprite())


def drawn_tile_svg(tile: str) -> str:
    return _drawn_tile(tile, get_language())


@lru_cache(maxsize=512)
def _drawn_tile(tile: str, language: str | None) -> str:
    from games import board_svg

    return board_svg.render_tile(tile, 0, size=96, sprite=sprite())


def tile_picture(entry: dict) -> dict[str, str]:
    """The small picture and the name of the tile a record entry placed or drew, for a
    row of a move list (nothing for an entry without a tile)."""
    tile = entry.get("tile")
    if not tile or tile not in TILE_TYPES:
        return {"tile_svg": "", "tile_name": ""}
    return {"tile_svg": small_tile_svg(tile), "tile_name": tile_name(tile)}


def small_tile_svg(tile: str) -> str:
    """A small picture of ``tile`` (the bag, a hand, the move list): its drawing in the
    sprite, sized by the page's CSS."""
    from games import board_svg

    return board_svg.tile_icon(tile, sprite())
