"""Tournament pages: list, create, detail with standings, rounds, bracket, player
results, director actions, and CSV/JSON exports of the standings."""

from __future__ import annotations

import csv
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_POST

from accounts import blocks, limits
from ratings import services as ratings

from . import creation, ending, errors, ranking, registration, rounds, tables
from .bracket import svg as bracket_svg
from .forms import TournamentForm
from .models import TIEBREAK_LABELS, Entry, Pairing, Round, Tournament
from .round_names import bracket_round_names, bracket_words, match_kind, round_names

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

User = get_user_model()


TOURNAMENTS_PAGE_SIZE = 25  # tournaments per page of the list


def index(request):
    tournaments = Tournament.objects.select_related("director").order_by("-created_at", "-pk")
    # Like every list of the site: a page past the end shows the last page, a bad number the first.
    page = Paginator(tournaments, TOURNAMENTS_PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "tournaments/index.html", {"tournaments": page.object_list, "page_obj": page})


@login_required
def create(request):
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            t = creation.create_tournament(request.user, **form.service_fields())
        except errors.TournamentError as exc:
            form.add_error(None, str(exc))
        else:
            if not form.cleaned_data.get("stay_out"):
                registration.enter_director(t)
            messages.success(request, _("%(name)s is open for registration.") % {"name": t.name})
            return redirect(t)
    return render(request, "tournaments/create.html", {"form": form})


def _standings(t: Tournament) -> list[dict]:
    return t.standings_cache or ranking.refresh_standings(t)


def _num(value) -> str:
    if value is None:  # head-to-head of a player tied with nobody
        return "–"
    text = f"{value:.2f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _is_knockout(t: Tournament) -> bool:
    return t.format == Tournament.Format.KNOCKOUT


def _display_rows(t: Tournament, rows: list[dict]) -> list[dict]:
    """Standings rows with the numbers formatted and the links built once (a 1000-row
    table with template filters and {% url %} per cell is several times slower)."""
    base = reverse("tournaments:player", args=[t.pk, "__name__"])
    current = ratings.ratings_of([r["user_id"] for r in rows if r.get("user_id")], ratings.pools_of(t.rules)[1])
    reached = bracket_round_names(t) if _is_knockout(t) else {}
    out = []
    for r in rows:
        rating = current.get(r.get("user_id") or 0)
        if _is_knockout(t):  # how far each got, games won and lost, points scored (as the API and CSV)
            stage = r.get("reached")  # a round's number (0: the first), or None
            cells = [
                escape(reached.get(stage, "") if stage is not None else ""),
                r["played"],
                r["wins"],
                r["losses"],
                r.get("game_points", 0),
            ]
        else:
            cells = [
                _num(r["points"]),
                r["played"],
                r["wins"],
                r["draws"],
                r["losses"],
                *[_num(r["tiebreaks"].get(name)) for name in t.tiebreaks],
            ]
        out.append(
            {
                "rank": r["rank"],
                "username": r["username"],
                "url": base.replace("__name__", quote(r["username"])),
                "points": _num(r["points"]),
                "withdrawn": r.get("withdrawn"),
                "rating": f"{rating.display}{'?' if rating.provisional else ''}" if rating else f"{ratings.START}?",
                "cells": cells,
            }
        )
    return out


def _columns(t: Tournament) -> list[tuple[StrOrPromise, StrOrPromise]]:
    """The standings' columns after rank, player and rating: (head, title), per format."""
    if _is_knockout(t):
        return [
            (_("Round reached"), _("The last round reached")),
            (_("Games"), ""),
            (pgettext("won, short", "W"), _("Games won")),
            (pgettext("lost, short", "L"), ""),
            (_("Game points"), _("Points scored in the games")),
        ]
    return [
        (pgettext("points, short", "Pts"), ""),
        (_("Games"), ""),
        (pgettext("won, short", "W"), ""),
        (pgettext("drawn, short", "D"), ""),
        (pgettext("lost, short", "L"), ""),
        *[(TIEBREAK_LABELS[name][1], TIEBREAK_LABELS[name][0]) for name in t.tiebreaks],
    ]


