"""Rendering one outbox row into an e-mail: plain text and HTML parts, an inline PNG
of the board (Content-ID), a one-click log-in button and a one-click unsubscribe."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from datetime import datetime
from email.mime.image import MIMEImage
from urllib.parse import urlsplit

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts import language
from games import board_svg, clock, durations
from games.models import Game, GameEvent, Seat, TurnClock
from games.present.rule_words import rules_text
from games.present.tile_names import tile_name
from games.present.view import GameView
from games.present.vocabulary import color_label
from games.recorded import outcome_of
from games.text import single_line

from . import account_mail, links, pictures
from .models import Category, Notification
from .replies import answers, tokens

logger = logging.getLogger(__name__)

BOARD_CID = "board"

ENDINGS = {
    "one_left": gettext_lazy("every other player left"),
    "ended_early": gettext_lazy("ended early"),
    "complete": "",
}
"""Why a game ended (the engine's ``outcome.ending``), as the final e-mail says it."""


BOARD_WIDTH, BOARD_HEIGHT = 560, 700
"""The largest the board is shown in an e-mail (CSS px: the e-mail's column is 600 wide)."""

_SVG_SIZE = re.compile(r'<svg[^>]*?\swidth="([\d.]+)px"[^>]*?\sheight="([\d.]+)px"')


def board_size(svg: str) -> tuple[int, int]:
    """The size (CSS px) the board SVG is shown at in an e-mail: as wide as the e-mail's
    column allows, never taller than BOARD_HEIGHT (a long river)."""
    match = _SVG_SIZE.search(svg)
    width, height = (float(match.group(1)), float(match.group(2))) if match else (BOARD_WIDTH, BOARD_WIDTH)
    scale = min(BOARD_WIDTH / width, BOARD_HEIGHT / height)
    return round(width * scale), round(height * scale)


def board_picture(
    view: GameView, ctx: dict, labels: dict[tuple[int, int], str] | None = None, *, shared: bool = False
) -> None:
    """The board as a PNG (most mail clients show no SVG) drawn at twice the size it is
    shown (sharp on high-density screens), from the same SVG as the site; the awards
    (King & Robber) in words beside it rather than a legend too small to read.
    ``labels``: the cells where the tile fits, labelled as a reply may name them;
    ``shared``: every player gets this picture (the game over): drawn once for them all."""
    svg = (
        view.board_svg(highlight=list(labels), labels=labels, legend=False) if labels else view.board_svg(legend=False)
    )
    width, height = board_size(svg)
    png = board_png(view, svg, 2 * width, shared=shared)
    if png:
        ctx["images"][BOARD_CID] = png
        ctx["board_width"], ctx["board_height"] = width, height
    ctx["awards"] = view.awards()


def board_png(view: GameView, svg: str, width: int, *, shared: bool = False) -> bytes | None:
    """``svg`` as a PNG ``width`` pixels wide (see :mod:`notifications.pictures`)."""
    try:
        return pictures.png(svg, width, shared=shared)
    except Exception:  # a missing picture must not stop the e-mail
        logger.exception("could not render the board of %s", view.game)
        return None


def tile_png(tile: str) -> bytes | None:
    """The drawn tile as a small PNG for the turn e-mail."""
    try:
        return pictures.tile_png(board_svg.render_tile(tile, 0, size=144))
    except Exception:  # a missing picture must not stop the e-mail
        logger.exception("could not render tile %s", tile)
        return None


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


def _seat_rows(view: GameView) -> list[dict]:
    return [
        {"name": p.name, "color": p.color, "color_label": color_label(p.color), "score": p.score} for p in view.players
    ]


def context_for(n: Notification) -> dict:
    """The template context of outbox row ``n``'s e-mail (see ``KINDS``)."""
    user = n.user
    ctx: dict = {
        "n": n,
        "site_name": settings.SITE_NAME,
        "site_url": links.site_url(),
        "game": n.game,
        "recipient": user.username if user else n.email,
        "settings_url": links.absolute(reverse("notifications:settings")),
        "images": {},
    }

    def link(path: str) -> str:
        return links.login_url(user, path) if user is not None else links.absolute(path)

    KINDS.get(n.kind, _nothing)(ctx, n, n.data or {}, link)
    ctx["category_label"] = Category(n.category).label
    ctx["unsubscribe_url"] = links.unsubscribe_url(n.category, user=user, email=n.email)
    return ctx


def _nothing(ctx: dict, n: Notification, data: dict, link) -> None:
    pass


def _game(n: Notification) -> Game:
    """The game of an e-mail about one (every kind but the digest and a message)."""
    if n.game is None:
        raise ValueError(f"a {n.kind} e-mail without its game")
    return n.game


def _turn(ctx: dict, n: Notification, data: dict, link) -> None:
    """Your turn (or your decision): the game as it was when the turn began, as the
    recipient sees it: the drawn tile or their own hand, the decision, the board."""
    game = _game(n)
    number = data.get("move_number", game.move_count + 1)
    ctx.update(data)
    view = GameView.load(game, n.user, upto=number - 1)
    hand = view.players[view.viewer].hand if view.viewer is not None else None
    ctx["tile"] = tile_name(view.tile) if view.tile else (", ".join(map(tile_name, hand)) if hand else None)
    ctx["hand"] = bool(hand) and not view.tile
    if data.get("last_move"):
        ctx["last_move_text"] = view.describe(data["last_move"])
    ctx["discarded"] = [tile_name(t) for t in data.get("discarded") or ()]
    picture = tile_png(view.tile) if view.tile else None
    if picture:
        ctx["images"]["tile"] = picture
    ctx["time_left"] = _time_left(game, data.get("deadline"))
    ctx["button_url"] = link(_game_path(game) + "#turn-panel")
    ctx["subject"] = _("Your turn in %(game)s") % {"game": game.title}
    if data.get("started"):  # the first turn: this e-mail also says that the game started
        ctx["players"] = _seat_rows(view)
        ctx["subject"] = _("Your turn: %(game)s has started") % {"game": game.title}
    if data.get("action", "turn") != "turn":
        _decision(ctx, view, link)
    else:
        if view.tile:
            _on_the_page_only(ctx, view)
        ctx["own_on_page"] = "instead" if view.tile and view.own_tiles else "end" if view.own_tiles else ""
    _how_to_answer(ctx, view)
    board_picture(view, ctx, ctx["answers"].labels if ctx.get("answers") else None)


def _on_the_page_only(ctx: dict, view: GameView) -> None:
    """What the recipient may do on the game's page alone, not by a reply: an action
    instead of a figure (a tower piece, the fairy, the portal, the princess), a ransom."""
    assert view.tile is not None
    ctx["acts_on_page"] = any(p.get("actions") for p in view.placements(view.tile))
    ctx["ransom_on_page"] = bool(view.before_turn)


def _how_to_answer(ctx: dict, view: GameView) -> None:
    """With REPLY_EMAIL: the personal reply address of this decision (the Reply-To
    header) and what a reply may say (``answers``: labelled cells or lettered options;
    with a hand of tiles each tile's picture too)."""
    if not tokens.enabled():
        return
    offered = answers.of(view)
    if offered is None:
        return
    ctx["answers"] = offered
    if view.me is None:  # answers are offered to a seat only
        return
    ctx["reply_to"] = tokens.address(tokens.Decision(view.stored.pk, view.me.position, view.move_number))
    for fits in offered.hand:
        picture = tile_png(fits.tile)
        if picture:
            ctx["images"][fits.picture], fits.pictured = picture, True


def _answerable_now(ctx: dict, n: Notification, number: int | None) -> None:
    """An e-mail about decision ``number`` (a reminder, the first player's "game started")
    says how to answer it by e-mail, as the turn e-mail does, while the game still waits
    for it: the same Reply-To (the same token), the labelled board, the cells or options."""
    game = _game(n)
    if not tokens.enabled() or n.user is None or game.status != Game.Status.ACTIVE or game.move_count + 1 != number:
        return
    view = GameView.load(game, n.user)
    _how_to_answer(ctx, view)
    if ctx.get("answers"):
        board_picture(view, ctx, ctx["answers"].labels)


def _decision(ctx: dict, view: GameView, link) -> None:
    """A decision asked of the recipient (the Count's), not a tile turn: what happened
    and what they may do, with a one-click link to the decision on the game page."""
    pending = view.decision or {}
    ctx["template"] = "decision"
    ctx["tile"] = None
    ctx["images"].pop("tile", None)
    ctx["decision_label"] = pending.get("label", "")
    ctx["decision_text"] = pending.get("text", "")
    ctx["button_url"] = link(_game_path(view.stored) + "#decision-panel")
    ctx["subject"] = _("A decision for you in %(game)s: %(decision)s") % {
        "game": view.stored.title,
        "decision": ctx["decision_label"],
    }


def _invitation(ctx: dict, n: Notification, data: dict, link) -> None:
    game = _game(n)
    ctx["inviter"] = data.get("inviter") or game.created_by.username
    if n.user is not None:
        ctx["button_url"] = link(_game_path(game))
    else:
        seat = Seat.objects.filter(pk=data.get("seat") or 0).first()
        ctx["button_url"] = links.absolute(reverse("invitation", args=[seat.invite_token if seat else ""]))
    ctx["players"] = _seat_rows(GameView.load(game))
    ctx["rules"] = rules_text(game)
    ctx["subject"] = _("%(inviter)s invites you to play Carcassonne (%(game)s)") % {
        "inviter": ctx["inviter"],
        "game": game.title,
    }


def _started(ctx: dict, n: Notification, data: dict, link) -> None:
    game = _game(n)
    view = GameView.load(game, n.user)
    ctx["players"] = _seat_rows(view)
    first = (
        view.seats[game.current_seat] if game.current_seat is not None and game.current_seat < len(view.seats) else None
    )
    ctx["first_player"] = first.display_name if first else ""
    ctx["your_turn"] = first is not None and n.user is not None and first.user_id == n.user.pk
    ctx["button_url"] = link(_game_path(game) + ("#turn-panel" if ctx["your_turn"] else ""))
    ctx["subject"] = _("%(game)s has started") % {"game": game.title}
    if ctx["your_turn"]:  # (with hands, tiles that fit nowhere may have been discarded first)
        _answerable_now(ctx, n, game.move_count + 1)


def _finished(ctx: dict, n: Notification, data: dict, link) -> None:
    game = _game(n)
    view = GameView.load(game, n.user)
    rows = _seat_rows(view)
    outcome = outcome_of(game)  # the engine's, as stored: who won and the ranks
    ranks = outcome["ranks"]
    for i, row in enumerate(rows):
        row["rank"] = ranks[i] if i < len(ranks) else len(rows)
        row["left"] = i in outcome["left"]
    ctx["players"] = sorted(rows, key=lambda r: r["rank"])
    ctx["winners"] = [rows[seat]["name"] for seat in outcome["winners"] if seat < len(rows)]
    ctx["reason"] = ENDINGS.get(outcome["ending"], "")
    ctx["event"] = _lost_on_time(game, n) if outcome["ending"] == "one_left" else ""
    ctx["button_url"] = link(f"/archive/games/{game.pk}/")
    ctx["subject"] = ngettext(
        "%(game)s is over: %(names)s won", "%(game)s is over: %(names)s won", len(ctx["winners"])
    ) % {"game": game.title, "names": ", ".join(ctx["winners"])}
    board_picture(view, ctx, shared=True)  # every player's e-mail shows this board


def _lost_on_time(game: Game, n: Notification) -> str:
    """The loss on time that ended the game, as the timeout e-mail would have said it (it is
    not sent then: one e-mail for one event); "" when the last one to leave resigned."""
    event = GameEvent.objects.filter(game=game).order_by("-move_number", "-pk").first()
    if event is None or event.kind != GameEvent.Kind.LOST or event.move_number != game.move_count:
        return ""
    seat = game.seats.filter(position=event.seat).first()
    data = {"action": "lost", "move_number": event.move_number, "player": seat.display_name if seat else ""}
    return _timeout_event(data, you=n.user_id is not None and n.user_id == event.user_id)


def _reminder(ctx: dict, n: Notification, data: dict, link) -> None:
    game = _game(n)
    ctx.update(data)
    ctx["time_left"] = _time_left(game, data.get("deadline"))
    ctx["button_url"] = link(_game_path(game) + "#turn-panel")
    ctx["subject"] = _("Reminder: your turn in %(game)s (%(left)s left)") % {
        "game": game.title,
        "left": ctx["time_left"],
    }
    if data.get("action", "turn") != "turn":  # the Count's decision: passed, not lost, when time runs out
        ctx["button_url"] = link(_game_path(game) + "#decision-panel")
        ctx["subject"] = _("Reminder: a decision is waiting for you in %(game)s (%(left)s left)") % {
            "game": game.title,
            "left": ctx["time_left"],
        }
    _answerable_now(ctx, n, data.get("move_number"))


def _timeout(ctx: dict, n: Notification, data: dict, link) -> None:
    ctx.update(data)
    ctx["button_url"] = link(_game_path(_game(n)))
    ctx["event"] = _timeout_event(data, you=n.user is not None and data.get("user_id") == n.user.pk)
    ctx["subject"] = _("%(game)s: %(event)s") % {"game": _game(n).title, "event": ctx["event"]}


def _resigned(ctx: dict, n: Notification, data: dict, link) -> None:
    ctx.update(data)
    ctx["button_url"] = link(_game_path(_game(n)))
    ctx["subject"] = _("%(game)s: %(player)s resigned") % {"game": _game(n).title, "player": data.get("player", "")}


def _digest(ctx: dict, n: Notification, data: dict, link) -> None:
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
            "count": len(games)
        }
    else:
        ctx["subject"] = ngettext(
            "New chat messages in %(count)d game", "New chat messages in %(count)d games", len(ctx["chat"])
        ) % {"count": len(ctx["chat"])}


