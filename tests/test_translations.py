"""Every string marked for translation has a translation in German, French and Italian,
and the catalogues match the code: adding English-only text fails ``make test``."""

from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from carcassonne_site import translations


def test_the_catalogues_are_complete_and_match_the_code():
    found = translations.problems()
    assert not found, "translation catalogues:\n" + "\n".join(found)


def test_a_string_marked_without_a_translation_is_reported(tmp_path, monkeypatch):
    """The check itself: a template gaining an untranslated string is reported (in a copy
    of the project, so the real catalogues stay untouched)."""
    project = tmp_path / "project"
    project.mkdir()
    base = Path(settings.BASE_DIR)
    for entry in base.iterdir():
        if entry.name not in translations.SKIP and entry.name != "templates":
            (project / entry.name).symlink_to(entry)
    import shutil

    shutil.copytree(base / "templates", project / "templates", symlinks=True)
    page = project / "templates" / "home.html"
    page.write_text(page.read_text() + '{% translate "An English-only sentence nobody translated." %}\n')
    monkeypatch.setattr(settings, "BASE_DIR", project)
    monkeypatch.setattr(settings, "LOCALE_PATHS", [base / "locale"])
    found = translations.problems()
    assert any("missing 'An English-only sentence nobody translated.'" in line for line in found)
    assert {line.split("/")[0] for line in found} == {"de", "fr", "it"}


def test_a_string_marked_inside_an_f_string_or_not_as_a_literal_is_reported(tmp_path, monkeypatch):
    """makemessages (xgettext) skips an f-string whole and cannot read a text that is not a
    literal: such a string never reaches a catalogue, so every language shows the English."""
    project = tmp_path / "project"
    (project / "planted").mkdir(parents=True)
    base = Path(settings.BASE_DIR)
    for entry in base.iterdir():
        if entry.name not in translations.SKIP:
            (project / entry.name).symlink_to(entry)
    (project / "planted" / "__init__.py").write_text("")
    (project / "planted" / "views.py").write_text(
        "from django.utils.translation import gettext as _, npgettext\n\n\n"
        "def badge(name):\n"
        "    return f\"<b>{_('withdrawn')}</b> {name}\"\n\n\n"
        "def title(name, n):\n"
        "    return _(f'Games of {name}') + npgettext('page', 'one game', 'games', n)\n"
    )
    monkeypatch.setattr(settings, "BASE_DIR", project)
    monkeypatch.setattr(settings, "LOCALE_PATHS", [base / "locale"])
    found = [line for line in translations.problems() if line.startswith("planted/")]
    assert len(found) == 2, found
    assert found[0].startswith("planted/views.py:5: _('withdrawn'): marked inside an f-string")
    assert found[1].startswith("planted/views.py:9: _(f'Games of {name}'): the marked text is not a string literal")


@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_the_game_words_follow_the_glossary(language):
    """The published rules' vocabulary: the followers' names as players of each language know
    them, in the words the site names a follower with ("knight in the city")."""
    words = {
        "de": {"knight": "Ritter", "monk": "Mönch", "farmer": "Bauer", "thief": "Wegelagerer", "cloister": "Kloster"},
        "fr": {"knight": "chevalier", "monk": "moine", "farmer": "paysan", "thief": "voleur", "cloister": "abbaye"},
        "it": {
            "knight": "cavaliere",
            "monk": "monaco",
            "farmer": "contadino",
            "thief": "ladro",
            "cloister": "monastero",
        },
    }[language]
    from games.present.followers import follower_on

    named = {"thief": "road", "knight": "city", "monk": "cloister", "farmer": "field", "cloister": "cloister"}
    with translation.override(language):
        for english, word in words.items():
            assert word in follower_on(named[english]), (english, follower_on(named[english]))


def test_every_rule_option_of_the_engine_has_translated_words():
    """The engine names its options in English; the site's forms and pages take their
    words from games.present.vocabulary, which must know every option (else English shows)."""
    from carcassonne import Rules
    from games.present import vocabulary

    assert {o.name for o in Rules.options()} <= set(vocabulary.OPTION_TEXT)


