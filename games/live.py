"""The live version of a game page (``/games/<id>/live/``, polled by static/js/live.js):
short strings that change when what the page shows changes, with an ETag, so that an
unchanged page costs a 304. The game's part is this app's; the apps above add theirs by
answering :data:`games.signals.page_parts` (the chat: its messages), so the games app
depends on none of them.

An unchanged poll is answered by :class:`UnchangedPollMiddleware`, near the top of the
middleware stack, without the session, the user, the game or any SQL: one question to the
cache. What it checks:

- each game has a *token* in the cache (``games:live:<id>``), replaced on commit of
  anything that changes a part of its live version (:func:`changed`: the game or its seats
  saved, by this module's receivers; a chat message, by the chat's), and each user one
  (``games:live:viewer:<id>``) for what changes their parts of every game (their mutes:
  :func:`viewer_changed`);
- the ETag names the tokens it was issued with, and its two HMACs (keyed by ``SECRET_KEY``)
  bind it to the session cookie it was issued to and the game: ``fast`` over the tokens,
  ``full`` over the parts themselves. The middleware answers 304 when ``fast`` checks and
  both tokens are still the cache's; a tag of another session, another game or a token
  since replaced goes on to the view, whose answer is today's: the game read (a missing or
  private game the same 404), the parts compared through ``full``.

Tokens are kept only in a cache every process shares (``LIVE_POLL_TOKENS``, on with
``CACHE_URL``); without one, every poll takes the view's way. On any doubt the view answers: the cache missing a token or not answering, a tag the
middleware cannot read. A token is read before the game (a change committed after that is
announced after it too, so a tag never names a token newer than its parts), and one that
could not be replaced (the cache did not answer) is replaced at the process's next chance;
tokens expire after :data:`TOKEN_SECONDS` in any case. A 304 tells a viewer only that
nothing changed since the tag they were given.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import threading
from collections.abc import Sequence

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.http import Http404, HttpResponse, HttpResponseNotModified, JsonResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from . import signals
from .models import Game, Seat
from .visibility import game_for_viewer

VERSION_FIELDS = ("move_count", "status", "current_seat", "updated_at", "private")
"""The columns the version reads (and whether the game is private)."""

TOKEN_SECONDS = 600
"""How long a token lives unless replaced: the longest a page can stay behind a change
whose announcement never reached the cache (its process died before the cache answered)."""

NO_TOKEN = "-"  # in a tag issued while the cache had no token: the middleware never answers it
_GAME_KEY = "games:live:{}"
_VIEWER_KEY = "games:live:viewer:{}"
_POLL = re.compile(r"/games/(\d+)/live/\Z")  # games/urls.py: "game-live"
_PAGE = re.compile(r"/games/(\d+)/(?:fragment/)?\Z")  # "game-detail", "game-fragment"
_TAG = re.compile(r'"([0-9a-f]{12}|-)\.([0-9a-f]{12}|-)\.(\d+)\.([0-9a-f]{16})\.([0-9a-f]{16})"')

_unsent: set[str] = set()  # keys whose token the cache did not take: replaced at the next chance
_unsent_lock = threading.Lock()


def game_part(game: Game) -> str:
    """The game's moves, status, whose turn and last change, in one string."""
    stamp = int(game.updated_at.timestamp() * 1000) if game.updated_at else 0
    return f"{game.move_count}.{game.status}.{game.current_seat}.{stamp}"


def version(game: Game, user, seats: Sequence[Seat] | None = None) -> dict[str, str]:
    """``{"game": ..., <each listening app's part>: ...}`` for ``user``'s page of ``game``
    (``seats``: the game's, when the caller has them)."""
    parts = {"game": game_part(game)}
    for _receiver, answer in signals.page_parts.send(sender=Game, game=game, user=user, seats=seats):
        if isinstance(answer, dict):
            parts.update(answer)
    return parts


# --- tokens -------------------------------------------------------------------------------


def _on() -> bool:
    """Whether the pages' tokens are kept: only in a cache every process shares."""
    return getattr(settings, "LIVE_POLL_TOKENS", False)


def _replace(keys: set[str]) -> None:
    """New tokens for ``keys`` (and for those the cache missed before), in one round trip."""
    if not _on():
        return
    with _unsent_lock:
        keys = keys | _unsent
        _unsent.clear()
    failed = cache.set_many({key: secrets.token_hex(6) for key in keys}, TOKEN_SECONDS)
    if failed:
        with _unsent_lock:
            _unsent.update(failed)


def changed(game_id: int) -> None:
    """Something of ``game_id``'s live version changes: its token is replaced once the
    transaction commits (at once outside one), so that every open page asks again."""
    key = _GAME_KEY.format(game_id)
    transaction.on_commit(lambda: _replace({key}))


def viewer_changed(user_id: int) -> None:
    """Something of ``user_id``'s parts of every game changes (a mute): on commit."""
    key = _VIEWER_KEY.format(user_id)
    transaction.on_commit(lambda: _replace({key}))


@receiver(post_save, sender=Game, dispatch_uid="games_live_game_saved")
@receiver(post_delete, sender=Game, dispatch_uid="games_live_game_deleted")
def _game_saved(sender, instance: Game, raw: bool = False, **kwargs) -> None:
    if not raw:
        changed(instance.pk)


@receiver(post_save, sender=Seat, dispatch_uid="games_live_seat_saved")  # seats go only with their game
def _seat_saved(sender, instance: Seat, raw: bool = False, **kwargs) -> None:
    if not raw:
        changed(instance.game_id)