def _message(ctx: dict, n: Notification, data: dict, link) -> None:
    ctx["lines"] = data.get("lines", [])
    ctx["button_label"] = data.get("button", "")
    ctx["button_url"] = link(links.safe_path(data.get("path", "/")))
    ctx["subject"] = data.get("subject", settings.SITE_NAME)


def _reply(ctx: dict, n: Notification, data: dict, link) -> None:
    """A move by e-mail was not played: why, and if the game still waits for the player,
    how to answer (the turn e-mail's board, cells or options, and a fresh Reply-To)."""
    from .replies.handler import reason_text

    game = _game(n)
    ctx["reason"] = reason_text(data.get("reason", ""))
    ctx["detail"] = data.get("detail", "")
    ctx["line"] = data.get("line", "")
    ctx["in_reply_to"] = data.get("in_reply_to")
    waiting = (
        game.status == Game.Status.ACTIVE
        and game.current_seat is not None
        and Seat.objects.filter(game=game, position=game.current_seat, user=n.user).exists()
    )
    if waiting:
        _turn(ctx, n, {"move_number": game.move_count + 1, "action": game.pending_action or "turn"}, link)
    else:
        ctx["button_url"] = link(_game_path(game))
    ctx["template"] = "reply"
    ctx["subject"] = _("Your e-mail move in %(game)s was not played") % {"game": game.title}


