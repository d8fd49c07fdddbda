"""Personal data that expires: the housekeeping job reduces or deletes what is past its time
(docs/operations/privacy-and-limits.md, "Privacy: what is kept and for how long"); the
privacy page says so, in four languages."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt, AccessLog
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from notifications import links
from notifications.models import InboundMessage, Notification, UsedLoginLink
from notifications.tasks import housekeeping

pytestmark = pytest.mark.django_db


def aged(model, days: float, field: str = "created_at", **values):
    row = model.objects.create(**values)
    model.objects.filter(pk=row.pk).update(**{field: timezone.now() - timedelta(days=days)})
    return row


def mail(user, days, status=Notification.Status.SENT, key=""):
    return aged(
        Notification,
        days,
        key=key or f"k{days}{status}",
        kind=Notification.Kind.TURN,
        category="turn",
        user=user,
        email=user.email,
        status=status,
        data={"mover": "bob", "scored": [["bob", 4]]},
        last_error="",
    )


def test_old_emails_lose_their_text_and_address_and_recent_ones_keep_them(ann):
    old, recent = mail(ann, 31), mail(ann, 29)
    waiting = mail(ann, 40, status=Notification.Status.PENDING)  # not sent yet: left alone
    assert housekeeping()["emails_reduced"] == 1
    old.refresh_from_db(), recent.refresh_from_db(), waiting.refresh_from_db()
    assert (old.data, old.email, old.user_id, old.kind) == ({}, "", ann.pk, "turn")
    assert recent.data and recent.email == ann.email
    assert waiting.data and waiting.email


def test_the_replies_log_forgets_senders_after_its_period(settings):
    settings.INBOUND_ADDRESS_DAYS = 10
    old = aged(InboundMessage, 11, message_id="<a@x>", sender="someone@example.net", source="pipe")
    recent = aged(InboundMessage, 9, message_id="<b@x>", sender="other@example.net", source="pipe")
    assert housekeeping()["reply_senders_forgotten"] == 1
    old.refresh_from_db(), recent.refresh_from_db()
    assert (old.sender, old.message_id) == ("", "<a@x>") and recent.sender == "other@example.net"


def test_used_login_links_and_expired_sessions_are_deleted():
    old = aged(UsedLoginLink, (links.login_max_age() + 3700) / 86400, field="used_at", digest="a" * 64)
    fresh = UsedLoginLink.objects.create(digest="b" * 64)
    session = SessionStore()
    session["x"] = 1
    session.create()
    Session.objects.filter(session_key=session.session_key).update(expire_date=timezone.now() - timedelta(seconds=1))
    housekeeping()
    assert not UsedLoginLink.objects.filter(pk=old.pk).exists() and UsedLoginLink.objects.filter(pk=fresh.pk).exists()
    assert not Session.objects.filter(session_key=session.session_key).exists()


def test_a_session_lasts_session_days():
    assert settings.SESSION_COOKIE_AGE == settings.SESSION_DAYS * 24 * 3600 == 14 * 24 * 3600


def test_login_records_go_after_their_period_and_failed_attempts_after_the_cooloff(settings, user):
    settings.LOGIN_LOG_DAYS = 30
    record = {"username": "ann", "ip_address": "10.1.2.3", "user_agent": "Firefox", "path_info": "/accounts/login/"}
    old_log, new_log = aged(AccessLog, 31, field="attempt_time", **record), aged(AccessLog, 2, "attempt_time", **record)
    attempt = {**record, "get_data": "", "post_data": "", "failures_since_start": 3}
    cooled = aged(AccessAttempt, 1, field="attempt_time", **attempt)
    assert housekeeping()["login_records"] == 2
    assert not AccessLog.objects.filter(pk=old_log.pk).exists() and AccessLog.objects.filter(pk=new_log.pk).exists()
    assert not AccessAttempt.objects.filter(pk=cooled.pk).exists()


@pytest.mark.parametrize(
    "language, title, span",
    [
        ("en", "Privacy: what we keep, why and for how long", "45 days"),
        ("de", "Datenschutz: was wir speichern, warum und wie lange", "45 Tage"),
        ("fr", "Confidentialité\u00a0: ce que nous conservons, pourquoi et combien de temps", "45 jours"),
        ("it", "Privacy: cosa conserviamo, perché e per quanto tempo", "45 giorni"),
    ],
)
def test_the_privacy_page_says_what_is_kept_and_for_how_long_in_four_languages(settings, language, title, span):
    settings.OUTBOX_BODY_DAYS = 45
    page = Client().get("/privacy/", HTTP_ACCEPT_LANGUAGE=language)
    text = page.content.decode()
    assert page.status_code == 200 and title in text
    assert span in text  # the e-mails' period, from the settings
    assert 'href="/privacy/"' in Client().get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()  # the footer
