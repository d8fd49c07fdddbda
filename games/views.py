"""HTML pages of the games app. Thin: every change is a command (games.lobby, games.turns,
games.bot_seats); what a game shows comes from games.services."""

from __future__ import annotations

import json
from datetime import timedelta
from functools import lru_cache

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import select_template
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from games import after, bot_seats, decisions, replay, seating, services, turns, vocabulary
from games.lobby import accept_invitation, claim_invitation, decline_invitation, join_game
from games.errors import GameError
from games.clock import waiting_games
from games.engine import orientation
from games.entries import (CATEGORY_LABELS, FIGURE_LABELS, GOODS_LABELS, QUARTER_LABELS, categories_for, describe, describe_spot,
                           kind_of, spot_of)
from games.forms import BOT_LEVEL_CHOICES, CreateGameForm
from games.models import Game, GameEvent, Seat
from games.visibility import game_for_viewer

AUTOMATIC_LABELS = {
    GameEvent.Kind.SKIPPED: gettext_lazy("on time"),
    GameEvent.Kind.LOST: gettext_lazy("on time"),
    GameEvent.Kind.BOT: gettext_lazy("a bot took over"),
    GameEvent.Kind.PASSED: gettext_lazy("decision passed on time"),
}
"""What the move list says of a move the site played when time ran out."""


# --- lists ---------------------------------------------------------------------------


def user_games(user) -> dict[str, list]:
    """The user's games grouped for lists: my turn, invitations, others' turns/waiting, finished."""
    games = (
        Game.objects.filter(id__in=Seat.objects.filter(seating.seats_of_user(user)).values("game_id"))
        .prefetch_related("seats__user")
        .order_by("-updated_at")
    )
    groups: dict[str, list] = {"my_turn": [], "invited": [], "waiting": [], "finished": []}
    for game in games:
        seats = list(game.seats.all())
        mine = seating.seat_of(seats, user)
        game.my_seat = mine
        for s in seats:
            s.score = game.scores[s.position] if game.status != Game.Status.WAITING and s.position < len(game.scores) else None
        game.seat_list = seats
        game.current_name = (
            seats[game.current_seat].display_name
            if game.status == Game.Status.ACTIVE and game.current_seat is not None and game.current_seat < len(seats)
            else None
        )
        game.open_count = sum(1 for s in seats if s.state != Seat.State.JOINED)
        if game.status == Game.Status.FINISHED:
            winners = set(services.outcome_of(game, seats)["winners"])
            game.winner_names = [s.display_name for s in seats if s.position in winners]
            groups["finished"].append(game)
        elif mine is not None and mine.state == Seat.State.INVITED:
            groups["invited"].append(game)
        elif game.status == Game.Status.ACTIVE and mine is not None and game.current_seat == mine.position:
            groups["my_turn"].append(game)
        else:
            groups["waiting"].append(game)
    _by_time_left(user, groups["my_turn"])
    groups["todo_count"] = len(groups["my_turn"]) + len(groups["invited"])
    return groups


def _by_time_left(user, games: list) -> None:
    """Sort the games where it is the user's turn by time left (the notifications app's
    turn clocks, least first) and give each its ``time_left`` text (None: no limit)."""
    rows = waiting_games(user)
    order = {row["game"].pk: (i, row) for i, row in enumerate(rows)}
    for game in games:
        rank, row = order.get(game.pk, (len(rows), None))
        game.time_rank = rank
        left = row["time_left_delta"] if row else None
        game.time_left = None if left is None else (_("%(left)s left") % {"left": row["time_left"]} if left > timedelta(0) else row["time_left"])
        game.time_short = left is not None and left < timedelta(days=1)
    games.sort(key=lambda game: game.time_rank)


@login_required
def game_list(request):
    return render(request, "games/game_list.html", {"groups": user_games(request.user)})


LOBBY_PAGE_SIZE = 25  # games per lobby page


@login_required
def lobby(request):
    games = (
        Game.objects.filter(status=Game.Status.WAITING, seats__state=Seat.State.OPEN, private=False)
        .exclude(seats__user=request.user)
        .annotate(open_count=Count("seats", filter=Q(seats__state=Seat.State.OPEN), distinct=True))
        .distinct()
        .select_related("created_by")
        .prefetch_related("seats__user")
        .order_by("-created_at", "-pk")
    )
    # Like every list of the site: a page past the end shows the last page, a bad number the first.
    page = Paginator(games, LOBBY_PAGE_SIZE).get_page(request.GET.get("page"))
    games = list(page.object_list)
    for game in games:
        game.rules_text = _rules_text(game)  # rules and time per move, before joining
    return render(request, "games/lobby.html", {"games": games, "page_obj": page})


