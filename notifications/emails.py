"""Rendering one outbox row into an e-mail: plain text and HTML parts, an inline PNG
of the board (Content-ID), a one-click log-in button and a one-click unsubscribe."""

from __future__ import annotations

import logging
from datetime import datetime
from email.mime.image import MIMEImage
from urllib.parse import urlsplit

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from games import board_svg
from games.models import Game, Seat
from games.text import single_line
from games.vocabulary import color_label

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts import language

from games import clock, durations
from games.models import TurnClock
from games.services import outcome_of

from . import links
from .models import Category, Notification

logger = logging.getLogger(__name__)

BOARD_CID = "board"

ENDINGS = {"one_left": gettext_lazy("every other player left"), "ended_early": gettext_lazy("ended early"), "complete": ""}
"""Why a game ended (the engine's ``outcome.ending``), as the final e-mail says it."""


def board_png(game: Game, upto: int | None = None) -> bytes | None:
    """The board as PNG (most mail clients show no SVG), from the same SVG as the site."""
    try:
        import cairosvg

        from games.replay import engine_for

        engine = engine_for(game, upto=upto)
        svg = board_svg.render_board(engine, last_move=True)
        return cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=None)
    except Exception:  # noqa: BLE001 - a missing picture must not stop the e-mail
        logger.exception("could not render the board of %s", game)
        return None


def tile_png(tile: str) -> bytes | None:
    """The drawn tile as a small PNG for the turn e-mail."""
    try:
        import cairosvg

        return cairosvg.svg2png(bytestring=board_svg.render_tile(tile, 0, size=144).encode("utf-8"))
    except Exception:  # noqa: BLE001 - a missing picture must not stop the e-mail
        logger.exception("could not render tile %s", tile)
        return None


def _drawn_tile(game: Game, upto: int) -> str | None:
    from games.replay import engine_for

    try:
        engine = engine_for(game, upto=upto)
    except Exception:  # noqa: BLE001
        return None
    return engine.tile if not engine.finished else None


def _own_hand(game: Game, upto: int, user) -> str | None:
    """With a hand of tiles: the recipient's own hand (never anyone else's), as a list."""
    from games.replay import engine_for
    from games.services import visible_hand

    if user is None or not (game.rules or {}).get("hand"):
        return None
    seats = list(game.seats.select_related("user").order_by("position"))
    seat = next((s.position for s in seats if s.user_id == user.pk), None)
    if seat is None:
        return None
    hand = visible_hand(engine_for(game, seats, upto=upto), seat, seat)
    return ", ".join(hand) if hand else None


def _decision_context(ctx: dict, game: Game, number: int, user, link) -> None:
    """A decision asked of the recipient (the Count's), not a tile turn: what happened
    and what they may do, with a one-click link to the decision on the game page."""
    from games import decisions
    from games.replay import engine_for

    seats = list(game.seats.select_related("user").order_by("position"))
    engine = engine_for(game, seats, upto=number - 1)
    seat = next((s.position for s in seats if user is not None and s.user_id == user.pk), None)
    names = [s.display_name for s in seats]
    pending = decisions.pending_json(engine, names, seat) or {}
    ctx["template"] = "decision"
    ctx["tile"] = None
    ctx["images"].pop("tile", None)
    ctx["decision_label"] = pending.get("label", "")
    ctx["decision_text"] = pending.get("text", "")
    ctx["button_url"] = link(_game_path(game) + "#decision-panel")
    ctx["subject"] = _("A decision for you in %(game)s: %(decision)s") % {
        "game": game.title, "decision": ctx["decision_label"]}


def _game_path(game: Game) -> str:
    return reverse("game-detail", args=[game.pk])


def _time_left(game: Game, deadline_iso: str | None) -> str:
    if not game.move_days:
        return _("no time limit")
    turn_clock = TurnClock.objects.filter(game=game).first()
    if turn_clock is not None:
        return durations.describe(clock.state(turn_clock, game).time_left)
    if deadline_iso:
        return durations.describe(datetime.fromisoformat(deadline_iso) - timezone.now())
    return _("unknown")


def _seat_rows(game: Game):
    seats = list(game.seats.select_related("user").order_by("position"))
    scores = list(game.scores or [])
    return [
        {"name": s.display_name, "color": s.color, "color_label": color_label(s.color),
         "score": scores[i] if i < len(scores) else 0}
        for i, s in enumerate(seats)
    ]


