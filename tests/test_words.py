"""Words a player understands (issue 24): the rules help says what RULES.md says, counts
read singular for one, French follows one typography, and each language uses the words of
its published rules (the glossary, locale/GLOSSARY.md)."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from games import engine_state, lobby, turns
from games.present.followers import follower_on

LANGUAGES = ["de", "fr", "it"]


def catalogue(language: str, domain: str = "django") -> polib.POFile:
    return polib.pofile(str(Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / f"{domain}.po"))


def translations_of(language: str):
    """Every (msgid, msgstr) of a language, each plural form on its own."""
    for domain in ("django", "djangojs"):
        for e in catalogue(language, domain):
            for text in [e.msgstr] if not e.msgid_plural else e.msgstr_plural.values():
                yield e.msgid, text


# The Count (RULES.md, "(2) Deployment into the City"): only after the player's own tile gave
# points to opponents and none to them; not whenever a feature scores without them.
COUNT_HELP = {
    "en": "When a tile you placed scores points for other players and none for you",
    "de": "Bringt eine Karte, die du gelegt hast, anderen Punkte, dir aber keine",
    "fr": "Quand une tuile que vous avez posée rapporte des points à d’autres joueurs mais aucun à vous",
    "it": "Quando una tessera che hai piazzato fa guadagnare punti ad altri giocatori ma nessuno a te",
}
COUNT_HELP_WRONG = {
    "en": "When a feature is scored and you had no share of it",
    "de": "Wird ein Gebiet gewertet und du gehst leer aus",
    "fr": "Quand une zone est évaluée sans que vous marquiez",
    "it": "Quando si conta una zona e tu resti senza punti",
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_the_rules_help_says_a_follower_enters_the_city_only_after_your_own_tile_scored_for_others(client, language):
    html = client.get(reverse("how-to-play"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert COUNT_HELP[language] in html
    assert COUNT_HELP_WRONG[language] not in html


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", "When your tile scores only for other players"),
        ("de", "Bringt deine Karte nur anderen Punkte"),
        ("fr", "Quand votre tuile ne rapporte qu’à d’autres joueurs"),
        ("it", "Quando la tua tessera fa punti solo per altri giocatori"),
    ],
)
def test_the_count_option_says_when_a_follower_may_enter_the_city(language, words):
    from games.present.expansions.count import Count

    with translation.override(language):
        assert words in str(Count.options["count"][1])


# --- counts -----------------------------------------------------------------------------

MOVE_PLAYED = {"en": "1 move played", "de": "1 Zug gespielt", "fr": "1 coup joué", "it": "1 mossa giocata"}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_the_game_page_says_one_move_played_in_the_singular(client, ann, bob, language):
    game = lobby.create_game(ann, ["bob"])
    lobby.accept_invitation(game.pk, bob)
    game.refresh_from_db()
    placement = engine_state.engine_for(game).legal_placements()[0]
    turns.play_move(game.pk, ann, 1, placement.x, placement.y, placement.rotation, None)
    client.force_login(bob)
    html = client.get(reverse("game-detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert MOVE_PLAYED[language] in " ".join(html.split())
    assert "1 Züge" not in html


@pytest.mark.parametrize(
    "language, one, three",
    [
        (
            "en",
            "ann: a follower and the large follower in the castle",
            "ann: 3 followers and the large follower in the castle",
        ),
        (
            "de",
            "ann: ein Gefolgsmann und der große Gefolgsmann in der Burg",
            "ann: 3 Gefolgsleute und der große Gefolgsmann in der Burg",
        ),
        (
            "fr",
            "ann\u00a0: un partisan et le grand partisan au château",
            "ann\u00a0: 3 partisans et le grand partisan au château",
        ),
        (
            "it",
            "ann: un seguace e il seguace grande nel castello",
            "ann: 3 seguaci e il seguace grande nel castello",
        ),
    ],
)
def test_one_follower_beside_the_large_follower_in_a_quarter_reads_singular(language, one, three):
    """The City's tooltip on the game page said "1 Gefolgsleute" / "1 follower(s)"."""
    from games.present.expansions.count import _in_quarter_label

    with translation.override(language):
        assert _in_quarter_label("castle", "ann", 1, 1) == one
        assert _in_quarter_label("castle", "ann", 3, 1) == three


def test_no_english_text_counts_with_a_parenthesised_plural():
    """ "%(count)d follower(s)": a count goes through ngettext instead."""
    found = [e.msgid for e in catalogue("de") if re.search(r"(%\(\w+\)[sd]|\{\w+\}) \w+\(s\)", e.msgid)]
    assert not found


