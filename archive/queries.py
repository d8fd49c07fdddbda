"""Read-only queries of the archive: search, profiles, replays and record export.

Every function here issues a fixed number of SQL queries whatever the number of
games or moves (the tests check it), and never replays more than one game.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Iterator

from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.db import connection
from django.db.models import Avg, Count, Exists, F, Max, OuterRef, Prefetch, Q, Subquery
from django.http import Http404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine import COLORS, Rules
from games.engine import Game as EngineGame
from games.models import Game, Move, Seat, ended_early, is_tile_placement, left_early
from games.entries import CATEGORY_EXPANSION
from games.presenter.outcome import departure_moves, departures
from games.presenter.records import record_meta
from games.replay import named_entry
from games.visibility import game_for_viewer, visible_games

from .models import OPTIONS_BY_NAME, GameResult, RuleTag, SeatResult
from .results import rules_of_game

User = get_user_model()

PAGE_SIZE = 25
MAX_PAGE_SIZE = 100
MAX_PLAYER_FILTER = 2
STATUSES = ("finished", "active")
SORTS = {"-finished": ("-finished_at", "-game_id"), "finished": ("finished_at", "game_id")}

from games.board_svg import seat_hex  # noqa: E402  (the one table of seat colours)


# --- search ------------------------------------------------------------------------


class FilterError(ValueError):
    """A filter value that cannot be understood; ``field`` names the parameter."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(message)


RULE_OPTIONS = Rules.options()
"""Every rule option of the engine is a filter: an expansion or house rule by yes/no
(``incomplete_score`` is yes in the published game, ``hand`` is yes with any hand size),
a choice (``farm_scoring``) by its value."""


def is_choice(option) -> bool:
    return option.kind == "choice"


def choice_values(option) -> list[str]:
    return [str(value) for value, _label in option.choices]


_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


@dataclass
class Filters:
    """The archive's search parameters (query string of the list page and the API).

    ``tournament`` is a tournament id and ``round`` a round number (of any tournament
    unless ``tournament`` is given too).
    """

    status: str = "finished"
    players: list[str] = field(default_factory=list)
    winner: str = ""
    finished_after: dt.date | None = None
    finished_before: dt.date | None = None
    rules: dict[str, Any] = field(default_factory=dict)  # by option: yes (True), no (False) or a choice's value
    player_count: int | None = None
    tournament: int | None = None
    round: int | None = None
    sort: str = "-finished"

    @classmethod
    def from_query(cls, query) -> tuple["Filters", dict[str, str]]:
        """Read a QueryDict; returns the filters and ``{param: message}`` for bad values
        (a bad value is left out rather than failing the whole search)."""
        f, errors = cls(), {}

        def get(name: str) -> str:
            return (query.get(name) or "").strip()

        status = get("status") or "finished"
        if status in STATUSES:
            f.status = status
        else:
            errors["status"] = _("status must be one of %(values)s") % {"values": ", ".join(STATUSES)}
        names: list[str] = []
        for raw in query.getlist("player") if hasattr(query, "getlist") else [query.get("player") or ""]:
            names.extend(n for n in raw.replace(",", " ").split() if n)
        unique = list(dict.fromkeys(names))
        if len(unique) > MAX_PLAYER_FILTER:
            errors["player"] = ngettext("give at most %(count)d player", "give at most %(count)d players",
                                        MAX_PLAYER_FILTER) % {"count": MAX_PLAYER_FILTER}
        f.players = unique[:MAX_PLAYER_FILTER]
        f.winner = get("winner")
        for name in ("finished_after", "finished_before"):
            value = get(name)
            if value:
                try:
                    setattr(f, name, dt.date.fromisoformat(value))
                except ValueError:
                    errors[name] = _("%(name)s must be a date such as 2024-05-31") % {"name": name}
        for option in RULE_OPTIONS:
            value, error = _rule_value(option, get(option.name))
            if error:
                errors[option.name] = error
            elif value is not None:
                f.rules[option.name] = value
        count = get("players")
        if count:
            try:
                f.player_count = int(count)
                if not 2 <= f.player_count <= 6:
                    raise ValueError
            except ValueError:
                f.player_count = None
                errors["players"] = _("players must be a number from 2 to 6")
        for name, label in (("tournament", _("tournament must be a tournament number")),
                            ("round", _("round must be a round number, from 1"))):
            value = get(name)
            if value:
                if value.isdigit() and 1 <= int(value) <= 2**31:
                    setattr(f, name, int(value))
                else:
                    errors[name] = label
        sort = get("sort") or "-finished"
        if sort in SORTS:
            f.sort = sort
        else:
            errors["sort"] = _("sort must be one of %(values)s") % {"values": ", ".join(SORTS)}
        return f, errors

    def is_default(self) -> bool:
        return self == Filters()

    def query_items(self) -> list[tuple[str, str]]:
        """The filters as query-string pairs (pagination and export links)."""
        items: list[tuple[str, str]] = []
        if self.status != "finished":
            items.append(("status", self.status))
        items += [("player", p) for p in self.players]
        if self.winner:
            items.append(("winner", self.winner))
        for name in ("tournament", "round"):
            if getattr(self, name) is not None:
                items.append((name, str(getattr(self, name))))
        for name in ("finished_after", "finished_before"):
            if getattr(self, name):
                items.append((name, getattr(self, name).isoformat()))
        for option in RULE_OPTIONS:
            value = self.rules.get(option.name)
            if value is not None:
                items.append((option.name, value if is_choice(option) else ("yes" if value else "no")))
        if self.player_count:
            items.append(("players", str(self.player_count)))
        if self.sort != "-finished":
            items.append(("sort", self.sort))
        return items