def _rows_html(rows: list[dict]) -> str:
    """The table body, built in Python: the template engine takes ~0.1 ms a row."""
    parts = []
    withdrawn = ' <span class="badge">' + escape(pgettext("tournament entry", "withdrawn")) + "</span>"
    for r in rows:
        badge = withdrawn if r["withdrawn"] else ""
        cells = "".join(f"<td>{v}</td>" for v in r["cells"])
        muted = ' class="muted"' if r["withdrawn"] else ""
        parts.append(
            f"<tr{muted}><td>{r['rank']}</td>"
            f'<td><a href="{escape(r["url"])}">{escape(r["username"])}</a>{badge}</td>'
            f'<td class="rating">{r["rating"]}</td>{cells}</tr>\n'
        )
    return mark_safe("".join(parts))


def detail(request, pk):
    t = get_object_or_404(Tournament.objects.select_related("director"), pk=pk)
    entry = t.entries.filter(user=request.user).first() if request.user.is_authenticated else None
    raw_rows = _standings(t)
    rows = _display_rows(t, raw_rows)
    entries = (
        list(t.entries.select_related("user").order_by("-rating", "created_at"))
        if t.status == Tournament.Status.REGISTRATION
        else []
    )
    registered = [e for e in entries if e.state == Entry.State.REGISTERED]
    can_direct = t.can_direct(request.user)
    context = {
        "schedule": tables.schedule(t),
        "crosstable": tables.crosstable(t, [r.get("user_id") for r in raw_rows]),
        "t": t,
        "entry": entry,
        "rows": rows,
        "rows_html": _rows_html(rows),
        "columns": _columns(t),
        "places": _places(t),
        "rounds": _named_rounds(t),
        "registered": registered,
        "invited": [e for e in entries if e.state == Entry.State.INVITED],
        "start_problem": rounds.start_problem(t, len(registered))
        if can_direct and t.status == Tournament.Status.REGISTRATION
        else None,
        "timeline": rounds.named_timeline(t),
        "can_direct": can_direct,
        "register_problem": registration.can_register(t, request.user) if request.user.is_authenticated else None,
        "total_rounds": rounds.total_rounds(t),
        # Inline (an <object> would be blocked by X-Frame-Options: DENY).
        "bracket_svg": mark_safe(_bracket_drawing(t)) if t.knockout_seeds else "",
    }
    return render(request, "tournaments/detail.html", context)


PLAYER_LOOKUPS_PER_MINUTE = 60  # a director's picker asks once per pause in the typing
PLAYER_LOOKUP_RESULTS = 10


@login_required
def player_lookup(request):
    """The usernames starting with ``?q=`` (two characters or more), for the director's
    player picker (static/js/player_picker.js): active accounts only, never anyone the
    asker blocked or who blocked them, at most ten, ``{"usernames": [...]}``."""
    if not limits.spend("player-lookup", str(request.user.pk), PLAYER_LOOKUPS_PER_MINUTE, 60):
        return JsonResponse({"detail": _("Too many look-ups: wait a minute.")}, status=429)
    q = request.GET.get("q", "").strip()
    if len(q) < 2:
        return JsonResponse({"usernames": []})
    found = (
        User.objects.filter(username__istartswith=q, is_active=True, deleted_at=None, suspended_at=None)
        .exclude(pk__in=blocks.apart(request.user.pk))
        .order_by("username")
        .values_list("username", flat=True)[:PLAYER_LOOKUP_RESULTS]
    )
    return JsonResponse({"usernames": list(found)})


