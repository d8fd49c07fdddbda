"""Signing up from an invitation link: back to the invitation afterwards, with the
invited address filled in."""

import pytest

from games import lobby
from games.models import Seat

pytestmark = pytest.mark.django_db


def test_the_invited_person_signs_up_and_lands_on_the_game(client, ann, password):
    game = lobby.create_game(ann, ["newcomer@example.com"], name="Welcome game")
    token = game.seats.get(invited_email="newcomer@example.com").invite_token
    login_page = client.get(f"/invite/{token}/", follow=True)
    html = login_page.content.decode()
    assert f'href="/accounts/signup/?next=/invite/{token}/"' in html
    signup = client.get(f"/accounts/signup/?next=/invite/{token}/").content.decode()
    assert 'value="newcomer@example.com"' in signup and f'name="next" value="/invite/{token}/"' in signup
    response = client.post(
        "/accounts/signup/",
        {
            "username": "newcomer",
            "email": "newcomer@example.com",
            "password1": password,
            "password2": password,
            "next": f"/invite/{token}/",
        },
        follow=True,
    )
    assert response.redirect_chain[0][0] == f"/invite/{token}/"
    seat = game.seats.get(position=1)
    assert seat.user.username == "newcomer" and seat.state == Seat.State.JOINED


def test_sign_up_never_sends_people_to_another_site(client, password):
    response = client.post(
        "/accounts/signup/?next=https://evil.example.com/",
        {
            "username": "eve",
            "email": "eve@example.com",
            "password1": password,
            "password2": password,
            "next": "https://evil.example.com/",
        },
    )
    assert response["Location"] == "/"