def context_for(n: Notification) -> dict:
    game = n.game
    user = n.user
    data = n.data or {}
    ctx: dict = {
        "n": n,
        "site_name": settings.SITE_NAME,
        "site_url": links.site_url(),
        "game": game,
        "recipient": user.username if user else n.email,
        "settings_url": links.absolute(reverse("notifications:settings")),
        "images": {},
    }

    def link(path: str) -> str:
        return links.login_url(user, path) if user is not None else links.absolute(path)

    kind = n.kind
    if kind == Notification.Kind.TURN:
        number = data.get("move_number", game.move_count + 1)
        ctx.update(data)
        drawn = _drawn_tile(game, number - 1)
        ctx["tile"] = drawn or _own_hand(game, number - 1, user)
        picture = tile_png(drawn) if drawn else None
        if picture:
            ctx["images"]["tile"] = picture
        ctx["time_left"] = _time_left(game, data.get("deadline"))
        ctx["button_url"] = link(_game_path(game) + "#turn-panel")
        ctx["subject"] = _("Your turn in %(game)s") % {"game": game.title}
        if data.get("action", "turn") != "turn":
            _decision_context(ctx, game, number, user, link)
        png = board_png(game, upto=number - 1)
        if png:
            ctx["images"][BOARD_CID] = png
    elif kind == Notification.Kind.INVITATION:
        ctx["inviter"] = data.get("inviter") or game.created_by.username
        seat = Seat.objects.filter(pk=data.get("seat")).first()
        if user is not None:
            ctx["button_url"] = link(_game_path(game))
        else:
            token = seat.invite_token if seat else ""
            ctx["button_url"] = links.absolute(reverse("invitation", args=[token]))
        ctx["players"] = _seat_rows(game)
        ctx["subject"] = _("%(inviter)s invites you to play Carcassonne (%(game)s)") % {
            "inviter": ctx["inviter"], "game": game.title}
    elif kind == Notification.Kind.STARTED:
        ctx["players"] = _seat_rows(game)
        first = game.seats.select_related("user").filter(position=game.current_seat).first()
        ctx["first_player"] = first.display_name if first else ""
        ctx["your_turn"] = first is not None and user is not None and first.user_id == user.pk
        ctx["button_url"] = link(_game_path(game) + ("#turn-panel" if ctx["your_turn"] else ""))
        ctx["subject"] = _("%(game)s has started") % {"game": game.title}
    elif kind == Notification.Kind.FINISHED:
        rows = _seat_rows(game)
        outcome = outcome_of(game)  # the engine's: who won and the ranks
        ranks = outcome["ranks"]
        for i, row in enumerate(rows):
            row["rank"] = ranks[i] if i < len(ranks) else len(rows)
            row["left"] = i in outcome["left"]
        ctx["players"] = sorted(rows, key=lambda r: r["rank"])
        ctx["winners"] = [rows[seat]["name"] for seat in outcome["winners"] if seat < len(rows)]
        ctx["reason"] = ENDINGS.get(outcome["ending"], "")
        ctx["button_url"] = link(f"/archive/games/{game.pk}/")
        ctx["subject"] = ngettext("%(game)s is over: %(names)s won", "%(game)s is over: %(names)s won",
                                  len(ctx["winners"])) % {"game": game.title, "names": ", ".join(ctx["winners"])}
        png = board_png(game)
        if png:
            ctx["images"][BOARD_CID] = png
    elif kind == Notification.Kind.REMINDER:
        ctx.update(data)
        ctx["time_left"] = _time_left(game, data.get("deadline"))
        ctx["button_url"] = link(_game_path(game) + "#turn-panel")
        ctx["subject"] = _("Reminder: your turn in %(game)s (%(left)s left)") % {"game": game.title, "left": ctx["time_left"]}
        if data.get("action", "turn") != "turn":  # the Count's decision: passed, not lost, when time runs out
            ctx["button_url"] = link(_game_path(game) + "#decision-panel")
            ctx["subject"] = _("Reminder: a decision is waiting for you in %(game)s (%(left)s left)") % {
                "game": game.title, "left": ctx["time_left"]}
    elif kind == Notification.Kind.TIMEOUT:
        ctx.update(data)
        ctx["button_url"] = link(_game_path(game))
        ctx["event"] = _timeout_event(data, you=user is not None and data.get("user_id") == user.pk)
        ctx["subject"] = f"{game.title}: {ctx['event']}"
    elif kind == Notification.Kind.RESIGNED:
        ctx.update(data)
        ctx["button_url"] = link(_game_path(game))
        ctx["subject"] = _("%(game)s: %(player)s resigned") % {"game": game.title, "player": data.get("player", "")}
    elif kind == Notification.Kind.DIGEST:
        games = []
        for row in data.get("games", []):
            g = Game.objects.filter(pk=row["id"]).first()
            if g is None or g.status != Game.Status.ACTIVE:
                continue
            games.append({**row, "game": g, "url": link(_game_path(g) + "#turn-panel")})
        ctx["games"] = games
        ctx["chat"] = [{**row, "url": link(f"/games/{row['id']}/#chat")} for row in data.get("chat", [])]
        ctx["button_url"] = link(reverse("notifications:waiting"))
        if games:
            ctx["subject"] = ngettext("Your turn in %(count)d game", "Your turn in %(count)d games", len(games)) % {
                "count": len(games)}
        else:
            ctx["subject"] = ngettext("New chat messages in %(count)d game", "New chat messages in %(count)d games",
                                      len(ctx["chat"])) % {"count": len(ctx["chat"])}
    elif kind == Notification.Kind.MESSAGE:
        ctx["lines"] = data.get("lines", [])
        ctx["button_label"] = data.get("button", "")
        ctx["button_url"] = link(links.safe_path(data.get("path", "/")))
        ctx["subject"] = data.get("subject", settings.SITE_NAME)
    category = n.category
    ctx["category_label"] = Category(category).label
    ctx["unsubscribe_url"] = links.unsubscribe_url(category, user=user, email=n.email)
    return ctx