def _places(t: Tournament) -> list[dict]:
    """The places the format decided, for the finished tournament's page: place, name, link."""
    found = ending.places(t)
    names = dict(User.objects.filter(pk__in=[uid for _place, uid in found]).values_list("pk", "username"))
    return [
        {
            "place": place,
            "label": ending.place_label(place),
            "username": names.get(uid, "?"),
            "url": reverse("tournaments:player", args=[t.pk, names.get(uid, "?")]),
        }
        for place, uid in found
    ]


def round_detail(request, pk, number):
    t = get_object_or_404(Tournament, pk=pk)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    pairings = list(rnd.pairings.select_related("game"))
    names = dict(User.objects.filter(pk__in={u for p in pairings for u in p.players}).values_list("pk", "username"))
    tables = []
    for p in pairings:
        seats = []
        for i, uid in enumerate(p.players):
            seats.append(
                {
                    "user_id": uid,
                    "name": names.get(uid, "?"),
                    "score": p.scores[i] if p.scores else None,
                    "forfeited": uid in p.forfeited,
                }
            )
        tables.append({"p": p, "seats": seats, "kind": match_kind(t, p)})
    named = _named_rounds(t)
    context = {"t": t, "round": rnd, "tables": tables, "rounds": named}
    context["round_name"] = next((r.name for r in named if r.number == rnd.number), "")
    return render(request, "tournaments/round.html", context)


def _named_rounds(t: Tournament) -> list[Round]:
    """The rounds, each with its ``name`` ("Round 2", "Semi-finals")."""
    names = round_names(t)
    rounds_ = list(t.rounds.all())
    for r in rounds_:
        r.name = names.get(r.number, "")  # type: ignore[attr-defined]  # shown by the template only
    return rounds_


def _bracket_drawing(t: Tournament) -> str:
    """The knockout bracket as SVG markup (names escaped), each match linked to its game."""
    b = ranking.knockout_bracket(t)
    names: dict[Any, str] = dict(User.objects.filter(pk__in=t.knockout_seeds).values_list("pk", "username"))
    games = {
        p.bracket_match: p.game_id
        for p in Pairing.objects.filter(round__tournament=t, round__stage=Tournament.Stage.KNOCKOUT).exclude(game=None)
    }

    def link(m):
        game_id = games.get(f"{m.round}-{m.index}")
        return f"/games/{game_id}/" if game_id else None

    return bracket_svg(b, name=lambda u: names.get(u, "?"), link=link, words=bracket_words())


def bracket(request, pk):
    t = get_object_or_404(Tournament, pk=pk)
    if not t.knockout_seeds:
        raise Http404(_("this tournament has no bracket (yet)"))
    return HttpResponse(_bracket_drawing(t), content_type="image/svg+xml")


def player(request, pk, username):
    t = get_object_or_404(Tournament, pk=pk)
    user = get_object_or_404(User, username=username)
    if not t.entries.filter(user=user).exists():
        raise Http404(_("not in this tournament"))
    pairings = [
        p
        for p in Pairing.objects.filter(round__tournament=t).select_related("round", "game").order_by("round__number")
        if user.pk in p.players
    ]
    names = dict(User.objects.filter(pk__in={u for p in pairings for u in p.players}).values_list("pk", "username"))
    results = []
    for p in pairings:
        me = p.players.index(user.pk)
        results.append(
            {
                "p": p,
                "opponents": [names.get(u, "?") for u in p.players if u != user.pk],
                "score": p.scores[me] if p.scores else None,
                "opponent_scores": [s for i, s in enumerate(p.scores or []) if i != me],
                "forfeited": user.pk in p.forfeited,
            }
        )
    row = next((r for r in _standings(t) if r["user_id"] == user.pk), None)
    return render(
        request,
        "tournaments/player.html",
        {
            "t": t,
            "player": user,
            "results": results,
            "row": row,
            "points_count": _plural_count(row["points"]) if row else 0,
        },
    )


def _plural_count(points) -> int:
    """The number that picks the singular or plural of "points": a half point reads plural."""
    return int(points) if points == int(points) else 2