KINDS: dict[str, Callable[[dict, Notification, dict, Callable[[str], str]], None]] = {
    Notification.Kind.TURN: _turn,
    Notification.Kind.INVITATION: _invitation,
    Notification.Kind.STARTED: _started,
    Notification.Kind.FINISHED: _finished,
    Notification.Kind.REMINDER: _reminder,
    Notification.Kind.TIMEOUT: _timeout,
    Notification.Kind.RESIGNED: _resigned,
    Notification.Kind.DIGEST: _digest,
    Notification.Kind.MESSAGE: _message,
    Notification.Kind.REPLY: _reply,
}
"""What each kind of e-mail adds to the context."""


def _timeout_event(data: dict, you: bool) -> str:
    """What happened on time, as one sentence: to the player themself, or about them."""
    action, number = data.get("action"), data.get("move_number", "?")
    values = {"player": data.get("player") or _("A player"), "number": number}
    if action == "closed_bot":  # an account was deleted (games.privacy)
        return _("%(player)s closed their account: a bot plays the seat from now on (move %(number)s).") % values
    if action == "closed":
        return _("%(player)s closed their account and left the game (move %(number)s).") % values
    if action == "bot":
        return (
            _("You ran out of time: a bot plays the seat from now on (move %(number)s).")
            if you
            else _("%(player)s ran out of time: a bot plays the seat from now on (move %(number)s).")
        ) % values
    if action == "lost":
        return (
            _("You lost on time (move %(number)s).") if you else _("%(player)s lost on time (move %(number)s).")
        ) % values
    return (
        _("Your turn was skipped: time ran out (move %(number)s).")
        if you
        else _("%(player)s had their turn skipped: time ran out (move %(number)s).")
    ) % values


