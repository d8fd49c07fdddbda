"""The site in German, French and Italian: the browser's Accept-Language for visitors, a
user's saved language once chosen, <html lang>, and no English UI text left on the main
pages (every text a page shows in English must differ in the other language, unless the
catalogue deliberately keeps the word, like "Chat" or "Lobby", or it is data: names)."""

from __future__ import annotations

import re
from datetime import UTC
from html.parser import HTMLParser

import polib
import pytest
from django.conf import settings
from django.urls import reverse

from games import engine_state, lobby, turns
from tournaments import creation

LANGUAGES = ["de", "fr", "it"]
VISIBLE_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "value")


class _Texts(HTMLParser):
    """The texts a person sees or hears: text nodes and labelling attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._skip = 0
        self._zone = False

    def handle_starttag(self, tag, attrs):
        # the time zone list is data (IANA names), like the names of players and games
        if tag in ("script", "style", "template", "svg"):
            self._skip += 1
        elif tag == "select" and ("name", "time_zone") in attrs:
            self._zone, self._skip = True, self._skip + 1
        attributes = dict(attrs)
        for name, value in attrs:
            if name == "value" and not (tag == "input" and attributes.get("type") in ("submit", "button")):
                continue
            if name in VISIBLE_ATTRIBUTES and value:
                self.texts.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template", "svg") and self._skip:
            self._skip -= 1
        elif tag == "select" and self._zone:
            self._zone, self._skip = False, self._skip - 1

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.texts.append(data)


def texts(html: str) -> set[str]:
    parser = _Texts()
    parser.feed(html)
    return {" ".join(t.split()) for t in parser.texts}


def kept_words(language: str) -> set[str]:
    """Texts the catalogue translates to themselves (the same word in both languages)."""
    kept = set()
    for domain in ("django", "djangojs"):
        for e in polib.pofile(str(settings.BASE_DIR / "locale" / language / "LC_MESSAGES" / f"{domain}.po")):
            forms = [e.msgstr] if not e.msgid_plural else list(e.msgstr_plural.values())
            for text, source in ((f, e.msgid) for f in forms):
                if text == source or text in (e.msgid, e.msgid_plural):
                    kept.add(text)
    return kept


DATA = re.compile(r"^[\W\d_]*$|^(ann|bob|cid|Friday|Cup|Carcassonne|API|[A-X]|Bot \d \(\w+\))$")


def english_left(english: set[str], other: set[str], language: str, names: set[str]) -> set[str]:
    """Texts shown the same in English and in ``language`` that are neither data nor kept words."""
    kept = kept_words(language) | {name for _code, name in settings.LANGUAGES}  # each in its own language
    left = set()
    for text in {part for whole in english & other for part in whole.split(" · ")}:
        bare = text
        for name in sorted(names, key=len, reverse=True):
            bare = bare.replace(name, "")
        if DATA.match(bare.strip()) or text in kept or not re.search(r"[A-Za-z]{3,}", bare):
            continue
        left.add(text)
    return left


@pytest.fixture
def world(ann, bob, make_user):
    """A game on ann's turn, a finished game, a tournament: every main page has content."""
    game = lobby.create_game(ann, ["bob"], name="Friday")
    lobby.accept_invitation(game.pk, bob)
    waiting = lobby.create_game(ann, [], open_seats=1, name="Friday open")
    tournament = creation.create_tournament(ann, name="Cup")
    return {"game": game, "waiting": waiting, "tournament": tournament}


def pages(world) -> list[str]:
    return [
        reverse("home"),
        reverse("game-list"),
        reverse("lobby"),
        reverse("game-create"),
        reverse("game-detail", args=[world["game"].pk]),
        reverse("game-detail", args=[world["waiting"].pk]),
        reverse("archive:list"),
        reverse("archive:game", args=[world["game"].pk]),
        reverse("tournaments:index"),
        world["tournament"].get_absolute_url(),
        reverse("ratings:leaderboard"),
        reverse("notifications:settings"),
        reverse("language"),
        reverse("email-change"),
        reverse("password_change"),
        reverse("how-to-play"),
    ]


NAMES = {
    "ann@example.com",
    "ann",
    "bob",
    "cid@example.com",
    "Friday open",
    "Friday",
    "Cup",
}  # data, and the invite example


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_main_pages_follow_accept_language_with_no_english_left(client, ann, world, language):
    client.force_login(ann)
    for url in pages(world):
        english = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert page.status_code == 200, url
        html = page.content.decode()
        assert f'<html lang="{language}">' in html, url
        assert page["Content-Language"] == language
        left = english_left(texts(english.content.decode()), texts(html), language, NAMES)
        assert not left, f"{url} in {language} still shows English: {sorted(left)[:30]}"


