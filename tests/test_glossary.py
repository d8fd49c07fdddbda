"""One word per thing (issue 31): each of the site's own concepts (board, cell, spot, …) reads
the same in every German, French and Italian string, the word locale/GLOSSARY.md gives, and
French and Italian typography follows one convention."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings

LANGUAGES = ("de", "fr", "it")

# concept: (the English word in a source, {language: (the glossary's word, the words it replaced)}),
# each a case-insensitive regular expression over a translation. A source's placeholders and code
# ('road:E', <code>…</code>, %(spot)s) are not words and are left out before matching.
CONCEPTS: dict[str, tuple[str, dict[str, tuple[str, str | None]]]] = {
    "board": (
        r"\bboards?\b",
        {
            "de": (r"Spielfeld", r"Spielplan"),
            "fr": (r"plateau", None),
            "it": (r"area di gioco", r"tavol|tabellon"),
        },
    ),
    "cell": (
        r"\bcells?\b",
        {"de": (r"\bFeld|Felder", None), "fr": (r"\bcases?\b", r"cellule"), "it": (r"casell", r"\bcell")},
    ),
    "spot": (
        r"\bspots?\b",
        {
            "de": (r"\bStelle", r"\bPunkt|Feldname|\bPl[aä]tz"),
            "fr": (r"emplacement", r"endroit|\b(une|la|cette) place\b"),
            "it": (r"posizion", r"\bpost[oi]\b|\bpunt[oi]\b"),
        },
    ),
    "figure": (r"\bfigures?\b", {"de": (r"Figur", None), "fr": (r"\bpions?\b", r"figurine"), "it": (r"pedin", None)}),
    "discard": (
        r"\bdiscard",
        {
            "de": (r"aus dem Spiel", r"abgelegt|ablegen|abgeworfen"),
            "fr": (r"défauss", r"écart"),
            "it": (r"scart", None),
        },
    ),
    "fits": (
        r"\bfits?\b",
        {
            "de": (r"pass", None),
            "fr": (r"\b(se|s’y) pla[cç]", r"ajust|adapt|convien"),
            "it": (r"combaci", r"adatt|\bentra(no)?\b|\bsta\b"),
        },
    ),
    "round": (
        r"(?<!double )(?<!market )\brounds?\b(?! of\b| the\b|[- ]robins?\b)",
        {"de": (r"Runde", None), "fr": (r"manche", None), "it": (r"turn[oi]", None)},
    ),
    "table": (r"\btables?\b", {"de": (r"Tisch", None), "fr": (r"\btables?\b", None), "it": (r"tavol", None)}),
    "bracket": (r"\bbracket", {"de": (r"Turnierbaum", None), "fr": (r"tableau", None), "it": (r"tabellon", None)}),
    "schedule": (
        r"\bschedule\b",
        {"de": (r"Spielplan", None), "fr": (r"calendrier", None), "it": (r"calendario", None)},
    ),
    "standings": (
        r"\bstandings\b",
        {
            "de": (r"Tabelle|Rangliste|\bStand\b|Endstand", None),
            "fr": (r"classement", None),
            "it": (r"classifica", None),
        },
    ),
    "rating": (
        r"\bratings?\b",
        {
            "de": (r"Rating", r"Wertung"),
            "fr": (r"\bcotes?\b", r"(?<!tableaux de )(?<!tableau de )classement"),
            "it": (r"valutazion", None),
        },
    ),
    "rated game": (
        r"\brated\b",
        {"de": (r"Rating", r"Wertung"), "fr": (r"classée", None), "it": (r"valutat", None)},
    ),
    "division": (
        r"\bdivisions?\b",
        {"de": (r"Spielklasse", r"Liga|Division"), "fr": (r"division", None), "it": (r"division", None)},
    ),
    "league": (r"\bleagues?\b", {"de": (r"Liga|Ligen", None), "fr": (r"ligue", None), "it": (r"lega|leghe", None)}),
    "mute": (
        r"\b(un)?mut(e|ed)\b",
        {
            "de": (r"stummgeschaltet|stummschalten|Stummschaltung", None),
            "fr": (r"sourdine", r"muet|masqu"),
            "it": (r"silenzia", None),
        },
    ),
    "queue": (
        r"\bqueued?\b",
        {"de": (r"Warteschlange", None), "fr": (r"file d’attente", None), "it": (r"\bcoda\b", None)},
    ),
    "reply": (
        r"\breply\b(?! (with|to)\b)",
        {"de": (r"Antwort|antworte", None), "fr": (r"réponse|répond", None), "it": (r"rispost|rispond", None)},
    ),
    "decision": (
        r"\bdecisions?\b",
        {"de": (r"entscheid", None), "fr": (r"décision|décid", None), "it": (r"decision|decid", None)},
    ),
    "worker": (
        r"\bworkers?\b",
        {
            "de": (r"Rechenprozess", r"Worker"),
            "fr": (r"processus de calcul", None),
            "it": (r"processo di calcolo", None),
        },
    ),
}

# (language, concept, English source): the word is not wanted there, and why
EXCEPTIONS = {
    # "fit" the board to the window: a view's zoom, not a tile that fits
    *((language, "fits", english) for language in LANGUAGES for english in ("Fit the board", "Fit")),
    # "spot" is the API's field name there, left in English like x and y
    *((language, "spot", "reinforce must be an object with x, y and spot, or null to pass") for language in LANGUAGES),
}

CODE = re.compile(r"%\(\w+\)[sdr]|\{[^{}]*\}|<code>.*?</code>|'[^'\s]*'|\"[^\"\s]*\"|<[^>]+>", re.S)


def entries(language: str):
    """(English source, translation) of every entry, each plural form on its own."""
    for domain in ("django", "djangojs"):
        path = Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
        for e in polib.pofile(str(path)):
            if e.obsolete:
                continue
            texts = e.msgstr_plural.values() if e.msgid_plural else [e.msgstr]
            for text in texts:
                yield " ".join(filter(None, [e.msgid, e.msgid_plural])), text, e.msgctxt


def glossary_faults(language: str, pairs) -> list[str]:
    faults = []
    for english, text, _context in pairs:
        words = CODE.sub(" ", english)
        plain = CODE.sub(" ", text)
        for concept, (source, wanted) in CONCEPTS.items():
            if not re.search(source, words, re.I) or (language, concept, english) in EXCEPTIONS:
                continue
            word, replaced = wanted[language]
            if not re.search(word, plain, re.I):
                faults.append(f"{concept}: {english!r} -> {text!r} lacks {word!r}")
            elif replaced and re.search(replaced, plain, re.I):
                faults.append(f"{concept}: {english!r} -> {text!r} says {replaced!r}")
    return faults


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_of_the_sites_concepts_reads_with_the_glossarys_one_word(language):
    faults = glossary_faults(language, entries(language))
    assert not faults, f"{len(faults)} {language} strings off the glossary:\n" + "\n".join(faults)


def test_a_planted_second_word_for_the_board_is_caught():
    """The reviewer's finding: Italian "board" as « tavolo » on one page and « tabellone » in mail."""
    planted = [
        ("Back to the current board", "Torna all’area di gioco attuale", None),
        ("The board of %(title)s", "Il tabellone di %(title)s", None),
    ]
    faults = glossary_faults("it", planted)
    assert len(faults) == 1 and "Il tabellone" in faults[0]