def test_the_charts_and_the_withdrawn_badge_speak_the_readers_language():
    """Strings once marked inside f-strings (never in the catalogues, so English everywhere)."""
    from archive.charts import score_chart
    from ratings.charts import rating_chart
    from tournaments.views import _rows_html

    row = {"rank": 1, "url": "/u/ann/", "username": "ann", "rating": 1000, "cells": [], "withdrawn": True}
    with translation.override("de"):
        chart = score_chart([[0, 0], [4, 4]], ["ann", "bob"], ["#f00", "#00f"], final=[5, 4])
        assert "Punkte im Verlauf der Partie" in chart and ">Ende<" in chart and ">Zug<" in chart
        assert "3 Rating-Partien" in rating_chart([1010, 990, 1005], 1000)
        assert "zurückgezogen" in _rows_html([row])


@pytest.mark.parametrize(
    ("language", "export", "analysis"),
    [("fr", "échoué", "échouée"), ("it", "non riuscito", "non riuscita"), ("de", "fehlgeschlagen", "fehlgeschlagen")],
)
def test_failed_agrees_with_what_failed(language, export, analysis):
    """One English "failed" for a data export (le fichier, il file) and an analysis (l’analyse,
    l’analisi): each has its msgctxt, so each agrees with its noun (issue 45, fr E2, it 4.6)."""
    from django.utils import translation

    from accounts.models import DataExport
    from archive.models import GameAnalysis

    with translation.override(language):
        assert (str(DataExport.State.FAILED.label), str(GameAnalysis.State.FAILED.label)) == (export, analysis)


def test_the_division_help_text_is_translated():
    """It was never marked (tournaments/models.py), so it read English in every language."""
    from django.utils import translation

    from tournaments.models import Tournament

    with translation.override("de"):
        assert str(Tournament._meta.get_field("division").help_text) == "1 ist die oberste Spielklasse"


def test_french_e_mails_start_with_a_capital_after_the_greeting():
    """« Bonjour ann,↵↵Merci de … »: in French the body after the greeting starts a sentence (issue 45, fr F1)."""
    import re
    from pathlib import Path

    import polib
    from django.conf import settings

    po = polib.pofile(str(Path(settings.BASE_DIR) / "locale" / "fr" / "LC_MESSAGES" / "django.po"))
    texts = [t for e in po for t in ([e.msgstr] if not e.msgid_plural else e.msgstr_plural.values())]
    faults = [t[:80] for t in texts if re.match(r"Bonjour [^\n]*,\n\n[a-zàâçéèêîôû]", t)]
    assert not faults, faults


def test_the_time_zone_list_names_regions_and_places_in_the_readers_words():
    """The settings page's list (notifications.forms.zone_choices): "Europa" and "Wien", not
    "Europe" and "Vienna", in German (issue 45, de G2, fr D4, it 7.6)."""
    from django.utils import translation

    from notifications.forms import zone_choices

    with translation.override("de"):
        groups = dict(zone_choices()[1:])
        assert "Europe" not in groups
        assert ("Europe/Vienna", "Wien") in groups["Europa"] and ("Europe/Zurich", "Zürich") in groups["Europa"]
    with translation.override("fr"):
        assert ("Africa/Cairo", "Le Caire") in dict(zone_choices()[1:])["Afrique"]


def test_a_bot_levels_choice_is_one_translated_frame():
    """'Anfänger – legt …': the level and how it plays are joined by the catalogue's frame (a German
    en dash), not an em dash typed into the code (issue 45, de F2)."""
    from django.utils import translation

    from games.forms import bot_level_choices

    with translation.override("de"):
        labels = [label for _level, label in bot_level_choices()]
    assert labels and all(" – " in label and "—" not in label for label in labels)


def test_the_tiebreaks_read_in_lower_case_inside_their_sentence():
    """« Départages : confrontation directe, points de partie. » (issue 45, fr G3): the names have
    their own msgctxt inside the sentence; the labels of the form keep their capitals."""
    from django.utils import translation

    from tournaments.models import Tournament

    t = Tournament(tiebreaks=["head_to_head", "game_points"])
    with translation.override("fr"):
        assert t.tiebreak_names == ["confrontation directe", "points de partie"]
    with translation.override("de"):
        assert t.tiebreak_names == ["direkter Vergleich", "Spielpunkte"]
