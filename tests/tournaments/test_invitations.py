"""Tournament invitations reach the invitee: an e-mail through the outbox (as their
settings say) and an Accept/Decline on their home page."""

import pytest
from django.core import mail

from notifications.models import Notification, Preference
from tournaments import creation, registration, rounds
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed(director):
    return creation.create_tournament(director, name="Closed <Cup>", registration="invitation")


def test_an_invited_player_gets_an_email_linking_to_the_tournament(
    closed, director, players, django_capture_on_commit_callbacks
):
    (p0,) = players(1)
    with django_capture_on_commit_callbacks(execute=True):
        registration.invite(closed, director, ["p0"])
    [message] = [m for m in mail.outbox if m.to == [p0.email]]
    assert "director invites you to the tournament Closed <Cup>" == message.subject
    assert f"/tournaments/{closed.pk}/" in message.body or "/notifications/go/" in message.body
    html = message.alternatives[0][0]
    assert "Closed &lt;Cup&gt;" in html and "Closed <Cup>" not in html


def test_invitations_follow_the_invitees_email_settings(closed, director, players, django_capture_on_commit_callbacks):
    (p0,) = players(1)
    prefs = Preference.for_user(p0)
    prefs.invitation = "none"
    prefs.save()
    with django_capture_on_commit_callbacks(execute=True):
        registration.invite(closed, director, ["p0"])
    assert not [m for m in mail.outbox if m.to == [p0.email]]
    assert Notification.objects.get(user=p0).status == Notification.Status.SUPPRESSED


def test_an_unknown_name_invites_nobody(closed, director, players, client):
    players(1)
    client.force_login(director)
    response = client.post(f"/tournaments/{closed.pk}/invite/", {"usernames": "p0, nobody"}, follow=True)
    assert "There is no player called nobody" in response.content.decode()
    assert not closed.entries.exists() and not Notification.objects.exists()


def test_the_invitee_accepts_or_declines_from_the_home_page(closed, director, players, client):
    p0, p1 = players(2)
    registration.invite(closed, director, ["p0", "p1"])
    client.force_login(p0)
    home = client.get("/").content.decode()
    assert f'action="/tournaments/{closed.pk}/accept/"' in home and "Closed &lt;Cup&gt;" in home
    client.post(f"/tournaments/{closed.pk}/accept/")
    assert closed.entries.get(user=p0).state == Entry.State.REGISTERED
    assert f"/tournaments/{closed.pk}/accept/" not in client.get("/").content.decode()
    client.force_login(p1)
    client.post(f"/tournaments/{closed.pk}/decline/")
    assert not closed.entries.filter(user=p1).exists()
    assert f"/tournaments/{closed.pk}/accept/" not in client.get("/").content.decode()
    assert client.post(f"/tournaments/{closed.pk}/decline/", follow=True).status_code == 200  # no invitation: a message


def test_round_emails_go_through_the_outbox(director, players, django_capture_on_commit_callbacks):
    users = players(4)
    t = creation.create_tournament(director, name="League", format="round_robin")
    for u in users:
        registration.register(t, u)
    quiet = Preference.for_user(users[0])
    quiet.game = "none"
    quiet.save()
    with django_capture_on_commit_callbacks(execute=True):
        rounds.start(t, director)
    rows = Notification.objects.filter(kind=Notification.Kind.MESSAGE)
    assert {r.user_id for r in rows} == {u.pk for u in users}
    assert rows.get(user=users[0]).status == Notification.Status.SUPPRESSED
    assert not [m for m in mail.outbox if m.to == [users[0].email] and m.subject == "League: round 1"]
    assert [m for m in mail.outbox if m.to == [users[1].email] and m.subject == "League: round 1"]
