"""A person with a bit of everything the site keeps (games finished, in progress and waiting,
chat, notes, e-mails, replies logged, tournaments, ratings, an API token, log-in attempts),
for the tests of deleting an account and downloading one's data."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.contrib.admin.models import CHANGE, LogEntry
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import Block
from chat import moderation
from chat import services as chat
from chat.models import Mute
from games import lobby, turns
from games.engine_state import engine_for
from games.models import Game, PlayPreference, Vacation
from notifications.models import EmailOptOut, InboundMessage, Preference
from ratings.services import rate_game

NAME = "Quillon"
EMAIL = "quillon.private@example.net"
PENDING = "quillon.new@example.org"


def play_tiles(game: Game, count: int) -> None:
    """Play ``count`` tile turns, each the first legal placement without a figure."""
    for _ in range(count):
        game.refresh_from_db()
        engine = engine_for(game)
        seat = game.seats.select_related("user").get(position=engine.pending.player)
        spot = engine.legal_placements()[0]
        turns.play_move(game.pk, seat.user, game.move_count + 1, spot.x, spot.y, spot.rotation, None)
    game.refresh_from_db()


def two_player_game(a, b, **options) -> Game:
    game = lobby.create_game(a, [b.username], **options)
    lobby.accept_invitation(game.pk, b)
    game.refresh_from_db()
    return game


@dataclass
class World:
    person: Any
    others: dict[str, Any]
    games: dict = field(default_factory=dict)


def build(make_user, password: str, *, tournaments: bool = True) -> World:
    """The person, three other players and everything around them."""
    person = make_user(NAME, EMAIL)
    person.pending_email = PENDING
    person.save()
    bob, cid, dan = make_user("bob"), make_user("cid"), make_user("dan")
    world = World(person, {"bob": bob, "cid": cid, "dan": dan})
    _games(world)
    _talk(world)
    _settings_and_logs(world, password)
    if tournaments:
        _tournaments(world)
    return world


def _games(world: World) -> None:
    person, bob, cid, dan = world.person, world.others["bob"], world.others["cid"], world.others["dan"]
    won = two_player_game(person, bob, name=f"{NAME} against bob")
    play_tiles(won, 4)
    turns.resign(won.pk, bob)  # a finished game the person won (rated: both placed two tiles)
    rate_game(won.pk)  # (after the commit, on the site)
    resigned = lobby.create_game(bob, [NAME, "cid"])
    for user in (person, cid):
        lobby.accept_invitation(resigned.pk, user)
    play_tiles(resigned, 6)
    turns.resign(resigned.pk, person)  # an entry naming the person
    turns.resign(resigned.pk, cid)
    world.games.update(won=won, resigned=resigned)
    world.games["lose"] = two_player_game(bob, person, timeout_rule=Game.TimeoutRule.LOSE, move_days=3)
    play_tiles(world.games["lose"], 1)  # now the person is on turn
    world.games["bot"] = two_player_game(person, cid, timeout_rule=Game.TimeoutRule.BOT, move_days=3)
    world.games["waiting_own"] = lobby.create_game(person, ["dan"], open_seats=1)
    world.games["waiting_by_address"] = lobby.create_game(dan, [EMAIL])


def _talk(world: World) -> None:
    person, bob = world.person, world.others["bob"]
    game = world.games["lose"]
    chat.post(game, person, f"hello from {NAME}, write to {EMAIL}")
    chat.post(game, bob, f"gg {NAME}!")
    chat.save_note(game, person, "bob always builds cities")
    Mute.objects.create(user=bob, muted=person)
    Mute.objects.create(user=person, muted=world.others["cid"])
    Block.objects.create(user=person, blocked=world.others["dan"])
    insult = chat.post(game, bob, "whatever")
    moderation.report_message(person, insult, "abuse", note="he is rude")
    moderation.report_player(bob, person, "name", note=f"{NAME} is a silly name")


def _settings_and_logs(world: World, password: str) -> None:
    person = world.person
    now = timezone.now()
    Vacation.objects.create(user=person, start=now, end=now + dt.timedelta(days=2))
    PlayPreference.objects.create(user=person, auto_pass_count=True)
    Preference.for_user(person)
    EmailOptOut.objects.create(email=PENDING)
    InboundMessage.objects.create(message_id="<m1@example.net>", sender=EMAIL, source="pipe", user=person)
    from rest_framework.authtoken.models import Token

    Token.objects.create(user=person)
    Client().post(reverse("login"), {"username": NAME, "password": "wrong-guess"})  # axes logs the attempt
    LogEntry.objects.log_actions(
        user_id=world.others["bob"].pk, queryset=[person], action_flag=CHANGE, change_message=f"looked at {NAME}"
    )


def _tournaments(world: World) -> None:
    from tournaments import creation, registration

    person, bob = world.person, world.others["bob"]
    open_one = creation.create_tournament(bob, name="Autumn open")
    registration.register(open_one, person)
    registration.register(open_one, world.others["cid"])
    own = creation.create_tournament(person, name=f"{NAME} cup", description=f"Organised by {NAME}")
    registration.register(own, bob)
    world.games.update(tournament=open_one, own_tournament=own)
