"""Finding games in the archive: the games matching :class:`~archive.filters.Filters`, a
page of them as list rows, and their ids for the exports.

Every function here issues a fixed number of SQL queries whatever the number of games
(the tests check it).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace
from functools import partial
from typing import Any

from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from carcassonne import COLORS
from games.board_svg import seat_hex  # the one table of seat colours
from games.models import Game, Seat, ended_early
from games.present.entries import departures
from games.recorded import departure_moves

from .filters import SORTS, FilterError, Filters, is_choice
from .kept import kept
from .models import OPTIONS_BY_NAME, GameResult, RuleTag, SeatResult
from .results import rules_of_game
from .tournament_links import tournament_columns, tournament_json, tournament_name_column

User = get_user_model()

PAGE_SIZE = 25


def _day_start(day: dt.date) -> dt.datetime:
    return timezone.make_aware(dt.datetime.combine(day, dt.time.min), timezone.get_current_timezone())


def _users(names: Iterable[str]) -> dict[str, Any]:
    """Users by lower-cased username (one query)."""
    names = [n for n in names if n]
    if not names:
        return {}
    q = Q()
    for name in names:
        q |= Q(username__iexact=name)
    return {u.username.lower(): u for u in User.objects.filter(q).only("id", "username")}


def _game_rule(option, wanted) -> tuple[Q, bool]:
    """``(q, present)``: games in progress match ``wanted`` for ``option`` where ``q`` holds
    (``present``) or where it does not; read from the game's NOTATION.md rules object, which
    lists the expansions and holds a house rule only when it is not as published."""
    if option.kind == "expansion":
        return Q(rules__expansions__icontains=f'"{option.name}"'), wanted
    if is_choice(option):
        return Q(**{f"rules__{option.name}": wanted}), True
    return Q(rules__has_key=option.name), wanted != bool(option.default)


def _tag(name: str, wanted: Any) -> tuple[str | None, bool]:
    """``(tag, present)``: finished games match ``wanted`` for option ``name`` where their
    result has the tag (``present``) or where it has not (a "no": off is no tag)."""
    present = wanted is not False
    return RuleTag.tag_for(name, wanted if present else True), present


def _tagged(name: str, wanted: Any, result: str = "pk") -> tuple[Exists, bool]:
    """``(tagged, present)`` of :func:`_tag`, as a condition on the outer ``result`` id."""
    tag, present = _tag(name, wanted)
    return Exists(RuleTag.objects.filter(result=OuterRef(result), tag=tag)), present


def search(filters: Filters, known: dict[str, Any] | None = None):
    """The games matching ``filters``, as a queryset: ``GameResult`` rows for finished
    games, ``Game`` rows for active ones. Raises :class:`FilterError` for an unknown
    player name. Two queries at most (users, then the lazy queryset); one when ``known``
    gives the users by lower-cased name (a player's page has read its player)."""
    users = known if known is not None else _users([*filters.players, filters.winner])

    def user(name: str, param: str):
        found = users.get(name.lower())
        if found is None:
            raise FilterError(param, _("there is no player called %(name)r") % {"name": name})
        return found

    if filters.status == "active":
        if filters.winner or filters.finished_after or filters.finished_before:
            return Game.objects.none()  # an active game has neither finished nor been won
        qs: QuerySet[Any] = Game.objects.filter(status=Game.Status.ACTIVE, private=False)  # or of GameResult
        for name in filters.players:
            qs = qs.filter(seats__user=user(name, "player"))
        for name, wanted in filters.rules.items():
            q, present = _game_rule(OPTIONS_BY_NAME[name], wanted)
            qs = qs.filter(q) if present else qs.exclude(q)
        if filters.tournament is not None:
            qs = qs.filter(tournament_pairing__round__tournament_id=filters.tournament)
        if filters.round is not None:
            qs = qs.filter(tournament_pairing__round__number=filters.round)
        if filters.player_count:
            qs = qs.annotate(seat_count=Count("seats", distinct=True)).filter(seat_count=filters.player_count)
        order = ("-updated_at", "-pk") if filters.sort == "-finished" else ("updated_at", "pk")
        return qs.order_by(*order)

    qs = GameResult.objects.filter(private=False)  # private games are never listed
    for name in filters.players:
        qs = qs.filter(seats__user=user(name, "player"))
    if filters.winner:
        qs = qs.filter(seats__user=user(filters.winner, "winner"), seats__won=True)
    if filters.finished_after:
        qs = qs.filter(finished_at__gte=_day_start(filters.finished_after))
    if filters.finished_before:
        qs = qs.filter(finished_at__lt=_day_start(filters.finished_before + dt.timedelta(days=1)))
    for name, wanted in filters.rules.items():
        tagged, present = _tagged(name, wanted)
        qs = qs.filter(tagged) if present else qs.exclude(tagged)
    if filters.player_count:
        qs = qs.filter(player_count=filters.player_count)
    if filters.tournament is not None:
        qs = qs.filter(tournament_id=filters.tournament)
    if filters.round is not None:
        qs = qs.filter(round=filters.round)
    if filters.players:
        # Walk the first player's SeatResult(user, finished_at, result) index: the
        # order is the same (finished_at is copied there) and a page costs a few rows.
        order = (
            ("-seats__finished_at", "-seats__result_id")
            if filters.sort == "-finished"
            else ("seats__finished_at", "seats__result_id")
        )
        return qs.order_by(*order)
    return qs.order_by(*SORTS[filters.sort])


@dataclass
class Row:
    """One game of a list, whatever its table."""

    id: int
    title: str
    status: str
    finished_at: dt.datetime | None
    updated_at: dt.datetime | None
    move_count: int
    players: list[dict[str, Any]]
    tournament_id: int | None = None
    tournament_name: str | None = None
    round: int | None = None
    has_bots: bool = False
    rules: dict[str, Any] = field(default_factory=dict)  # the NOTATION.md rules object (rule tags)
    ended_early: bool = False  # a player left before their second turn: not rated
    departures: list[str] = field(default_factory=list)  # who resigned or lost on time, at which move

    @property
    def winners(self) -> list[str]:
        return [p["username"] for p in self.players if p.get("won")]

    @property
    def tournament(self) -> dict[str, Any] | None:
        return tournament_json(self.tournament_id, self.tournament_name, self.round)

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.title,
            "status": self.status,
            "finished_at": self.finished_at,
            "updated_at": self.updated_at,
            "move_count": self.move_count,
            "rules": api_rules(self.rules),
            "players": self.players,
            "winners": self.winners,
            "tournament": self.tournament,
        }


