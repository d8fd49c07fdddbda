"""Play by e-mail without a worker: tasks run in-process (eager)."""

from __future__ import annotations

import re
import smtplib
from datetime import timedelta
from unittest import mock

import pytest
from django.core import mail, signing
from django.test import Client
from django.utils import timezone

from games import clock as clocks
from games import engine_state, lobby, timeouts, turns
from games import tasks as game_tasks
from games.models import Game, GameEvent, Move, TurnClock, Vacation
from notifications import links, tasks
from notifications.models import Notification, Preference
from tests.conftest import celery_eager

from .conftest import CLOSED_BROKER, broker, mails_to, play_first, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _commit_hooks(django_capture_on_commit_callbacks):
    """Periodic jobs below run inside the test transaction: run their on_commit hooks."""
    global committed

    def run_on_commit_hooks():
        return django_capture_on_commit_callbacks(execute=True)

    committed = run_on_commit_hooks


@pytest.fixture
def game(ann, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = start_game(ann, bob, move_days=3)
    return game


def run(task):
    with committed():
        return task()


def check_clocks() -> int:
    """The two periodic clock jobs: timeouts (games) and deadline reminders (notifications)."""
    return game_tasks.check_timeouts() + tasks.send_reminders()


def _link(message) -> str:
    return re.search(r"http://127\.0\.0\.1:8000(/notifications/go/\S+/)", message.body).group(1)


def test_invitation_started_and_first_turn_emails(game):
    assert len(mails_to("bob@example.com", "invites you")) == 1
    assert len(mails_to("ann@example.com", "has started")) == 1
    assert len(mails_to("bob@example.com", "has started")) == 1
    assert len(mails_to("ann@example.com", "Your turn")) == 1
    assert not mails_to("bob@example.com", "Your turn")


def test_turn_email_after_move(game, django_capture_on_commit_callbacks):
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        play_first(game)
    [message] = mail.outbox
    assert message.to == ["bob@example.com"] and message.subject == f"Your turn in {game.title}"
    assert "Last move: ann placed" in message.body and "Time left: 2 days 23 hours" in message.body
    assert re.search(r"Your tile: [a-z0-9]", message.body)  # in words ("2 city caps"), not a code
    html, mimetype = message.alternatives[0]
    assert mimetype == "text/html" and 'src="cid:board"' in html and "Play your turn" in html
    raw = message.message()
    assert raw.get_content_type() == "multipart/related"
    images = [p for p in raw.walk() if p.get_content_type() == "image/png"]
    assert sorted(i["Content-ID"] for i in images) == ["<board>", "<tile>"]  # the board and the drawn tile
    assert all(i.get_payload(decode=True).startswith(b"\x89PNG") for i in images)
    assert 'src="cid:tile"' in html
    assert raw["List-Unsubscribe"].startswith("<http://127.0.0.1:8000/notifications/unsubscribe/")
    assert raw["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert Notification.objects.get(kind="turn", email="bob@example.com").status == "sent"


def test_login_link_asks_then_logs_in_and_only_redirects(game, ann, client):
    message = mails_to("ann@example.com", "Your turn")[0]
    moves = Move.objects.count()
    page = client.get(_link(message))
    assert page.status_code == 200 and 'data-testid="confirm-login"' in page.content.decode()
    assert "_auth_user_id" not in client.session  # opening (a mail scanner) logs nobody in
    response = client.post(_link(message))
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/#turn-panel"
    assert int(client.session["_auth_user_id"]) == ann.pk
    assert Move.objects.count() == moves


def test_login_link_expires_and_is_scoped(game, ann, bob, settings):
    path = f"/games/{game.pk}/"
    token = links.login_token(ann, path)
    settings.NOTIFICATIONS_LOGIN_LINK_MAX_AGE = -1
    client = Client()
    response = client.post(f"/notifications/go/{token}/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert "_auth_user_id" not in client.session
    settings.NOTIFICATIONS_LOGIN_LINK_MAX_AGE = 3600
    forged = signing.TimestampSigner(key="not-the-secret-key", salt=links.LOGIN_SALT).sign_object(
        {"u": bob.pk, "p": path, "h": "0" * 20, "n": "x"}
    )
    forger = Client()
    assert forger.post(f"/notifications/go/{forged}/").status_code == 400
    assert "_auth_user_id" not in forger.session
    ann.set_password("another-Long-pa55word")
    ann.save()
    response = Client().post(f"/notifications/go/{token}/")  # revoked by the password change
    assert response["Location"].startswith("/accounts/login/")
    with pytest.raises(signing.BadSignature):
        links.read_login_token(token + "x")


def test_unsubscribe_needs_a_confirmation_post(game, ann, django_capture_on_commit_callbacks):
    message = mails_to("ann@example.com", "Your turn")[0]
    url = message.message()["List-Unsubscribe"].strip("<>").replace("http://127.0.0.1:8000", "")
    client = Client()
    page = client.get(url)
    assert page.status_code == 200 and b"confirm-unsubscribe" in page.content
    assert Preference.for_user(ann).turn == "each"
    response = client.post(url, {"List-Unsubscribe": "One-Click"})  # RFC 8058: no CSRF token
    assert response.status_code == 200 and b"unsubscribed" in response.content
    assert Preference.for_user(ann).turn == "none"
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        play_first(game)  # ann -> bob
        play_first(game)  # bob -> ann: no mail for ann
    assert not mails_to("ann@example.com")
    assert Notification.objects.filter(email="ann@example.com", kind="turn", status="suppressed").exists()


def test_settings_page(ann, client, password):
    client.login(username="ann", password=password)
    assert client.get("/notifications/settings/").status_code == 200
    response = client.post(
        "/notifications/settings/",
        {
            "turn": "digest",
            "invitation": "each",
            "game": "none",
            "reminder": "each",
            "timeout": "each",
            "email_when_active": "on",
            "digest_hour": "7",
            "time_zone": "Europe/Paris",
        },
    )
    assert response.status_code == 302
    prefs = Preference.for_user(ann)
    assert (prefs.turn, prefs.game, prefs.digest_hour, prefs.time_zone, prefs.email_when_active) == (
        "digest",
        "none",
        7,
        "Europe/Paris",
        True,
    )


def test_not_emailed_while_active_unless_asked(game, bob, django_capture_on_commit_callbacks):
    Preference.objects.update_or_create(user=bob, defaults={"last_seen": timezone.now()})
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        play_first(game)
    assert not mails_to("bob@example.com")
    Preference.objects.filter(user=bob).update(email_when_active=True)
    with django_capture_on_commit_callbacks(execute=True):
        play_first(game)
        play_first(game)
    assert len(mails_to("bob@example.com", "Your turn")) == 1


def test_sending_is_idempotent_and_retries_smtp_errors(game):
    row = Notification.objects.filter(kind="turn").first()
    assert row.status == "sent"
    assert tasks.deliver(row.pk) == "skip"
    Notification.objects.filter(pk=row.pk).update(status="sending", lease_until=timezone.now() + timedelta(minutes=5))
    assert tasks.deliver(row.pk) == "skip"  # someone holds the lease
    mail.outbox.clear()
    Notification.objects.filter(pk=row.pk).update(status="pending", lease_until=None)
    with mock.patch("django.core.mail.EmailMessage.send", side_effect=smtplib.SMTPDataError(451, b"later")):
        assert tasks.deliver(row.pk) == "retry"
    row.refresh_from_db()
    assert row.status == "pending" and row.next_attempt_at > timezone.now() and "451" in row.last_error
    assert tasks.deliver(row.pk) == "sent"
    assert tasks.deliver(row.pk) == "skip"
    assert len(mail.outbox) == 1


def test_enqueue_failure_never_breaks_a_move_and_sweep_sends_later(game, settings, django_capture_on_commit_callbacks):
    mail.outbox.clear()
    with celery_eager(False), broker(CLOSED_BROKER), django_capture_on_commit_callbacks(execute=True):
        play_first(game)
    row = Notification.objects.get(kind="turn", email="bob@example.com")
    assert row.status == "pending" and not mail.outbox
    assert tasks.sweep() == 0  # too early
    settings.NOTIFICATIONS_SWEEP_AFTER_SECONDS = 0
    assert tasks.sweep() == 1
    assert tasks.sweep() == 0
    assert len(mails_to("bob@example.com", "Your turn")) == 1


def test_reminders_at_50_and_80_percent_once(game, ann):
    clock = TurnClock.objects.get(game=game)
    mail.outbox.clear()
    clock.started_at = timezone.now() - timedelta(days=1.6)
    clock.save()
    assert run(check_clocks) == 1 and run(check_clocks) == 0
    clock.started_at = timezone.now() - timedelta(days=2.5)
    clock.save()
    assert run(check_clocks) == 1 and run(check_clocks) == 0
    subjects = [m.subject for m in mails_to("ann@example.com")]
    assert len(subjects) == 2 and all(s.startswith("Reminder: your turn") for s in subjects)


def test_a_loss_on_time_that_ends_the_game_is_told_once_in_the_game_over_email(game, ann, bob):
    clock = TurnClock.objects.get(game=game)
    clock.started_at = timezone.now() - timedelta(days=3, minutes=1)
    clock.save()
    mail.outbox.clear()
    assert run(check_clocks) == 1
    assert run(check_clocks) == 0 and timeouts.timeout(game.pk, 1) is False
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.current_seat is None
    event = GameEvent.objects.get(game=game)
    assert (event.user, event.kind) == (ann, "lost")
    # one event, one e-mail each: the game-over e-mail says who lost on time
    assert [m.subject for m in mails_to("ann@example.com")] == [mails_to("ann@example.com", "is over")[0].subject]
    assert "You lost on time (move 1)." in mails_to("ann@example.com")[0].body
    finished = mails_to("bob@example.com")
    assert len(finished) == 1 and "is over" in finished[0].subject
    assert "ann lost on time (move 1)." in finished[0].body and "/notifications/go/" in finished[0].body
    assert "ann lost on time" in finished[0].alternatives[0][0]


def test_moved_meanwhile_means_no_reminder(game, django_capture_on_commit_callbacks):
    clock = TurnClock.objects.get(game=game)
    clock.started_at = timezone.now() - timedelta(days=2)
    clock.save()
    with django_capture_on_commit_callbacks(execute=True):
        play_first(game)
    mail.outbox.clear()
    assert run(check_clocks) == 0
    assert not mail.outbox


def test_vacation_pauses_the_clock(game, ann):
    clock = TurnClock.objects.get(game=game)
    now = timezone.now()
    clock.started_at = now - timedelta(days=3, hours=1)
    clock.save()
    Vacation.objects.create(user=ann, start=now - timedelta(days=2), end=now - timedelta(days=1))
    state = clocks.state(clock, game, now)
    assert state.deadline == clock.started_at + timedelta(days=4)
    assert run(check_clocks) == 1  # only the 80% reminder, no timeout
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    Game.objects.filter(pk=game.pk).update(vacation_allowed=False)
    assert run(check_clocks) == 1  # without vacations: time is up
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED


def test_daily_digest_once_per_day(game, ann):
    Preference.objects.update_or_create(
        user=ann, defaults={"turn": "digest", "digest_hour": 0, "time_zone": "Asia/Tokyo"}
    )
    mail.outbox.clear()
    assert run(tasks.send_digests) == 1 and run(tasks.send_digests) == 0
    [message] = mails_to("ann@example.com")
    assert message.subject == "Your turn in 1 game" and game.title in message.body


def test_waiting_page_sorted_by_time_left(ann, bob, client, password, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        slow = start_game(ann, bob, move_days=14, name="Slow")
        fast = start_game(ann, bob, move_days=1, name="Fast")
        free = start_game(ann, bob, name="Free")
    client.login(username="ann", password=password)
    html = client.get("/games/waiting/").content.decode()
    assert html.index("Fast") < html.index("Slow") < html.index("Free")
    assert fast and slow and free


def test_invited_address_gets_link_and_can_unsubscribe(ann, django_capture_on_commit_callbacks):
    from games import lobby

    with django_capture_on_commit_callbacks(execute=True):
        lobby.create_game(ann, ["new@example.net"])
    [message] = mails_to("new@example.net")
    assert "/invite/" in message.body
    url = message.message()["List-Unsubscribe"].strip("<>").replace("http://127.0.0.1:8000", "")
    assert Client().post(url).status_code == 200
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        lobby.create_game(ann, ["new@example.net"])
    assert not mails_to("new@example.net")


def _time_out(game):
    clock = TurnClock.objects.get(game=game)
    clock.started_at = timezone.now() - timedelta(days=game.move_days, minutes=1)
    clock.save()
    return run(check_clocks)


def test_timeout_skip_puts_the_tile_back_and_passes_the_turn(ann, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = start_game(ann, bob, move_days=3, timeout_rule="skip")
    tiles_before = engine_state.engine_for(game).tiles_left
    mail.outbox.clear()
    assert _time_out(game) == 1
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.current_seat == 1 and game.move_count == 1
    skipped = Move.objects.get(game=game, number=1)
    assert skipped.entry == {"tile": skipped.entry["tile"], "skip": True}
    engine = engine_state.engine_for(game)
    assert engine.tiles_left == tiles_before  # the skipped tile went back into the bag
    assert GameEvent.objects.get(game=game).kind == "skipped"
    assert len(mails_to("bob@example.com", "Your turn")) == 1
    assert run(check_clocks) == 0  # bob's clock has just started


def test_timeout_bot_rule_lets_a_bot_take_the_seat_through_the_clock_job(ann, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = start_game(ann, bob, move_days=3, timeout_rule="bot")
    mail.outbox.clear()
    assert _time_out(game) == 1
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.current_seat == 1 and game.has_bots
    placed = Move.objects.get(game=game, number=1)
    assert placed.seat == 0 and "x" in placed.entry  # the bot placed ann's tile
    assert game.seats.get(user=ann).bot == "strong"
    event = GameEvent.objects.get(game=game)
    assert (event.user, event.kind) == (ann, "bot")
    assert len(mails_to("ann@example.com", "a bot plays the seat")) == 1
    assert len(mails_to("bob@example.com", "Your turn")) == 1
    with celery_eager(True), django_capture_on_commit_callbacks(execute=True):
        play_first(game)
    game.refresh_from_db()
    assert game.current_seat == 1 and game.move_count >= 3  # the bot answered at once, in ann's seat
    assert not mails_to("ann@example.com", "Your turn")  # its player is not asked any more


def test_timeout_lose_with_three_players_lets_the_others_play_on(
    ann, bob, make_user, django_capture_on_commit_callbacks
):
    cid = make_user("cid")
    with django_capture_on_commit_callbacks(execute=True):
        game = lobby.create_game(ann, ["bob", "cid"], move_days=1, timeout_rule="lose")
        lobby.accept_invitation(game.pk, bob)
        lobby.accept_invitation(game.pk, cid)
    game.refresh_from_db()
    assert _time_out(game) == 1
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.current_seat == 1
    assert Move.objects.get(game=game, number=1).entry.get("forfeit") is True
    game = play_first(game)  # bob
    game = play_first(game)  # cid
    game.refresh_from_db()
    assert game.current_seat == 1  # ann left the turn order
    assert engine_state.engine_for(game).out == {0}


@pytest.mark.parametrize("how", ["time", "resign"])
def test_when_the_leader_leaves_the_final_email_names_the_other_player(
    ann, bob, how, django_capture_on_commit_callbacks
):
    from tests.leaders import leader_leaves

    with django_capture_on_commit_callbacks(execute=True):
        game = lobby.create_started_game(ann, [ann, bob])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        game, leader, other = leader_leaves(game, how)
    for user in (ann, bob):
        [final] = mails_to(user.email, "is over")
        assert final.subject.endswith(f"{other.username} won")
        assert f"Winner: {other.username}." in final.body
        assert f"{leader.username}: " in final.body and "(left the game)" in final.body


def test_resigning_emails_the_others_not_the_player(ann, bob, make_user, django_capture_on_commit_callbacks):
    cid = make_user("cid", "cid@example.com")
    with django_capture_on_commit_callbacks(execute=True):
        game = lobby.create_started_game(ann, [ann, bob, cid])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        turns.resign(game.pk, bob)  # not bob's turn: ann keeps hers
    assert len(mails_to("ann@example.com", "bob resigned")) == 1
    assert len(mails_to("cid@example.com", "bob resigned")) == 1
    assert not mails_to("bob@example.com")
    assert not mails_to("ann@example.com", "Your turn")  # still the same turn: no second e-mail
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.current_seat == 0
    assert TurnClock.objects.get(game=game).move_number == game.move_count + 1


def _refused_send(row_pk, retries):
    """Run the send task as a worker would (not eagerly), its ``retries``-th time, with the
    SMTP server refusing: the countdown Celery's retry hands the broker, or None."""
    from celery.canvas import Signature
    from celery.exceptions import Retry

    countdowns = []
    task = tasks.send_notification
    with (
        mock.patch.object(Signature, "apply_async", lambda sig, *a, **k: countdowns.append(sig.options["countdown"])),
        mock.patch("django.core.mail.EmailMessage.send", side_effect=smtplib.SMTPDataError(451, b"later")),
    ):
        task.push_request(id=f"send-{retries}", retries=retries, is_eager=False, called_directly=False)
        try:
            task(row_pk)
        except Retry:
            pass
        finally:
            task.pop_request()
    return countdowns[0] if countdowns else None


def test_an_smtp_refusal_is_sent_again_by_celery_later_and_later_at_random_below_the_back_off(game, settings):
    row = Notification.objects.filter(kind="turn").first()
    base = settings.NOTIFICATIONS_RETRY_BASE_SECONDS
    for retries in (0, 1, 2, 8):
        countdowns = []
        for _ in range(12):
            Notification.objects.filter(pk=row.pk).update(status="pending", lease_until=None, attempts=0)
            countdowns.append(_refused_send(row.pk, retries))
        assert all(0 <= c <= min(base * 2**retries, 3600) for c in countdowns), (retries, countdowns)
        assert len(set(countdowns)) > 1, "jitter: rows refused together are not retried together"
    row.refresh_from_db()
    assert row.status == "pending" and row.queued_at is not None  # handed to the broker: the sweep leaves it


def test_a_row_refused_its_last_allowed_time_fails_and_is_not_retried(game, settings):
    row = Notification.objects.filter(kind="turn").first()
    Notification.objects.filter(pk=row.pk).update(
        status="pending", lease_until=None, attempts=settings.NOTIFICATIONS_MAX_ATTEMPTS - 1
    )
    assert _refused_send(row.pk, retries=3) is None
    row.refresh_from_db()
    assert row.status == "failed" and "451" in row.last_error