@pytest.fixture
def expansions_world(ann, bob):
    """The expansions' pages: a game with the Count where ann must decide (not on her turn), a
    game with hands of three on ann's turn, and one with every expansion and house rule
    waiting in the lobby."""
    from tests.games.conftest import reinforcing_game
    from tests.games.helpers import api_clients, drive_until, seeded_game

    count, _engine = reinforcing_game(ann, bob, api_clients(ann, bob))
    handed = seeded_game(ann, [ann, bob], {"expansions": [], "hand": 3}, 17)
    drive_until(api_clients(ann, bob), handed, lambda e: len(e.history) >= 6 and e.pending.player == 0, seed=17)
    everything = lobby.create_game(
        ann,
        [],
        open_seats=1,
        name="Friday",
        rules={
            "expansions": ["inns_cathedrals", "traders_builders", "king_robber", "count"],
            "farm_scoring": "classic",
            "small_city": True,
            "hole_bonus": True,
            "incomplete_score": False,
            "hand": 2,
            "hand_visible": True,
        },
    )
    return {"count": count, "hand": handed, "everything": everything}


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_expansions_pages_have_no_english_left(client, ann, bob, expansions_world, language):
    """The Count's decision (for the player asked and for the others), a hand's turn panel,
    rule tags in the lists, the waiting list and the create form's expansions."""
    count, handed, everything = expansions_world["count"], expansions_world["hand"], expansions_world["everything"]
    views = [
        (ann, reverse("game-detail", args=[count.pk]), "Your decision"),
        (
            bob,
            reverse("game-detail", args=[count.pk]),
            "Waiting for ann to decide whether to move a follower out of the City.",
        ),
        (ann, reverse("game-detail", args=[handed.pk]), "Your hand: choose the tile to place."),
        (bob, reverse("game-detail", args=[handed.pk]), "to play a tile from their hand."),
        (ann, reverse("game-detail", args=[everything.pk]), "Inns &amp; Cathedrals"),
        (ann, reverse("game-list"), "Your decision"),
        (ann, reverse("notifications:waiting"), "Your decision"),
        (bob, reverse("lobby"), "Traders &amp; Builders"),
        (ann, reverse("game-create"), "Scoring and house rules"),
        (ann, reverse("archive:list") + "?status=active", "Hand of 3"),
    ]
    for user, url, shown in views:
        client.force_login(user)
        english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert shown in english, (url, shown)  # the page shows what issue 11 added
        html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert shown not in html, (url, shown)
        left = english_left(texts(english), texts(html), language, NAMES)
        assert not left, f"{url} for {user} in {language} still shows English: {sorted(left)[:30]}"


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_visitors_pages_follow_accept_language(client, language):
    for url in (
        reverse("home"),
        reverse("login"),
        reverse("signup"),
        reverse("password_reset"),
        reverse("how-to-play"),
    ):
        english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert f'<html lang="{language}">' in html
        assert not english_left(texts(english), texts(html), language, set()), url


@pytest.mark.django_db
def test_a_saved_language_wins_over_the_browsers(client, ann):
    client.force_login(ann)
    response = client.post(reverse("language"), {"language": "it", "next": reverse("lobby")})
    assert response.status_code == 302 and response["Location"] == reverse("lobby")
    ann.refresh_from_db()
    assert ann.language == "it"
    html = client.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="it">' in html and "Sala d’attesa" in html


@pytest.mark.django_db
def test_without_a_setting_the_language_last_used_is_remembered(client, ann):
    client.force_login(ann)
    client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="fr-CH,fr;q=0.9")
    ann.refresh_from_db()
    assert (ann.language, ann.last_language) == ("", "fr")


