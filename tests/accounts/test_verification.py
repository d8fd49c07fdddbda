"""E-mail addresses are verified; sign-up never tells whether an address is registered;
usernames cannot be mistaken for one another."""

import re

import pytest
from django.test import TestCase
from django.urls import reverse

from accounts.models import User
from tests.concurrency import at_once
from tests.conftest import needs_postgresql

PASSWORD = "a-Long-enough-pa55word"


def signup(client, username="bob", email="bob@example.com"):
    with TestCase.captureOnCommitCallbacks(execute=True):  # its e-mail goes once the sign-up commits
        return client.post(
            reverse("signup"),
            {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD},
            follow=True,
        )


def link_in(message) -> str:
    return re.search(r"https?://\S+", message.body).group(0)


@pytest.mark.django_db
def test_the_confirmation_link_makes_the_signup_address_the_accounts_address(client, mailoutbox):
    signup(client)
    assert [m.to for m in mailoutbox] == [["bob@example.com"]]
    client.get(link_in(mailoutbox[0]), follow=True)
    user = User.objects.get(username="bob")
    assert (user.email, user.pending_email) == ("bob@example.com", "")


@pytest.mark.django_db
def test_signing_up_with_a_registered_address_looks_the_same_and_only_warns_its_owner(client, user, mailoutbox):
    fresh = signup(client, "carl", "carl@example.com").content.decode()
    client.post(reverse("logout"))
    mailoutbox.clear()
    taken = signup(client, "other", "ANN@example.com").content.decode()
    assert "We sent a link to ANN@example.com" in taken
    assert "We sent a link to carl@example.com" in fresh
    assert "already" not in taken.lower()
    assert [m.to for m in mailoutbox] == [["ANN@example.com"]]
    assert "ann" in mailoutbox[0].body and "/email/confirm/" not in mailoutbox[0].body
    assert User.objects.get(username="other").email == ""
    assert User.objects.get(username="ann").email == "ann@example.com"


@pytest.mark.django_db
def test_a_confirmation_link_cannot_take_an_address_confirmed_by_someone_else_meanwhile(client, make_user, mailoutbox):
    signup(client, "bob", "shared@example.com")
    link = link_in(mailoutbox[0])
    make_user("zed", "Shared@example.com")  # e.g. confirmed by its owner first
    client.get(link, follow=True)
    assert User.objects.get(username="bob").email == ""


@pytest.mark.django_db
def test_a_forged_or_tampered_confirmation_link_changes_nothing(client, mailoutbox):
    signup(client)
    link = link_in(mailoutbox[0])
    response = client.get(link[:-3] + "xyz/", follow=True)
    assert response.status_code == 200
    assert User.objects.get(username="bob").email == ""


@pytest.mark.django_db
def test_changing_the_address_keeps_the_old_one_until_the_new_one_is_confirmed(client, user, password, mailoutbox):
    client.force_login(user)
    with TestCase.captureOnCommitCallbacks(execute=True):
        client.post(reverse("email-change"), {"email": "new@example.com"})
    user.refresh_from_db()
    assert (user.email, user.pending_email) == ("ann@example.com", "new@example.com")
    client.get(link_in(mailoutbox[-1]))
    user.refresh_from_db()
    assert (user.email, user.pending_email) == ("new@example.com", "")


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["аnn", "ANN", "Ann"])
def test_a_username_that_looks_like_an_existing_one_is_refused(client, user, name):
    response = signup(client, name, "x@example.com")
    assert "username" in response.context["form"].errors
    assert User.objects.count() == 1


@pytest.mark.django_db
def test_a_username_mixing_alphabets_with_look_alike_letters_is_refused(client):
    response = signup(client, "pаypal", "x@example.com")  # Cyrillic а
    assert "alphabets" in str(response.context["form"].errors["username"])


@pytest.mark.django_db
def test_a_username_in_one_other_alphabet_is_welcome():
    from django.test import Client

    signup(Client(), "Jürgen", "j@example.com")
    signup(Client(), "андрей", "a@example.com")
    assert set(User.objects.values_list("username", flat=True)) == {"Jürgen", "андрей"}


@pytest.mark.django_db(transaction=True)
def test_parallel_signups_with_one_name_make_one_account_and_no_server_error():
    needs_postgresql("signing up in parallel")
    from django.test import Client

    statuses = []

    def go(i):  # an address each: e-mails to one address are limited per hour
        return lambda: statuses.append(signup(Client(), "twin", f"twin{i}@example.com").status_code)

    at_once(*[go(i) for i in range(6)])
    assert statuses == [200] * 6
    assert User.objects.filter(username="twin").count() == 1
