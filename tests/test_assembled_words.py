"""Words the code assembles, read as the reader reads them: the page or the e-mail rendered
in each language (not the catalogue), for the defects of issue 45 that hit every language."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

LANGUAGES = ["en", "de", "fr", "it"]


def footer_languages(html: str) -> list[str]:
    menu = re.search(r'<select id="footer-language".*?</select>', html, re.S)
    assert menu, "no language menu in the footer"
    return re.findall(r"<option[^>]*>([^<]*)</option>", menu.group(0))


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_footer_names_each_language_in_itself(client, language):
    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE=language)
    assert footer_languages(page.content.decode()) == ["English", "Deutsch", "Français", "Italiano"]


def _tournament_round(director, users, name="Cup"):
    from tournaments import creation, registration, rounds

    t = creation.create_tournament(director, name=name)
    for i, u in enumerate(users):
        registration.register(t, u, rating=2000 - i)
    with translation.override("en"):  # the director starts the round in English
        rounds.start(t, director)
    return t


TABLE_TITLE = {
    "en": "Cup · round 1, table 1",
    "de": "Cup · Runde 1, Tisch 1",
    "fr": "Cup · manche 1, table 1",
    "it": "Cup · 1º turno del torneo, tavolo 1",
}


@pytest.mark.django_db
def test_a_tournament_games_title_is_built_when_shown_in_the_readers_language(
    client, ann, bob, make_user, django_capture_on_commit_callbacks
):
    from django.core import mail

    director = make_user("director")
    bob.language = "de"
    bob.save()
    ann.language = "fr"
    ann.save()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        t = _tournament_round(director, [ann, bob])
    game = t.rounds.get().pairings.get().game
    assert game.name == "Cup"  # the event's name; the rest is built when shown
    for language, title in TABLE_TITLE.items():
        page = client.get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert title in page, language
        with translation.override(language):
            assert game.title == title
    # the first player's turn e-mail names the game in their language, not the director's
    first = game.seats.get(position=game.current_seat).user
    subjects = [m.subject for m in mail.outbox if first.email in m.to and "Cup" in m.subject]
    assert any(TABLE_TITLE[first.language] in s for s in subjects), subjects
    assert not any("round" in s for s in subjects), subjects  # the round's e-mail too


ON_TIMEOUT = {
    "de": "Bei Zeitüberschreitung verliert der Spieler auf Zeit.",
    "fr": "En cas de dépassement du temps, le joueur perd au temps.",
    "it": "Alla scadenza del tempo il giocatore perde per tempo.",
}
WHEN_IT_RUNS_OUT = {
    "de": "Läuft sie ab, verlierst du auf Zeit.",
    "fr": "Une fois le temps écoulé, vous perdrez au temps.",
    "it": "Alla scadenza perderai per tempo.",
}
LOWERED = {"de": ["verlust auf zeit", "auf zeit verlieren", "zug aussetzen"], "fr": [], "it": []}


def _text(html: str) -> str:
    return re.sub(r"[ \t\r\n]+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_a_sentence_about_the_timeout_rule_is_whole_in_each_language(client, ann, language):
    from tournaments import creation

    t = creation.create_tournament(ann, name="Cup", move_days=3, timeout_rule="lose")
    page = _text(client.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).content.decode())
    assert ON_TIMEOUT[language] in page
    for lowered in LOWERED[language]:
        assert lowered not in page


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_the_reminder_says_what_happens_at_the_deadline_in_a_whole_sentence(
    ann, bob, django_capture_on_commit_callbacks, language
):
    from datetime import timedelta

    from django.core import mail
    from django.utils import timezone

    from games import lobby
    from games.models import TurnClock
    from notifications import tasks

    ann.language = language
    ann.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = lobby.create_game(ann, ["bob"], name="Friday", move_days=3)
        lobby.accept_invitation(game.pk, bob)
    mail.outbox.clear()
    TurnClock.objects.filter(game=game).update(started_at=timezone.now() - timedelta(days=1.6))
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.send_reminders() == 1
    [message] = [m for m in mail.outbox if "ann@example.com" in m.to]
    html = next(content for content, kind in message.alternatives if kind == "text/html")
    for text in (message.body, _text(html)):
        assert WHEN_IT_RUNS_OUT[language] in _text(text)


FIRST_OF_DECEMBER = {
    "en": "Dec. 1, 2026",
    "de": "1. Dezember 2026",
    "fr": "1er décembre 2026",
    "it": "1º dicembre 2026",
}
THREE_DAYS_AGO = {"en": "3 days ago", "de": "vor 3 Tagen", "fr": "il y a 3 jours", "it": "3 giorni fa"}


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_dates_are_written_as_each_language_writes_them(client, ann, bob, language):
    from datetime import UTC, datetime, timedelta

    from django.utils import timezone

    from archive.generate import store_game
    from games import lobby
    from games.models import Game
    from tests.archive.conftest import short_template

    finished = store_game(short_template(0), [ann, bob], finished_at=datetime(2026, 12, 1, 20, 24, tzinfo=UTC))
    waiting = lobby.create_game(bob, [], open_seats=1, name="Friday open")
    Game.objects.filter(pk=waiting.pk).update(created_at=timezone.now() - timedelta(days=3, hours=4))
    client.force_login(ann)
    replay = _text(
        client.get(reverse("archive:game", args=[finished.pk]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    )
    listed = _text(client.get(reverse("archive:list"), HTTP_ACCEPT_LANGUAGE=language).content.decode())
    assert FIRST_OF_DECEMBER[language] in replay and FIRST_OF_DECEMBER[language] in listed
    assert "01 Dicembre" not in replay + listed and "1 décembre" not in replay + listed
    lobby_page = _text(client.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE=language).content.decode())
    assert THREE_DAYS_AGO[language] in lobby_page
    assert "vor 3 Tage," not in lobby_page and "vor 3 Tage " not in lobby_page


@pytest.mark.parametrize(
    "language, first, second",
    [
        ("fr", "1er décembre 2026 à 20\u00a0h\u00a024", "2 décembre 2026"),
        ("it", "1º dicembre 2026, 20:24", "2 dicembre 2026"),
        ("de", "1. Dezember 2026 20:24", "2. Dezember 2026"),
    ],
)
def test_a_moment_with_its_time_reads_as_the_language_writes_it(language, first, second):
    from datetime import UTC, datetime

    from games.dates import long_date

    with translation.override(language):
        assert long_date(datetime(2026, 12, 1, 20, 24, tzinfo=UTC), with_time=True) == first
        assert long_date(datetime(2026, 12, 2, 20, 24, tzinfo=UTC)) == second


# --- spots in the words of the reader's language (e-mail replies) ---------------------------


@pytest.mark.parametrize(
    "line, meeple",
    [
        ("c 90 ville:e", "city:E"),  # French: E is est
        ("b 270 ville:o", "city:W"),  # French: O is ouest
        ("b 270 Stadt:W", "city:W"),  # German: W is Westen
        ("c 90 Straße:N", "road:N"),
        ("a 180 Wiese:NNO", "field:NNE"),  # German: O is Osten
        ("a 180 campo:NNO", "field:NNW"),  # Italian: O is ovest
        ("a 180 pré:nno", "field:NNW"),
        ("a città", "city:S"),
        ("b 270 grand ville:O", {"spot": "city:W", "figure": "large"}),
        ("c Schwein Wiese:NNW", {"spot": "field:NNW", "figure": "pig"}),
        ("c costruttore strada:N", {"spot": "road:N", "figure": "builder"}),
        ("c 90 city:E", "city:E"),  # the notation's English as before
    ],
)
def test_a_reply_may_name_the_spot_in_german_french_or_italian(line, meeple):
    from notifications.replies import parse
    from tests.notifications.test_reply_parse import TURN, message

    assert parse.read(message(line + "\n"), TURN)["meeple"] == meeple


SPOT_LEGEND = {
    "de": "city = Stadt, road = Straße, field = Wiese, cloister = Kloster",
    "fr": "city = ville, road = route, field = pré, cloister = abbaye",
    "it": "city = città, road = strada, field = campo, cloister = monastero",
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_every_turn_email_carries_the_spots_legend_in_the_readers_language(
    ann, bob, settings, django_capture_on_commit_callbacks, language
):
    from django.core import mail

    from games import lobby

    settings.REPLY_EMAIL = "play@example.org"  # playing by replying is on
    ann.language = language
    ann.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = lobby.create_game(ann, ["bob"], name="Friday")
        lobby.accept_invitation(game.pk, bob)
    turn = [m for m in mail.outbox if "ann@example.com" in m.to and "Friday" in m.subject and "\nA" in m.body]
    assert turn, [m.subject for m in mail.outbox]
    html = next(content for content, kind in turn[-1].alternatives if kind == "text/html")
    assert SPOT_LEGEND[language] in turn[-1].body and SPOT_LEGEND[language] in html


# --- a game's title in a sentence: quoted, or first with a colon ------------------------------

STARTED = {
    "de": (
        "Friday: Die Partie hat begonnen, du bist am Zug",
        "Alle Plätze sind besetzt: Die Partie „Friday“ hat begonnen.",
    ),
    "fr": (
        "Friday\u00a0: la partie a commencé, à vous de jouer",
        "Toutes les places sont prises\u00a0: la partie «\u00a0Friday\u00a0» a commencé.",
    ),
    "it": ("Friday: la partita è iniziata, tocca a te", "Tutti i posti sono occupati: la partita «Friday» è iniziata."),
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_a_games_title_is_put_first_or_quoted_in_the_emails(ann, bob, django_capture_on_commit_callbacks, language):
    from django.core import mail

    from games import lobby

    ann.language = language
    ann.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = lobby.create_game(ann, ["bob"], name="Friday")
        lobby.accept_invitation(game.pk, bob)
    subject, line = STARTED[language]
    [message] = [m for m in mail.outbox if "ann@example.com" in m.to and m.subject == subject]
    assert line in message.body
    assert "Friday è iniziata" not in message.subject + message.body


# --- decisions and spots inside the engine's refusals: the reader's words, no codes ----------

SPOT_CODE = re.compile(r"\b(?:city|road|field|cloister):[A-Z]")


DECISION_LABEL = {"de": "Entscheidung", "fr": "Décision", "it": "Decisione"}


@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_a_decision_in_a_refusal_is_said_in_words_without_its_code(language):
    """ "c'est la décision de ann sur la direction du dragon", not "… du dragon (dragon)"; a
    decision no site module names yet (an engine module's not offered) is "la décision de ann",
    not English."""
    from carcassonne import errors
    from games.present import decision_words, vocabulary

    actions = [a for a in vocabulary.DECISION_PHRASES if a != "turn"] + ["not_yet_named"]
    with translation.override(language):
        for action in actions:
            for code in ("not_your_decision", "decision_not_tile_turn", "no_such_decision"):
                params = {"decider": "ann", "action": action, "player": "bob"}
                text = vocabulary.illegal_move_reason(errors.reason(code, **params))
                assert f"({action})" not in text and not re.search(r"\bdecision\b", text) and "ann" in text, text
            assert decision_words.action_label(action) != action
        assert decision_words.action_label("not_yet_named") == DECISION_LABEL[language]


REFUSED_SPOT = {
    "de": ("hat keine Stelle Straße:X (ihre Stellen: ", "Stadt", "Straße", "Wiese"),
    "fr": ("n’a pas d’emplacement route:X (ses emplacements\u00a0: ", "ville", "route", "pré"),
    "it": ("non ha la posizione strada:X (le sue posizioni: ", "città", "strada", "campo"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_a_refused_spot_is_named_in_the_readers_words_on_the_page(ann, bob, language):
    """The move API's refusal, which the game page shows: the spots as a German, French or
    Italian turn e-mail shows them (Straße:O, pré:NNO), never the notation's English codes."""
    from rest_framework.test import APIClient

    from games import lobby

    game = lobby.create_game(ann, ["bob"], name="Friday")
    lobby.accept_invitation(game.pk, bob)
    client = APIClient()
    client.force_authenticate(ann)
    legal = client.get(f"/api/games/{game.pk}/legal-moves/").json()
    placement = legal["placements"][0]
    body = {"move_number": 1, "x": placement["x"], "y": placement["y"], "rotation": placement["rotation"]}
    refused = client.post(
        f"/api/games/{game.pk}/moves/", {**body, "meeple": "road:X"}, format="json", HTTP_ACCEPT_LANGUAGE=language
    )
    assert refused.status_code == 400, refused.json()
    detail = refused.json()["detail"]
    said, *words = REFUSED_SPOT[language]
    assert said in detail and any(word + ":" in detail for word in words), detail
    assert not SPOT_CODE.search(detail) and "'" not in detail, detail


# --- Italian: a tournament round's number is an ordinal before the word ---------------------

ROUND_NUMBER_AFTER = re.compile(r"(?<!di )\b[Tt]urno \d")  # "di turno": whose turn it is


@pytest.mark.django_db
def test_italian_names_a_tournaments_round_with_its_ordinal_first(client, ann, bob, make_user):
    """ "1º turno", "Nel 1º turno", "È iniziato il 1º turno di «Cup»": an Italian editor's order
    (it 2.1, 5.17), the same on the tournament's, the round's and the game's pages."""
    t = _tournament_round(make_user("director"), [ann, bob])
    rnd = t.rounds.get()
    game = rnd.pairings.get().game
    client.force_login(ann)
    pages = [
        t.get_absolute_url(),
        reverse("tournaments:round", args=[t.pk, rnd.number]),
        game.get_absolute_url(),
        reverse("archive:list") + f"?tournament={t.pk}",
    ]
    for url in pages:
        page = _text(client.get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode())
        assert "1º turno" in page, url
        after = [page[max(m.start() - 60, 0) : m.end() + 20] for m in ROUND_NUMBER_AFTER.finditer(page)]
        assert not after, (url, after)


def test_no_italian_sentence_puts_a_rounds_number_after_the_word():
    """The e-mails' and forms' sentences too: «Il 1º turno è iniziato», «Avvia il 1º turno»."""
    import polib
    from django.conf import settings

    catalogue = polib.pofile(str(settings.BASE_DIR / "locale/it/LC_MESSAGES/django.po"))
    after = [
        e.msgstr
        for e in catalogue
        if re.search(r"\b[Rr]ound (?:\d|%\()", e.msgid) and re.search(r"\b[Tt]urno (?:\d|%\()", e.msgstr)
    ]
    assert not after, after


def test_italian_writes_coordinates_in_one_form():
    """(2, -1) everywhere, not (2,-1) beside it (it 6.5): the strings added since included."""
    import polib
    from django.conf import settings

    squeezed = re.compile(r"\(%\((?:x|ex)\)[sd],%\((?:y|ey)\)[sd]\)")
    found = []
    for name in ("django", "djangojs"):
        catalogue = polib.pofile(str(settings.BASE_DIR / f"locale/it/LC_MESSAGES/{name}.po"))
        for e in catalogue:
            found += [s for s in (e.msgstr, *e.msgstr_plural.values()) if squeezed.search(s)]
    assert not found, found


@pytest.mark.django_db
def test_italian_says_extra_turn_and_the_current_rules_as_its_edition_does(client):
    """*turno extra* (the glossary's, the hole bonus's), not *turno in più*; the dragon's option
    «come nel regolamento attuale», not the calque «come pubblicato oggi» (it 1.8, 5.8)."""
    page = _text(client.get(reverse("how-to-play"), HTTP_ACCEPT_LANGUAGE="it").content.decode())
    assert "turno extra" in page and "turno in più" not in page
    with translation.override("it"):
        from games.present import vocabulary

        dragon = " ".join(str(vocabulary.option_help(o)) for o in _engine_options() if o.name.startswith("dragon"))
    assert "come nel regolamento attuale" in dragon and "pubblicato oggi" not in dragon, dragon


def _engine_options():
    from carcassonne import Rules

    return Rules.options()


VACATION = {
    "de": ("Zurück am", "ann ist ab 01.12.2026 im Urlaub, zurück am 08.12.2026."),
    "fr": ("Retour le", "ann est en vacances à partir du 01/12/2026, de retour le 08/12/2026."),
    "it": ("Rientro", "ann è in vacanza (inizio: 01/12/2026, rientro: 08/12/2026)."),
}


@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_a_vacations_end_is_the_first_day_back(language):
    """The form's date is the first day back: 'zurück am', not 'bis' / « au » / a range (de A7)."""
    from datetime import date

    from django.utils import formats
    from django.utils.translation import gettext

    from notifications.forms import VacationForm

    label, sentence = VACATION[language]
    with translation.override(language):
        assert str(VacationForm().fields["end"].label) == label
        said = gettext("%(name)s is on vacation %(start)s to %(end)s.") % {
            "name": "ann",
            "start": formats.date_format(date(2026, 12, 1), "SHORT_DATE_FORMAT"),
            "end": formats.date_format(date(2026, 12, 8), "SHORT_DATE_FORMAT"),
        }
    assert said == sentence


@pytest.mark.parametrize(
    "language, one",
    [
        ("fr", "Défaussée, car elle ne se place nulle part\u00a0: V."),
        ("it", "Scartata perché non combacia da nessuna parte: V."),
        ("de", "Aus dem Spiel genommen, da nirgends passend: V."),
    ],
)
def test_one_discarded_tile_is_said_in_the_singular(language, one):
    """The turn e-mail's discarded tiles agree with their number (fr F9, de D3)."""
    from django.utils.translation import ngettext

    with translation.override(language):
        text = ngettext("Discarded (fits nowhere): %(tiles)s.", "Discarded (fit nowhere): %(tiles)s.", 1)
    assert text % {"tiles": "V"} == one


@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_every_refusal_that_names_a_spot_names_it_in_the_readers_words(language):
    """The core's and every offered expansion's reasons with a spot (a builder, a pig, a tower
    piece, the wagon, the fairy …): « pré:NNO », 'Stadt:N', never the notation's city:N."""
    from games.present import vocabulary
    from tests.games.present.test_illegal_move_reasons import TEMPLATES, sample

    codes = [code for code in TEMPLATES if "{spot" in TEMPLATES[code] or "{spots" in TEMPLATES[code]]
    assert len(codes) > 10, codes
    with translation.override(language):
        said = {code: vocabulary.illegal_move_reason(sample(code)) for code in codes}
    assert not {code: text for code, text in said.items() if SPOT_CODE.search(text) or "'" in text}


@pytest.mark.django_db
def test_the_french_how_to_page_keeps_french_typography_and_the_editions_words(client):
    """The page's own text, not only the catalogue: no-break spaces before : ; ! ?, a tile « remise
    dans le sac » (« retourne » reads as flipped, fr A4), a feature « décomptée »."""
    from tests.test_words import typography_faults

    html = client.get(reverse("how-to-play"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    main = re.search(r"<main.*?</main>", html, re.S)
    text = re.sub(r"<code>.*?</code>", "", (main.group(0) if main else html), flags=re.S)
    faults = [f for chunk in re.findall(r">([^<]+)<", text) for f in typography_faults(chunk)]
    assert not faults, faults
    assert "retourne dans le sac" not in html and "zone est évaluée" not in html


@pytest.mark.parametrize(
    "language, shown",
    [
        ("de", "Bürgermeister Stadt:N, Wagen Straße:O"),
        ("fr", "maire ville:N, chariot route:E"),
        ("it", "borgomastro città:N, carro strada:E"),
    ],
)
def test_abbey_and_mayors_figures_are_shown_and_read_in_the_readers_words(language, shown):
    """A turn e-mail's cells list « maire ville:N », not 'mayor ville:N', and a reply may write
    them back."""
    from games.present.followers import local_spots
    from notifications.replies import parse
    from notifications.replies.answers import Answers, Cell
    from tests.notifications.test_reply_parse import message

    assert local_spots("mayor city:N, wagon road:E", language) == shown
    offered = Answers("turn", tile="AM-01", cells=[Cell("A", 0, -1, {90: ["city:N", "mayor city:N", "wagon road:E"]})])
    mayor, wagon = shown.split(", ")
    assert parse.read(message(f"A 90 {mayor}\n"), offered)["meeple"] == {"spot": "city:N", "figure": "mayor"}
    assert parse.read(message(f"A {wagon}\n"), offered)["meeple"] == {"spot": "road:E", "figure": "wagon"}