def build_message(n: Notification) -> EmailMultiAlternatives:
    """The e-mail of outbox row ``n``, written in its recipient's language (their setting,
    else the language they last used the site in; never the sender's)."""
    if n.kind == Notification.Kind.ACCOUNT:
        return account_mail.build(n)
    with links.origin((n.data or {}).get("site_url", "")), translation.override(recipient_language(n)):
        return _build_message(n)


def recipient_language(n: Notification) -> str:
    """The language of ``n``'s e-mail: its user's (see accounts.language); an address
    without an account gets the language its row was written in, else the site's default."""
    if n.user is not None:
        return language.for_user(n.user)
    return language.supported((n.data or {}).get("language")) or settings.LANGUAGE_CODE


def _thread_headers(n: Notification, ctx: dict, domain: str) -> dict[str, str]:
    """All e-mails of one game are one thread in mail clients: each refers to the game's
    (never sent) first message; an answer to a reply also to the reply itself."""
    if n.game_id is None:
        return {}
    root = f"<game-{n.game_id}@{domain}>"
    answered = ctx.get("in_reply_to")
    headers = {"In-Reply-To": answered or root, "References": f"{root} {answered}" if answered else root}
    if n.kind == Notification.Kind.REPLY:  # an automatic answer: mail servers and clients must not answer it
        headers["Auto-Submitted"] = "auto-replied"
    return headers