def _timeout_event(data: dict, you: bool) -> str:
    """What happened on time, as one sentence: to the player themself, or about them."""
    action, number = data.get("action"), data.get("move_number", "?")
    values = {"player": data.get("player") or _("A player"), "number": number}
    if action == "bot":
        return (_("You ran out of time: a bot plays the seat from now on (move %(number)s).") if you
                else _("%(player)s ran out of time: a bot plays the seat from now on (move %(number)s).")) % values
    if action == "lost":
        return (_("You lost on time (move %(number)s).") if you
                else _("%(player)s lost on time (move %(number)s).")) % values
    return (_("Your turn was skipped: time ran out (move %(number)s).") if you
            else _("%(player)s had their turn skipped: time ran out (move %(number)s).")) % values


def build_message(n: Notification) -> EmailMultiAlternatives:
    """The e-mail of outbox row ``n``, written in its recipient's language (their setting,
    else the language they last used the site in; never the sender's)."""
    with links.origin((n.data or {}).get("site_url", "")), translation.override(recipient_language(n)):
        return _build_message(n)


def recipient_language(n: Notification) -> str:
    """The language of ``n``'s e-mail: its user's (see accounts.language); an address
    without an account gets the language its row was written in, else the site's default."""
    if n.user is not None:
        return language.for_user(n.user)
    return language.supported((n.data or {}).get("language")) or settings.LANGUAGE_CODE


def _build_message(n: Notification) -> EmailMultiAlternatives:
    ctx = context_for(n)
    name = ctx.get("template", n.kind)
    text = render_to_string(f"notifications/email/{name}.txt", ctx)
    html = render_to_string(f"notifications/email/{name}.html", ctx)
    domain = urlsplit(links.site_url()).hostname or "localhost"
    headers = {
        "List-Unsubscribe": f"<{ctx['unsubscribe_url']}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        # Stable per notification: a (rare) resend after a crash is recognisably the same mail.
        "Message-ID": f"<notification-{n.pk}@{domain}>",
        "X-Carcassonne-Notification": f"{n.kind}:{n.pk}",
    }
    message = EmailMultiAlternatives(single_line(ctx["subject"]), text, None, [n.email], headers=headers)
    message.attach_alternative(html, "text/html")
    if ctx["images"]:
        message.mixed_subtype = "related"
        for cid, png in ctx["images"].items():
            image = MIMEImage(png, "png")
            image.add_header("Content-ID", f"<{cid}>")
            image.add_header("Content-Disposition", "inline", filename=f"{cid}.png")
            message.attach(image)
    return message