API_RULE_FLAGS = ("river",)
"""Expansions the API's rules object also states as a boolean key of their own: it did so
before the rules object listed the expansions, and clients read it."""


def api_rules(rules: dict[str, Any]) -> dict[str, Any]:
    """A game's rules object as the archive API lists it: the NOTATION.md rules object
    plus the :data:`API_RULE_FLAGS`."""
    expansions = rules.get("expansions") or []
    return {**rules, **{name: name in expansions for name in API_RULE_FLAGS}}


def rules_of(game: Game) -> dict[str, Any]:
    """The NOTATION.md rules object of a stored game, as the engine writes it (no query)."""
    return rules_of_game(game.rules).to_json()


def rows_of(page_objects: Iterable, status: str) -> list[Row]:
    """List rows for one page of :func:`search` (one or two more queries, prefetches)."""
    rows = []
    if status == "active":
        games = (
            Game.objects.filter(pk__in=[g.pk for g in page_objects])
            .annotate(**tournament_columns())
            .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("position")))
        )
        by_id: dict[int, Any] = {g.pk: g for g in games}  # each with its tournament_columns()
        for g in page_objects:
            game = by_id[g.pk]
            scores = list(game.scores or [])
            rows.append(
                Row(
                    game.pk,
                    game.title,
                    game.status,
                    None,
                    game.updated_at,
                    game.move_count,
                    [
                        {
                            "username": seat.display_name,
                            "position": seat.position,
                            "color": seat.color,
                            "hex": seat_hex(seat.position),
                            "score": scores[i] if i < len(scores) else 0,
                            "won": False,
                            "outcome": None,
                            "rank": None,
                        }
                        for i, seat in enumerate(game.seats.all())
                    ],
                    game.t_id,
                    game.t_name,
                    game.t_round,
                    game.has_bots,
                    rules_of(game),
                )
            )
        return rows
    return _finished_rows(page_objects)


