"""The unchanged poll of an open game page (``/games/<id>/live/``): a 304 from the cache
alone (:class:`games.live.UnchangedPollMiddleware`, no SQL), while a change, another
session's tag, a private game or a cache that lost its tokens goes the view's whole way."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from chat import moderation
from chat.models import Message
from games import live
from games.models import Game
from tests.notifications.conftest import play_first, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _tokens_kept(settings):
    """The tokens are kept, as with Redis (the tests' cache is the process's own)."""
    settings.LIVE_POLL_TOKENS = True


@pytest.fixture
def committing(django_capture_on_commit_callbacks):
    """What a request commits is announced (on commit), as outside a test's transaction."""

    def block():
        return django_capture_on_commit_callbacks(execute=True)

    return block


@pytest.fixture
def game(ann, bob, committing):
    with committing():
        return start_game(ann, bob)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def url(game) -> str:
    return reverse("game-live", args=[game.pk])


def poll(client, game, tag=None):
    return client.get(url(game), **({"HTTP_IF_NONE_MATCH": tag} if tag else {}))


def test_the_middleware_knows_the_polls_path():
    assert live._POLL.match(reverse("game-live", args=[7])).group(1) == "7"


def test_an_unchanged_poll_is_a_304_without_sql_and_names_its_tag(game, bob, django_assert_num_queries):
    client = signed_in(bob)
    first = poll(client, game)
    assert first.status_code == 200 and set(first.json()) == {"game", "chat"}
    with django_assert_num_queries(0):  # no session, no user, no game: the cache alone
        again = poll(client, game, first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    assert "private" in again["Cache-Control"] and "no-cache" in again["Cache-Control"]
    assert "Cookie" in again["Vary"]


def test_a_move_gives_200_with_the_new_version_then_304_again(game, bob, committing, django_assert_num_queries):
    client = signed_in(bob)
    first = poll(client, game)
    with committing():
        play_first(game)
    changed = poll(client, game, first["ETag"])
    assert changed.status_code == 200
    assert changed.json()["game"] != first.json()["game"] and changed.json()["game"].startswith("1.")
    assert changed["ETag"] != first["ETag"]
    with django_assert_num_queries(0):
        assert poll(client, game, changed["ETag"]).status_code == 304


def test_a_message_a_hidden_message_and_a_mute_each_give_200(game, ann, bob, committing, admin_user):
    client = signed_in(bob)
    tag = poll(client, game)["ETag"]
    with committing():
        signed_in(ann).post(reverse("chat:post", args=[game.pk]), {"text": "hello"})
    answer = poll(client, game, tag)
    assert answer.status_code == 200 and answer.json()["chat"].startswith(f"{Message.objects.get().pk}.0.")
    with committing():
        moderation.hide(Message.objects.get(), admin_user)
    hidden = poll(client, game, answer["ETag"])
    assert hidden.status_code == 200 and hidden.json()["chat"].split(".")[1] == "1"
    with committing():
        client.post(reverse("chat:mute", args=[game.pk]), {"username": "ann", "mute": "1"})
    muted = poll(client, game, hidden["ETag"])
    assert muted.status_code == 200 and muted.json()["chat"].endswith(".1")
    assert poll(client, game, muted["ETag"]).status_code == 304


def test_a_tag_is_answered_only_for_the_session_it_was_issued_to(game, ann, bob, make_user):
    tag = poll(signed_in(bob), game)["ETag"]
    other_session = signed_in(bob)  # bob again, logged in elsewhere
    assert poll(other_session, game, tag).status_code == 200
    assert poll(signed_in(ann), game, tag).status_code == 200
    assert poll(Client(), game, tag).status_code == 200  # anonymous: the public game's version


def test_a_private_game_is_the_same_404_as_a_missing_one_whatever_tag_is_sent(ann, bob, make_user, committing):
    from games import lobby

    with committing():
        game = lobby.create_game(ann, ["bob"], private=True)
    tag = poll(signed_in(ann), game)["ETag"]
    outsider = signed_in(make_user("eve"))
    stolen = outsider.get(url(game), HTTP_IF_NONE_MATCH=tag)
    missing = outsider.get(reverse("game-live", args=[game.pk + 1000]), HTTP_IF_NONE_MATCH=tag)
    assert stolen.status_code == missing.status_code == 404
    assert stolen.content == missing.content
    anonymous = Client().get(url(game), HTTP_IF_NONE_MATCH=tag)
    assert anonymous.status_code == 404 and anonymous.content == missing.content


def test_a_forged_or_foreign_tag_goes_to_the_view(game, bob):
    client = signed_in(bob)
    tag = poll(client, game)["ETag"]
    token, viewer_token, viewer, fast, full = tag.strip('"').split(".")
    forged = f'"{token}.{viewer_token}.{viewer}.{"0" * 16}.{full}"'
    assert poll(client, game, forged).status_code == 200
    old_style = '"0.active.0.1733000000000:-"'  # a page drawn before the tags had tokens
    assert poll(client, game, old_style).status_code == 200


def test_without_its_tokens_the_cache_is_doubted_and_the_view_answers(game, bob, django_assert_max_num_queries):
    client = signed_in(bob)
    first = poll(client, game)
    cache.clear()  # Redis restarted empty
    again = poll(client, game, first["ETag"])
    assert again.status_code == 200 and again.json() == first.json()  # the same version, a new tag
    with django_assert_max_num_queries(0):
        assert poll(client, game, again["ETag"]).status_code == 304


def test_with_the_cache_down_every_poll_goes_the_views_way_and_still_gets_its_304(settings, game, bob):
    from carcassonne_site.settings import redis_cache

    client = signed_in(bob)
    settings.CACHES = {"default": redis_cache("redis://127.0.0.1:1/0")}  # nobody listens there
    first = poll(client, game)
    assert first.status_code == 200 and first["ETag"].startswith('"-.-.')
    assert poll(client, game, first["ETag"]).status_code == 304  # compared with the game read


def test_a_change_the_cache_missed_is_announced_before_the_next_304(game, bob, committing, monkeypatch):
    client = signed_in(bob)
    tag = poll(client, game)["ETag"]
    from django.core.cache import caches

    # the cache does not answer (carcassonne_site.cache: set_many names every key it did not keep)
    monkeypatch.setattr(caches["default"], "set_many", lambda data, *args, **kwargs: list(data))
    with committing():
        play_first(game)
    assert live._unsent == {f"games:live:{game.pk}"}
    monkeypatch.undo()  # it answers again
    assert poll(client, game, tag).status_code == 200
    assert not live._unsent


def page_tag(client, path) -> str:
    page = client.get(path).content.decode()
    return page.split('data-live-etag="')[1].split('"')[0].replace("&quot;", '"')


def test_the_game_page_and_its_fragment_start_with_a_tag_the_next_poll_answers_304(
    game, bob, django_assert_num_queries
):
    client = signed_in(bob)
    poll(client, game)  # the game has its tokens, read before the page reads the game
    for path in (game.get_absolute_url(), reverse("game-fragment", args=[game.pk])):
        tag = page_tag(client, path)
        assert not tag.startswith('"-.')
        with django_assert_num_queries(0):
            assert poll(client, game, tag).status_code == 304


def test_a_page_drawn_while_its_game_changes_is_answered_by_the_view(game, bob, committing, monkeypatch):
    """The page read the game, then a move committed (its token replaced) before the page
    was drawn: the page names the token read before the game, so its poll is not a 304."""
    client = signed_in(bob)
    poll(client, game)
    draw = live.page_version

    def move_meanwhile(request, shown, user, seats=None):
        with committing():
            play_first(game)
        return draw(request, shown, user, seats)

    monkeypatch.setattr(live, "page_version", move_meanwhile)
    tag = page_tag(client, game.get_absolute_url())
    monkeypatch.undo()
    assert Game.objects.get(pk=game.pk).move_count == 1
    answer = poll(client, game, tag)
    assert answer.status_code == 200 and answer.json()["game"].startswith("1.")


def test_without_a_shared_cache_every_poll_takes_the_views_way(settings, game, bob, django_assert_max_num_queries):
    settings.LIVE_POLL_TOKENS = False  # per-process memory: another process's change would go unseen
    cache.clear()
    client = signed_in(bob)
    first = poll(client, game)
    assert first["ETag"].startswith('"-.-.')
    again = poll(client, game, first["ETag"])
    assert again.status_code == 304  # compared with the game read, as before the tokens
    assert not cache.get(f"games:live:{game.pk}")  # none kept