# --- creating and joining ----------------------------------------------------------------


@login_required
def game_create(request):
    if request.method == "POST":
        form = CreateGameForm(request.POST)
        if form.is_valid():
            try:
                game = bot_seats.create_game_with_bots(
                    request.user,
                    form.invitees(),
                    bots=form.cleaned_data["bots"] or 0,
                    bot_level=form.cleaned_data["bot_level"] or "greedy",
                    seat_order=form.cleaned_data["seat_order"],
                    rules=form.rules(),
                    open_seats=form.cleaned_data["open_seats"],
                    name=form.cleaned_data["name"],
                    **form.timing(),
                )
            except GameError as exc:
                message = str(exc)
                form.add_error(exc.field, message[:1].upper() + message[1:])
            else:
                messages.success(request, _("%(game)s is created. It starts when every seat is taken.") % {"game": game.title})
                return redirect(game)
    else:
        form = CreateGameForm(initial=_initial_from(request.GET.get("from", ""), request.user))
    return render(request, "games/game_create.html", {"form": form})


def _initial_from(source: str, user) -> dict:
    """The create form filled in from game ``source`` (?from=), if ``user`` played it."""
    if not source.isdigit():
        return {}
    try:
        return after.create_form_initial(game_for_viewer(int(source), user), user)
    except (Http404, GameError):
        return {}


@login_required
@require_POST
def game_rematch(request, game_id: int):
    game = game_for_viewer(game_id, request.user)
    try:
        new = after.rematch(game, request.user)
    except GameError as exc:
        messages.error(request, str(exc)[:1].upper() + str(exc)[1:] + ".")
        return redirect(game)
    messages.success(request, _("Rematch: %(title)s. It starts when every player has accepted.") % {"title": new.title})
    return redirect(new)


def _act(request, game_id: int, action, success: str):
    game_for_viewer(game_id, request.user)
    try:
        game = action(game_id, request.user).game
    except GameError as exc:
        messages.error(request, str(exc)[:1].upper() + str(exc)[1:])
        return redirect("game-detail", game_id)
    game.refresh_from_db()
    if success == "declined":
        messages.info(request, _("You declined the invitation; your seat is now open in the lobby."))
        return redirect("game-list")
    messages.success(request, success)
    if game.status == Game.Status.ACTIVE:
        messages.success(request, _("Every seat is taken: the game has started!"))
    return redirect(game)


@login_required
@require_POST
def game_accept(request, game_id: int):
    return _act(request, game_id, accept_invitation, _("You accepted the invitation."))


@login_required
@require_POST
def game_decline(request, game_id: int):
    return _act(request, game_id, decline_invitation, "declined")


@login_required
@require_POST
def game_join(request, game_id: int):
    return _act(request, game_id, join_game, _("You took a seat."))


@login_required
@require_POST
def game_resign(request, game_id: int):
    """Resign (the page asks for a confirmation first): the others play on without you."""
    game_for_viewer(game_id, request.user)
    try:
        game = turns.resign(game_id, request.user).game
    except GameError as exc:
        messages.error(request, str(exc)[:1].upper() + str(exc)[1:])
        return redirect("game-detail", game_id)
    messages.success(request, _("You resigned from %(game)s.") % {"game": game.title})
    return redirect(game)


@login_required
@require_POST
def game_bots(request, game_id: int):
    """The creator seats bots of the chosen level in every open seat."""
    level = request.POST.get("level", "")
    return _act(request, game_id, lambda pk, user: bot_seats.fill_with_bots(pk, user, level), _("Bots took the open seats."))