def _finished_rows(page_objects: Iterable) -> list[Row]:
    """The rows of finished games (``page_objects``: :func:`_with_rows`' dicts), with their seats."""
    rows = []
    results = list(page_objects)  # dicts of _ROW_COLUMNS: no model row per game and seat
    games = [_game_of(r) for r in results]
    seats_of: dict[int, list[dict[str, Any]]] = {r["game_id"]: [] for r in results}
    for seat in (
        SeatResult.objects.filter(result_id__in=seats_of).order_by("result_id", "position").values(*_ROW_SEAT_COLUMNS)
    ):
        seats_of[seat["result_id"]].append(seat)
    early = ended_early(games)
    left = departure_moves(g.pk for g in games if (g.outcome or {}).get("left"))
    for result, game in zip(results, games):
        seats = seats_of[game.pk]
        rows.append(
            Row(
                game.pk,
                game.title,
                game.status,
                result["finished_at"],
                game.updated_at,
                result["move_count"],
                [
                    {
                        "username": s["username"],
                        "position": s["position"],
                        "color": COLORS[s["position"]],
                        "hex": seat_hex(s["position"]),
                        "score": s["score"],
                        "won": s["won"],
                        "outcome": s["outcome"],
                        "rank": s["rank"],
                    }
                    for s in seats
                ],
                result["tournament_id"],
                result["tournament_name"],
                result["round"],
                game.has_bots,
                rules_of(game),
                game.pk in early,
                departures(left.get(game.pk, ()), [s["username"] for s in seats]),
            )
        )
    return rows


_ROW_GAME_COLUMNS = ("name", "status", "updated_at", "has_bots", "rules", "outcome")
_ROW_COLUMNS = (
    *("game_id", "finished_at", "move_count", "tournament_id", "round", "tournament_name"),
    *(f"game__{name}" for name in _ROW_GAME_COLUMNS),
)
_ROW_SEAT_COLUMNS = ("result_id", "position", "username", "score", "won", "outcome", "rank")


def _with_rows(qs):
    """Finished games as the columns their list rows show (their game's, their tournament's
    name), as dicts: a page's ~100 model rows and ~180 dates read for nothing were most of
    its cost. :func:`rows_of` reads the seats."""
    return qs.annotate(tournament_name=tournament_name_column()).values(*_ROW_COLUMNS)


def _game_of(result: dict[str, Any]) -> Game:
    """An unsaved game with what a list row asks of it (its title, rules, departures)."""
    return Game(pk=result["game_id"], **{name: result[f"game__{name}"] for name in _ROW_GAME_COLUMNS})


def count_matching(filters: Filters, qs, users: dict[str, Any] | None = None) -> int:
    """How many games of ``qs`` (:func:`search` for ``filters``; ``users``: the players it
    found by lower-cased name, if known) match. Searched by rules alone, with a "yes" among
    them, they are counted on the rule tags' ``(tag, result)`` index: the games with that
    tag, less the private ones (few, on their own index), with the other rules; the results
    table is never read. By one player alone, on their seats (:func:`_count_games_of`).
    Otherwise ``qs.count()``."""
    if users and len(filters.players) == 1 and replace(filters, players=[], sort=Filters().sort).is_default():
        return _count_games_of(users[filters.players[0].lower()])
    yes = [name for name, wanted in filters.rules.items() if wanted is not False]
    if not yes or not replace(filters, rules={}, sort=Filters().sort).is_default():
        return qs.count()
    tag, _present = _tag(yes[0], filters.rules[yes[0]])
    private = GameResult.objects.filter(private=True).values("game_id")
    tags = RuleTag.objects.filter(tag=tag).exclude(result_id__in=private)
    for name, wanted in filters.rules.items():
        if name != yes[0]:
            tagged, present = _tagged(name, wanted, "result_id")
            tags = tags.filter(tagged) if present else tags.exclude(tagged)
    return tags.count()


