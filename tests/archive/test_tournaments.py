"""Tournament games in the archive: their results carry the tournament and round, the
list filters by them, and a tournament's games export as one JSON-lines file."""

import json
import random

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from archive.generate import store_game
from archive.kept import archive_changed
from archive.models import GameResult, SeatResult
from carcassonne import replay
from games import timeouts, turns
from games.engine_state import engine_for
from games.models import Game
from tournaments import creation, registration, rounds
from tournaments.models import Pairing, Tournament

from .conftest import day, template

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user(username="director", email="td@example.com", password=None)


def make_tournament(director, users, name="Spring open"):
    """A round-robin of pairs (as tests/tournaments set them up), started: round 1 is on."""
    t = creation.create_tournament(director, name=name, format="round_robin", table_size=2)
    for i, user in enumerate(users):
        registration.register(t, user, rating=2000 - i)
    rounds.start(t, director)
    t.refresh_from_db()
    return t


def play_out(game: Game, rng: random.Random, moves: int = 4) -> Game:
    """Finish a tournament game through the games commands: a few random legal moves, then
    the player to move times out (the tournament's rule: a timeout loses, and with one
    player left the game ends)."""
    for _ in range(moves):
        game.refresh_from_db()
        engine = engine_for(game)
        placements = engine.legal_placements()
        if engine.finished or not placements:
            break
        placement = rng.choice(placements)
        spots = engine.legal_spots(placement)
        meeple = rng.choice(spots) if spots and rng.random() < 0.5 else None
        assert game.current_seat is not None
        user = game.seats.get(position=game.current_seat).user
        turns.play_move(game.pk, user, game.move_count + 1, placement.x, placement.y, placement.rotation, meeple)
    game.refresh_from_db()
    assert game.timeout_rule == "lose" and game.seats.count() == 2
    timeouts.play_timeout(game.pk, game.move_count + 1)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def round_games(t: Tournament, number: int) -> list[Game]:
    return [
        p.game
        for p in Pairing.objects.filter(round__tournament=t, round__number=number, game__isnull=False)
        .select_related("game")
        .order_by("number")
        if p.game is not None
    ]


def play_round(t: Tournament, number: int, rng: random.Random) -> list[Game]:
    return [play_out(game, rng) for game in round_games(t, number)]


@pytest.fixture
def league(director, players):
    """Two tournaments and a friendly game: "Spring open" has played rounds 1 and 2
    (round 3 is in progress), "Autumn cup" (three players: a game and a bye per round)
    its round 1 (round 2 in progress)."""
    rng = random.Random(5)
    spring = make_tournament(director, [players[n] for n in ("ann", "bob", "cid", "dee")])
    spring_games = {1: play_round(spring, 1, rng)}
    spring_games[2] = play_round(spring, 2, rng)
    autumn = make_tournament(director, [players["ann"], players["bob"], players["cid"]], name="Autumn cup")
    autumn_games = {1: play_round(autumn, 1, rng)}
    friendly = store_game(template(21, 2), [players["ann"], players["cid"]], day(5), "friendly")
    return {
        "spring": spring,
        "spring_games": spring_games,
        "autumn": autumn,
        "autumn_games": autumn_games,
        "friendly": friendly,
    }


def ids(games) -> set[int]:
    return {g.pk for g in games}


def test_tournament_game_results_carry_tournament_and_round(league):
    spring, autumn = league["spring"], league["autumn"]
    assert len(league["spring_games"][1]) == 2 and len(league["spring_games"][2]) == 2
    for number, games in league["spring_games"].items():
        for game in games:
            result = GameResult.objects.get(game=game)
            assert (result.tournament_id, result.round) == (spring.pk, number)
            assert result.seats.count() == 2
            # the tournament saw the same game finish
            assert Pairing.objects.get(game=game).status == Pairing.Status.FINISHED
    [autumn_game] = league["autumn_games"][1]
    assert (GameResult.objects.get(game=autumn_game).tournament_id, GameResult.objects.get(game=autumn_game).round) == (
        autumn.pk,
        1,
    )
    friendly = GameResult.objects.get(game=league["friendly"])
    assert (friendly.tournament_id, friendly.round) == (None, None)
    # round 3 of the spring open is in progress: no result yet
    assert all(g.status == Game.Status.ACTIVE for g in round_games(spring, 3))
    assert not GameResult.objects.filter(tournament_id=spring.pk, round=3).exists()


