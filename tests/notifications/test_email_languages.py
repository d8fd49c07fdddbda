"""E-mails go out in the recipient's language (their setting, else the language they last
used the site in), never the sender's: subject, text and HTML, and the digest too."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone, translation

from games import lobby
from notifications import tasks
from notifications.models import Preference
from tournaments import creation, registration

from .conftest import mails_to, play_first

pytestmark = pytest.mark.django_db

TURN = {
    "de": (": Du bist am Zug", "Deine Karte:", "Zug spielen"),
    "fr": ("\u00a0: à vous de jouer", "Votre tuile\u00a0:", "Jouer votre tour"),
    "it": (": tocca a te", "La tua tessera:", "Gioca il tuo turno"),
}


def html_of(message) -> str:
    return next(content for content, kind in message.alternatives if kind == "text/html")


@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_the_turn_email_is_in_the_recipients_language(ann, bob, django_capture_on_commit_callbacks, language):
    bob.language = language
    bob.save()
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):  # ann plays in English
        game = lobby.create_game(ann, ["bob"], name="Friday")
        lobby.accept_invitation(game.pk, bob)
        mail.outbox.clear()
        play_first(game)
    subject, tile, button = TURN[language]
    [message] = mails_to("bob@example.com", subject)
    assert tile in message.body
    html = html_of(message)
    assert f'<html lang="{language}">' in html and button in html and "Friday" in message.subject
    assert "Your turn" not in message.subject + message.body + html


def test_without_a_setting_the_email_follows_the_language_last_used(
    ann, bob, client, django_capture_on_commit_callbacks
):
    client.force_login(bob)
    client.get("/", HTTP_ACCEPT_LANGUAGE="it")
    Preference.objects.filter(user=bob).update(last_seen=None)  # then bob leaves the site
    with django_capture_on_commit_callbacks(execute=True):
        game = lobby.create_game(ann, ["bob"], name="Friday")
        lobby.accept_invitation(game.pk, bob)
        mail.outbox.clear()
        play_first(game)
    assert mails_to("bob@example.com", "Friday: tocca a te")


def test_each_recipient_of_one_event_reads_their_own_language(ann, bob, django_capture_on_commit_callbacks):
    ann.language, bob.language = "de", "fr"
    ann.save()
    bob.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = lobby.create_game(ann, ["bob"], name="Friday")
        lobby.accept_invitation(game.pk, bob)
    assert mails_to("ann@example.com", "Friday: Die Partie hat begonnen")
    assert mails_to("bob@example.com", "Friday\u00a0: la partie a commencé")
    assert mails_to("bob@example.com", "vous invite à jouer à Carcassonne")


def test_the_digest_is_in_the_recipients_language(ann, bob, django_capture_on_commit_callbacks):
    ann.language = "de"
    ann.save()
    with django_capture_on_commit_callbacks(execute=True):
        lobby.create_game(ann, ["bob"], name="Friday", move_days=3)
        game = lobby.accept_invitation(lobby.create_game(ann, ["bob"], name="Saturday", move_days=3).pk, bob).game
    Preference.objects.update_or_create(user=ann, defaults={"turn": "digest", "digest_hour": 0})
    mail.outbox.clear()
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):  # beat runs in English
        assert tasks.send_digests() == 1
    [message] = mails_to("ann@example.com")
    assert message.subject == "Du bist am Zug in 1 Partie"
    assert game.title in message.body and re.search(r"Saturday: noch \d+ Tage", message.body)


def test_tournament_emails_are_in_each_players_language(ann, bob, django_capture_on_commit_callbacks):
    bob.language = "it"
    bob.save()
    t = creation.create_tournament(ann, name="Cup", registration="invitation")
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):  # the director writes in English
        registration.invite(t, ann, ["bob"])
    [message] = mails_to("bob@example.com")
    assert message.subject == "ann ti invita al torneo Cup"
    assert "Apri il torneo" in html_of(message)


def test_an_invitation_to_an_address_is_written_in_the_inviters_language(ann, django_capture_on_commit_callbacks):
    """An address without an account has no language of its own: the inviter's is the best guess."""
    with translation.override("fr"), django_capture_on_commit_callbacks(execute=True):
        lobby.create_game(ann, ["zoe@example.org"], name="Friday")
    assert mails_to("zoe@example.org", "vous invite à jouer à Carcassonne")


