"""A league a director runs without a manual (issue 46, 4): the director plays in their own
event unless they stay out, never sees an invitation from themself, picks players by the
start of their names, cannot start round 1 without enough players (the page says why), sees
the registered players before round 1, and every round's dates on the page, in the round
e-mails and in the API."""

from datetime import timedelta

import pytest
from django.core import mail
from django.core.cache import cache
from rest_framework.test import APIClient

from accounts.models import Block
from tournaments import creation, registration, rounds
from tournaments.forms import DEFAULT_MOVE_DAYS
from tournaments.models import Entry, Tournament

from .conftest import play_round

pytestmark = pytest.mark.django_db

FORM = {
    "format": "round_robin",
    "table_size": 2,
    "swiss_rounds": 5,
    "knockout_top": 0,
    "seeding": "rating",
    "registration": "open",
    "min_finished_games": 0,
    "round_days": 14,
    "move_days": 3,
    "timeout_rule": "lose",
    "promote": 0,
    "relegate": 0,
    "farm_scoring": "current",
}


def test_the_director_is_entered_unless_they_stay_out(client, director):
    client.force_login(director)
    assert client.post("/tournaments/new/", {**FORM, "name": "In"}).status_code == 302
    assert client.post("/tournaments/new/", {**FORM, "name": "Out", "stay_out": "on"}).status_code == 302
    entered = Tournament.objects.get(name="In").entries.get()
    assert entered.user == director and entered.state == Entry.State.REGISTERED
    assert not Tournament.objects.get(name="Out").entries.exists()
    page = client.get(f"/tournaments/{entered.tournament_id}/").content.decode()
    standings = page.split('data-testid="standings"')[1]
    assert ">director<" in standings  # before round 1, the registered players are the standings


def test_an_invitation_only_event_enters_its_director_too(client, director):
    client.force_login(director)
    response = client.post("/tournaments/new/", {**FORM, "name": "Closed", "registration": "invitation"})
    assert response.status_code == 302
    assert Tournament.objects.get(name="Closed").entries.get().state == Entry.State.REGISTERED


def test_the_form_says_how_to_stay_out_and_its_clock_is_one_a_timeout_can_end(client, director):
    client.force_login(director)
    html = client.get("/tournaments/new/").content.decode()
    assert 'name="stay_out"' in html and "checked" not in html.split('name="stay_out"')[1].split(">")[0]
    assert f'name="move_days" value="{DEFAULT_MOVE_DAYS}"' in html


def test_a_director_inviting_themself_is_entered_and_shown_no_invitation(
    client, director, players, django_capture_on_commit_callbacks
):
    (a,) = players(1)
    t = creation.create_tournament(director, name="Cup", registration="invitation")
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        registration.invite(t, director, ["director", "p0"])
    assert t.entries.get(user=director).state == Entry.State.REGISTERED
    assert t.entries.get(user=a).state == Entry.State.INVITED
    assert [m.to for m in mail.outbox] == [["p0@example.com"]]
    assert "Round 1 starts when the director starts it. Each round lasts 14 days at most." in mail.outbox[0].body
    client.force_login(director)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'data-testid="tournament-invitation"' not in page
    assert list(registration.invitations(director)) == []


def test_round_1_waits_for_enough_players_and_the_page_says_why(client, director, players):
    (a,) = players(1)
    t = creation.create_tournament(director, name="Duel", format="round_robin")
    registration.enter_director(t)
    registration.invite(t, director, ["p0"])  # invited is not registered
    client.force_login(director)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'data-testid="start-round"' not in page
    assert "Round 1 can start once at least 2 players have registered (so far: 1)." in page
    players_card = page.split('data-testid="players"')[1].split("</section>")[0]
    assert 'data-testid="invite-players"' in players_card and "<details" not in players_card  # in view
    assert "Registered players (1)" in page and "Invited, not yet answered (1)" in page
    registration.register(t, a)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'data-testid="start-round"' in page and 'data-testid="start-problem"' not in page


def test_tables_of_three_need_three_players(director, players):
    a, b = players(2)
    t = creation.create_tournament(director, name="Tables", format="round_robin", table_size=3)
    for u in (a, b):
        registration.register(t, u)
    assert "at least 3 players" in rounds.start_problem(t)
    with pytest.raises(Exception, match="at least 3 players"):
        rounds.start(t, director)