def csv_cell(value):
    """A text cell that a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``,
    tab, carriage return first) gets a leading apostrophe; numbers stay numbers."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def standings_export(request, pk, fmt):
    t = get_object_or_404(Tournament, pk=pk)
    rows = _standings(t)
    tiebreaks = [] if _is_knockout(t) else t.tiebreaks
    if fmt == "json":
        reached = bracket_round_names(t)
        rows = [{**r, "round_reached": reached.get(r.get("reached"))} for r in rows]
        return JsonResponse({"tournament": t.pk, "name": t.name, "tiebreaks": tiebreaks, "standings": rows})
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slugify(t.name) or "tournament"}-standings.csv"'
    writer = csv.writer(response)
    if _is_knockout(t):
        # The page's figures under the API's names; the round reached in words, as on the page.
        writer.writerow(["rank", "player", "round_reached", "played", "wins", "losses", "byes", "game_points"])
        reached = bracket_round_names(t)
        for r in rows:
            writer.writerow(
                [
                    r["rank"],
                    csv_cell(r["username"]),
                    reached.get(r.get("reached"), ""),
                    r["played"],
                    r["wins"],
                    r["losses"],
                    r["byes"],
                    r.get("game_points", 0),
                ]
            )
        return response
    writer.writerow(["rank", "player", "points", "played", "wins", "draws", "losses", "byes", *tiebreaks])
    for r in rows:
        writer.writerow(
            [
                r["rank"],
                csv_cell(r["username"]),
                r["points"],
                r["played"],
                r["wins"],
                r["draws"],
                r["losses"],
                r["byes"],
                *[r["tiebreaks"].get(name, "") for name in tiebreaks],
            ]
        )
    return response


# --- actions -----------------------------------------------------------------------------------


def _act(request, t, action, ok):
    try:
        action()
    except errors.TournamentError as exc:
        text = str(exc)
        messages.error(request, text[:1].upper() + text[1:])
    else:
        messages.success(request, ok)
    return redirect(t)


@login_required
@require_POST
def register(request, pk):
    t = get_object_or_404(Tournament, pk=pk)
    return _act(request, t, lambda: registration.register(t, request.user), _("You are registered."))


@login_required
@require_POST
def withdraw(request, pk):
    t = get_object_or_404(Tournament, pk=pk)
    target = request.user
    if request.POST.get("username"):
        target = get_object_or_404(User, username=request.POST["username"])
    policy = request.POST.get("policy", "forfeit")
    return _act(
        request,
        t,
        lambda: registration.withdraw(t, target, by=request.user, policy=policy),
        _("%(name)s has withdrawn.") % {"name": target.username},
    )


@login_required
@require_POST
def start(request, pk):
    t = get_object_or_404(Tournament, pk=pk)
    return _act(request, t, lambda: rounds.start(t, request.user), _("Round 1 has started."))


@login_required
@require_POST
def decline(request, pk):
    t = get_object_or_404(Tournament, pk=pk)
    try:
        registration.decline(t, request.user)
    except errors.TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("You declined the invitation to %(name)s.") % {"name": t.name})
    return redirect("home")


@login_required
@require_POST
def invite(request, pk):
    t = get_object_or_404(Tournament, pk=pk)
    names = [n for n in request.POST.get("usernames", "").replace(",", " ").split() if n]
    if not names:
        messages.error(request, _("Write the usernames of the players to invite."))
        return redirect(t)
    others = [n for n in names if n.lower() != t.director.username.lower()]
    said = []
    if others:
        said.append(_("Invitation sent to %(names)s.") % {"names": ", ".join(others)})
    if len(others) < len(names):  # the director named themself: entered, never invited
        said.append(_("%(name)s plays in this tournament (no invitation needed).") % {"name": t.director.username})
    return _act(request, t, lambda: registration.invite(t, request.user, names), " ".join(said))
