"""The game page of a game with the Count: the player asked sees what happened, the
options (on the board and as buttons) and a Pass button; everyone else sees whom the game
waits for; the waiting list and the e-mail name the decision."""

import json
import re

import pytest
from django.urls import reverse

from games.models import PlayPreference
from games.present.expansions import public_state
from notifications.models import Notification


def page(client, user, game):
    client.force_login(user)
    return client.get(reverse("game-detail", args=[game.pk])).content.decode()


@pytest.mark.django_db
def test_the_player_asked_sees_what_happened_the_options_and_a_pass_button(client, reinforcing, ann):
    game, clients, engine = reinforcing
    html = page(client, ann, game)
    assert 'data-testid="decision"' in html and "Your decision" in html
    assert "bob completed a city: you may move a follower from the Castle onto it, or pass." in html
    assert 'data-testid="decision-pass"' in html and "&quot;reinforce&quot;: null" in html
    options = re.findall(r'data-testid="decision-option">([^<]+)<', html)
    assert options and all("from the Castle" in o for o in options)
    targets = json.loads(
        re.search(r'<script id="decision-targets" type="application/json">(.*?)</script>', html).group(1)
    )
    assert targets and all(0 <= t["fx"] <= 1 and 0 <= t["fy"] <= 1 and t["answer"]["reinforce"] for t in targets)
    assert 'id="turn-panel"' not in html  # no tile turn is offered meanwhile


@pytest.mark.django_db
def test_the_others_see_whom_the_game_waits_for_and_no_options(client, reinforcing, bob):
    game, clients, engine = reinforcing
    html = page(client, bob, game)
    assert "Waiting for ann to decide whether to move a follower out of the City." in html
    assert "Waiting for ann&#x27;s decision" in html or "Waiting for ann's decision" in html
    assert 'data-testid="decision-option"' not in html and 'data-testid="decision-pass"' not in html
    assert "decision-targets" not in html


@pytest.mark.django_db
def test_the_decision_is_on_the_waiting_list_and_e_mailed_to_the_player_asked(client, reinforcing, ann):
    game, clients, engine = reinforcing
    client.force_login(ann)
    listing = client.get(reverse("game-list")).content.decode()
    assert game.title in listing.split("finished")[0]
    waiting = client.get(reverse("notifications:waiting")).content.decode()
    assert game.title in waiting and 'data-testid="waiting-decision"' in waiting
    mail = Notification.objects.filter(user=ann, game=game, kind=Notification.Kind.TURN).order_by("-pk").first()
    assert mail is not None and mail.data["action"] == "reinforce"
    from notifications.emails import build_message

    message = build_message(mail)
    assert message.subject == f"A decision for you in {game.title}: Reinforcement from the City"
    assert "bob completed a city: you may move a follower from the Castle onto it, or pass." in message.body
    assert "Your tile" not in message.body


@pytest.mark.django_db
def test_the_auto_pass_preference_is_set_on_the_settings_page(client, ann):
    client.force_login(ann)
    response = client.post(reverse("notifications:settings"), {"save_play": "1", "auto_pass_count": "on"})
    assert response.status_code == 302
    assert PlayPreference.objects.get(user=ann).auto_pass_count is True
    html = client.get(reverse("notifications:settings")).content.decode()
    assert 'name="auto_pass_count"' in html and "checked" in html.split('name="auto_pass_count"')[1][:80]


@pytest.mark.django_db
def test_a_deployment_into_the_city_offers_the_quarters_the_figures_and_the_counts_moves(client, ann, bob, api):
    from tests.games.conftest import COUNT, SEED
    from tests.games.helpers import drive_until, seeded_game

    game = seeded_game(ann, [ann, bob], COUNT, SEED)
    clients = {"ann": api(ann), "bob": api(bob)}
    engine = drive_until(clients, game, lambda e: e.pending.action == "quarter", seed=SEED)
    asked = [ann, bob][engine.pending.player]
    html = page(client, asked, game)
    form = html.split('data-testid="quarter-form"')[1].split("</form>")[0]
    for quarter in ("castle", "blacksmith", "cathedral", "market"):
        assert f'name="quarter" value="{quarter}"' in form
    assert '<option value="">The Count stays</option>' in form
    counts = re.findall(r'<option value="(\w+)">to the', form)
    count_at = public_state(engine, engine.players)["city"]["count"]
    assert sorted(counts) == sorted({"castle", "blacksmith", "cathedral", "market"} - {count_at})
    answer = {"quarter": "market", "count": counts[0]}  # what the form sends
    response = clients[asked.username].post(
        f"/api/games/{game.pk}/decision/", {"move_number": len(engine.history) + 1, "answer": answer}, format="json"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["expansions"]["city"]["count"] == counts[0]


@pytest.mark.django_db
def test_a_reminder_of_a_decision_says_it_is_a_decision(reinforcing, ann):
    from datetime import timedelta

    from django.utils import timezone

    from games.models import Game, TurnClock
    from notifications.emails import build_message
    from notifications.tasks import send_reminders

    game, clients, engine = reinforcing
    Game.objects.filter(pk=game.pk).update(move_days=1)
    TurnClock.objects.filter(game=game).update(started_at=timezone.now() - timedelta(hours=13))
    assert send_reminders() == 1
    mail = Notification.objects.get(user=ann, game=game, kind=Notification.Kind.REMINDER)
    assert build_message(mail).subject.startswith(f"Reminder: a decision is waiting for you in {game.title}")