def test_a_reminder_says_the_time_left_in_the_recipients_words(ann, bob, django_capture_on_commit_callbacks):
    from games.models import TurnClock

    bob.language = "fr"
    bob.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = lobby.create_game(ann, ["bob"], name="Friday", move_days=3)
        lobby.accept_invitation(game.pk, bob)
        play_first(game)
    TurnClock.objects.filter(game=game).update(started_at=timezone.now() - timedelta(days=2, hours=12))
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        tasks.send_reminders()
    [message] = mails_to("bob@example.com", "Rappel")
    assert "heures" in message.subject or "heure" in message.subject


DECISION = {
    "de": (
        "Partie Nr. {pk}: Du musst entscheiden – ",
        "Verstärkung aus der Stadt Carcassonne",
        "bob hat eine Stadt fertiggestellt: Du darfst einen Gefolgsmann aus der Burg dorthin versetzen oder passen.",
    ),
    "fr": (
        "Partie n°\u00a0{pk}\u00a0: une décision vous attend – ",
        "Renfort depuis la cité",
        "bob a achevé une ville\u00a0: vous pouvez y déplacer un partisan du château, ou passer.",
    ),
    "it": (
        "Partita n. {pk}: una decisione ti aspetta – ",
        "Rinforzo dalla città di Carcassonne",
        "bob ha completato una città: puoi spostarci un seguace dal castello, oppure passare.",
    ),
}


@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_the_counts_decision_email_is_in_the_recipients_language(ann, bob, language):
    from notifications.emails import build_message
    from notifications.models import Notification
    from tests.games.conftest import reinforcing_game
    from tests.games.helpers import api_clients

    game, _engine = reinforcing_game(ann, bob, api_clients(ann, bob))
    ann.language = language
    ann.save()
    notification = Notification.objects.filter(user=ann, game=game, kind=Notification.Kind.TURN).order_by("-pk").first()
    message = build_message(notification)
    subject, label, sentence = DECISION[language]
    assert message.subject.startswith(subject.format(pk=game.pk)) and message.subject.endswith(label)
    assert sentence in message.body and sentence in html_of(message)
    assert "completed a city" not in message.body + html_of(message)


@pytest.mark.parametrize("template", ["finished.txt", "timeout.txt", "message.txt", "digest.txt"])
def test_a_label_and_its_value_in_the_text_emails_follow_french_typography(template):
    """« cid : 18 », « Friday : … »: the colon between a name and its value is the catalogue's frame
    (msgctxt "label: value"), a no-break space before it in French, not a colon typed into the
    template (issue 45, fr G2)."""
    from types import SimpleNamespace

    from django.template.loader import render_to_string
    from django.utils import translation

    game = SimpleNamespace(title="Friday")
    context = {
        "recipient": "ann",
        "game": game,
        "players": [{"name": "cid", "score": 18, "left": False}],
        "winners": ["cid"],
        "awards": [],
        "event": "bob a passé son tour",
        "lines": ["…"],
        "button_label": "Ouvrir",
        "button_url": "https://example.com/g/1",
        "games": [{"game": game, "time_left": "2 jours", "url": "https://example.com/g/1"}],
        "chat": [{"title": "Friday", "url": "https://example.com/g/1", "messages": [("bob", "salut")]}],
    }
    with translation.override("fr"):
        text = render_to_string(f"notifications/email/{template}", context)
    expected = {
        "finished.txt": "cid\u00a0: 18",
        "timeout.txt": "Friday\u00a0: bob a passé son tour",
        "message.txt": "Ouvrir\u00a0: https://example.com/g/1",
        "digest.txt": "bob\u00a0: salut",
    }[template]
    assert expected in text, text