def _rule_value(option, raw: str) -> tuple[Any, str | None]:
    """The filter value of ``option`` from the query string: ``(value, None)``, ``(None,
    None)`` when not given, or ``(None, message)`` for a value that cannot be understood."""
    if not raw:
        return None, None
    if is_choice(option):
        if raw in choice_values(option):
            return raw, None
        return None, _("%(name)s must be one of %(values)s") % {"name": option.name,
                                                                 "values": ", ".join(choice_values(option))}
    if raw.lower() in _TRUE:
        return True, None
    if raw.lower() in _FALSE:
        return False, None
    return None, _("%(name)s must be yes or no") % {"name": option.name}


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


def _tagged(name: str, wanted: Any) -> tuple[Exists, bool]:
    """``(tagged, present)``: finished games match ``wanted`` for option ``name`` where
    their result has the tag (``present``) or where it has not (a "no": off is no tag)."""
    present = wanted is not False
    tag = RuleTag.tag_for(name, wanted if present else True)
    return Exists(RuleTag.objects.filter(result=OuterRef("pk"), tag=tag)), present


def search(filters: Filters):
    """The games matching ``filters``, as a queryset: ``GameResult`` rows for finished
    games, ``Game`` rows for active ones. Raises :class:`FilterError` for an unknown
    player name. Two queries at most (users, then the lazy queryset)."""
    users = _users([*filters.players, filters.winner])

    def user(name: str, param: str):
        found = users.get(name.lower())
        if found is None:
            raise FilterError(param, _("there is no player called %(name)r") % {"name": name})
        return found

    if filters.status == "active":
        if filters.winner or filters.finished_after or filters.finished_before:
            return Game.objects.none()  # an active game has neither finished nor been won
        qs = Game.objects.filter(status=Game.Status.ACTIVE, private=False)
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

    qs = GameResult.objects.filter(game__private=False)  # private games are never listed
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
        order = ("-seats__finished_at", "-seats__result_id") if filters.sort == "-finished" else (
            "seats__finished_at", "seats__result_id")
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


def tournament_json(tournament_id: int | None, name: str | None, round_number: int | None) -> dict[str, Any] | None:
    """The tournament of a game for lists, replays and the API (``None`` for a friendly game)."""
    if tournament_id is None:
        return None
    return {
        "id": tournament_id,
        "name": name or _("Tournament #%(number)s") % {"number": tournament_id},
        "round": round_number,
        "url": reverse("tournaments:detail", args=[tournament_id]),
        "round_url": reverse("tournaments:round", args=[tournament_id, round_number]) if round_number else None,
    }


