"""HTML pages of the games app. Thin: every change is a command (games.lobby, games.turns,
games.bot_seats); what a game shows comes from games.present."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import select_template
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_GET, require_POST

from accounts import blocks
from games import bot_seats, fragment, presence, rematch, seating, tasks, turns
from games.clock import waiting_games
from games.errors import GameError
from games.forms import CreateGameForm, bot_level_choices
from games.lobby import accept_invitation, claim_invitation, decline_invitation, join_game
from games.models import DEFAULT_BOT_LEVEL, Game, Seat
from games.present import page
from games.present.rule_words import rules_text
from games.present.view import GameView
from games.recorded import outcome_of
from games.visibility import game_for_viewer

# --- lists ---------------------------------------------------------------------------


def user_games(user) -> dict[str, Any]:
    """The user's games grouped for lists (my turn, invitations, others' turns/waiting,
    finished), each game and seat with what its row shows (set on the instances)."""
    games = (
        Game.objects.filter(id__in=Seat.objects.filter(seating.seats_of_user(user)).values("game_id"))
        .prefetch_related("seats__user")
        .order_by("-updated_at")
    )
    groups: dict[str, Any] = {"my_turn": [], "invited": [], "waiting": [], "finished": []}
    game: Any  # a Game with its row's fields
    s: Any  # a Seat with its score
    for game in games:
        seats = list(game.seats.all())
        mine = seating.seat_of(seats, user)
        game.my_seat = mine
        for s in seats:
            s.score = (
                game.scores[s.position]
                if game.status != Game.Status.WAITING and s.position < len(game.scores)
                else None
            )
        game.seat_list = seats
        game.current_name = (
            seats[game.current_seat].display_name
            if game.status == Game.Status.ACTIVE and game.current_seat is not None and game.current_seat < len(seats)
            else None
        )
        game.open_count = sum(1 for s in seats if s.state != Seat.State.JOINED)
        if game.status == Game.Status.FINISHED:
            winners = set(outcome_of(game)["winners"])
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
        if row is None or left is None:  # no limit
            game.time_left, game.time_short = None, False
            continue
        game.time_left = _("%(left)s left") % {"left": row["time_left"]} if left > timedelta(0) else row["time_left"]
        game.time_short = left < timedelta(days=1)
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
        .exclude(seats__user__in=blocks.apart(request.user.pk))  # players they blocked, or who blocked them
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
        game.rules_text = rules_text(game)  # rules and time per move, before joining
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
                    bot_level=form.cleaned_data["bot_level"] or DEFAULT_BOT_LEVEL,
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
                messages.success(
                    request, _("%(game)s is created. It starts when every seat is taken.") % {"game": game.title}
                )
                return redirect(game)
    else:
        form = CreateGameForm(initial=_initial_from(request.GET.get("from", ""), request.user))
    return render(request, "games/game_create.html", {"form": form})


def _initial_from(source: str, user) -> dict:
    """The create form filled in from game ``source`` (?from=), if ``user`` played it."""
    if not source.isdigit():
        return {}
    try:
        return rematch.create_form_initial(game_for_viewer(int(source), user), user)
    except (Http404, GameError):
        return {}


@login_required
@require_POST
def game_rematch(request, game_id: int):
    game = game_for_viewer(game_id, request.user)
    try:
        new = rematch.rematch(game, request.user)
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
    return _act(
        request, game_id, lambda pk, user: bot_seats.fill_with_bots(pk, user, level), _("Bots took the open seats.")
    )


@login_required
@require_POST
def game_hint(request, game_id: int):
    """A practice game's player asks for the strongest bot's move for their turn."""
    game = game_for_viewer(game_id, request.user)
    try:
        tasks.request_hint(game, request.user)
    except GameError as exc:
        messages.error(request, str(exc))
    return redirect(game.get_absolute_url() + "#hint")


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


def game_detail(request, game_id: int):
    """The game as the visitor may see it (see games.present)."""
    game = game_for_viewer(game_id, request.user)
    all_moves = request.GET.get("moves") == "all"
    view = GameView.load(game, request.user, noted=None if all_moves else page.MOVES_SHOWN, log=page.log_of(game))
    presence.saw(game, request.user)
    context = page.context(view, request.user, request.GET.get("tile"), all_moves=all_moves)
    context["bot_levels"] = bot_level_choices()
    context["default_bot_level"] = DEFAULT_BOT_LEVEL
    return render(request, "games/game_detail.html", context)


@require_GET
@gzip_page
def game_fragment(request, game_id: int):
    """The game part of its page alone, for the live poll (see games.fragment)."""
    game = game_for_viewer(game_id, request.user)
    view = GameView.load(game, request.user, log=page.log_of(game))
    presence.saw(game, request.user)
    since = fragment.since_of(request.GET.get("since"))
    response = HttpResponse(fragment.render(request, view, since, request.GET.get("tile")))
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ["Cookie"])
    return response


@require_GET
def tile_sprite(request, expansion: str):
    """The drawings of an expansion's tiles that pages refer to (games.board_svg.tile_sprite):
    under the URL of its current version (``?v=``) a browser keeps it for a year."""
    from games import board_svg

    if expansion not in board_svg.SPRITES:
        raise Http404
    response = HttpResponse(board_svg.tile_sprite(expansion), content_type="image/svg+xml")
    if request.GET.get("v") == board_svg.sprite_version(expansion):
        patch_cache_control(response, public=True, max_age=365 * 24 * 3600, immutable=True)
    else:
        patch_cache_control(response, public=True, max_age=300)
    return response


# --- how to play -----------------------------------------------------------------------------


def how_to_play(request):
    """The rules in the reader's language, in our own words, with small example boards
    drawn by the board renderer; only the expansions and house rules the site offers."""
    from games import how_to_play as examples
    from games.models import rule_options

    language = (get_language() or "en").split("-")[0]
    template = select_template([f"games/how_to_play/{language}.html", "games/how_to_play/en.html"])
    offered = {o.name for o in rule_options()}
    context = {
        "examples": examples.examples(),
        "offered": offered,
        "expansion_sections": examples.expansion_sections(language, offered),
        "replies": bool(settings.REPLY_EMAIL),
    }
    return HttpResponse(template.render(context, request))
