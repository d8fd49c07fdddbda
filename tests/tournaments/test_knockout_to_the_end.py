"""A 4-player knockout played through as a director would: the standings follow every
game, the columns suit the format, the champion is named on the page, in the API and in
the final e-mail, and a finished tournament takes no more registrations or withdrawals."""

import csv
import io

import pytest
from django.core import mail
from rest_framework.test import APIClient

from notifications.models import Notification, Preference
from tournaments import creation, ending, errors, registration, rounds
from tournaments.models import Entry, Pairing, Tournament

from .conftest import finish, play_round

pytestmark = pytest.mark.django_db


def seeded(users):
    """Seeds best first: users[0] is the top seed (ratings 2000, 1999, ...)."""
    return {u.pk: i for i, u in enumerate(users)}


def favourite_wins(users):
    """Scores of a game: the better seed wins; the points differ per player (seed 1 scores most)."""
    seed = seeded(users)

    def score(p):
        best = min(seed[u] for u in p.players)
        return [60 - seed[u] if seed[u] == best else 30 - seed[u] for u in p.players]

    return score


def knockout(director, users, **options):
    t = creation.create_tournament(director, name="Cup <KO>", format="knockout", **options)
    for i, u in enumerate(users):
        registration.register(t, u, rating=2000 - i)
    return t


@pytest.fixture
def cup(director, players):
    users = players(4)
    return knockout(director, users), users


def order(t):
    t.refresh_from_db()
    return [(r["username"], r["rank"]) for r in t.standings_cache]


def test_before_the_start_the_standings_list_every_registered_player(client, director, players):
    users = players(6)
    t = creation.create_tournament(director, name="Cup", format="knockout")
    registration.register(t, users[0])
    registration.register(t, users[4])
    registration.withdraw(t, users[4])  # before the start: gone
    registration.invite(t, director, ["p5"])  # invited, not registered
    assert "p0" in client.get(f"/tournaments/{t.pk}/").content.decode()  # the first visit stores the standings
    for u in users[1:4]:
        registration.register(t, u)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    standings = page.split('data-testid="standings"')[1]
    assert all(f">p{i}<" in standings for i in range(4))
    assert ">p4<" not in standings and ">p5<" not in standings and ">director<" not in standings
    api = APIClient()
    api.force_authenticate(users[0])
    assert {r["username"] for r in api.get(f"/api/tournaments/{t.pk}/standings/").json()} == {"p0", "p1", "p2", "p3"}


def test_after_round_1_the_knockout_standings_rank_the_winners_first_by_points_scored(cup, director):
    t, users = cup
    rounds.start(t, director)
    assert order(t) == [("p0", 1), ("p1", 1), ("p2", 1), ("p3", 1)]  # nothing played yet: all level
    play_round(t, score=favourite_wins(users))  # p0 beats p3 (60-27), p1 beats p2 (59-28)
    assert order(t) == [("p0", 1), ("p1", 2), ("p2", 3), ("p3", 4)]
    rows = {r["username"]: r for r in t.standings_cache}
    assert (rows["p0"]["reached"], rows["p0"]["played"], rows["p0"]["wins"], rows["p0"]["game_points"]) == (1, 1, 1, 60)
    assert (rows["p3"]["reached"], rows["p3"]["losses"], rows["p3"]["game_points"]) == (0, 1, 27)


def test_at_the_end_the_champion_ranks_first_the_runner_up_second_then_the_semi_final_losers(cup, director):
    t, users = cup
    rounds.start(t, director)
    play_round(t, score=favourite_wins(users))
    final = t.rounds.order_by("-number").first().pairings.get()
    finish(final.game, [10, 70] if final.players[0] == users[0].pk else [70, 10])  # the underdog p1 wins the final
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert order(t) == [("p1", 1), ("p0", 2), ("p2", 3), ("p3", 4)]
    assert ending.places(t) == [(1, users[1].pk), (2, users[0].pk)]  # no third-place game: third is not decided


def test_the_winner_of_the_third_place_game_ranks_third(director, players):
    users = players(4)
    t = knockout(director, users, third_place=True)
    rounds.start(t, director)
    score = favourite_wins(users)
    play_round(t, score=score)
    for p in t.rounds.order_by("-number").first().pairings.all():  # the final, and p2 beats p3 for third place
        finish(p.game, score(p) if users[2].pk in p.players else score(p)[::-1])
    t.refresh_from_db()
    assert [name for name, _rank in order(t)] == ["p1", "p0", "p2", "p3"]
    assert ending.places(t) == [(1, users[1].pk), (2, users[0].pk), (3, users[2].pk)]


def test_a_knockout_shows_no_swiss_tiebreak_columns(cup, director, client):
    t, users = cup
    rounds.start(t, director)
    play_round(t, score=favourite_wins(users))
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    heads = page.split('data-testid="standings"')[1].split("</thead>")[0]
    assert "Round reached" in heads and "Game points" in heads and ">W<" in heads and ">L<" in heads
    for swiss in (">Bh<", ">SB<", ">H2H<", ">GP<", ">D<"):
        assert swiss not in heads
    assert "Tiebreaks:" not in page
    body = page.split('data-testid="standings"')[1].split("</table>")[0]
    assert "Final" in body and "Semi-finals" in body  # p0 and p1 reached the final, p2 and p3 the semi-finals
    header = next(csv.reader(io.StringIO(client.get(f"/tournaments/{t.pk}/standings.csv").content.decode())))
    assert "buchholz" not in header and header[2] == "round_reached"


