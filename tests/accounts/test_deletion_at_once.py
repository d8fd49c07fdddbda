"""Deleting an account twice at the same moment (a double click, two tabs, the e-mailed link
opened twice) answers each time that the account is deleted, never a server error.

Needs PostgreSQL: SQLite writes one transaction at a time, so there is no race."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts import deletion
from accounts.models import User
from tests.concurrency import at_once
from tests.conftest import needs_postgresql

pytestmark = pytest.mark.django_db(transaction=True)

DELETED = "Your account is deleted. Goodbye, and thank you for playing."
LOG_IN = "the log-in page"


def posted_at_once(clients: list[Client], url: str, data: dict) -> list[str]:
    """What each client is shown after posting ``data`` to ``url`` at the same moment: the
    page its answer leads to, or the status code of an answer that leads nowhere."""
    answers: list = []
    at_once(*(lambda client=client: answers.append((client, client.post(url, data))) for client in clients))
    shown = []
    for client, response in answers:
        if response.status_code != 302:
            shown.append(str(response.status_code))
        elif response.url.startswith(reverse("login")):  # too late to be a second click: the session had ended
            shown.append(LOG_IN)
        else:
            shown.append(DELETED if DELETED in client.get(response.url).content.decode() else "no message")
    return shown


def test_the_password_form_posted_three_times_at_once_says_three_times_the_account_is_deleted(make_user, password):
    needs_postgresql("the race of two deletions")
    person = make_user("zed", "zed@example.com")
    clients = []
    for _ in range(3):
        client = Client(raise_request_exception=False)  # a server error is an answer, as a browser sees it
        client.force_login(person)
        clients.append(client)
    shown = posted_at_once(clients, reverse("delete-account"), {"password": password})
    assert DELETED in shown and set(shown) <= {DELETED, LOG_IN}, shown
    assert User.objects.get(pk=person.pk).deleted_at is not None


def test_the_emailed_link_confirmed_six_times_at_once_says_six_times_the_account_is_deleted(make_user):
    needs_postgresql("the race of two deletions")
    person = make_user("zed", "zed@example.com")
    link = reverse("delete-account-link", args=[deletion.link_token(person)])
    clients = [Client(raise_request_exception=False) for _ in range(6)]
    assert posted_at_once(clients, link, {}) == [DELETED] * 6
    assert User.objects.get(pk=person.pk).deleted_at is not None


def test_the_emailed_link_confirmed_again_after_the_deletion_says_the_account_is_deleted(make_user):
    person = make_user("zed", "zed@example.com")
    link = reverse("delete-account-link", args=[deletion.link_token(person)])
    client = Client()
    assert client.post(link, follow=True).content.decode().count(DELETED) == 1
    assert DELETED in client.post(link, follow=True).content.decode()  # a second tab, say
    assert client.get(link).status_code == 404  # the link itself is spent
