"""The account's e-mails (the link confirming an address, the password reset, the deletion
link, the note to an address's owner) go through the outbox like every other e-mail: sent
by the worker whatever the person's e-mail settings, kept and tried again while the mail
server refuses, their links on the site's public address."""

from __future__ import annotations

import re
import smtplib
from contextlib import contextmanager
from datetime import timedelta
from unittest import mock

import pytest
from django.core import mail
from django.core.mail.backends import locmem
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from notifications import tasks
from notifications.models import Mode, Notification, Preference

pytestmark = pytest.mark.django_db


@contextmanager
def mail_server_down():
    """The mail server refuses every message, as an SMTP backend does: an error, unless
    the sender asked to fail silently (then the message is simply not sent)."""

    def refuse(backend, messages):
        if not backend.fail_silently:
            raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")
        return 0

    with mock.patch.object(locmem.EmailBackend, "send_messages", refuse):
        yield


def sweep_later():
    """The sweep, ten minutes on: whatever was refused is tried again."""
    later = timezone.now() + timedelta(minutes=10)
    with mock.patch("django.utils.timezone.now", return_value=later):
        tasks.sweep()


def link_in(message, path_part: str) -> str:
    return re.search(rf"https?://\S*{re.escape(path_part)}\S*", message.body).group(0)


def wants_no_email(user) -> None:
    categories = ("turn", "invitation", "game", "reminder", "timeout", "chat")
    Preference.objects.update_or_create(user=user, defaults=dict.fromkeys(categories, Mode.NONE))


def ask_to_confirm(client, user):
    client.force_login(user)
    client.post(reverse("email-change"), {"email": "ann.new@example.org"})
    return "ann.new@example.org", "/accounts/email/confirm/"


def ask_to_reset(client, user):
    client.post(reverse("password_reset"), {"email": "ann@example.com"})
    return "ann@example.com", "/accounts/reset/"


def ask_for_the_deletion_link(client, user):
    client.force_login(user)
    client.post(reverse("delete-account"), {"send_link": "1"})
    return "ann@example.com", "/accounts/delete/"


def follows(user, link: str) -> bool:
    """Whether following ``link`` does what it promises (in a fresh browser)."""
    response = Client().get(link, follow=True)
    if "/email/confirm/" in link:
        user.refresh_from_db()
        return user.email == "ann.new@example.org"
    if "/reset/" in link:
        return bool(response.context["validlink"])
    return response.status_code == 200 and "expired" not in response.context


@pytest.mark.parametrize("ask", [ask_to_confirm, ask_to_reset, ask_for_the_deletion_link])
def test_an_account_email_refused_by_the_mail_server_waits_and_is_sent_later_with_a_working_link(
    user, django_capture_on_commit_callbacks, ask
):
    wants_no_email(user)  # account e-mails are sent whatever the settings
    client = Client()
    with mail_server_down(), django_capture_on_commit_callbacks(execute=True):
        address, path = ask(client, user)
    row = Notification.objects.get(email=address)
    assert (row.status, row.attempts, row.user) == ("pending", 1, user)
    assert "Connection unexpectedly closed" in row.last_error and not mail.outbox

    sweep_later()
    (message,) = mail.outbox
    assert message.to == [address]
    assert follows(user, link_in(message, path))
    assert Notification.objects.get(pk=row.pk).status == "sent"


def test_account_email_links_are_on_site_url_whatever_host_the_request_came_to(
    settings, user, django_capture_on_commit_callbacks
):
    settings.SITE_URL = "https://carcassonne.example.org"
    settings.ALLOWED_HOSTS = ["testserver", "other.example.net"]
    client = Client(HTTP_HOST="other.example.net")
    with django_capture_on_commit_callbacks(execute=True):
        ask_to_confirm(client, user)
        ask_to_reset(client, user)
        ask_for_the_deletion_link(client, user)
        client.post(reverse("logout"))
        client.post(
            reverse("signup"),
            {
                "username": "carl",
                "email": "ANN@example.com",
                "password1": "a-Long-pa55word",
                "password2": "a-Long-pa55word",
            },
        )
    assert len(mail.outbox) == 4
    for message in mail.outbox:
        hosts = set(re.findall(r"https?://[^/\s]+", message.body))
        assert hosts == {"https://carcassonne.example.org"}, message.subject
    assert User.objects.filter(username="carl").exists()