def _tournament_columns() -> dict[str, Any]:
    """Annotations of a ``Game`` query: its tournament, round and tournament name (joins
    through its Pairing; null for a friendly game). No extra query."""
    return {
        "t_id": F("tournament_pairing__round__tournament_id"),
        "t_round": F("tournament_pairing__round__number"),
        "t_name": F("tournament_pairing__round__tournament__name"),
    }


def rows_of(page_objects: Iterable, status: str) -> list[Row]:
    """List rows for one page of :func:`search` (one or two more queries, prefetches)."""
    rows = []
    if status == "active":
        games = Game.objects.filter(pk__in=[g.pk for g in page_objects]).annotate(**_tournament_columns()).prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("position"))
        )
        by_id = {g.pk: g for g in games}
        for g in page_objects:
            game = by_id[g.pk]
            scores = list(game.scores or [])
            rows.append(
                Row(game.pk, game.title, game.status, None, game.updated_at, game.move_count,
                    [
                        {"username": seat.display_name, "position": seat.position, "color": seat.color,
                         "hex": seat_hex(seat.position), "score": scores[i] if i < len(scores) else 0,
                         "won": False, "outcome": None, "rank": None}
                        for i, seat in enumerate(game.seats.all())
                    ],
                    game.t_id, game.t_name, game.t_round, game.has_bots, rules_of(game))
            )
        return rows
    early = ended_early([result.game for result in page_objects])
    left = departure_moves(r.game_id for r in page_objects if (r.game.outcome or {}).get("left"))
    for result in page_objects:
        game = result.game
        seats = list(result.seats.all())
        rows.append(
            Row(result.game_id, game.title, game.status, result.finished_at, game.updated_at, result.move_count,
                [
                    {"username": s.username, "position": s.position, "color": COLORS[s.position],
                     "hex": seat_hex(s.position), "score": s.score, "won": s.won, "outcome": s.outcome,
                     "rank": s.rank}
                    for s in seats
                ],
                result.tournament_id, getattr(result, "tournament_name", None), result.round, game.has_bots,
                rules_of(game), game.pk in early, departures(left.get(game.pk, ()), [s.username for s in seats]))
        )
    return rows


def _with_rows(qs, status: str):
    if status == "active":
        return qs
    return qs.annotate(tournament_name=_tournament_name()).select_related("game").prefetch_related(
        Prefetch("seats", queryset=SeatResult.objects.order_by("position"))
    )


def _tournament_name():
    """The name of a result's tournament, as a subquery of the result's own query."""
    from tournaments.models import Tournament

    return Subquery(Tournament.objects.filter(pk=OuterRef("tournament_id")).order_by().values("name")[:1])


def tournament_name(tournament_id: int) -> str | None:
    """The name of a tournament, or ``None`` if there is none with this id (one query)."""
    from tournaments.models import Tournament

    return Tournament.objects.filter(pk=tournament_id).values_list("name", flat=True).first()


def tournament_choices() -> tuple[list[tuple[int, str]], int]:
    """Tournaments that have games, newest first, as ``(id, name)``, and the most rounds
    any of them has (for the archive's filter by name and round)."""
    from django.db.models import Max

    from tournaments.models import Tournament

    rows = list(Tournament.objects.filter(rounds__pairings__game__isnull=False)
                .annotate(last_round=Max("rounds__number")).order_by("-created_at")
                .values_list("pk", "name", "last_round")[:500])  # one query
    return [(pk, name) for pk, name, _ in rows], max((n or 0 for _, _, n in rows), default=0)


def search_page(filters: Filters, page: Any = 1, per_page: int = PAGE_SIZE):
    """``(page, rows)`` for ``filters``; a page number out of range gives the last page."""
    qs = _with_rows(search(filters), filters.status)
    paginator = Paginator(qs, per_page)
    page_obj = paginator.get_page(page)
    return page_obj, rows_of(page_obj.object_list, filters.status)


# --- player profiles ------------------------------------------------------------------


def _seen_by(viewer) -> Q:
    """``SeatResult`` rows of the games ``viewer`` may see: a profile shown to others
    counts none of a private game they were not part of (see games.visibility)."""
    return Q(result_id__in=visible_games(viewer).values("pk"))


