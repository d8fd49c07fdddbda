"""Changing one's e-mail address: only through a link sent to the new address."""

import re

import pytest
from django.core import mail

pytestmark = pytest.mark.django_db


def _ask(client, user, password, email):
    client.force_login(user)
    return client.post("/accounts/email/", {"email": email, "password": password})


def _link(address):
    [message] = [m for m in mail.outbox if m.to == [address]]
    return re.search(r"http://testserver(/accounts/email/confirm/\S+/)", message.body).group(1)


def test_the_new_address_confirms_the_change(client, ann, password):
    _ask(client, ann, password, "ann@new.example.org")
    ann.refresh_from_db()
    assert ann.email == "ann@example.com"
    link = _link("ann@new.example.org")
    assert client.get(link).status_code == 200 and ann.email == "ann@example.com"
    client.post(link)
    ann.refresh_from_db()
    assert ann.email == "ann@new.example.org"


def test_a_forged_or_reused_link_changes_nothing(client, ann, password):
    _ask(client, ann, password, "ann@new.example.org")
    link = _link("ann@new.example.org")
    forged = link.replace("/confirm/", "/confirm/x")
    assert client.post(forged).status_code == 400
    client.post(link)
    response = client.post(link)
    assert response.status_code == 400


def test_an_address_taken_meanwhile_is_refused(client, ann, bob, password):
    _ask(client, ann, password, "shared@example.org")
    link = _link("shared@example.org")
    bob.email = "shared@example.org"
    bob.save()
    assert client.post(link).status_code == 400
    ann.refresh_from_db()
    assert ann.email == "ann@example.com"


def test_a_wrong_password_or_taken_address_sends_nothing(client, ann, bob, password):
    assert "The password is not right." in _ask(client, ann, "nope", "x@example.org").content.decode()
    assert "already exists" in _ask(client, ann, password, bob.email).content.decode()
    assert not mail.outbox