def _paragraphs(text: str) -> str:
    """The text part as a person writes it: at most one blank line between paragraphs
    (a template's optional lines leave runs of them), no spaces at line ends."""
    text = re.sub(r"[ \t]+\n", "\n", text)
    return re.sub(r"\n{3,}", "\n\n", text).strip("\n") + "\n"


def _build_message(n: Notification) -> EmailMultiAlternatives:
    ctx = context_for(n)
    name = ctx.get("template", n.kind)
    text = _paragraphs(render_to_string(f"notifications/email/{name}.txt", ctx))
    html = render_to_string(f"notifications/email/{name}.html", ctx)
    domain = urlsplit(links.site_url()).hostname or "localhost"
    headers = {
        "List-Unsubscribe": f"<{ctx['unsubscribe_url']}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        # Stable per notification: a (rare) resend after a crash is recognisably the same mail.
        "Message-ID": f"<notification-{n.pk}@{domain}>",
        "X-Carcassonne-Notification": f"{n.kind}:{n.pk}",
    }
    headers.update(_thread_headers(n, ctx, domain))
    reply_to = [ctx["reply_to"]] if ctx.get("reply_to") else None
    message = EmailMultiAlternatives(
        single_line(ctx["subject"]), text, None, [n.email], headers=headers, reply_to=reply_to
    )
    message.attach_alternative(html, "text/html")
    if ctx["images"]:
        message.mixed_subtype = "related"  # type: ignore[attr-defined]  # Django 5.2 has it; django-stubs 6 (Django 6) dropped it
        for cid, png in ctx["images"].items():
            image = MIMEImage(png, "png")
            image.add_header("Content-ID", f"<{cid}>")
            image.add_header("Content-Disposition", "inline", filename=f"{cid}.png")
            message.attach(image)
    return message