def player_stats(user, viewer) -> dict[str, Any]:
    """Results and averages of ``user``'s finished games that ``viewer`` may see (one
    aggregate query)."""
    data = SeatResult.objects.filter(_seen_by(viewer), user=user).aggregate(
        games=Count("id"),
        wins=Count("id", filter=Q(outcome=SeatResult.Outcome.WIN)),
        draws=Count("id", filter=Q(outcome=SeatResult.Outcome.DRAW)),
        losses=Count("id", filter=Q(outcome=SeatResult.Outcome.LOSS)),
        avg_score=Avg("score"),
        avg_roads=Avg("roads"),
        avg_cities=Avg("cities"),
        avg_cloisters=Avg("cloisters"),
        avg_farms=Avg("farms"),
        # the expansions' categories, over the games played with that expansion only
        **{f"avg_{category}": Avg(category, filter=Q(Exists(RuleTag.objects.filter(result=OuterRef("result_id"),
                                                                                    tag=expansion))))
           for category, expansion in CATEGORY_EXPANSION.items()},
        best_score=Max("score"),
    )
    for key in data:
        if key.startswith("avg_"):
            data[key] = round(float(data[key]), 1) if data[key] is not None else None
    games = data["games"] or 0
    data["win_rate"] = round(100 * data["wins"] / games) if games else None
    return data


_H2H_SQL = """
SELECT o.user_id, MAX(o.username), COUNT(*),
       SUM(CASE WHEN m.rank < o.rank THEN 1 ELSE 0 END),
       SUM(CASE WHEN m.rank > o.rank THEN 1 ELSE 0 END),
       SUM(CASE WHEN m.rank = o.rank THEN 1 ELSE 0 END)
FROM {table} m
JOIN {table} o ON o.result_id = m.result_id AND o.position <> m.position
WHERE m.user_id = %s AND m.result_id IN ({visible})
GROUP BY o.user_id
ORDER BY COUNT(*) DESC, MAX(o.username)
"""


def head_to_head(user, viewer) -> list[dict[str, Any]]:
    """For each opponent: games together, and how often each finished ahead, over the
    games ``viewer`` may see (one query)."""
    visible, params = visible_games(viewer).values("pk").query.sql_with_params()
    sql = _H2H_SQL.format(table=connection.ops.quote_name(SeatResult._meta.db_table), visible=visible)
    with connection.cursor() as cursor:
        cursor.execute(sql, [user.pk, *params])
        rows = cursor.fetchall()
    return [
        {"user_id": uid, "username": name, "games": n, "ahead": int(ahead), "behind": int(behind), "level": int(level)}
        for uid, name, n, ahead, behind, level in rows
    ]


# --- replays -------------------------------------------------------------------------------


MOVE_FIELDS = ("number", "seat", "entry", "points")
"""The columns of a stored move the archive reads: its record entry is ``entry``."""


@dataclass
class StoredGame:
    """A game, its seats, its whole move log and its archive result: four queries."""

    game: Game
    seats: list[Seat]
    moves: list[dict[str, Any]]
    result: GameResult | None

    @property
    def tournament(self) -> dict[str, Any] | None:
        """The game's tournament and round, if it is a tournament game (no query)."""
        game = self.game
        return tournament_json(getattr(game, "t_id", None), getattr(game, "t_name", None), getattr(game, "t_round", None))

    @property
    def names(self) -> list[str]:
        return [seat.display_name for seat in self.seats]

    def engine(self, upto: int | None = None) -> EngineGame:
        """The engine after the first ``upto`` moves, replayed from memory (no query):
        the same as ``games.replay.engine_for(game, upto=upto)``."""
        game = self.game
        engine = EngineGame.new(self.names, game.engine_rules, seed=game.seed)
        moves = self.moves if upto is None else self.moves[:upto]
        names = self.names
        for row in moves:
            engine.play_json(named_entry(row["entry"], row["seat"], names))  # a renamed player's entries too
        return engine

    def record(self) -> dict[str, Any]:
        return record_of(self.game, self.seats, self.moves)