def _count_games_of(player) -> int:
    """``player``'s public finished games: their seats, counted on one covering index, less
    those in private games, found from the few private ones (not a probe of the results'
    privacy for each of a thousand games)."""
    seats = SeatResult.objects.filter(user=player)
    return seats.count() - seats.filter(result__private=True).count()


class SearchPaginator(Paginator):
    """Pages of :func:`search`: counted by :func:`count_matching`; a page of finished games
    is picked on the archive tables alone (``k`` pages in, the rows skipped are index
    entries, not games with their tournament), and only its games are read with what their
    rows show, in the same query."""

    def __init__(self, qs, per_page: int, filters: Filters, users: dict[str, Any] | None = None) -> None:
        super().__init__(qs, per_page)
        self.filters, self.users = filters, users

    @cached_property
    def count(self) -> int:
        if self.filters.status == "active":  # games in progress change without the archive
            return count_matching(self.filters, self.object_list)
        # finished public games: kept until a result it may count changes (archive.kept), under
        # the query itself (the players' ids as the names now name them, the rules' tags)
        parts = [str(self.object_list.query), *self.filters.rules.items()]  # type: ignore[attr-defined]  # a QuerySet
        count = partial(count_matching, self.filters, self.object_list, self.users)
        return kept("count", parts, count, _players(self.filters))

    def page(self, number):
        if self.filters.status == "active":
            return super().page(number)
        number = self.validate_number(number)
        bottom = (number - 1) * self.per_page
        picked = self.object_list.values("pk")[bottom : bottom + self.per_page]
        games = GameResult.objects.filter(pk__in=picked).order_by(*SORTS[self.filters.sort])
        return self._get_page(_with_rows(games), number, self)


_SHAPE = [f.name for f in fields(Row)]
"""The kept rows' fields: a release that changes them reads none kept by the one before."""


def _page_number(page: Any) -> int:
    """The page asked for as a number (anything else: 1), so that junk in ``?page=`` never
    makes a new cache key of its own."""
    try:
        return min(max(int(page), 1), 10**6)
    except (TypeError, ValueError):
        return 1


def search_page(filters: Filters, page: Any = 1, per_page: int = PAGE_SIZE, known: dict[str, Any] | None = None):
    """``(page, rows)`` for ``filters``; a page number out of range gives the last page
    (``known``: as :func:`search`'s). A page of finished games is the same for every reader
    (public games only) until a result it may list changes: kept (:mod:`archive.kept`) under
    the filters, the page and the language (a row tells departures in words)."""
    if filters.status == "active":  # games in progress change without the archive
        page_obj = SearchPaginator(search(filters, known), per_page, filters).get_page(page)
        return page_obj, rows_of(page_obj.object_list, filters.status)

    def read() -> tuple[int, int, list[Row]]:
        users = known if known is not None else _users([*filters.players, filters.winner])
        found = SearchPaginator(search(filters, users), per_page, filters, users).get_page(number)
        return found.number, found.paginator.count, rows_of(found.object_list, filters.status)

    number = _page_number(page)
    kept_number, count, rows = kept(
        "page", [_SHAPE, repr(filters), number, per_page, get_language()], read, _players(filters)
    )
    # what the pager shows, from the count alone: Django's page over the positions, not the games
    return Paginator(range(count), per_page).page(kept_number), rows


def _players(filters: Filters) -> list[str] | None:
    """The players a search of finished games is narrowed to (every game it lists is one of
    theirs: only their results change it), or None (any result may)."""
    names = [*filters.players, *([filters.winner] if filters.winner else [])]
    return names or None


def matching_ids(filters: Filters) -> list[int]:
    """Ids of every game matching ``filters`` (for the JSON-lines export)."""
    qs = search(filters)
    if filters.status == "active":
        return list(qs.values_list("pk", flat=True))
    return list(qs.values_list("game_id", flat=True))