def _tokens(game_id: int, viewer: int) -> tuple[str | None, str | None]:
    """The game's token and the viewer's (``viewer`` 0: anonymous, who has none to keep)."""
    if not _on():
        return NO_TOKEN, NO_TOKEN
    keys = [_GAME_KEY.format(game_id)] + ([_VIEWER_KEY.format(viewer)] if viewer else [])
    found = cache.get_many(keys)
    return found.get(keys[0]), (found.get(keys[1]) if viewer else NO_TOKEN)


def _kept(game_id: int, viewer: int, tokens: tuple[str | None, str | None]) -> tuple[str, str]:
    """The tokens a tag may name, after the game was read with ``tokens`` read before it: those,
    and where the cache had none, a token added now (a change after the read replaces it
    too); not one another request added meanwhile (it may be newer than what was read)."""
    keys = (_GAME_KEY.format(game_id), _VIEWER_KEY.format(viewer))
    kept = []
    for key, token in zip(keys, tokens, strict=True):
        if token is None:
            fresh = secrets.token_hex(6)
            token = fresh if cache.add(key, fresh, TOKEN_SECONDS) else NO_TOKEN
        kept.append(token)
    return kept[0], kept[1]


# --- tags ---------------------------------------------------------------------------------

_keys: dict[str, bytes] = {}


def _mac(*fields: object) -> str:
    secret = settings.SECRET_KEY
    if secret not in _keys:
        _keys[secret] = hashlib.sha256(b"games.live:" + secret.encode()).digest()
    message = "|".join(map(str, fields)).encode()
    return hmac.new(_keys[secret], message, hashlib.sha256).hexdigest()[:16]


def _session(request) -> str:
    return request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")


def _viewer(request) -> int:
    user = getattr(request, "user", None)
    return user.pk if user is not None and user.is_authenticated else 0


def tag_for(request, game_id: int, parts: dict[str, str], tokens: tuple[str, str]) -> str:
    """The ETag of ``parts`` for this request's session, naming ``tokens`` (:func:`_kept`)."""
    viewer, session = _viewer(request), _session(request)
    fast = _mac("fast", session, game_id, viewer, *tokens)
    full = _mac("full", session, game_id, *parts.values())
    return f'"{tokens[0]}.{tokens[1]}.{viewer}.{fast}.{full}"'


def page_version(request, game: Game, user, seats: Sequence[Seat] | None = None) -> tuple[dict[str, str], str]:
    """The parts and the tag a page of ``game`` starts with (and the fragment that replaces
    it). The game was read long before the page is drawn, so the game's token is the one
    :class:`UnchangedPollMiddleware` read before the view ran, if it did (else none: the
    first poll hands the page its tag); the viewer's is read here, before their parts."""
    viewer = _viewer(request)
    early = getattr(request, "_live_game_token", None)
    game_token = early[1] if early is not None and early[0] == game.pk else NO_TOKEN
    viewer_token = cache.get(_VIEWER_KEY.format(viewer)) if viewer and _on() else NO_TOKEN
    parts = version(game, user, seats)
    tokens = _kept(game.pk, viewer, (game_token, viewer_token))
    return parts, tag_for(request, game.pk, parts, tokens)


def _sent_tags(request) -> list[str]:
    return [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]


def _unchanged(request, game_id: int) -> str | None:
    """The request's tag if it is still current for its session and game, by the cache
    alone; else None (the view decides)."""
    for sent in _sent_tags(request):
        match = _TAG.fullmatch(sent)
        if match is None:
            continue
        game_token, viewer_token, viewer = match.group(1), match.group(2), int(match.group(3))
        if game_token == NO_TOKEN or (viewer_token == NO_TOKEN) != (viewer == 0):
            continue
        fast = _mac("fast", _session(request), game_id, viewer, game_token, viewer_token)
        if not hmac.compare_digest(fast, match.group(4)):
            continue
        if _unsent:
            _replace(set())  # a change this process could not announce comes first
        if _tokens(game_id, viewer) == (game_token, viewer_token):
            return sent
    return None


def _answer(response: HttpResponse, tag: str) -> HttpResponse:
    response["ETag"] = tag
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ["Cookie"])
    return response


class UnchangedPollMiddleware:
    """Answers an unchanged poll of a game page (its ETag still current) with a 304 before
    the session, the user and the game are loaded; anything else goes on to the view. For
    the game page and its fragment, reads the game's token before the view reads the game
    (:func:`page_version`)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "GET" and _on():
            poll = _POLL.match(request.path_info)
            if poll is not None and "If-None-Match" in request.headers:
                request.get_host()  # a host not allowed is refused as on any other path
                tag = _unchanged(request, int(poll.group(1)))
                if tag is not None:
                    return _answer(HttpResponseNotModified(), tag)
            page = _PAGE.match(request.path_info)
            if page is not None:
                game_id = int(page.group(1))
                request._live_game_token = (game_id, cache.get(_GAME_KEY.format(game_id)))
        return self.get_response(request)


@require_GET
def live(request, game_id: int):
    """The version with an ETag; ``If-None-Match`` gets a 304 (missing or private: 404)."""
    viewer = _viewer(request)
    tokens = _tokens(game_id, viewer)  # before the game: see the module's docstring
    try:
        game = game_for_viewer(game_id, request.user, Game.objects.only(*VERSION_FIELDS))
    except Http404:  # missing or private: the same answer
        return JsonResponse({"detail": _("There is no such game.")}, status=404)
    parts = version(game, request.user)
    tag = tag_for(request, game_id, parts, _kept(game_id, viewer, tokens))
    response: HttpResponse
    if tag in _sent_tags(request):
        response = HttpResponseNotModified()
    else:
        response = JsonResponse(parts)
    return _answer(response, tag)
