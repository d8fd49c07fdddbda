"""The first sentence of an e-mail, right after "Hello ann,", read as each language writes it:
German goes on in lower case after the greeting's comma (as the account e-mails do), a
sentence that also stands mid-text keeps its capital there (its own msgctxt, "after the
greeting"), and the first turn says "it is your turn" once (issue 45, de E2, E6, D6; fr F6,
G2)."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.utils import translation

from games import lobby
from notifications import emails, tasks
from notifications.models import Category, Notification, Preference

from .conftest import mails_to, start_game

pytestmark = pytest.mark.django_db


def html_of(message) -> str:
    return next(content for content, kind in message.alternatives if kind == "text/html")


def after_greeting(body: str, name: str) -> str:
    """The body's first paragraph after the greeting."""
    match = re.search(rf"^(?:Hallo|Hello|Bonjour|Ciao) {name},\n\n(.*)$", body, re.M)
    assert match, body[:200]
    return match.group(1)


def _first_turn(ann, bob, callbacks, language):
    ann.language = bob.language = language
    ann.save()
    bob.save()
    with callbacks(execute=True):
        game = lobby.create_game(ann, ["bob"], name="Friday")
        lobby.accept_invitation(game.pk, bob)
    [turn] = [m for m in mails_to("ann@example.com") if "Friday" in m.subject]
    [started] = [m for m in mails_to("bob@example.com") if m.subject.startswith("Friday")]
    return game, turn, started


def test_the_first_turn_says_once_that_it_is_your_turn(ann, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = lobby.create_game(ann, ["bob"], name="Friday")
        lobby.accept_invitation(game.pk, bob)
    [turn] = mails_to("ann@example.com", "Your turn: Friday has started")
    assert (
        "It is your turn in Friday (move 1).\nEvery seat is taken: Friday has started. You play first.\n" in turn.body
    )
    assert "it is your turn." not in turn.body + html_of(turn)


def test_german_goes_on_in_lower_case_after_the_greeting(ann, bob, django_capture_on_commit_callbacks):
    _game, turn, started = _first_turn(ann, bob, django_capture_on_commit_callbacks, "de")
    # the first turn: its first sentence after the greeting, then "Alle Plätze …" mid-text with its capital
    assert after_greeting(turn.body, "ann") == "in „Friday“ bist du am Zug (Zug 1)."
    assert "\nAlle Plätze sind besetzt: Die Partie „Friday“ hat begonnen. Du beginnst.\n" in turn.body
    assert "Du beginnst: Du bist am Zug" not in turn.body  # it said so twice
    assert "<p>in <strong>Friday</strong> bist <strong>du am Zug</strong>" in html_of(turn)
    # the other player's "game started": the same sentence right after the greeting
    assert after_greeting(started.body, "bob") == "alle Plätze sind besetzt: Die Partie „Friday“ hat begonnen."
    assert "<p>alle Plätze sind besetzt: Die Partie <strong>Friday</strong> hat begonnen.</p>" in html_of(started)


def test_french_and_italian_keep_their_capital_after_the_greeting(ann, bob, django_capture_on_commit_callbacks):
    _game, turn, _started = _first_turn(ann, bob, django_capture_on_commit_callbacks, "fr")
    assert after_greeting(turn.body, "ann").startswith("À vous de jouer dans la partie «\u00a0Friday\u00a0»")
    assert "Vous jouez en premier." in turn.body and "premier\u00a0: c’est à vous" not in turn.body


def test_the_german_digest_goes_on_in_lower_case(ann, bob, django_capture_on_commit_callbacks):
    ann.language = "de"
    ann.save()
    with django_capture_on_commit_callbacks(execute=True):
        start_game(ann, bob, name="Friday", move_days=3)
    Preference.objects.update_or_create(user=ann, defaults={"turn": "digest", "digest_hour": 0})
    mail.outbox.clear()
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):
        assert tasks.send_digests() == 1
    [message] = mails_to("ann@example.com")
    assert after_greeting(message.body, "ann").startswith("du bist in diesen Partien am Zug")


def _reply_mail(user, game, reason):
    n = Notification.objects.create(
        key=f"reply-test:{reason}",
        kind=Notification.Kind.REPLY,
        category=Category.TURN,
        user=user,
        email=user.email,
        game=game,
        data={"reason": reason},
    )
    return emails.build_message(n)


