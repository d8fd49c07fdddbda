"""Hostile input everywhere: every operation of the API's schema and every form of the site's
pages, sent values no person types (lone surrogates, NUL characters, 300 and 10,000
characters, JSON nested too deeply, wrong types, huge and negative numbers, ``next=``
values that are not paths) by a visitor, a signed-in stranger and a player of a game
against a bot. None may answer a server error, and a refusal (4xx) stores nothing.

The forms are found by reading the pages (every URL pattern but the API's, its
parameters filled in), so a form added tomorrow is swept too."""

from __future__ import annotations

import functools
import json
import re
import time
from html.parser import HTMLParser
from urllib.parse import quote, urlsplit

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from accounts.models import User
from chat.models import Message
from games import bot_seats, lobby
from games.models import Game, Move, Seat
from tournaments import creation
from tournaments.models import Entry, Tournament

LONE = "\ud800"
NUL = "a\x00b"
NOT_PATHS = ["abc", "0", "NaN", "x y"]
HUGE_ID = "9" * 30  # in a path: more than any database's integer holds
DEEP = "[" * 40 + "]" * 40  # deeper than the API's parser reads

# Values of one field or parameter (the API sends them as JSON, the forms as text).
VALUES = {
    "lone surrogate": LONE,
    "NUL": NUL,
    "300 characters": "x" * 300,
    "10,000 characters": "x" * 10_000,
    "huge number": 10**30,
    "negative number": -1,
    "list": ["x"],
    "object": {"x": 1},
}
# The same as a form's text (a form knows no types: a number is text too).
TEXTS = {
    label: json.dumps(VALUES[label]) if not isinstance(VALUES[label], str) else VALUES[label]
    for label in (
        "lone surrogate",
        "NUL",
        "300 characters",
        "10,000 characters",
        "huge number",
        "negative number",
    )
}
# Whole bodies of the API that are not an object of fields.
BODIES = {"deep JSON": DEEP, "a list": '["x"]', "a string": '"x"', "NaN": "NaN", "a key": json.dumps({LONE: 1})}

COUNTED = (User, Game, Seat, Move, Tournament, Entry, Message)

SKIPPED_ROUTES = ("api/", "admin/", "anymail/", "outbox/")
# Answers 503 by design when a part of the site is down (no beat or worker in the tests).
DOWN_BY_DESIGN = ("/health/",)
# Never submitted: it would end the viewer's session (or account) halfway through the sweep.
NOT_SUBMITTED = ("/accounts/logout/", "/accounts/delete/")


def rows() -> tuple[int, ...]:
    return tuple(model.objects.count() for model in COUNTED)