def invitation(request, token: str):
    """An e-mailed invitation link: log in or sign up first, then the seat is claimed."""
    seat = Seat.objects.select_related("game", "game__created_by").filter(invite_token=token).first()
    if seat is None:
        raise Http404(_("This invitation link is not valid."))
    if not request.user.is_authenticated:
        request.session["pending_invitation"] = token
        if seat.invited_email:
            request.session["invited_email"] = seat.invited_email  # the sign-up form starts with it
        messages.info(
            request,
            _("%(name)s invites you to %(game)s. Log in — or create an account — to take your seat.")
            % {"name": seat.game.created_by.username, "game": seat.game.title},
        )
        return redirect_to_login(request.get_full_path())
    request.session.pop("pending_invitation", None)
    try:
        game = claim_invitation(token, request.user).game
    except GameError as exc:
        messages.error(request, str(exc)[:1].upper() + str(exc)[1:])
        if seat.game.seats.filter(user=request.user).exists():
            return redirect(seat.game)
        return redirect("game-list")
    game.refresh_from_db()
    messages.success(request, _("You have a seat in %(game)s.") % {"game": game.title})
    if game.status == Game.Status.ACTIVE:
        messages.success(request, _("Every seat is taken: the game has started!"))
    return redirect(game)


# --- the game page -------------------------------------------------------------------------


def _board_svg(engine, highlight):
    try:
        from games import board_svg
    except ImportError:  # the renderer lands separately
        return ""
    return board_svg.render_board(engine, last_move=True, highlight=highlight, interactive=bool(highlight))


def _tile_svgs(tile: str, rotations) -> dict[int, str]:
    try:
        from games import board_svg
    except ImportError:
        return {}
    return {r: board_svg.render_tile(tile, r, size=160, spots=orientation(tile, r).spots) for r in rotations}


def _drawn_tile_svg(tile: str) -> str:
    try:
        from games import board_svg
    except ImportError:
        return ""
    return board_svg.render_tile(tile, 0, size=96)


def _small_tile_svg(tile: str) -> str:
    """A small picture of ``tile`` (the bag), cached per language (its label is translated)."""
    return _small_tile_svg_in(tile, get_language())


@lru_cache(maxsize=512)
def _small_tile_svg_in(tile: str, language: str) -> str:
    try:
        from games import board_svg
    except ImportError:
        return ""
    return board_svg.render_tile(tile, 0, size=40)


def bag_tiles(engine, viewer: int | None = None) -> list[dict]:
    """What is still in the bag, by tile type: counts only (the order stays secret).
    The drawn tile is on show, so it is not counted as in the bag; nor are the hands the
    viewer sees (their own, or all when hands are public). Hidden hands stay counted,
    so the counts tell nothing about them."""
    counts = dict(engine.remaining)
    shown = [engine.tile] if engine.tile else []
    for seat in range(len(engine.players)):
        shown.extend(services.visible_hand(engine, seat, viewer) or ())
    for tile in shown:
        if counts.get(tile):
            counts[tile] -= 1
    return [{"tile": t, "count": n, "svg": _small_tile_svg(t)} for t, n in sorted(counts.items()) if n > 0]


