"""The first player is told it is their turn, even while they are active on the site."""

import pytest
from django.core import mail
from django.utils import timezone

from games import lobby
from notifications.models import Notification, Preference

from .conftest import mails_to, play_first

pytestmark = pytest.mark.django_db


def _active(user):
    Preference.objects.update_or_create(user=user, defaults={"last_seen": timezone.now()})


def test_the_started_email_says_whose_turn_and_the_first_turn_is_announced(
    ann, bob, django_capture_on_commit_callbacks
):
    _active(ann)
    _active(bob)
    game = lobby.create_game(ann, ["bob"])
    with django_capture_on_commit_callbacks(execute=True):
        lobby.accept_invitation(game.pk, bob)
    [to_ann] = mails_to("ann@example.com", "has started")
    [to_bob] = mails_to("bob@example.com", "has started")
    assert "You play first." in to_ann.body and "Play your turn" in to_ann.alternatives[0][0]
    assert "ann plays first." in to_bob.body and "your turn" not in to_bob.body
    assert len(mails_to("ann@example.com", "Your turn")) == 1

    # later turns wait while the player is active on the site (sent if they do not see them)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        play_first(game)
    assert not mails_to("bob@example.com", "Your turn")
    assert Notification.objects.get(kind="turn", user=bob).status == Notification.Status.HELD