def load_game(game_id: int, *, with_result: bool = True, viewer=None) -> StoredGame:
    """A game visible in the archive (started: active or finished) to ``viewer``, or
    404 (a private game is visible to its players only, see games.visibility). With
    ``with_result`` (the replay page) the game also carries its tournament, if any."""
    games = Game.objects.exclude(status=Game.Status.WAITING)
    if with_result:
        games = games.annotate(**_tournament_columns())
    game = game_for_viewer(game_id, viewer, games)
    if game.seed is None:
        raise Http404(_("no such game in the archive"))
    seats = list(game.seats.select_related("user").order_by("position"))
    moves = list(Move.objects.filter(game_id=game.pk).order_by("number").values(*MOVE_FIELDS))
    game.ended_early = _ended_early(game, moves)
    result = None
    if with_result and game.status == Game.Status.FINISHED:
        result = GameResult.objects.filter(game_id=game.pk).prefetch_related(
            Prefetch("seats", queryset=SeatResult.objects.order_by("position"))
        ).first()
    return StoredGame(game, seats, moves, result)


def _ended_early(game: Game, moves: list[dict[str, Any]]) -> bool:
    """``Game.ended_early`` from the move log already in memory (no query)."""
    left = (game.outcome or {}).get("left") if game.status == Game.Status.FINISHED else None
    if not left:
        return False
    return left_early(left, Counter(m["seat"] for m in moves if is_tile_placement(m["entry"])))


def score_series(moves: list[dict[str, Any]], players: int) -> list[list[int]]:
    """``series[k][seat]``: the score of each seat after move k (0 = before any move),
    from the points stored on each move (final scoring not included)."""
    series = [[0] * players]
    for row in moves:
        points = list(row.get("points") or [])
        last = series[-1]
        series.append([last[i] + (points[i] if i < len(points) else 0) for i in range(players)])
    return series


# --- records ---------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def start_of(rules: Rules) -> dict[str, Any] | None:
    """The start tile of a record with ``rules``, as the engine writes it (``None``: the
    game starts from a fixed block of tiles, as with the Count, and the record has none)."""
    start = EngineGame(["a", "b"], rules).start  # no bag: only the start is laid out
    if start is None:
        return None
    tile, x, y, rotation = start
    return {"tile": tile, "x": x, "y": y, "rotation": rotation}


def record_of(game: Game, seats: list[Seat], moves: list[dict[str, Any]]) -> dict[str, Any]:
    """The NOTATION.md record of a stored game without replaying it; equal to
    ``games.presenter.records.record(game, games.replay.engine_for(game))``."""
    rules = game.engine_rules
    names = [seat.display_name for seat in seats]
    data: dict[str, Any] = {
        "format": "carcassonne-record/1",
        "rules": rules.to_json(),
        "players": names,
    }
    start = start_of(rules)
    if start is not None:
        data["start"] = dict(start)
    data["moves"] = [row["entry"] for row in moves]  # byte for byte what is stored
    data["meta"] = record_meta(game)
    if game.status == Game.Status.FINISHED and game.outcome:
        data["meta"]["result"] = dict(zip(names, game.scores))
        data["meta"]["winners"] = [names[seat] for seat in game.winner_seats]
    return data


def export_records(game_ids: Iterable[int], chunk: int = 200) -> Iterator[dict[str, Any]]:
    """Records of many games, in the order given, three queries per ``chunk`` games."""
    ids = list(game_ids)
    for start in range(0, len(ids), chunk):
        part = ids[start : start + chunk]
        games = Game.objects.in_bulk(part)
        seats: dict[int, list[Seat]] = {}
        for seat in Seat.objects.filter(game_id__in=part).select_related("user").order_by("game_id", "position"):
            seats.setdefault(seat.game_id, []).append(seat)
        moves: dict[int, list[dict[str, Any]]] = {}
        for row in Move.objects.filter(game_id__in=part).order_by("game_id", "number").values("game_id", *MOVE_FIELDS):
            moves.setdefault(row["game_id"], []).append(row)
        for game_id in part:
            game = games.get(game_id)
            if game is not None and game.seed is not None:
                yield record_of(game, seats.get(game_id, []), moves.get(game_id, []))


def matching_ids(filters: Filters) -> list[int]:
    """Ids of every game matching ``filters`` (for the JSON-lines export)."""
    qs = search(filters)
    if filters.status == "active":
        return list(qs.values_list("pk", flat=True))
    return list(qs.values_list("game_id", flat=True))
