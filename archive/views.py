"""Archive pages: search, player profiles, replays, export and import.

Games are public unless private: a private game is shown to its players only, and a
profile counts only the games its reader may see. Pages issue a fixed number of queries
whatever the size of the archive or the length of a game.
"""

from __future__ import annotations

import hashlib
import json
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.functional import lazy
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST

from carcassonne import COLORS
from carcassonne.record import replay as replay_record
from games.board_svg import seat_hex
from games.engine_state import BadMoveNumber, move_number
from games.errors import GameError
from games.models import BOT_LEVEL_LABELS, Game
from games.present import vocabulary
from games.present.view import GameView

from . import game_analysis as analysis_words
from .filters import RULE_OPTIONS, FilterError, Filters, is_choice
from .forms import RecordUploadForm
from .kept import kept
from .models import GameAnalysis
from .profiles import head_to_head, hidden_games, player_stats
from .records import export_records
from .replay_page import CATEGORIES, MoveWindow, list_rows, move_window, replay_context, told_moves
from .row_html import game_rows, head_to_head_rows
from .search import matching_ids, search, search_page
from .stored import analysis_of, load_game
from .tasks import request_analysis
from .tournament_links import tournament_choices, tournament_json, tournament_name

User = get_user_model()

players_label = lazy(lambda n: ngettext("%(count)d player", "%(count)d players", n) % {"count": n}, str)
PLAYER_COUNTS = [("", _("Any")), *[(str(n), players_label(n)) for n in range(2, 7)]]


def _rule_filters(filters: Filters) -> list[dict]:
    """One select per rule option of the engine (expansions, house rules, farm scoring),
    in the engine's order: a choice lists its values, any other option is with or without."""
    selects = []
    for option in RULE_OPTIONS:
        value = filters.rules.get(option.name)
        if is_choice(option):
            choices, shown = vocabulary.option_choices(option), value or ""
        else:
            choices, shown = None, "" if value is None else ("yes" if value else "no")
        selects.append(
            {"name": option.name, "label": vocabulary.option_label(option), "choices": choices, "value": shown}
        )
    return selects


def _page_links(request, page_obj, items):
    def url(number):
        return (
            "?" + urlencode([*items, ("page", number)]) if number != 1 else ("?" + urlencode(items) if items else "?")
        )

    links = {"first": None, "previous": None, "next": None, "last": None}
    if page_obj.has_previous():
        links["first"] = url(1)
        links["previous"] = url(page_obj.previous_page_number())
    if page_obj.has_next():
        links["next"] = url(page_obj.next_page_number())
        links["last"] = url(page_obj.paginator.num_pages)
    return links


@login_required
def game_list(request):
    filters, errors = Filters.from_query(request.GET)
    try:
        page_obj, rows = search_page(filters, request.GET.get("page") or 1)
    except FilterError as exc:
        errors[exc.field] = str(exc)
        page_obj, rows = None, []
    items = filters.query_items()
    tournament = None
    if filters.tournament is not None:
        name = tournament_name(filters.tournament)
        if name is None:
            errors.setdefault(
                "tournament", gettext("there is no tournament #%(number)s") % {"number": filters.tournament}
            )
        else:
            tournament = tournament_json(filters.tournament, name, filters.round)
            tournament["export_url"] = reverse("archive:tournament-export", args=[filters.tournament])
    context = {
        "filters": filters,
        "errors": errors,
        "page_obj": page_obj,
        "rows": rows,
        "row_html": game_rows(rows),
        "links": _page_links(request, page_obj, items) if page_obj else {},
        "export_url": reverse("archive:export") + ("?" + urlencode(items) if items else ""),
        "player_value": " ".join(filters.players),
        "rule_filters": _rule_filters(filters),
        "count_choices": PLAYER_COUNTS,
        "count_value": str(filters.player_count or ""),
        "filtered": not filters.is_default(),
        "tournament": tournament,
    }
    context["tournament_choices"], max_round = tournament_choices()
    context["round_choices"] = list(range(1, max(max_round, filters.round or 0) + 1))
    return render(request, "archive/game_list.html", context)