@pytest.mark.parametrize(
    ("reason", "said"),
    [
        ("over", "Die Partie ist vorbei."),
        ("unreadable", "Wir konnten diese Zeile nicht als Zug lesen."),
        ("spot_needed", "Diese Karte hat mehr als eine solche Stelle – gib ihre Seite an, z. B. Stadt:N."),
    ],
)
def test_a_german_reply_answer_states_its_reason_as_a_sentence(ann, bob, reason, said):
    """ "… wurde nicht gespielt: Die Partie ist vorbei." — the reason after the colon is a whole
    sentence (a capital), and a second colon inside it is a dash (de D6)."""
    ann.language = "de"
    ann.save()
    game = start_game(ann, bob, name="Friday")
    message = _reply_mail(ann, game, reason)
    assert after_greeting(message.body, "ann") == f"der Zug aus deiner E-Mail zu „Friday“ wurde nicht gespielt: {said}"
    assert f"wurde nicht gespielt: {said}" in html_of(message)


def test_french_email_colons_come_from_the_catalogue(ann, bob):
    """The cells of a reply's answer, a lost turn's line: « B (1, 0) : », « Friday : … » (fr G2)."""
    ann.language = "fr"
    ann.save()
    game = start_game(ann, bob, name="Friday")
    n = Notification.objects.create(
        key="timeout-test",
        kind=Notification.Kind.TIMEOUT,
        category=Category.TURN,
        user=ann,
        email=ann.email,
        game=game,
        data={"player": "bob", "rule": "skip", "move_number": 3},
    )
    html = html_of(emails.build_message(n))
    assert "<strong>Friday</strong>\u00a0: " in html and "</strong>: " not in html


def test_french_answer_cells_take_the_catalogues_colon(ann, bob, settings, django_capture_on_commit_callbacks):
    settings.REPLY_EMAIL = "play@example.org"  # playing by replying is on: the e-mail lists the cells
    ann.language = "fr"
    ann.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = lobby.create_game(ann, ["bob"], name="Friday")
        lobby.accept_invitation(game.pk, bob)
    [turn] = [m for m in mails_to("ann@example.com") if "Friday" in m.subject]
    assert re.search(r"\n\s*[A-Z] \([^)\n]*\)\u00a0: ", turn.body), turn.body
    assert re.search(r"<strong>[A-Z]</strong> \([^)<]*\)\u00a0: ", html_of(turn))
    assert not re.search(r"\([^)\n]*\): ", turn.body)


def test_the_italian_reminder_needs_no_article_before_the_percentage(ann, bob, django_capture_on_commit_callbacks):
    """Not «hai usato il 80%» (l’80%, il 50%): the share is a label and its value (it, rendered)."""
    from datetime import timedelta

    from django.utils import timezone

    from games.models import TurnClock

    from .conftest import play_first

    bob.language = "it"
    bob.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = start_game(ann, bob, name="Friday", move_days=3)
        play_first(game)
    TurnClock.objects.filter(game=game).update(started_at=timezone.now() - timedelta(days=2, hours=12))
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        tasks.send_reminders()
    [message] = mails_to("bob@example.com", "Promemoria")
    assert re.search(r"\(mossa 2\); tempo già usato: \d+%\.", message.body), message.body
    assert "usato il " not in message.body + html_of(message)


def test_a_german_resignation_quotes_the_games_title(ann, bob, make_user, django_capture_on_commit_callbacks):
    from games import turns

    cid = make_user("cid")
    ann.language = "de"
    ann.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = lobby.create_game(ann, ["bob", "cid"], name="Friday")
        lobby.accept_invitation(game.pk, bob)
        lobby.accept_invitation(game.pk, cid)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        turns.resign(game.pk, cid)
    [message] = mails_to("ann@example.com", "cid hat aufgegeben")
    assert after_greeting(message.body, "ann").startswith("cid hat die Partie „Friday“ aufgegeben.")
    assert "<strong>cid</strong> hat die Partie <strong>Friday</strong> aufgegeben." in html_of(message)


def test_the_german_decision_email_goes_on_in_lower_case(ann, bob):
    from tests.games.conftest import reinforcing_game
    from tests.games.helpers import api_clients

    game, _engine = reinforcing_game(ann, bob, api_clients(ann, bob))
    ann.language = "de"
    ann.save()
    n = Notification.objects.filter(user=ann, game=game, kind=Notification.Kind.TURN).order_by("-pk").first()
    message = emails.build_message(n)
    title = f"Partie Nr. {game.pk}"  # a game without a name is named in the reader's language
    assert after_greeting(message.body, "ann") == (
        f"in „{title}“ wartet eine Entscheidung auf dich: Verstärkung aus der Stadt Carcassonne."
    )
    assert f"<p>in <strong>{title}</strong> wartet eine Entscheidung auf dich: " in html_of(message)