@pytest.mark.django_db
def test_the_footer_switcher_sets_a_visitors_language(client):
    response = client.post(reverse("language"), {"language": "de", "next": "/"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302 and response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="de">' in html and "Zug um Zug" in html


@pytest.mark.django_db
def test_an_unknown_language_is_refused_and_nothing_is_saved(client, ann):
    client.force_login(ann)
    response = client.post(reverse("language"), {"language": "xx"})
    assert response.status_code == 400
    ann.refresh_from_db()
    assert ann.language == ""


@pytest.mark.django_db
def test_the_switcher_never_redirects_to_another_site(client):
    response = client.post(reverse("language"), {"language": "fr", "next": "https://evil.example/"})
    assert response["Location"] == reverse("language")


@pytest.mark.django_db
def test_dates_and_numbers_follow_the_language(client, ann, world):
    """The tournament page's start date in each language's own format."""
    from datetime import datetime

    t = world["tournament"]
    t.start_date = datetime(2030, 3, 5, 14, 30, tzinfo=UTC)
    t.save()
    client.force_login(ann)
    german = client.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    english = client.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "05.03.2030 14:30" in german
    assert "05.03.2030" not in english


FOLLOWERS = {
    "de": {"road": "Wegelagerer", "city": "Ritter", "cloister": "Mönch", "field": "Bauer"},
    "fr": {"road": "voleur", "city": "chevalier", "cloister": "moine", "field": "paysan"},
    "it": {"road": "ladro", "city": "cavaliere", "cloister": "monaco", "field": "contadino"},
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_move_list_names_followers_in_the_players_words(client, ann, bob, language):
    game = lobby.create_game(ann, ["bob"])
    lobby.accept_invitation(game.pk, bob)
    game.refresh_from_db()
    engine = engine_state.engine_for(game)
    placement, spot = next((p, s) for p in engine.legal_placements() for s, _f in engine.legal_figures(p))
    turns.play_move(game.pk, ann, 1, placement.x, placement.y, placement.rotation, spot)
    client.force_login(bob)
    html = client.get(reverse("game-detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert FOLLOWERS[language][spot.partition(":")[0]] in html


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_api_errors_are_in_the_callers_language(client, ann, bob, language):
    game = lobby.create_game(ann, ["bob"])
    lobby.accept_invitation(game.pk, bob)
    client.force_login(bob)
    english = client.post(
        f"/api/games/{game.pk}/moves/",
        {"move_number": 1, "x": 0, "y": 1, "rotation": 0},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
    ).json()["detail"]
    other = client.post(
        f"/api/games/{game.pk}/moves/",
        {"move_number": 1, "x": 0, "y": 1, "rotation": 0},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language,
    ).json()["detail"]
    assert "ann" in other and other != english


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_javascript_catalogue_is_served_in_each_language(client, language):
    english = client.get(reverse("javascript-catalog", args=["en"])).content.decode()
    body = client.get(reverse("javascript-catalog", args=[language])).content.decode()
    assert "Confirm move" in body and "django.catalog" in body and body != english


@pytest.mark.django_db
def test_a_page_loads_the_javascript_catalogue_of_its_own_language_whatever_was_cached(client):
    # The catalogue's URL names the language: a cached English one is never reused.
    client.get(reverse("javascript-catalog", args=["en"]))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    page = client.get("/accounts/login/").content.decode()
    assert reverse("javascript-catalog", args=["de"]) in page
    german = client.get(reverse("javascript-catalog", args=["de"])).content.decode()
    assert "Zug best\\u00e4tigen" in german


@pytest.mark.django_db
def test_an_unknown_language_has_no_javascript_catalogue(client):
    assert client.get("/jsi18n/xx/").status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("language, words", [("de", "passt nicht"), ("fr", "ne se place pas"), ("it", "non combacia")])
def test_the_engines_reason_for_an_illegal_move_reaches_players_in_their_language(client, ann, bob, language, words):
    from carcassonne import IllegalMove, Move

    game = lobby.create_game(ann, ["bob"])
    lobby.accept_invitation(game.pk, bob)
    game.refresh_from_db()
    engine = engine_state.engine_for(game)
    cells = [(x, y, r) for x, y in ((0, 1), (0, -1), (1, 0), (-1, 0)) for r in (0, 90, 180, 270)]
    wrong = next(c for c in cells if "does not fit" in (engine.board.placement_error(engine.tile, *c) or ""))
    with pytest.raises(IllegalMove) as english:
        engine.copy().play(Move(engine.tile, *wrong, None))
    assert english.value.code == "does_not_fit" and "does not fit" in str(english.value)  # the CLI's English stays
    client.force_login(ann)
    detail = client.post(
        f"/api/games/{game.pk}/moves/",
        {"move_number": 1, "x": wrong[0], "y": wrong[1], "rotation": wrong[2]},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language,
    ).json()["detail"]
    assert words in detail and "does not fit" not in detail


@pytest.mark.django_db
def test_an_api_token_user_gets_errors_in_their_saved_language(ann, bob):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    game = lobby.create_game(ann, ["bob"])
    lobby.accept_invitation(game.pk, bob)
    bob.language = "fr"
    bob.save()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=bob).key}")
    response = client.post(
        f"/api/games/{game.pk}/moves/",
        {"move_number": 1, "x": 0, "y": 1, "rotation": 0},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 403 and response.json()["detail"] == "c’est au tour de ann, pas au vôtre"


@pytest.mark.django_db
def test_the_archives_games_filter_agrees_with_games(client, ann):
    """« Parties : Terminées », « Partite: Finite »: the filter's "Finished" has its msgctxt, not
    the one-game badge's « Terminée » (issue 45, fr E3); « Indifférent » for any (fr E4)."""
    client.force_login(ann)
    html = client.get(reverse("archive:list"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert ">Terminées</option>" in html and ">Indifférent</option>" in html
    html = client.get(reverse("archive:list"), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert ">Finite</option>" in html
