"""Words the code assembles, read as the reader reads them: the page or the e-mail rendered
in each language (not the catalogue), for the defects of issue 45 that hit every language."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

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