def test_record_result_looks_the_pairing_up_in_one_query(league):
    from archive.results import record_game

    game = league["spring_games"][2][0]
    friendly = league["friendly"]
    counts = []
    for g in (game, friendly):
        with CaptureQueriesContext(connection) as ctx:
            record_game(g)
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]
    assert GameResult.objects.get(game=game).round == 2


def test_rebuild_results_fills_tournament_and_round(league):
    spring = league["spring"]
    expected = {r.game_id: (r.tournament_id, r.round) for r in GameResult.objects.all()}
    GameResult.objects.all().delete()
    call_command("rebuild_results", verbosity=0)
    assert {r.game_id: (r.tournament_id, r.round) for r in GameResult.objects.all()} == expected
    assert sum(1 for v in expected.values() if v[0] == spring.pk) == 4
    # results written before tournaments existed: --tournaments fills them without a replay
    GameResult.objects.update(tournament_id=None, round=None)
    GameResult.objects.filter(game=league["friendly"]).update(tournament_id=99, round=9)  # a stale value
    call_command("rebuild_results", "--tournaments", verbosity=0)
    assert {r.game_id: (r.tournament_id, r.round) for r in GameResult.objects.all()} == expected
    assert SeatResult.objects.count() == 2 * len(expected)


def api_ids(client, query: str) -> set[int]:
    data = client.get(f"/api/archive/games/?{query}&page_size=100").json()
    assert data["ignored"] == []
    return {row["id"] for row in data["results"]}


def test_filters_return_exactly_the_matching_games(member_client, league):
    spring, autumn = league["spring"], league["autumn"]
    s1, s2 = league["spring_games"][1], league["spring_games"][2]
    a1 = league["autumn_games"][1]
    assert api_ids(member_client, f"tournament={spring.pk}") == ids(s1 + s2)
    assert api_ids(member_client, f"tournament={spring.pk}&round=1") == ids(s1)
    assert api_ids(member_client, f"tournament={spring.pk}&round=2") == ids(s2)
    assert api_ids(member_client, f"tournament={spring.pk}&round=3") == set()
    assert api_ids(member_client, f"tournament={autumn.pk}") == ids(a1)
    assert api_ids(member_client, "round=1") == ids(s1 + a1)
    assert api_ids(member_client, f"tournament={spring.pk}&player=ann") == {
        g.pk for g in s1 + s2 if g.seats.filter(user__username="ann").exists()
    }
    assert api_ids(member_client, "") == ids(s1 + s2 + a1) | {league["friendly"].pk}
    # games in progress: round 3 of the spring open, round 2 of the autumn cup
    assert api_ids(member_client, f"status=active&tournament={spring.pk}") == ids(round_games(spring, 3))
    assert api_ids(member_client, f"status=active&tournament={autumn.pk}&round=2") == ids(round_games(autumn, 2))
    assert api_ids(member_client, f"status=active&tournament={autumn.pk}&round=1") == set()
    # the filters are echoed, rows carry their tournament
    data = member_client.get(f"/api/archive/games/?tournament={spring.pk}&round=2").json()
    assert data["filters"]["tournament"] == str(spring.pk) and data["filters"]["round"] == "2"
    assert data["count"] == 2
    for row in data["results"]:
        assert row["tournament"] == {
            "id": spring.pk,
            "name": "Spring open",
            "round": 2,
            "url": f"/tournaments/{spring.pk}/",
            "round_url": f"/tournaments/{spring.pk}/rounds/2/",
        }
    friendly = member_client.get("/api/archive/games/?player=cid&players=2&page_size=100").json()
    assert [r["tournament"] for r in friendly["results"] if r["id"] == league["friendly"].pk] == [None]
    bad = member_client.get("/api/archive/games/?tournament=spring")
    assert bad.status_code == 400 and "tournament" in bad.json()["errors"]


def test_list_page_shows_tournament_and_links_its_export(member_client, league):
    spring = league["spring"]
    html = member_client.get(f"/archive/?tournament={spring.pk}&round=1").content.decode()
    assert "2 games" in html
    for game in league["spring_games"][1]:
        assert f'href="/archive/games/{game.pk}/"' in html
    for game in league["spring_games"][2]:
        assert f'href="/archive/games/{game.pk}/"' not in html
    assert f'href="/tournaments/{spring.pk}/">Spring open</a>' in html
    assert f'href="/tournaments/{spring.pk}/rounds/1/">round 1</a>' in html
    assert f'href="/archive/tournaments/{spring.pk}/games.jsonl"' in html
    # not filtered by tournament: rows still name their tournament, no tournament export
    html = member_client.get("/archive/").content.decode()
    assert "Autumn cup" in html and "/games.jsonl" not in html
    assert "there is no tournament #999999" in member_client.get("/archive/?tournament=999999").content.decode()