def game_detail(request, game_id: int):
    game = game_for_viewer(game_id, request.user)
    seats = list(game.seats.select_related("user").order_by("position"))
    engine = replay.engine_for(game, seats)
    user = request.user
    me = seating.seat_of(seats, user)
    viewer = me.position if me is not None and me.state == Seat.State.JOINED else None  # whose hand they may see
    active = game.status == Game.Status.ACTIVE
    finished = game.status == Game.Status.FINISHED
    pending = engine.pending if active else None
    mine = bool(pending and me and me.state == Seat.State.JOINED and not me.bot and pending.player == me.position)
    my_turn = mine and pending.action == "turn"
    my_decision = mine and pending.action != "turn"
    categories = categories_for(engine.rules.expansions)
    names = [s.display_name for s in seats]
    extras = services.expansion_state(engine, names)

    winners = set(engine.outcome.winners) if finished and engine.outcome else set()
    left_reasons = {
        seat: kind_of(entry)
        for seat, entry in game.moves.values_list("seat", "entry")
        if kind_of(entry) in ("forfeit", "resign")
    }
    left_labels = {"forfeit": _("lost on time"), "resign": _("resigned")}
    players = []
    for seat in seats:
        i = seat.position
        score = engine.scores[i]
        players.append(
            {
                "seat": seat,
                "name": seat.display_name,
                "color": seat.color,
                "score": score,
                "laps": score // 50,
                "supply": engine.supply[i],
                "reserve": [
                    {"figure": kind, "label": FIGURE_LABELS.get(kind, kind), "count": n}
                    for kind, n in engine.reserve[i].items()
                ],
                "goods": [
                    {"good": good, "label": GOODS_LABELS.get(good, good), "count": n}
                    for good, n in extras.get("goods", {}).get(seat.display_name, {}).items() if n
                ],
                "king": extras.get("king") == seat.display_name,
                "robber": extras.get("robber") == seat.display_name,
                "city": [
                    {"quarter": q, "label": QUARTER_LABELS[q], "count": held["follower"] + held["large"]}
                    for q, held in extras.get("city", {}).get("quarters", {}).get(seat.display_name, {}).items()
                    if held["follower"] + held["large"]
                ],
                "current": bool(pending and pending.player == i),
                "me": me is not None and me.pk == seat.pk,
                "winner": i in winners,
                "breakdown": [engine.breakdown[i].get(c, 0) for c in categories],
                "final_points": engine.final_points[i] if finished and engine.final_points else 0,
                "out": i in engine.out,
                "hand_size": engine.hand_sizes()[i] if engine.rules.hand else None,
                "hand": [
                    {"tile": t, "svg": _small_tile_svg(t)}
                    for t in (services.visible_hand(engine, i, viewer) or () if active else ())
                ],
                "left_reason": left_reasons.get(i, ""),
                "left_label": left_labels.get(left_reasons.get(i, "forfeit")),
            }
        )

    automatic = dict(GameEvent.objects.filter(game=game).values_list("move_number", "kind"))
    move_rows = []
    for move in game.moves.order_by("-number"):
        points = [
            {"name": names[i], "color": seats[i].color, "points": p}
            for i, p in enumerate(move.points or [])
            if p and i < len(seats)
        ]
        who = names[move.seat] if move.seat < len(names) else "?"
        move_rows.append(
            {
                "move": move,
                "entry": move.entry,
                "kind": kind_of(move.entry),
                "text": describe(move.entry, who),
                "player": who,
                "color": seats[move.seat].color if move.seat < len(seats) else "",
                "points": points,
                "follower": describe_spot(spot_of(move.entry)),
                "automatic": AUTOMATIC_LABELS.get(automatic.get(move.number, ""), ""),
            }
        )

    hand = services.visible_hand(engine, me.position, viewer) if my_turn else None
    tile = engine.tile if active else None
    if hand:  # a hand of tiles: the player picks which one to place (?tile=, default the first that fits)
        asked = request.GET.get("tile")
        tile = asked if asked in hand else next((t for t in hand if engine.can_place(t)), hand[0])
    legal = {"tile": tile, "placements": services.placements_of(engine, tile)} if my_turn and tile else {
        "tile": None, "placements": []}
    legal["spot_labels"] = {f["spot"]: describe_spot(f["spot"]) for p in legal["placements"] for f in p["figures"]}
    legal["figure_labels"] = {kind: str(label) for kind, label in FIGURE_LABELS.items()}
    legal["no_follower"] = _("no follower")
    highlight = sorted({(p["x"], p["y"]) for p in legal["placements"]})
    rotations = sorted({p["rotation"] for p in legal["placements"]})
    tile_svgs = _tile_svgs(tile, rotations) if my_turn and tile else {}
    current_seat = seats[pending.player] if pending else None
    decision = decision_context(engine, names, me.position if me else None, mine) if pending and pending.action != "turn" else None
    context = {
        "game": game,
        "engine": engine,
        "seats": seats,
        "players": players,
        "me": me,
        "my_turn": my_turn,
        "my_decision": my_decision,
        "decision": decision,
        "pending": pending,
        "city": extras.get("city"),
        "active": active,
        "finished": finished,
        "waiting": game.status == Game.Status.WAITING,
        "current_seat": current_seat,
        "tile": tile,
        "tile_svg": _drawn_tile_svg(tile) if tile else "",
        "hand": [{"tile": t, "svg": _small_tile_svg(t), "chosen": t == tile} for t in hand or ()],
        "hands": bool(engine.rules.hand),
        "tiles_left": engine.tiles_left,
        "bag": bag_tiles(engine, viewer) if active else [],
        "board_svg": _board_svg(engine, highlight if my_turn else None),
        "decision_targets": decision_targets(engine, decision) if my_decision else [],
        "legal": legal,
        "tile_svgs": sorted(tile_svgs.items()),
        "move_number": len(engine.history) + 1,
        "move_rows": move_rows,
        "categories": [CATEGORY_LABELS[c] for c in categories],
        "winner_names": [names[i] for i in sorted(winners)],
        "can_join": bool(
            game.status == Game.Status.WAITING
            and user.is_authenticated
            and me is None
            and any(s.state == Seat.State.OPEN for s in seats)
        ),
        "invited": me is not None and me.state == Seat.State.INVITED,
        "can_resign": bool(active and me and me.state == Seat.State.JOINED and me.position not in engine.out),
        "can_seat_bots": bool(
            game.status == Game.Status.WAITING
            and user.is_authenticated
            and game.created_by_id == user.pk
            and any(s.state == Seat.State.OPEN for s in seats)
        ),
        "bot_levels": BOT_LEVEL_CHOICES,
        "api_move_url": f"/api/games/{game.pk}/moves/",
        "api_decision_url": f"/api/games/{game.pk}/decision/",
        "rules_text": _rules_text(game),
    }
    return render(request, "games/game_detail.html", context)


