"""A seat invited by e-mail address belongs to whoever has the invitation link or has
*verified* that address; the address itself is shown to the inviter only."""

import re

import pytest
from django.test import Client, TestCase
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.models import User
from games.models import Game, Seat

PASSWORD = "a-Long-enough-pa55word"


@pytest.fixture
def invited_game(ann):
    api = APIClient()
    api.force_authenticate(ann)
    response = api.post("/api/games/", {"invite": ["stranger@example.test"], "name": "Open secrets"}, format="json")
    assert response.status_code == 201, response.content
    return Game.objects.get(pk=response.json()["id"])


def signup_as_stranger():
    client = Client()
    with TestCase.captureOnCommitCallbacks(execute=True):  # its e-mail goes once the sign-up commits
        client.post(
            reverse("signup"),
            {"username": "mallory", "email": "Stranger@Example.test", "password1": PASSWORD, "password2": PASSWORD},
        )
    return client


@pytest.mark.django_db
def test_signing_up_with_an_invitees_address_does_not_take_the_seat(invited_game, mailoutbox):
    client = signup_as_stranger()
    response = client.post(f"/api/games/{invited_game.pk}/accept/")
    assert response.status_code == 403
    seat = invited_game.seats.get(position=1)
    assert (seat.state, seat.user_id) == (Seat.State.INVITED, None)


@pytest.mark.django_db
def test_the_invitee_takes_the_seat_once_the_address_is_confirmed(invited_game, mailoutbox):
    client = signup_as_stranger()
    confirm = next(m for m in mailoutbox if "/email/confirm/" in m.body)
    client.get(re.search(r"https?://\S+", confirm.body).group(0))
    response = client.post(f"/api/games/{invited_game.pk}/accept/")
    assert response.status_code == 200
    assert invited_game.seats.get(position=1).user == User.objects.get(username="mallory")


@pytest.mark.django_db
def test_the_invitation_link_seats_whoever_opens_it(invited_game, make_user):
    friend = make_user("friend", "friend@elsewhere.test")
    client = Client()
    client.force_login(friend)
    token = invited_game.seats.get(position=1).invite_token
    client.get(reverse("invitation", args=[token]))
    assert invited_game.seats.get(position=1).user == friend


@pytest.mark.django_db
def test_an_invitees_address_is_shown_to_nobody_but_the_inviter(invited_game, ann, bob):
    logged_out = Client().get(invited_game.get_absolute_url()).content.decode()
    other = Client()
    other.force_login(bob)
    as_bob = other.get(invited_game.get_absolute_url()).content.decode()
    lobby = other.get(reverse("lobby")).content.decode()
    api = APIClient()
    api.force_authenticate(bob)
    state = api.get(f"/api/games/{invited_game.pk}/").content.decode()
    inviter = Client()
    inviter.force_login(ann)
    as_ann = inviter.get(invited_game.get_absolute_url()).content.decode()
    for page in (logged_out, as_bob, lobby, state):
        assert "stranger@example.test" not in page.lower()
    assert "stranger@example.test" in as_ann