def test_every_round_has_its_dates_on_the_page_in_the_e_mails_and_in_the_api(
    client, director, players, django_capture_on_commit_callbacks
):
    users = players(3)
    t = creation.create_tournament(director, name="League", format="round_robin", round_days=7)
    registration.enter_director(t)
    for u in users:
        registration.register(t, u)
    before = rounds.timeline(t)
    assert [r["number"] for r in before] == [1, 2, 3] and before[0]["starts"] is None
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        rounds.start(t, director)
    t.refresh_from_db()
    dates = rounds.timeline(t)
    first = t.rounds.get(number=1)
    assert [r["number"] for r in dates] == [1, 2, 3]
    assert dates[0]["starts"] == first.started_at and dates[0]["ends"] == first.deadline
    assert dates[1]["starts"] == first.deadline and dates[1]["ends"] == first.deadline + timedelta(days=7)
    assert dates[2]["starts"] == first.deadline + timedelta(days=7)
    bodies = [m.body for m in mail.outbox if m.subject == "League: round 1"]
    assert bodies and all("This round runs from" in b and "Round 2 starts once" in b for b in bodies)

    client.force_login(director)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert page.count('data-testid="round-dates"') == 3
    assert "deadline" in page and "at the latest" in page

    api = APIClient()
    api.force_authenticate(users[0])
    got = api.get(f"/api/tournaments/{t.pk}/").json()["round_dates"]
    assert [(r["number"], r["name"], r["started"]) for r in got] == [
        (1, "Round 1", True),
        (2, "Round 2", False),
        (3, "Round 3", False),
    ]
    assert got[1]["starts"] == got[0]["ends"]

    play_round(t)
    t.refresh_from_db()
    dates = rounds.timeline(t)
    assert dates[0]["finished"] and dates[1]["started"] and dates[0]["ends"] == t.rounds.get(number=1).finished_at


def test_a_start_date_plans_the_rounds_before_round_1(director, players):
    from django.utils import timezone

    when = timezone.now() + timedelta(days=3)
    t = creation.create_tournament(director, name="Planned", format="knockout", start_date=when, round_days=5)
    for u in players(4):
        registration.register(t, u)
    dates = rounds.timeline(t)
    assert [(r["starts"], r["planned"]) for r in dates] == [(when, True), (when + timedelta(days=5), True)]


def test_an_unlimited_clock_says_no_timeout(client, director):
    t = creation.create_tournament(director, name="Cup", format="knockout", move_days=None)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "On timeout" not in page and "settled then" in page


def test_the_player_picker_lists_matching_names_but_not_blocked_or_closed_accounts(client, director, django_user_model):
    cache.clear()
    for name in ("anna", "annabel", "anne", "bob"):
        django_user_model.objects.create_user(username=name, email=f"{name}@example.com", password="x")
    django_user_model.objects.filter(username="anne").update(is_active=False)
    Block.objects.create(user=django_user_model.objects.get(username="annabel"), blocked=director)
    assert client.get("/tournaments/players/?q=an").status_code == 302  # logged in only
    client.force_login(director)
    assert client.get("/tournaments/players/?q=AN").json() == {"usernames": ["anna"]}
    assert client.get("/tournaments/players/?q=a").json() == {"usernames": []}


def test_the_player_picker_is_rate_limited(client, director, settings):
    cache.clear()
    client.force_login(director)
    from tournaments import views

    for _ in range(views.PLAYER_LOOKUPS_PER_MINUTE):
        assert client.get("/tournaments/players/?q=di").status_code == 200
    assert client.get("/tournaments/players/?q=di").status_code == 429
    cache.clear()


def test_the_api_enters_the_director_too_unless_they_stay_out(director):
    api = APIClient()
    api.force_authenticate(director)
    made = api.post("/api/tournaments/", {"name": "In", "format": "swiss"}, format="json")
    assert made.status_code == 201 and "stay_out" not in made.json()
    out = api.post("/api/tournaments/", {"name": "Out", "stay_out": True}, format="json")
    assert out.status_code == 201
    assert [e.user for e in Tournament.objects.get(name="In").entries.all()] == [director]
    assert not Tournament.objects.get(name="Out").entries.exists()
    assert api.patch(f"/api/tournaments/{out.json()['id']}/", {"stay_out": False}, format="json").status_code == 200