def decision_context(engine, names: list[str], viewer: int | None, mine: bool) -> dict:
    """The pending decision (the Count's) as the game page shows it: what happened and what
    the player asked may do (the options, a pass, the quarters), or whom the others wait on."""
    data = decisions.pending_json(engine, names, viewer) or {}
    options = data.get("options", []) if mine else []
    context = {
        "action": data.get("action"),
        "label": data.get("label", ""),
        "text": data.get("text", ""),
        "player": data.get("player"),
        "pass_json": json.dumps(next((o["answer"] for o in options if o["pass"]), None)),
        "moves": [{**o, "answer_json": json.dumps(o["answer"])} for o in options if not o["pass"] and "target" in o],
    }
    if mine and data.get("action") == "quarter":
        answers = [o["answer"] for o in options if not o["pass"]]
        context["quarters"] = [(q, QUARTER_LABELS[q]) for q in QUARTER_LABELS if any(a["quarter"] == q for a in answers)]
        context["figures"] = [(f, FIGURE_LABELS[f]) for f in ("follower", "large")
                              if any(a.get("figure", "follower") == f for a in answers)]
        context["count_to"] = [(q, QUARTER_LABELS[q]) for q in QUARTER_LABELS if any(a.get("count") == q for a in answers)]
        context["count_at"] = (decisions.city_json(engine, names) or {}).get("count")
    return context


def decision_targets(engine, decision: dict | None) -> list[dict]:
    """Where each move of the decision points on the board (a follower's spot on a placed
    tile, as fractions of the tile) for the clickable overlay of static/js/decision.js."""
    if not decision:
        return []
    try:
        from games.board_svg import spot_position
    except ImportError:
        return []
    targets = []
    for option in decision["moves"]:
        target = option["target"]
        placed = engine.tile_at(target["x"], target["y"])
        if placed is None:
            continue
        fx, fy = spot_position(placed.orientation, target["spot"])
        targets.append({**target, "fx": fx, "fy": fy, "answer": option["answer"], "text": option["text"]})
    return targets


def _rules_text(game: Game) -> list[str]:
    rules = game.engine_rules
    parts = [_("Classic farm scoring") if rules.farm_scoring == "classic" else _("Current farm scoring")]
    parts += [str(vocabulary.EXPANSION_NAMES.get(e, e)) for e in rules.expansions]
    if rules.small_city:
        parts.append(_("Small-city rule"))
    if game.move_days:
        parts.append(ngettext("%(count)d day per move", "%(count)d days per move", game.move_days)
                     % {"count": game.move_days})
        parts.append({Game.TimeoutRule.SKIP: _("skip the turn when time runs out"),
                      Game.TimeoutRule.BOT: _("a bot takes over when time runs out")}.get(game.timeout_rule, _("lose on time")))
        parts.append(_("vacations allowed") if game.vacation_allowed else _("no vacations"))
    else:
        parts.append(_("no time limit"))
    return parts


# --- how to play -----------------------------------------------------------------------------


def how_to_play(request):
    """The rules in the reader's language, in our own words, with small example boards
    drawn by the board renderer; only the expansions and house rules the site offers."""
    from games import how_to_play as examples
    from games.models import rule_options

    language = (get_language() or "en").split("-")[0]
    template = select_template([f"games/how_to_play/{language}.html", "games/how_to_play/en.html"])
    context = {"examples": examples.examples(), "offered": {o.name for o in rule_options()}}
    return HttpResponse(template.render(context, request))
