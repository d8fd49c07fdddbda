""" "Play a bot now" on the home page and in the lobby: a level, then a started game against
a bot of that level; bad input creates nothing."""

import pytest

from games.models import Game

pytestmark = pytest.mark.django_db


def test_home_and_lobby_offer_each_bot_level_with_its_strength_in_words(client, ann):
    client.force_login(ann)
    for url in ("/", "/games/lobby/"):
        html = client.get(url).content.decode()
        assert "Play a bot now" in html
        assert "Beginner — plays its tile anywhere it fits, now and then where it scores most" in html
        assert 'value="expert"' in html


def test_choosing_a_level_starts_a_game_against_that_bot_at_once(client, ann):
    client.force_login(ann)
    response = client.post("/games/play-bot/", {"level": "casual", "from": "home"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert game.status == Game.Status.ACTIVE
    seats = list(game.seats.order_by("position"))
    assert len(seats) == 2 and [s.bot for s in seats if s.bot] == ["casual"]
    assert any(s.user_id == ann.pk for s in seats)


@pytest.mark.parametrize("level", ["", "grandmaster", "<script>"])
def test_an_unknown_level_creates_nothing_and_says_why(client, ann, level):
    client.force_login(ann)
    response = client.post("/games/play-bot/", {"level": level, "from": "lobby"}, follow=True)
    assert response.redirect_chain[-1][0] == "/games/lobby/"
    assert "Choose one of the bot levels." in response.content.decode()
    assert not Game.objects.exists()


def test_a_visitor_is_asked_to_log_in_first(client):
    response = client.post("/games/play-bot/", {"level": "casual"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not Game.objects.exists()
