"""Findings of the German, French and Italian editors (issue 45) read where a player meets
them: the page rendered in the language, or the sentence the code assembles."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.urls import reverse
from django.utils import translation


@pytest.mark.parametrize(
    ("language", "feature", "said"),
    [
        ("en", "farm", "This farm already holds a follower: no second one may join it."),
        ("fr", "road", "Cette route est déjà occupée par un partisan\u00a0: vous ne pouvez pas en placer un second."),
        ("fr", "farm", "Ce pré est déjà occupé par un partisan\u00a0: vous ne pouvez pas en placer un second."),
        ("de", "farm", "Auf dieser Wiese ist schon ein Gefolgsmann; ein zweiter ist nicht erlaubt."),
        ("it", "cloister", "In questo monastero c’è già un seguace: non se ne può aggiungere un altro."),
    ],
)
def test_a_taken_spot_is_refused_in_one_sentence_per_feature(language, feature, said):
    """Not « Cette zone (pré) a déjà un partisan »: each feature its own sentence, with its
    gender (fr H, it 5.20, de C13)."""
    from games.present.notices import _spot_refusal

    refusal = SimpleNamespace(code="spot_occupied", params={"feature": feature, "spot": "field:NNW"})
    with translation.override(language):
        assert _spot_refusal(refusal) == said


@pytest.mark.django_db
def test_the_french_games_page_says_a_vous_de_jouer(client, ann):
    client.force_login(ann)
    html = client.get(reverse("game-list"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert re.search(r'<h2 id="waiting-for-me">À vous de jouer <span', html)
    assert "Vous attendent" not in html


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_checkbox_is_never_labelled_optional(client, ann, language):
    """A box left unticked is an answer, not a field left out: no « (facultatif) » beside it (fr H)."""
    client.force_login(ann)
    html = client.get(reverse("notifications:settings"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    boxes = re.findall(r'<input type="checkbox"[^>]*id="([^"]+)"', html)
    assert boxes, "the settings page has no checkbox"
    for box in boxes:
        assert not re.search(rf'<label for="{box}">[^<]*</label> <span class="optional">', html), box


@pytest.mark.django_db
def test_a_tournament_rounds_heading_takes_the_languages_colon(client, ann, bob, make_user):
    """« Cup : Manche 1 », the catalogue's frame, not a colon typed into the template (fr G2)."""
    from tournaments import creation, registration, rounds

    director = make_user("director")
    t = creation.create_tournament(director, name="Cup")
    for i, u in enumerate([ann, bob]):
        registration.register(t, u, rating=2000 - i)
    rounds.start(t, director)
    client.force_login(ann)
    html = client.get(reverse("tournaments:round", args=[t.pk, 1]), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    h1 = re.search(r"<h1>(.*?)</h1>", html).group(1)
    assert h1.startswith("Cup\u00a0: ") and "Cup: " not in html


@pytest.mark.parametrize(
    ("msgid", "italian"),
    [
        ("You resigned from %(game)s.", "Hai abbandonato la partita «Friday»."),
        (
            "%(inviter)s has invited you to play Carcassonne: %(title)s.",
            "ann ti invita a giocare a Carcassonne: Friday.",
        ),
        ("You are logged out", "Hai effettuato l’uscita"),
        ("You are registered.", "Iscrizione effettuata."),
    ],
)
def test_italian_speaks_to_the_player_without_a_gender(msgid, italian):
    """«Ti sei ritirato», «Sei uscito», «Sei iscritto» told every player he is a man (it 4.12)."""
    from django.utils.translation import gettext

    with translation.override("it"):
        assert gettext(msgid) % {"game": "Friday", "inviter": "ann", "title": "Friday"} == italian


@pytest.mark.django_db
def test_the_italian_new_game_page_names_il_re_e_il_brigante(client, ann):
    """The euphonic d only before the same vowel: «Il Re e il Brigante» (it 1.4)."""
    client.force_login(ann)
    html = client.get(reverse("game-create"), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Il Re e il Brigante" in html and "Il Re ed il" not in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "director", "player"), [("fr", "Retirer", "Se retirer"), ("it", "Ritira", "Ritirati")]
)
def test_the_directors_withdraw_button_removes_another_player(client, ann, bob, language, director, player):
    """The director withdraws someone else: « Retirer », not « Se retirer » (fr A1)."""
    from tournaments import creation, registration, rounds

    t = creation.create_tournament(ann, name="Cup")
    for i, u in enumerate([ann, bob]):
        registration.register(t, u, rating=2000 - i)
    rounds.start(t, ann)  # the director's tools show while the tournament runs
    client.force_login(ann)
    html = client.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    form = re.search(r'data-testid="withdraw-player".*?</form>', html, re.S).group(0)
    assert f'<button class="btn btn-small btn-danger">{director}</button>' in form
    assert f'<button class="btn">{player}</button>' in html  # the director's own withdrawal


NEW_GAME = {
    "fr": (
        "le brigand à qui achève la plus longue route\u00a0: +1",
        "Avant le décompte",
        "jamais deux virages de suite du même côté",
    ),
    "de": (
        "der Raubritter an den, der die bisher längste Straße fertigstellt",
        "Vor der Wertung",
        "zwei aufeinanderfolgende Biegungen gehen nie in dieselbe Richtung",
    ),
    "it": (
        "il brigante a chi completa la strada più lunga",
        "Prima del conteggio",
        "mai due curve di seguito dalla stessa parte",
    ),
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_the_new_game_page_says_the_rules_the_engine_plays(client, ann, language):
    """The robber goes to a player, two successive river bends may not turn the same way, the
    dragon moves before or after the scoring (fr A5, B; de A4; it), and a select that always
    holds a choice is not "(optional)"."""
    client.force_login(ann)
    html = client.get(reverse("game-create"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for said in NEW_GAME[language]:
        assert said in html, said
    optional = {"de": "(optional)", "fr": "(facultatif)", "it": "(facoltativo)"}[language]
    selects = re.findall(
        r'<label for="(id_[^"]+)">[^<]*</label>( <span class="optional">[^<]*</span>)?\s*<select', html
    )
    assert selects and not [name for name, marked in selects if marked], optional


@pytest.mark.parametrize(
    ("language", "spot", "said"),
    [
        ("en", "field:ENE", "farmer in the field (north-east)"),
        ("en", "field:ESE", "farmer in the field (south-east)"),
        ("en", "field:WNW", "farmer in the field (north-west)"),
        ("en", "field:NNE", "farmer in the field (north-east)"),
        ("fr", "field:ESE", "paysan dans le pré (sud-est)"),
        ("de", "field:WSW", "Bauer auf der Wiese (Südwesten)"),
    ],
)
def test_the_two_fields_beside_an_east_or_west_road_have_two_names(language, spot, said):
    """The fields north and south of a road leaving east were both 'farmer in the field (east)'
    on the game page's spots and in the move list."""
    from games.present.entries import describe_spot

    with translation.override(language):
        assert describe_spot(spot) == said


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "url", "said"),
    [
        ("fr", "game-create", "De 2 à 5 joueurs (6 avec «\u00a0Auberges et Cathédrales\u00a0»)"),
        ("it", "game-create", "Da 2 a 5 giocatori (6 con «Locande e Cattedrali»)"),
        (
            "fr",
            "notifications:settings",
            "«\u00a0Le Comte de Carcassonne\u00a0»\u00a0: passer automatiquement les décisions",
        ),
        ("it", "notifications:settings", "«Il Conte di Carcassonne»: passa automaticamente le decisioni"),
        ("it", "notifications:settings", "il mercato di fine partita ti permette"),
    ],
)
def test_an_expansions_title_in_a_sentence_is_quoted_or_first(client, ann, language, url, said):
    """« avec Le Comte de Carcassonne », « con Il Conte … » broke the sentence (as German before,
    de D2); the Count decides nothing, the player does (de A6)."""
    client.force_login(ann)
    html = client.get(reverse(url), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert said in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("de", 'Dein Urlaub dieses Jahr: noch <strong data-testid="vacation-left">14 Tage</strong> von 14 Tagen.'),
        ("it", 'Quest’anno hai ancora <strong data-testid="vacation-left">14 giorni</strong> di vacanza su 14.'),
        ("fr", 'Il vous reste <strong data-testid="vacation-left">14 jours</strong> de vacances sur 14 cette année.'),
    ],
)
def test_the_vacation_left_is_said_once(client, ann, language, said):
    """Not «ti restano 14 giorni su 14 giorni» (its verb agreeing with the allowance, not with
    the days left), «noch 14 Tage von 14 Tagen» (fr E12 in German and Italian)."""
    client.force_login(ann)
    html = client.get(reverse("notifications:settings"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert said in html


@pytest.mark.django_db
def test_a_tournaments_rounds_take_the_languages_colon(client, ann, bob, make_user):
    """« Manche 1 : commence quand l’organisateur la lance », the round's link too (fr G2)."""
    from tournaments import creation, registration, rounds

    t = creation.create_tournament(ann, name="Cup")
    for i, u in enumerate([ann, bob]):
        registration.register(t, u, rating=2000 - i)
    client.force_login(ann)
    html = client.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Manche 1\u00a0:\n    commence quand l’organisateur la lance" in html, html
    rounds.start(t, ann)
    html = client.get(t.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert re.search(r'<a href="[^"]+/rounds?/1/">Manche 1</a>\u00a0:', html)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "players", "round_"),
    [("en", "Played by", "Round"), ("fr", "Jouée par", "Manche"), ("it", "Giocata da", "Turno del torneo")],
)
def test_the_archive_filters_say_players_and_a_tournaments_round(client, ann, language, players, round_):
    """No "Player(s)" / « Joueur(s) » label (nor a second "Players" beside the count's); Italian
    *turno* alone is a player's turn (it 2.3)."""
    client.force_login(ann)
    html = client.get(reverse("archive:list"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<label for="f-player">{players}</label>' in html and "(s)<" not in html
    assert f'<label for="f-round">{round_}</label>' in html


@pytest.mark.django_db
def test_the_german_how_to_play_says_spieler_and_moves_followers(client):
    """The Count's and the Tower's sections: 'jeder Spieler', followers 'versetzt' (de B1, B2)."""
    html = client.get(reverse("how-to-play"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "darf jeder Spieler vor der Wertung einen Gefolgsmann aus dem passenden Viertel dorthin versetzen" in html
    assert "vom Markt auf Wiesen versetzt werden" in html and "der eines anderen Spielers bleibt" in html
    assert "Person" not in html and "Mitspieler" not in html


def test_italian_puts_no_article_before_a_date():
    """«il 8 dicembre», «dal 8 al 11» are wrong (l’8, dall’8 all’11) and the article depends on the
    day: Italian writes a date after a label or in a range, never after il / dal / al."""
    import polib
    from django.conf import settings

    po = polib.pofile(str(settings.BASE_DIR / "locale" / "it" / "LC_MESSAGES" / "django.po"))
    dates = r"%\((?:date|start|end|when)\)s"
    faults = [e.msgstr for e in po if re.search(rf"\b(?:il|dal|al|del|nel|entro il|fino al) {dates}", e.msgstr)]
    assert not faults, faults
