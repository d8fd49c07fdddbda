"""An e-mail that cannot be built fails with its reason instead of looping for ever."""

from unittest import mock

import pytest
from django.core import mail

from games import lobby
from games.models import Game
from notifications import tasks
from notifications.models import Notification


@pytest.fixture
def multiline_game(ann, bob, django_capture_on_commit_callbacks):
    """A game whose name has a line break (stored before names were cleaned)."""
    game = lobby.create_game(ann, ["bob"])
    Game.objects.filter(pk=game.pk).update(name="Friday\nnight")
    Notification.objects.all().delete()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        lobby.accept_invitation(game.pk, bob)
    return game


@pytest.mark.django_db
def test_a_game_name_with_a_line_break_still_gets_its_emails(multiline_game):
    rows = Notification.objects.filter(game=multiline_game)
    assert rows and all(row.status == Notification.Status.SENT for row in rows)
    assert any(m.subject == "Friday night has started" for m in mail.outbox)


@pytest.mark.django_db
def test_a_message_that_cannot_be_built_is_marked_failed_with_its_reason(ann, bob, django_capture_on_commit_callbacks):
    with mock.patch("notifications.emails.single_line", side_effect=lambda text: text + "\nBcc: x@evil.test"):
        with django_capture_on_commit_callbacks(execute=True):
            game = lobby.create_game(ann, ["bob"])
    row = Notification.objects.get(game=game, kind="invitation")
    assert row.status == Notification.Status.FAILED
    assert "Header values can't contain newlines" in row.last_error
    assert tasks.sweep() == 0  # nothing left to re-queue