@pytest.mark.django_db
@pytest.mark.parametrize(
    "language, words",
    [
        ("en", "rank 1, 1 point<"),
        ("de", "Rang 1, 1 Punkt<"),
        ("fr", "rang 1, 1 point<"),
        ("it", "posizione 1, 1 punto<"),
    ],
)
def test_a_tournament_player_with_one_point_reads_singular(client, ann, language, words):
    from tournaments import creation
    from tournaments.models import Entry, Tournament

    t = creation.create_tournament(ann, name="Cup")
    Entry.objects.create(tournament=t, user=ann)
    Tournament.objects.filter(pk=t.pk).update(
        standings_cache=[
            {
                "rank": 1,
                "user_id": ann.pk,
                "username": "ann",
                "points": 1,
                "played": 1,
                "wins": 1,
                "draws": 0,
                "losses": 0,
                "tiebreaks": {},
            }
        ]
    )
    client.force_login(ann)
    html = client.get(reverse("tournaments:player", args=[t.pk, "ann"]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert words in html


def test_half_points_read_plural():
    from tournaments import views

    assert (views._plural_count(1), views._plural_count(1.5), views._plural_count(0), views._plural_count(2.0)) == (
        1,
        2,
        0,
        2,
    )


# --- tournaments: rounds named by their matches -------------------------------------------


@pytest.mark.parametrize(
    "language, names",
    [
        ("fr", ["Seizièmes de finale", "Huitièmes de finale", "Quarts de finale", "Demi-finales", "Finale"]),
        ("de", ["Sechzehntelfinale", "Achtelfinale", "Viertelfinale", "Halbfinale", "Finale"]),
        ("it", ["Sedicesimi di finale", "Ottavi di finale", "Quarti di finale", "Semifinali", "Finale"]),
        ("en", ["Round of 32", "Round of 16", "Quarter-finals", "Semi-finals", "Final"]),
    ],
)
def test_knockout_rounds_are_named_as_each_language_names_them(language, names):
    """The round of 16 has 8 matches: French "huitièmes de finale", not "16es de finale"."""
    from tournaments import bracket
    from tournaments.round_names import bracket_words

    with translation.override(language):
        assert bracket.rounds_names(5, bracket_words()) == names


# --- French typography ----------------------------------------------------------------------

NNBSP, NBSP = "\u202f", "\u00a0"
# a punctuation mark of the sentence (not "?next=" nor "{x!r}"): followed by a space, the end,
# a tag or a closing sign; an HTML entity's ";" is no punctuation
PUNCTUATION = re.compile(r"(?<!&[a-z]{2})(?<!&[a-z]{3})(?<!&[a-z]{4})(.)([;:!?])(?=$|[\s<)»\"'.,])", re.S)


JSON_EXAMPLE = re.compile(r'\{\{?"[^{}]*\}\}?')
"""A JSON example in an API's message ({"spot": "road:E"}): code, copied as it is, so its colons
take no no-break space (one is no JSON whitespace)."""


def typography_faults(text: str) -> list[str]:
    faults = [f"{m.group(0)!r} is JSON" for m in JSON_EXAMPLE.finditer(text) if re.search("[\u00a0\u202f]", m.group(0))]
    text = JSON_EXAMPLE.sub("{}", text)
    for m in PUNCTUATION.finditer(text):
        wanted = NBSP if m.group(2) == ":" else NNBSP
        if m.group(1) != wanted:
            faults.append(f"{m.group(0)!r} needs {'U+00A0' if wanted == NBSP else 'U+202F'}")
    faults += [f"{m.group(0)!r}" for m in re.finditer(r"«(?!\u00a0).|.(?<!\u00a0)»", text)]
    return faults


def test_the_typography_check_sees_a_plain_space():
    assert typography_faults("Merci : c’est fait ; bravo ! « Tourner »") and not typography_faults(
        "Merci\u00a0: c’est fait\u202f; bravo\u202f! «\u00a0Tourner\u00a0» &amp; /?next=1 {x!r}"
    )
    assert not typography_faults('p. ex. {"spot": "road:E"}, pas {value}')
    assert typography_faults('p. ex. {"spot"\u00a0: "road:E"}')


def test_every_french_translation_puts_the_agreed_no_break_spaces_before_punctuation_and_inside_guillemets():
    """One convention (GLOSSARY.md): U+202F before ; ! ?, U+00A0 before : and inside « »."""
    faults = {msgid: typography_faults(text) for msgid, text in translations_of("fr") if typography_faults(text)}
    assert not faults, f"{len(faults)} French strings: {list(faults.items())[:5]}"


def test_the_french_digest_says_least_time_left_as_a_person_would():
    texts = " ".join(text for _id, text in translations_of("fr"))
    assert "la moins de temps restant" not in texts
    assert "en commençant par celle où il reste le moins de temps" in texts


# --- Italian and German words ---------------------------------------------------------------


def test_the_italian_thief_on_a_road_is_not_called_like_the_king_and_robbers_robber():
    with translation.override("it"):
        thief, robber = follower_on("road:N"), translation.pgettext("score category", "Robber")
    assert thief == "ladro sulla strada (nord)" and robber == "Brigante"
    assert not [msgid for msgid, text in translations_of("it") if "thief" in msgid and "brigant" in text.lower()]


def test_the_italian_words_are_those_of_the_italian_edition():
    with translation.override("it"):
        assert translation.gettext("Traders & Builders") == "Commercianti e Costruttori"
        moved_on = translation.gettext(
            "The game has moved on: this was sent for move %(sent)d, the game is at move %(now)d."
        ) % {"sent": 3, "now": 5}
    assert "questa mossa era per la mossa" not in moved_on and "mossa 3" in moved_on


def test_the_german_rating_is_not_called_wertung_which_is_scoring():
    with translation.override("de"):
        assert translation.gettext("Rating") == "Rating"
    clashing = [
        msgid
        for msgid, text in translations_of("de")
        if re.search(r"\brat(ing|ed)\b", msgid, re.I) and re.search(r"wert(ung|et)", text, re.I)
    ]
    assert not clashing


def test_the_glossary_names_quarters_goods_and_figures():
    glossary = (Path(settings.BASE_DIR) / "locale" / "GLOSSARY.md").read_text()
    for words in (
        "Burg / Schmiede / Kathedrale / Markt",
        "vin / blé / tissu",
        "Figuren",
        "ladro",
        "Rating",
        "Commercianti e Costruttori",
        "huitièmes",
    ):
        assert words in glossary
