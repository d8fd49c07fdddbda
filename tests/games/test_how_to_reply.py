"""The "How to play" page explains playing by e-mail reply, in the reader's language, where
the site takes replies; and every reply it shows is one the reply reader takes."""

import html
import re

import pytest
from django.test import override_settings
from django.urls import reverse

from notifications.replies.parse import DECISION_SHAPE, PASS_WORDS, TURN_SHAPE, english_spots

HEADINGS = {
    "en": "Playing by replying to the e-mail",
    "de": "Ziehen per Antwort auf die E-Mail",
    "fr": "Jouer en répondant au courriel",
    "it": "Giocare rispondendo all’e-mail",
}


def _page(client, language: str) -> str:
    client.cookies["django_language"] = language
    return html.unescape(client.get(reverse("how-to-play"), HTTP_ACCEPT_LANGUAGE=language).content.decode())


@pytest.mark.django_db
@pytest.mark.parametrize("language", HEADINGS)
@override_settings(REPLY_EMAIL="play@example.com")
def test_the_page_explains_replies_in_the_readers_language_with_replies_that_read(client, language):
    page = _page(client, language)
    section = re.search(r'<section class="card" id="by-reply".*?</section>', page, re.S)
    assert section and HEADINGS[language] in section.group(0)
    examples = re.findall(r"<li><code>([^<]+)</code>", section.group(0))
    assert len(examples) == 3, examples
    for example in examples:
        line = english_spots(example.lower())
        assert TURN_SHAPE.match(line) or DECISION_SHAPE.match(line) or line in PASS_WORDS, example


@pytest.mark.django_db
@override_settings(REPLY_EMAIL="")
def test_a_site_that_takes_no_replies_does_not_explain_them(client):
    assert 'id="by-reply"' not in _page(client, "en")
