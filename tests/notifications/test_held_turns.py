"""A turn e-mail (or reminder) to a player on the site waits a few minutes and goes only if
they have not seen the turn by then: never lost, never one per bot answer while they play."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games import bot_seats
from games.models import Game
from notifications import held, tasks
from notifications.models import Notification, Preference

from .conftest import mails_to, play_first, start_game

pytestmark = pytest.mark.django_db


def _active(user):
    Preference.objects.update_or_create(user=user, defaults={"last_seen": timezone.now()})


def _after_the_hold():
    """What the sweep does once every held row's time is up."""
    return tasks.release_held(timezone.now() + held.hold() + timedelta(seconds=1))


def _turn_row(user, game):
    return Notification.objects.filter(kind="turn", user=user, game=game).latest("pk")


@pytest.fixture
def game(ann, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = start_game(ann, bob)
    mail.outbox.clear()
    return game


def test_a_player_who_looked_at_the_site_and_left_gets_the_turn_after_the_hold(
    game, bob, django_capture_on_commit_callbacks
):
    _active(bob)  # bob opened his home page, then went away
    with django_capture_on_commit_callbacks(execute=True):
        play_first(game)
    assert not mails_to("bob@example.com", "Your turn")
    assert _turn_row(bob, game).status == Notification.Status.HELD
    with django_capture_on_commit_callbacks(execute=True):
        tasks.sweep()  # the hold is not over yet
    assert not mails_to("bob@example.com", "Your turn")
    with django_capture_on_commit_callbacks(execute=True):
        assert _after_the_hold() == 1
    assert len(mails_to("bob@example.com", "Your turn")) == 1
    assert _turn_row(bob, game).status == Notification.Status.SENT
    with django_capture_on_commit_callbacks(execute=True):
        assert _after_the_hold() == 0  # sent once
    assert len(mails_to("bob@example.com", "Your turn")) == 1


def test_a_turn_seen_on_the_game_page_is_not_sent(game, bob, client, django_capture_on_commit_callbacks):
    client.force_login(bob)
    client.get(game.get_absolute_url())  # the board before ann's move: not the turn
    with django_capture_on_commit_callbacks(execute=True):
        play_first(game)
    client.get(f"/games/{game.pk}/fragment/")  # the page's live swap shows bob the new turn
    with django_capture_on_commit_callbacks(execute=True):
        _after_the_hold()
    assert not mails_to("bob@example.com", "Your turn")
    row = _turn_row(bob, game)
    assert row.status == Notification.Status.SUPPRESSED and "seen" in row.last_error


def test_a_page_of_the_board_before_the_turn_is_not_the_turn_seen(game, bob, django_capture_on_commit_callbacks):
    from games.models import Seat

    _active(bob)
    with django_capture_on_commit_callbacks(execute=True):
        play_first(game)
    game.refresh_from_db()
    # a page bob loaded just as ann moved, drawn from the board before her move
    Seat.objects.filter(game=game, user=bob).update(seen_at=timezone.now(), seen_move=game.move_count - 1)
    with django_capture_on_commit_callbacks(execute=True):
        _after_the_hold()
    assert len(mails_to("bob@example.com", "Your turn")) == 1


def test_a_turn_played_before_the_hold_is_over_is_not_sent(game, bob, django_capture_on_commit_callbacks):
    _active(bob)
    with django_capture_on_commit_callbacks(execute=True):
        play_first(game)
        first = _turn_row(bob, game)
        play_first(game)  # bob played it (by a reply, say) before the hold was over
    with django_capture_on_commit_callbacks(execute=True):
        _after_the_hold()
    first.refresh_from_db()
    assert first.status == Notification.Status.SUPPRESSED and "over" in first.last_error
    assert not mails_to("bob@example.com", "Your turn")


def test_ten_turns_against_a_bot_send_one_e_mail_when_the_player_leaves(
    ann, client, django_capture_on_commit_callbacks
):
    client.force_login(ann)
    with django_capture_on_commit_callbacks(execute=True):
        game = bot_seats.create_game_with_bots(ann, bots=1, bot_level="beginner")
    mail.outbox.clear()
    for _ in range(10):
        client.get(f"/games/{game.pk}/fragment/")  # ann's open page shows the bot's answer
        with django_capture_on_commit_callbacks(execute=True):
            _after_the_hold()  # however long she thinks
        with django_capture_on_commit_callbacks(execute=True):
            game = play_first(game)  # ann moves; the bot answers at once
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE and game.current_seat == 0  # ann's turn again
    assert not mails_to("ann@example.com", "Your turn")
    # ann leaves without seeing the bot's last answer: one e-mail, after the hold
    with django_capture_on_commit_callbacks(execute=True):
        _after_the_hold()
    assert len(mails_to("ann@example.com", "Your turn")) == 1
    sent = Notification.objects.filter(kind="turn", user=ann, status="sent").exclude(key=f"turn:{game.pk}:1")
    assert sent.count() == 1  # besides the first turn's, told at the start


def test_at_once_means_at_once_unless_the_player_is_looking_at_that_game(
    game, bob, client, django_capture_on_commit_callbacks
):
    Preference.objects.update_or_create(user=bob, defaults={"last_seen": timezone.now(), "email_when_active": True})
    with django_capture_on_commit_callbacks(execute=True):
        play_first(game)
    assert len(mails_to("bob@example.com", "Your turn")) == 1  # active elsewhere: at once
    client.force_login(bob)
    client.get(game.get_absolute_url())
    with django_capture_on_commit_callbacks(execute=True):
        play_first(game)
        play_first(game)
    assert len(mails_to("bob@example.com", "Your turn")) == 1  # on the game: held
    assert _turn_row(bob, game).status == Notification.Status.HELD


def test_a_reminder_waits_like_a_turn(game, bob, django_capture_on_commit_callbacks):
    from notifications.models import Category
    from notifications.outbox import notify

    with django_capture_on_commit_callbacks(execute=True):
        play_first(game)
    _active(bob)
    game.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        row = notify(
            Notification.Kind.REMINDER,
            Category.REMINDER,
            key="reminder:test",
            user=bob,
            game=game,
            data={"move_number": game.move_count + 1, "percent": 50, "deadline": timezone.now().isoformat()},
        )
    assert row.status == Notification.Status.HELD
    with django_capture_on_commit_callbacks(execute=True):
        _after_the_hold()
    row.refresh_from_db()
    assert row.status == Notification.Status.SENT


def test_the_settings_page_says_what_each_choice_does(client, bob):
    client.force_login(bob)
    page = client.get("/notifications/settings/").content.decode()
    assert "waits 3 minutes and goes only if you have not seen the turn by then" in page
    assert "unless you are looking at that game" in page


def test_a_held_turn_of_an_account_suspended_meanwhile_is_not_sent(game, bob, django_capture_on_commit_callbacks):
    _active(bob)
    with django_capture_on_commit_callbacks(execute=True):
        play_first(game)
    bob.is_active = False
    bob.save()
    with django_capture_on_commit_callbacks(execute=True):
        _after_the_hold()
    assert not mails_to("bob@example.com", "Your turn")
    assert "closed" in _turn_row(bob, game).last_error