@login_required
def player_profile(request, username: str):
    player = get_object_or_404(
        User.objects.only("id", "username", "date_joined", "is_active"), username__iexact=username
    )
    filters = Filters(players=[player.username])
    known = {player.username.lower(): player}  # searched by name: the player already read
    page_obj, rows = search_page(filters, request.GET.get("page") or 1, per_page=20, known=known)
    active = Filters(status="active", players=[player.username])
    hidden = hidden_games(player, request.user)
    opponents = head_to_head(player, request.user, hidden)
    opponents_html = kept(  # ~200 rows: written once per change of the player's results and language
        "h2h-html",
        [player.pk, player.username, sorted(hidden), get_language()],
        lambda: head_to_head_rows(player.username, opponents),
        [player.username],
    )
    return render(
        request,
        "archive/player.html",
        {
            "player": player,
            "stats": player_stats(player, request.user, hidden),
            "head_to_head": opponents,
            "head_to_head_html": opponents_html,
            "page_obj": page_obj,
            "rows": rows,
            "row_html": game_rows(rows),
            "links": _page_links(request, page_obj, []),
            "active_count": search(active, known).count(),
            "active_url": reverse("archive:list") + "?" + urlencode(active.query_items()),
            "categories": CATEGORIES,
        },
    )


def _jsonl_response(ids, filename: str) -> StreamingHttpResponse:
    def lines():
        for record in export_records(ids):
            yield json.dumps(record, separators=(",", ":")) + "\n"

    response = StreamingHttpResponse(lines(), content_type="application/jsonl; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
def export_jsonl(request):
    """Every game matching the list filters, one NOTATION.md record per line."""
    filters, errors = Filters.from_query(request.GET)
    try:
        ids = matching_ids(filters)
    except FilterError:
        ids = []
    name = "-".join(["archive", *[slugify(p) for p in filters.players]]) or "archive"
    return _jsonl_response(ids, f"{name}.jsonl")


@login_required
def tournament_export(request, tournament_id: int):
    """Every finished game of a tournament, oldest (round 1) first, one record per line."""
    from tournaments.models import Tournament

    tournament = get_object_or_404(Tournament.objects.only("id", "name"), pk=tournament_id)
    ids = matching_ids(Filters(tournament=tournament.pk, sort="finished"))
    name = slugify(tournament.name) or "tournament"
    return _jsonl_response(ids, f"{name}-{tournament.pk}-games.jsonl")


@login_required
def player_export(request, username: str):
    player = get_object_or_404(User.objects.only("id", "username"), username__iexact=username)
    ids = matching_ids(Filters(players=[player.username]))
    return _jsonl_response(ids, f"{slugify(player.username) or 'player'}-games.jsonl")


def _nav(total: int, k: int, base: str) -> dict:
    def url(n):
        return f"{base}?move={n}"

    return {
        "first": url(0) if k > 0 else None,
        "previous": url(k - 1) if k > 0 else None,
        "next": url(k + 1) if k < total else None,
        "last": url(total) if k < total else None,
    }


def _bad_move(request, exc: BadMoveNumber, back: str) -> HttpResponse:
    """A ``move`` that names no move of the game: a 400 page saying why (the API's words),
    with the way back to the replay (at its last move)."""
    return render(request, "refused.html", {"message": str(exc), "back": back}, status=400)


def game_replay(request, game_id: int):
    """A game at move k. A finished game never changes: the page below its move buttons
    (board, scores, move list, chart, result) is rendered once per move, list window,
    language and analysis and kept under the archive's version; the rest (who may see the
    game, the header, the analysis button) is asked on each request."""
    stored = load_game(game_id, viewer=request.user)  # first: a private game stays a 404
    game, total = stored.game, len(stored.moves)
    try:
        k, window = _move_asked(request, total)
    except BadMoveNumber as exc:
        return _bad_move(request, exc, reverse("archive:game", args=[game_id]))
    base = reverse("archive:game", args=[game.pk])
    context = {
        "game": game,
        "title": game.title,
        "result": stored.result,
        "tournament": stored.tournament,
        "base_url": base,
        "nav": _nav(total, k, base),
        "api_base": reverse("archive-api:game-record", args=[game.pk]).removesuffix("record/"),
        "record_url": reverse("archive:record", args=[game.pk]),
        "moves_url": reverse("archive:moves", args=[game.pk]),
        "player_links": True,
        "imported": False,
        # what the header and the move buttons show of the game (no replay)
        "state": {
            "move": k,
            "total": total,
            "players": [{"username": n, "hex": seat_hex(i)} for i, n in enumerate(stored.names)],
        },
    }
    if game.status != Game.Status.FINISHED:
        context.update(_replay_parts(stored, k, window))  # changes with each move: not kept
        return render(request, "archive/replay.html", context)
    analysis = analysis_of(game)
    context.update(_analysis_context(stored, analysis))
    # the move list shows a done analysis's verdicts (none before): its version is in the key
    done = analysis is not None and analysis.state == GameAnalysis.State.DONE
    shown = (analysis.level, analysis.updated_at.isoformat()) if done and analysis else None
    parts = [game.pk, k, window.first, window.last, window.every, get_language(), stored.names, shown]
    # no other game's result changes it (names, tournament: the archive's version)
    body = kept("replay-body", parts, lambda: _replay_body(stored, k, window, analysis, context), players=())
    context["body"] = mark_safe(body)  # rendered by the template engine, escaped there
    return render(request, "archive/replay.html", context)


def _replay_body(stored, k: int, window: MoveWindow, analysis: GameAnalysis | None, links: dict) -> str:
    """The finished game's page below its move buttons, rendered (archive/_replay_body.html)."""
    parts = _replay_parts(stored, k, window)
    _mark(analysis, stored.names, parts["move_rows"])
    return str(render_to_string("archive/_replay_body.html", {**links, **parts}))


def _replay_parts(stored, k: int, window: MoveWindow) -> dict:
    """What archive/_replay_body.html shows of the game at move k: replayed through the engine."""
    game, moves = stored.game, stored.moves
    total = len(moves)
    engine, end = stored.engines(k)  # the whole log tells every move in words
    finished = game.status == Game.Status.FINISHED
    final_scores = final_breakdown = None
    winners: list[int] = []
    if finished:
        if stored.result is not None:
            seats = list(stored.result.seats.all())
            final_scores = [s.score for s in seats]
            final_breakdown = [{c: getattr(s, c) for c in CATEGORIES} for s in seats]
            winners = [s.position for s in seats if s.won]
        else:  # not recorded yet (`manage.py rebuild_results` repairs it)
            final_scores, final_breakdown = list(end.scores), list(end.breakdown)
            winners = list(end.outcome.winners) if end.outcome else []
    return replay_context(
        stored.names,
        moves,
        engine,
        k,
        finished=finished,
        final_scores=final_scores,
        final_breakdown=final_breakdown,
        winners=winners,
        full=end,
        kept=_kept_moves(game, stored.names, total) if finished else None,
        window=window,
    )


def _move_asked(request, total: int) -> tuple[int, MoveWindow]:
    """The move shown (``?move=k``, the last without it; :class:`BadMoveNumber` for one the
    game does not have) and the moves the list shows: around it, from ``?from=n`` or
    ``?moves=all``."""
    k = move_number(request.GET.get("move"), total)
    k = total if k is None else k
    return k, move_window(total, k, request.GET.get("from"), every=request.GET.get("moves") == "all")


def game_moves(request, game_id: int):
    """The replay's move list alone (``?move=k`` with ``from=n`` or ``moves=all``, as the
    page's links ask it), for replay.js to show the moves around another move, or others,
    without a page load. A finished game's list is told once and kept: no replay."""
    stored = load_game(game_id, viewer=request.user)
    game, total = stored.game, len(stored.moves)
    try:
        k, window = _move_asked(request, total)
    except BadMoveNumber as exc:
        return _bad_move(request, exc, reverse("archive:game", args=[game_id]))
    finished = game.status == Game.Status.FINISHED
    names = stored.names
    kept = _kept_moves(game, names, total) if finished else None
    move_rows = list_rows(told_moves(names, stored.moves, lambda: GameView(stored.engine(), names), kept, window))
    context = {
        "state": {"move": k, "total": total},
        "move_rows": move_rows,
        "window": window,
        "base_url": reverse("archive:game", args=[game.pk]),
        "moves_url": reverse("archive:moves", args=[game.pk]),
        "imported": False,
    }
    if finished:
        _mark(analysis_of(game), names, move_rows)
    response = render(request, "archive/_move_list.html", context)
    patch_cache_control(response, private=True, max_age=0)
    return response


def _kept_moves(game: Game, names: list[str], total: int) -> str:
    """The cache key of a finished game's move list in words: in the reader's language,
    with the players' names of now."""
    digest = hashlib.sha256("\0".join(names).encode()).hexdigest()[:16]
    return f"archive-moves:{game.pk}:{total}:{get_language()}:{digest}"


def _analysis_context(stored, analysis: GameAnalysis | None) -> dict:
    """The finished game's analysis, if anyone asked for it: its state and the per-player
    summary (read with the game)."""
    level = analysis.level if analysis else analysis_words.LEVEL.name  # the level that judged, or will
    return {
        "analysis": analysis,
        "analysis_summary": analysis_words.summary(analysis),
        "analysis_marks": analysis_words.thresholds(),
        "analysis_level": BOT_LEVEL_LABELS.get(level, level),
        "analyse_url": reverse("archive:analyse", args=[stored.game.pk]),
    }


def _mark(analysis: GameAnalysis | None, names: list[str], move_rows: list[dict]) -> None:
    """Each judged move's verdict on its row of the move list."""
    verdicts = analysis_words.verdicts(analysis, names)
    for row in move_rows:
        row["verdict"] = verdicts.get(row["number"])


@login_required
@require_POST
def game_analyse(request, game_id: int):
    """Ask for the analysis of a finished game (once: asking again changes nothing)."""
    stored = load_game(game_id, with_result=False, viewer=request.user)
    back = reverse("archive:game", args=[game_id]) + "#analysis"
    try:
        row = request_analysis(stored.game, request.user)
    except GameError as exc:
        messages.error(request, str(exc))
        return redirect(back)
    row.refresh_from_db()
    if row.state == GameAnalysis.State.DONE:
        messages.success(request, gettext("The game is analysed: each move judged is marked in the list of moves."))
    elif row.pending:
        messages.info(request, gettext("The analysis is queued: this page shows it when it is done."))
    else:
        messages.error(request, gettext("The analysis failed. You may try again later."))
    return redirect(back)


def game_record(request, game_id: int):
    """The game's NOTATION.md record as a download."""
    stored = load_game(game_id, with_result=False, viewer=request.user)
    body = json.dumps(stored.record(), indent=2) + "\n"
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="carcassonne-game-{stored.game.pk}.json"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def import_record(request):
    """Check an uploaded record with the engine and show it as a replay. Nothing is stored."""
    if request.method != "POST":
        return render(request, "archive/import.html", {"form": RecordUploadForm()})
    form = RecordUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        error = getattr(form, "record_error", None)
        return render(request, "archive/import.html", {"form": form, "record_error": error}, status=400)
    data = form.cleaned_data
    record, full = data["record"], data["engine"]
    names = list(full.players)
    moves = [
        {"number": turn.number, "seat": turn.player, "entry": turn.move.to_json(), "points": list(turn.points)}
        for turn in full.history
    ]
    total = len(moves)
    try:
        k = move_number(request.POST.get("step") or request.POST.get("move") or None, total)
    except BadMoveNumber as exc:
        return _bad_move(request, exc, reverse("archive:import"))
    k = total if k is None else k
    engine = full if k == total else replay_record(record, upto=k)
    context = replay_context(
        names,
        moves,
        engine,
        k,
        finished=full.finished,
        final_scores=list(full.scores) if full.finished else None,
        final_breakdown=list(full.breakdown) if full.finished else None,
        winners=full.outcome.winners if full.outcome else (),
        full=full,
    )
    meta = record.get("meta") if isinstance(record.get("meta"), dict) else {}
    nav = {
        "first": 0 if k > 0 else None,
        "previous": k - 1 if k > 0 else None,
        "next": k + 1 if k < total else None,
        "last": total if k < total else None,
    }
    context.update(
        {
            "title": str(meta.get("name") or gettext("Uploaded record")),
            "imported": True,
            "record_text": data["record_text"],
            "nav": nav,
            "player_links": False,
            "colors": COLORS,
        }
    )
    return render(request, "archive/replay.html", context)