@pytest.mark.parametrize(
    ("language", "reason", "said"),
    [
        ("fr", "stale", "Raison\u00a0: ce n’est plus à vous de jouer – la partie a avancé depuis cet e-mail."),
        (
            "fr",
            "too_large",
            "Raison\u00a0: l’e-mail était trop volumineux pour être lu (pièces jointes comprises) – répondez",
        ),
        (
            "it",
            "too_large",
            "non è stata giocata: l’e-mail era troppo grande per essere letta (allegati compresi) – rispondi",
        ),
        ("de", "too_large", "wurde nicht gespielt: Die E-Mail war zu groß zum Lesen (mit Anhängen) – antworte"),
    ],
)
def test_a_reply_answers_reason_has_one_colon(ann, bob, language, reason, said):
    """« Raison : ce n’est plus à vous de jouer : la partie a avancé » chained three colons; the
    e-mail, not the move, was too large (fr, it, de D6)."""
    ann.language = language
    ann.save()
    game = start_game(ann, bob, name="Friday")
    message = _reply_mail(ann, game, reason)
    assert said in message.body


@pytest.mark.parametrize(
    ("language", "example_re", "words"),
    [
        ("de", r"z\.\sB\.\s„([^“]+)“", ("Stadt", "Straße", "Wiese", "Kloster")),
        ("fr", r"par exemple «\u00a0([^»]+)\u00a0»", ("ville", "route", "pré", "abbaye")),
        ("it", r"ad es\. «([^»]+)»", ("città", "strada", "campo", "monastero")),
    ],
)
def test_the_answer_shows_the_spots_in_the_readers_words(
    ann, bob, settings, django_capture_on_commit_callbacks, language, example_re, words
):
    """« route:O, pré:NNO » in the cells and the example, the words a reply may write back
    (fr D5, de G5, it 7.4); the notation's English only in the legend."""
    from games.present.view import GameView
    from notifications.replies import answers, parse

    settings.REPLY_EMAIL = "play@example.org"
    ann.language = language
    ann.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = lobby.create_game(ann, ["bob"], name="Friday")
        lobby.accept_invitation(game.pk, bob)
    [turn] = [m for m in mails_to("ann@example.com") if "Friday" in m.subject]
    cells = [line for line in turn.body.splitlines() if re.match(r"^[A-Z] \(", line)]
    assert cells and not [c for c in cells if re.search(r"\b(city|road|field|cloister)\b", c)], cells
    assert any(word in " ".join(cells) for word in words)
    example = re.search(example_re, turn.body).group(1)
    assert not re.search(r"\b(city|road|field|cloister)\b", example), example
    # the example, written back as it is shown, is read as a move the game offers
    game.refresh_from_db()
    offered = answers.of(GameView.load(game, ann))
    from tests.notifications.test_reply_parse import message

    assert parse.read(message(example + "\n"), offered)


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("de", "Straße:O, Wiese:WNW, großer Stadt:S, Schwein Wiese:OSO, Kloster"),
        ("fr", "route:E, pré:ONO, grande ville:S, cochon pré:ESE, abbaye"),
        ("it", "strada:E, campo:ONO, grande città:S, maiale campo:ESE, monastero"),
        ("en", "road:E, field:WNW, large city:S, pig field:ESE, cloister"),
    ],
)
def test_spots_are_shown_in_words_a_reply_reads_back(language, shown):
    from games.present.followers import local_spots
    from notifications.replies.parse import english_spots

    notation = "road:E, field:WNW, large city:S, pig field:ESE, cloister"
    assert local_spots(notation, language) == shown
    assert english_spots(shown.lower()) == notation.lower()


def test_a_german_round_email_goes_on_in_lower_case(ann, bob, make_user, django_capture_on_commit_callbacks):
    """The tournament's lines after the greeting (msgctxt "after the greeting"): a bye."""
    from tournaments import creation, registration, rounds

    director = make_user("director")
    cid = make_user("cid")
    players = [ann, bob, cid]
    for u in players:
        u.language = "de"
        u.save()
    t = creation.create_tournament(director, name="Cup")
    for i, u in enumerate(players):
        registration.register(t, u, rating=2000 - i)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        rounds.start(t, director)
    byes = [m for m in mail.outbox if "spielfrei" in m.body]
    assert len(byes) == 1, [m.subject for m in mail.outbox]
    name = byes[0].to[0].split("@")[0]
    assert after_greeting(byes[0].body, name) == "du bist in Runde 1 von Cup spielfrei."