class Forms(HTMLParser):
    """The forms of a page: (method, action, {name: value}, {name: kind}) with the values a
    browser would send as the page stands (text, checked boxes, the selected option, the
    first named button)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, str, dict[str, str], dict[str, str]]] = []
        self._current: tuple[str, str, dict[str, str], dict[str, str]] | None = None
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = {key: value or "" for key, value in attrs}
        if tag == "form":
            self._current = (a.get("method", "get").lower() or "get", a.get("action", ""), {}, {})
            self.forms.append(self._current)
            return
        if self._current is None:
            return
        values, kinds = self._current[2], self._current[3]
        if tag == "option" and self._select and ("selected" in a or not values[self._select]):
            values[self._select] = a.get("value", "")
        if not a.get("name"):
            return
        name = a["name"]
        if tag == "input":
            kind = a.get("type", "text").lower() or "text"
            unchecked = kind in ("checkbox", "radio") and "checked" not in a
            values[name] = values.get(name, "") if unchecked else a.get("value", "")
            kinds[name] = kind
        elif tag == "button" and not any(kind == "button" for kind in kinds.values()):
            values[name], kinds[name] = a.get("value", ""), "button"
        elif tag in ("textarea", "select"):
            values[name], kinds[name] = "", "text" if tag == "textarea" else "select"
            self._select = name if tag == "select" else None

    def handle_endtag(self, tag):
        if tag == "form":
            self._current = None
        elif tag == "select":
            self._select = None


PLAIN = {"email": "sweep@example.com", "number": "1", "text": "sweep", "search": "sweep"}


def filled(defaults: dict[str, str], kinds: dict[str, str], password: str) -> dict[str, str]:
    """A form as a person fills it in: what the page gives, empty fields with plain values."""
    plain = {**PLAIN, "password": password}
    return {name: value or plain.get(kinds.get(name, "text"), "") for name, value in defaults.items()}


def form_body(fields: dict[str, str]) -> str:
    # surrogatepass: a lone surrogate goes as its three bytes (%ED%A0%80), as a hostile client sends it
    return "&".join(f"{quote(k, errors='surrogatepass')}={quote(v, errors='surrogatepass')}" for k, v in fields.items())


def query(params: dict[str, object]) -> str:
    return "?" + form_body({k: v if isinstance(v, str) else json.dumps(v) for k, v in params.items()})


def routes():
    """Every URL pattern of the site but the API, the admin and the webhooks, as (route, name)."""

    def walk(patterns, prefix=""):
        for p in patterns:
            if isinstance(p, URLResolver):
                yield from walk(p.url_patterns, prefix + str(p.pattern))
            elif isinstance(p, URLPattern):
                yield prefix + str(p.pattern)

    found = [r for r in walk(get_resolver().url_patterns) if not r.startswith(SKIPPED_ROUTES)]
    return sorted(set(found)) + ["admin/login/"]


@functools.cache
def api_operations():
    """(path, method, query parameters, body field names) of every operation of the schema."""
    from drf_spectacular.generators import SchemaGenerator

    spec = SchemaGenerator().get_schema(request=None, public=True)
    schemas = spec["components"]["schemas"]
    found = []
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            params = [p["name"] for p in operation.get("parameters", []) if p["in"] == "query"]
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
            if "$ref" in body:
                body = schemas[body["$ref"].rsplit("/", 1)[1]]
            found.append((path, method, params, sorted(body.get("properties", {})) or ["name"]))
    return found


class Sweep:
    def __init__(self, client: Client, ids: dict[str, str]):
        self.client, self.ids = client, ids
        self.failures: list[str] = []
        self.requests = 0

    def url(self, route: str, number: str = "") -> str:
        """``route`` (a pattern's or the schema's) with its parameters filled in (``number``:
        that for every number in it instead)."""

        def value(match):
            kind, name = match.group(1) or "", match.group(2)
            if number and (kind == "int" or name in ("pk", "id", "k", "number")):
                return number
            if name in ("pk", "id"):
                return self.ids["tournament" if "tournaments/" in route else "game"]
            if name in ("game_id", "tournament_id"):
                return self.ids[name.removesuffix("_id")]
            return self.ids.get(name, "1" if kind == "int" or name in ("k", "number") else "x")

        route = re.sub(r"<(?:(\w+):)?(\w+)>", value, route)
        route = re.sub(r"\{()(\w+)\}", value, route)
        return route if route.startswith("/") else "/" + route

    def send(self, label: str, method: str, url: str, body: str = "", content_type: str = ""):
        before = rows()
        self.requests += 1
        try:
            call = getattr(self.client, method)
            response = call(url, body, content_type=content_type) if method != "get" else call(url)
        except Exception as exc:  # noqa: BLE001 - a server error, re-raised by the test client: collected, all reported
            self.failures.append(f"{method.upper()} {url[:120]} [{label}]: {type(exc).__name__}: {str(exc)[:120]}")
            return None
        if response.status_code >= 500 and not (response.status_code == 503 and url.startswith(DOWN_BY_DESIGN)):
            self.failures.append(f"{method.upper()} {url[:120]} [{label}]: {response.status_code}")
        elif 400 <= response.status_code < 500 and rows() != before:
            self.failures.append(f"{method.upper()} {url[:120]} [{label}]: {response.status_code} but stored rows")
        return response

    def api(self):
        # Resigning last: the other operations are sent to a game that is still played.
        for path, method, params, fields in sorted(api_operations(), key=lambda op: op[0].endswith("/resign/")):
            url = self.url(path)
            for label, value in VALUES.items():
                if method == "get":
                    self.send(label, "get", url + query(dict.fromkeys(params or ["page"], value)))
                else:
                    body = json.dumps(dict.fromkeys(fields, value))
                    self.send(label, method, url, body, "application/json")
            if method != "get":
                for label, body in BODIES.items():
                    self.send(label, method, url, body, "application/json")
            if "{" in path:
                self.send(
                    "huge id", method, self.url(path, HUGE_ID), "{}" if method != "get" else "", "application/json"
                )

    def forms(self, password: str):
        """Every page (with ``next=`` values that are not paths), then every form on them."""
        self.ids = {**self.ids, "game": self.ids["other_game"]}  # one the API did not resign
        found: dict[tuple, tuple] = {}
        for i, route in enumerate(routes()):
            url = self.url(route)
            if "<int:" in route:
                self.send("huge id", "get", self.url(route, HUGE_ID))
            response = self.send("page", "get", url + query({"next": NOT_PATHS[i % len(NOT_PATHS)]}))
            if response is None or response.status_code != 200 or "html" not in response.get("Content-Type", ""):
                continue
            parser = Forms()
            parser.feed(response.content.decode())
            for method, action, defaults, kinds in parser.forms:
                target = urlsplit(action).path or urlsplit(url).path
                if target in NOT_SUBMITTED:
                    continue
                found.setdefault((method, target, tuple(sorted(defaults))), (method, target, defaults, kinds))
        for method, target, defaults, _kinds in found.values():
            fields = {name: value for name, value in defaults.items() if name != "csrfmiddlewaretoken"} or {"q": ""}
            for label, text in TEXTS.items():
                self.submit(label, method, target, dict.fromkeys(fields, text))
        # Filled in as a person would, each time with a next= that is not a path: last, since
        # some succeed (the resignation ends the game the forms above are about).
        for method, target, defaults, kinds in found.values():
            fields = filled({n: v for n, v in defaults.items() if n != "csrfmiddlewaretoken"}, kinds, password)
            for next_url in NOT_PATHS:
                self.submit(f"filled in, next={next_url!r}", method, target, {**fields, "next": next_url})
        return len(found)

    def submit(self, label, method, target, fields):
        if method == "post":
            self.send(label, "post", target, form_body(fields), "application/x-www-form-urlencoded")
        else:
            self.send(label, "get", target + "?" + form_body(fields))


@pytest.fixture
def world(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    make_user("carol")
    bot_game = bot_seats.create_game_with_bots(ann, bots=1, bot_level="beginner")
    other_game = bot_seats.create_game_with_bots(ann, bots=1, bot_level="beginner")
    human = lobby.create_game(ann, ["bob"])
    lobby.accept_invitation(human.pk, bob)
    tournament = creation.create_tournament(bob, name="Cup", format="swiss", swiss_rounds=1)
    return {
        "game": str(bot_game.pk),
        "other_game": str(other_game.pk),
        "tournament": str(tournament.pk),
        "username": "ann",
    }


@pytest.mark.django_db
@pytest.mark.parametrize("viewer", ["visitor", "stranger", "player"])
def test_no_hostile_input_answers_a_server_error_or_stores_anything_refused(world, viewer, password, settings):
    settings.DEBUG = False
    client = Client()
    if viewer != "visitor":
        client.force_login(User.objects.get(username="carol" if viewer == "stranger" else "ann"))
    sweep = Sweep(client, world)
    started, cpu = time.monotonic(), time.process_time()
    sweep.api()
    forms = sweep.forms(password)
    took, cpu = time.monotonic() - started, time.process_time() - cpu
    print(f"{viewer}: {sweep.requests} requests, {forms} forms, {took:.1f} s ({cpu:.1f} s of CPU)")
    assert (
        forms > (5 if viewer == "visitor" else 15) and sweep.requests > 500
    )  # the sweep found the site's forms and operations
    assert not sweep.failures, "\n".join(sweep.failures)