def test_the_glossary_names_each_concepts_word():
    glossary = (Path(settings.BASE_DIR) / "locale" / "GLOSSARY.md").read_text()
    section = glossary.split("## The site's own words", 1)[1]
    for concept in CONCEPTS:
        assert f"| {concept}" in section, concept


# --- typography -----------------------------------------------------------------------------


def how_to_play(language: str) -> tuple[str, str, None]:
    page = Path(settings.BASE_DIR) / "games" / "templates" / "games" / "how_to_play" / f"{language}.html"
    return "how to play", re.sub(r"\{%.*?%\}|\{\{.*?\}\}", " ", page.read_text()), None


def test_french_puts_a_no_break_space_before_percent_and_after_numero():
    faults = [
        (english, text)
        for english, text, _c in [*entries("fr"), how_to_play("fr")]
        if re.search(r"(?<![\u00a0\u202f%])%(?![(%sd])|(?<![\u00a0\u202f])%%|n°(?![\u00a0\u202f])", text)
    ]
    assert not faults, faults[:5]


def test_italian_writes_one_ordinal_sign_and_one_quote_style():
    """« caporali » for quotes (not “ ” nor "…" in prose; 'skip' is an API value), and º (the ordinal indicator) never
    mixed with ° (the degree sign) after a number that is an ordinal."""
    faults = []
    for english, text, _c in [*entries("it"), how_to_play("it")]:
        prose = re.sub(r"<code>.*?</code>|<[^>]+>|\{.*\}", " ", text)  # markup and JSON examples
        if re.search(r"[“”\"]", prose):
            faults.append((english, text))
        if re.search(r"\d+°", re.sub(r"\b(0|90|180|270)°", " ", prose)) and "°" not in english:  # a rotation's degrees
            faults.append((english, text))
    assert not faults, faults[:5]