def test_replay_page_shows_the_tournament(member_client, league):
    spring = league["spring"]
    game = league["spring_games"][2][1]
    html = member_client.get(f"/archive/games/{game.pk}/").content.decode()
    assert f'<a href="/tournaments/{spring.pk}/">Spring open</a>' in html
    assert f'href="/tournaments/{spring.pk}/rounds/2/">round 2</a>' in html
    active = round_games(spring, 3)[0]
    assert (
        f'href="/tournaments/{spring.pk}/rounds/3/">round 3</a>'
        in member_client.get(f"/archive/games/{active.pk}/").content.decode()
    )
    html = member_client.get(f"/archive/games/{league['friendly'].pk}/").content.decode()
    assert "Tournament game" not in html


def test_tournament_export_contains_exactly_its_games(member_client, league):
    spring = league["spring"]
    response = member_client.get(f"/archive/tournaments/{spring.pk}/games.jsonl")
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="spring-open-{spring.pk}-games.jsonl"'
    lines = b"".join(response.streaming_content).decode().splitlines()
    records = [json.loads(line) for line in lines]
    games = league["spring_games"][1] + league["spring_games"][2]
    assert sorted(r["meta"]["game"] for r in records) == sorted(g.pk for g in games)
    # round 1 first
    assert {r["meta"]["game"] for r in records[:2]} == ids(league["spring_games"][1])
    by_id = {g.pk: g for g in games}
    for record in records:
        assert replay(record).scores == by_id[record["meta"]["game"]].scores
    autumn = member_client.get(f"/archive/tournaments/{league['autumn'].pk}/games.jsonl")
    assert [json.loads(line)["meta"]["game"] for line in b"".join(autumn.streaming_content).decode().splitlines()] == [
        league["autumn_games"][1][0].pk
    ]
    assert member_client.get("/archive/tournaments/999999/games.jsonl").status_code == 404


def test_export_needs_login(client, league):
    assert client.get(f"/archive/tournaments/{league['spring'].pk}/games.jsonl").status_code == 302


def _count(client, url):
    """Queries of a request with the archive's kept counts and statistics stale (the most)."""
    archive_changed()
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, url
    if hasattr(response, "streaming_content"):
        b"".join(response.streaming_content)
    return len(ctx.captured_queries)


def test_query_counts_do_not_grow_with_tournament_games(member_client, league, players):
    spring = league["spring"]
    pages = [
        f"/archive/?tournament={spring.pk}",
        f"/archive/?tournament={spring.pk}&round=1",
        f"/api/archive/games/?tournament={spring.pk}",
        f"/archive/tournaments/{spring.pk}/games.jsonl",
        "/archive/",
        "/api/archive/games/",
    ]
    member_client.get("/archive/")  # warm-up
    few = {url: _count(member_client, url) for url in pages}
    replay_few = _count(member_client, f"/archive/games/{league['spring_games'][1][0].pk}/?move=2")
    friendly_replay = _count(member_client, f"/archive/games/{league['friendly'].pk}/?move=2")
    assert replay_few == friendly_replay
    # active tournament games list as cheaply as friendly ones
    assert _count(member_client, f"/archive/?status=active&tournament={spring.pk}") == _count(
        member_client, "/archive/?status=active&player=dee"
    )
    play_round(spring, 3, random.Random(8))
    many = {url: _count(member_client, url) for url in pages}
    assert many == few
    assert GameResult.objects.filter(tournament_id=spring.pk).count() == 6


def test_admin_is_read_only(client, league, django_user_model):
    admin = django_user_model.objects.create_superuser(username="root", email="root@example.com", password="x")
    client.force_login(admin)
    game = league["spring_games"][1][0]
    assert client.get("/admin/archive/gameresult/").status_code == 200
    assert client.get("/admin/archive/seatresult/").status_code == 200
    page = client.get(f"/admin/archive/gameresult/{game.pk}/change/")
    assert page.status_code == 200 and b'name="_save"' not in page.content
    seat = SeatResult.objects.filter(result_id=game.pk).first()
    assert client.get(f"/admin/archive/seatresult/{seat.pk}/change/").status_code == 200
    assert client.get("/admin/archive/gameresult/add/").status_code == 403
    assert client.post(f"/admin/archive/gameresult/{game.pk}/delete/", {"post": "yes"}).status_code == 403
    assert GameResult.objects.filter(game=game).exists()