def test_a_swiss_still_shows_its_tiebreak_columns(director, players, client):
    users = players(4)
    t = creation.create_tournament(director, name="Swiss", format="swiss", swiss_rounds=2)
    for u in users:
        registration.register(t, u)
    rounds.start(t, director)
    heads = (
        client.get(f"/tournaments/{t.pk}/").content.decode().split('data-testid="standings"')[1].split("</thead>")[0]
    )
    assert ">Bh<" in heads and ">SB<" in heads and "Round reached" not in heads


def play_cup_to_the_end(t, director, users):
    rounds.start(t, director)
    play_round(t, score=favourite_wins(users))
    play_round(t, score=favourite_wins(users))
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED


def test_the_finished_tournament_names_its_champion_on_the_page_and_in_the_api(cup, director, client):
    t, users = cup
    play_cup_to_the_end(t, director, users)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    champion = page.split('data-testid="champion"')[1].split("</li>")[0]
    assert "Champion" in champion and ">p0<" in champion
    assert "Second place" in page.split('data-testid="places"')[1].split("</section>")[0]
    api = APIClient()
    api.force_authenticate(users[3])
    data = api.get(f"/api/tournaments/{t.pk}/").json()
    assert data["champion"] == "p0"
    assert data["places"] == [
        {"place": 1, "username": "p0", "user_id": users[0].pk},
        {"place": 2, "username": "p1", "user_id": users[1].pk},
    ]
    schema = api.get("/api/schema/?format=json").json()
    detail = schema["components"]["schemas"]["TournamentDetail"]["properties"]
    assert "champion" in detail and "places" in detail


def test_a_running_tournament_has_no_champion_yet(cup, director):
    t, users = cup
    rounds.start(t, director)
    play_round(t, score=favourite_wins(users))
    api = APIClient()
    api.force_authenticate(users[0])
    data = api.get(f"/api/tournaments/{t.pk}/").json()
    assert data["champion"] is None and data["places"] == []


def test_the_final_email_names_the_champion_and_follows_the_email_settings(
    cup, director, django_capture_on_commit_callbacks
):
    t, users = cup
    quiet = Preference.for_user(users[3])
    quiet.game = "none"
    quiet.save()
    with django_capture_on_commit_callbacks(execute=True):
        play_cup_to_the_end(t, director, users)
    rows = Notification.objects.filter(key__startswith=f"tournament-finished:{t.pk}:")
    assert {r.user_id for r in rows} == {u.pk for u in users} | {director.pk}
    assert rows.get(user=users[3]).status == Notification.Status.SUPPRESSED
    [message] = [m for m in mail.outbox if m.to == [users[2].email] and m.subject == "Cup <KO> is over"]
    assert "Champion: p0" in message.body and "Second place: p1" in message.body
    assert "Champion: p0" in message.alternatives[0][0]
    assert not [m for m in mail.outbox if m.to == [users[3].email] and m.subject == "Cup <KO> is over"]


def test_nobody_can_withdraw_or_register_once_the_tournament_is_over(cup, director, players, client):
    t, users = cup
    play_cup_to_the_end(t, director, users)
    with pytest.raises(errors.Conflict, match="over"):
        registration.withdraw(t, users[0])
    with pytest.raises(errors.Conflict, match="over"):
        registration.withdraw(t, users[1], by=director)
    client.force_login(users[0])
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert ">Withdraw<" not in page and ">Register<" not in page
    answer = client.post(f"/tournaments/{t.pk}/withdraw/", follow=True).content.decode()
    assert "The tournament is over: nobody can withdraw any more" in answer
    assert t.entries.get(user=users[0]).state == Entry.State.REGISTERED
    api = APIClient()
    api.force_authenticate(users[0])
    response = api.post(f"/api/tournaments/{t.pk}/withdraw/", {}, format="json")
    assert response.status_code == 409 and "over" in response.json()["detail"]
    (late,) = players(1, "late")
    api.force_authenticate(late)
    response = api.post(f"/api/tournaments/{t.pk}/register/")
    assert response.status_code == 409 and response.json()["detail"] == "the tournament is over"
    assert not t.entries.filter(user=late).exists()


def test_start_round_asks_for_a_confirmation_like_resigning_a_game(cup, director, client):
    t, _users = cup
    client.force_login(director)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    form = page.split(f'action="/tournaments/{t.pk}/start/"')[1].split(">")[0]
    assert 'data-confirm="Start round 1 now?' in form
    assert "/static/js/confirm.js" in page


def test_a_league_game_lost_by_resignation_counts_as_a_game_played(director, players):
    users = players(2)
    t = creation.create_tournament(director, name="League", format="round_robin")
    for u in users:
        registration.register(t, u)
    rounds.start(t, director)
    p = Pairing.objects.get(round__tournament=t)
    finish(p.game, [40, 12], left=[0])  # the first seat resigns while ahead
    t.refresh_from_db()
    rows = {r["user_id"]: r for r in t.standings_cache}
    first, second = p.players
    assert (rows[first]["played"], rows[first]["losses"], rows[first]["points"]) == (1, 1, 0)
    assert (rows[second]["played"], rows[second]["wins"], rows[second]["points"]) == (1, 1, 2)


def test_a_knockout_game_resigned_at_once_still_decides_the_match_but_is_not_rated(
    director, players, django_capture_on_commit_callbacks
):
    from games import turns
    from ratings.models import RatingChange

    users = players(2)
    t = knockout(director, users)
    with django_capture_on_commit_callbacks(execute=True):
        rounds.start(t, director)
        p = Pairing.objects.get(round__tournament=t)
        turns.resign(p.game_id, users[0])  # the top seed resigns before a single turn
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED and ending.places(t)[0] == (1, users[1].pk)
    assert order(t) == [("p1", 1), ("p0", 2)]
    assert not RatingChange.objects.filter(game_id=p.game_id).exists()