# --- one form of address --------------------------------------------------------------------

ADDRESS_NOT_CHOSEN = {
    # the site says du, vous, tu (GLOSSARY.md, Style)
    "de": r"\b[Ii]hr (seid|müsst|könnt|habt|spielt|legt|setzt|wollt)\b|\beuch\b|\beu(er|re[nmrs]?)\b",
    "fr": r"\b[Tt]u\b|\b[Tt]es\b|\b[Tt]on\b|\b[Tt]oi\b|[Tt]’",
    "it": r"\b[Vv]oi\b|\bvostr[aoie]\b|\b(potete|dovete|avete|siete|metteteci)\b",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_addresses_the_player_one_way_in_catalogues_and_how_to_play(language):
    texts = [(english, text) for english, text, _c in [*entries(language), how_to_play(language)]]
    faults = [(english, text[:120]) for english, text in texts if re.search(ADDRESS_NOT_CHOSEN[language], text)]
    assert not faults, faults[:5]


def test_german_starts_a_whole_sentence_after_a_colon_with_a_capital():
    """Duden: a capital after a colon when a whole sentence follows ("…: Versuche es später noch
    einmal."), small for a list or a fragment ("König: noch nicht vergeben")."""
    imperative = re.compile(
        r": (versuche|sieh|entferne|warte|wähle|gib|schreib|klicke|lass|nutze|bitte|du (bist|hast|kannst))\b"
    )
    faults = [(english, text) for english, text, _c in [*entries("de"), how_to_play("de")] if imperative.search(text)]
    assert not faults, faults[:5]


PAGE_NOT = {
    "de": r"Spielplan|Worker|abgelegt",
    "fr": r"figurine|s’ajust|s’adapt|écarté",
    "it": r"tavolo|tabellone|si adatt|\bentra\b",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_how_to_play_page_uses_the_glossarys_words(language):
    """The page is written per language (games/templates/games/how_to_play), outside the catalogues."""
    _title, text, _c = how_to_play(language)
    assert not re.findall(PAGE_NOT[language], text)


# the edition's game words, where the site once said another (GLOSSARY.md, "Where the newer words come from")
EDITION_NOT = {
    "it": r"\bsegnalin[oi]\b|\bchiostr[oi]\b",  # seguace, monastero: the Giochi Uniti box text
}


@pytest.mark.parametrize("language", sorted(EDITION_NOT))
def test_the_editions_words_replace_the_ones_they_replaced(language):
    pages = Path(settings.BASE_DIR) / "games" / "templates" / "games" / "how_to_play"
    texts = [*entries(language), how_to_play(language)]
    texts += [("how to play", p.read_text(), None) for p in (pages / language).glob("*.html")]
    faults = [(english, text[:120]) for english, text, _c in texts if re.search(EDITION_NOT[language], text, re.I)]
    assert not faults, faults[:5]


def test_a_planted_segnalino_is_caught():
    assert re.search(EDITION_NOT["it"], "Metti un segnalino qui: %(follower)s", re.I)
