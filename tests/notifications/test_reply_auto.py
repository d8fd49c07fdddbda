"""Out-of-office replies that carry no RFC 3834 header (Outlook and Exchange rules, Apple
Mail rules, Thunderbird filters, some providers' vacation notices) are neither played
nor answered, in English, German, French, Italian, Spanish and Dutch; a person's reply
with a move in those languages still plays. Real MIME through ``manage.py receive_mail``."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import Move

from .replymail import a_move, receive, reply

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("reply_on")]

SUBJECT = "Your turn in Friday"

ABSENCE_NOTICES = {
    # the issue's: old Outlook in French, no header; "je" was read as a cell
    "Outlook fr (old)": (
        "Absent du bureau : " + SUBJECT,
        "Je suis absent jusqu'au 10 mars. Je lirai votre message à mon retour.",
    ),
    "Outlook fr": ("Réponse automatique : " + SUBJECT, "Bonjour,\n\nJe suis actuellement absente du bureau."),
    "Outlook en": (
        "Automatic reply: " + SUBJECT,
        "Hi,\n\nI am out of the office until Monday with limited access to e-mail.",
    ),
    "Exchange en (old)": ("Out of Office AutoReply: " + SUBJECT, "I'm on leave until 10 March."),
    "Outlook de": (
        "Automatische Antwort: " + SUBJECT,
        "Vielen Dank für Ihre Nachricht. Ich bin bis 10. März nicht im Büro.",
    ),
    "Exchange de (old)": ("Abwesenheitsnotiz: " + SUBJECT, "Ich bin im Urlaub."),
    "Outlook it": ("Risposta automatica: " + SUBJECT, "Sono fuori ufficio fino al 10 marzo."),
    "Outlook it (old)": ("Fuori sede: " + SUBJECT, "Buongiorno, sono in ferie."),
    "Outlook es": ("Respuesta automática: " + SUBJECT, "Estoy fuera de la oficina hasta el 10 de marzo."),
    "Outlook es (old)": ("Fuera de la oficina: " + SUBJECT, "Hola, estoy de vacaciones."),
    "Outlook nl": ("Automatisch antwoord: " + SUBJECT, "Ik ben afwezig tot 10 maart."),
    "Outlook nl (old)": ("Niet aanwezig: " + SUBJECT, "Ik ben met vakantie."),
    "Gmail, a typed subject": ("Vacances", "Je suis en congés jusqu'au 10 mars."),
    "Apple Mail rule en": ("Re: " + SUBJECT, "I'm away until Monday and will reply when I'm back."),
    "Apple Mail rule es": ("Re: " + SUBJECT, "Gracias por su mensaje. Estoy de vacaciones."),
    "Thunderbird filter de": ("Re: " + SUBJECT, "Hallo,\nich bin bis zum 10. März abwesend."),
    "Thunderbird filter nl": ("Re: " + SUBJECT, "Bedankt voor uw bericht. Ik ben op vakantie."),
    "Thunderbird filter it": ("Re: " + SUBJECT, "Grazie per la sua e-mail, sono assente fino a lunedì."),
    "Thunderbird filter fr": ("Re: " + SUBJECT, "Merci pour votre message. Je serai de retour le 10 mars."),
    "a notice with no reply subject": ("Friday", "Back on Monday."),
}


@pytest.mark.parametrize("client", list(ABSENCE_NOTICES))
def test_an_absence_notice_without_headers_is_neither_played_nor_answered(
    game, client, django_capture_on_commit_callbacks
):
    subject, text = ABSENCE_NOTICES[client]
    for quoted in (False, True):  # some quote the e-mail they answer, with its list of moves
        with django_capture_on_commit_callbacks(execute=True):
            result = receive(reply(game.turn_mail, text, subject=subject, quoted=quoted))
        assert (result["result"], result["reason"]) == ("ignored", "automatic"), (client, quoted)
    assert not Move.objects.filter(game=game).exists() and not mail.outbox


@pytest.mark.parametrize(
    "greeting, signature",
    [
        ("Hi Ann,", "Cheers, and I am out of the office tomorrow"),
        ("Hallo Ann,", "Viele Grüße, ab morgen bin ich im Urlaub"),
        ("Bonjour Ann,", "Je suis absent demain"),
        ("Ciao Ann,", "Domani sono in ferie"),
        ("Hola Ann,", "Mañana estoy de vacaciones"),
        ("Hoi Ann,", "Morgen ben ik afwezig"),
    ],
)
def test_a_persons_reply_with_a_move_under_a_greeting_plays_in_every_language(game, greeting, signature):
    text = f"{greeting}\n\n{a_move(game.turn_mail)}\n\n{signature}"
    assert receive(reply(game.turn_mail, text))["result"] == "played"
