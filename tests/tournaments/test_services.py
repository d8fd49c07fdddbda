"""Running tournaments: registration, rounds created as games, results via the signal."""

import random
from itertools import combinations

import pytest
from django.core import mail

from games.models import Game, Seat
from tournaments import creation, errors, ranking, registration, results, rounds
from tournaments.models import Entry, Pairing, Tournament

from .conftest import play_round

pytestmark = pytest.mark.django_db


def _setup(director, users, **options):
    t = creation.create_tournament(director, name="Spring open", **options)
    for i, u in enumerate(users):
        registration.register(t, u, rating=2000 - i)
    return t


def test_swiss_runs_to_the_end(director, players, django_capture_on_commit_callbacks):
    users = players(7)
    t = _setup(director, users, format="swiss", swiss_rounds=4, tiebreaks=["buchholz", "game_points"])
    with django_capture_on_commit_callbacks(execute=True):
        rnd = rounds.start(t, director)
    assert rnd.number == 1
    pairings = list(rnd.pairings.all())
    assert len([p for p in pairings if p.status == Pairing.Status.BYE]) == 1
    games = [p.game for p in pairings if p.game]
    assert len(games) == 3
    assert all(g.status == Game.Status.ACTIVE for g in games)
    assert all(s.state == Seat.State.JOINED for g in games for s in g.seats.all())
    assert any("round 1" in m.subject for m in mail.outbox)  # players are e-mailed
    rng = random.Random(3)
    met = set()
    byes = []
    for number in range(1, 5):
        t.refresh_from_db()
        current = t.rounds.get(number=number)
        for p in current.pairings.all():
            if p.status == Pairing.Status.BYE:
                byes.append(p.players[0])
            else:
                pair = frozenset(p.players)
                assert pair not in met  # no rematch
                met.add(pair)
        play_round(t, rng)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert t.rounds.count() == 4
    assert len(set(byes)) == 4  # byes rotate
    rows = t.standings_cache
    assert len(rows) == 7 and rows[0]["rank"] == 1
    assert sum(r["points"] for r in rows) == pytest.approx(4 * 3 * 2 + 4 * 2)


def test_round_robin_pairs_meet_once(director, players):
    users = players(5)
    t = _setup(director, users, format="round_robin", table_size=2)
    rounds.start(t, director)
    for _ in range(5):
        play_round(t)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    played = [frozenset(p.players) for p in Pairing.objects.filter(round__tournament=t).exclude(status="bye")]
    assert sorted(map(sorted, played)) == sorted(map(sorted, map(frozenset, combinations([u.pk for u in users], 2))))


def test_round_robin_tables(director, players):
    users = players(7)
    t = _setup(director, users, format="round_robin", table_size=4)
    rounds.start(t, director)
    schedule = len(t.schedule) if t.schedule else Tournament.objects.get(pk=t.pk).schedule
    t.refresh_from_db()
    for _ in range(len(t.schedule)):
        rnd = play_round(t)
        assert sorted(u for p in rnd.pairings.all() for u in p.players) == sorted(u.pk for u in users)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert schedule
    top = t.standings_cache[0]
    assert top["points"] > 0


def test_knockout_with_bye_and_third_place(director, players):
    users = players(6)
    t = _setup(director, users, format="knockout", third_place=True, seeding="rating")
    rounds.start(t, director)
    # Higher seed (lower index) always wins: the seat order is the pairing order.
    seed = {u.pk: i for i, u in enumerate(users)}

    def favourite(p):
        return [100 if seed[u] == min(seed[x] for x in p.players) else 10 for u in p.players]

    for _ in range(5):
        t.refresh_from_db()
        if t.status == Tournament.Status.FINISHED:
            break
        play_round(t, score=favourite)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    b = ranking.knockout_bracket(t)
    assert b.champion == users[0].pk
    assert {b.final.a, b.final.b} == {users[0].pk, users[1].pk}
    assert b.third_place.winner == users[2].pk


def test_swiss_then_knockout_of_top_four(director, players):
    users = players(8)
    t = _setup(director, users, format="swiss", swiss_rounds=3, knockout_top=4)
    rounds.start(t, director)
    rng = random.Random(1)
    for _ in range(3):
        play_round(t, rng)
    t.refresh_from_db()
    assert t.stage == Tournament.Stage.KNOCKOUT and len(t.knockout_seeds) == 4
    assert t.knockout_seeds == [r["user_id"] for r in t.standings_cache[:4]]
    play_round(t, rng)  # semi-finals
    play_round(t, rng)  # final
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert ranking.knockout_bracket(t).champion in t.knockout_seeds


def test_withdraw_forfeit_and_drop(director, players):
    users = players(4)
    t = _setup(director, users, format="round_robin")
    rounds.start(t, director)
    registration.withdraw(t, users[3], by=director, policy="forfeit")
    forfeits = Pairing.objects.filter(round__tournament=t, status=Pairing.Status.FORFEIT)
    assert forfeits.count() == 1
    play_round(t)
    t.refresh_from_db()
    # Round 2: the withdrawn player's game is forfeited at once.
    r2 = t.rounds.get(number=2)
    assert r2.pairings.filter(status=Pairing.Status.FORFEIT).count() == 1
    other = _setup(director, players(4, "q"), format="round_robin")
    rounds.start(other, director)
    registration.withdraw(other, other.entries.first().user, by=director, policy="drop")
    assert Pairing.objects.filter(round__tournament=other, status=Pairing.Status.DROPPED).count() == 1


def test_registration_rules(director, players):
    a, b = players(2)
    t = creation.create_tournament(director, name="Closed", registration="invitation")
    with pytest.raises(errors.Conflict):
        registration.register(t, a)
    registration.invite(t, director, ["p0"])
    registration.register(t, a)
    assert t.entries.get(user=a).state == Entry.State.REGISTERED
    strict = creation.create_tournament(director, name="Veterans", min_finished_games=1)
    with pytest.raises(errors.Conflict, match="1 finished game"):
        registration.register(strict, b)
    with pytest.raises(errors.NotAllowed):
        rounds.start(t, a)


def test_late_entry_in_swiss(director, players):
    users = players(4)
    t = _setup(director, users, format="swiss", swiss_rounds=2)
    rounds.start(t, director)
    late = players(1, "late")[0]
    registration.register(t, late)
    play_round(t)
    r2 = t.rounds.get(number=2)
    assert any(late.pk in p.players for p in r2.pairings.all())


def test_deadline_adjudicates(director, players):
    from datetime import timedelta

    from django.utils import timezone

    users = players(2)
    t = _setup(director, users, format="swiss", swiss_rounds=1)
    rnd = rounds.start(t, director)
    p = rnd.pairings.get()
    Game.objects.filter(pk=p.game_id).update(scores=[12, 7])
    assert results.adjudicate_overdue(timezone.now() + timedelta(days=30)) == 1
    p.refresh_from_db()
    t.refresh_from_db()
    assert p.status == Pairing.Status.ADJUDICATED and p.scores == [12, 7]
    assert t.status == Tournament.Status.FINISHED


def test_invalid_options(director):
    with pytest.raises(errors.TournamentError):
        creation.create_tournament(director, name="x", format="swiss", table_size=4)
    with pytest.raises(errors.TournamentError):
        creation.create_tournament(director, name="x", tiebreaks=["coin_toss"])


@pytest.mark.parametrize("how", ["time", "resign"])
def test_a_knockout_game_whose_leader_leaves_goes_to_the_other_player(director, players, how):
    from tests.leaders import leader_leaves

    users = players(2)
    t = _setup(director, users, format="knockout")
    rounds.start(t, director)
    p = Pairing.objects.get(round__tournament=t)
    game, leader, other = leader_leaves(p.game, how)
    p.refresh_from_db()
    assert p.status == Pairing.Status.FINISHED and p.forfeited == [leader.pk]
    assert ranking.knockout_winner(p, list(t.knockout_seeds) or [u.pk for u in users]) == other.pk
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert ranking.knockout_bracket(t).champion == other.pk


@pytest.mark.parametrize("how", ["time", "resign"])
def test_a_league_game_whose_leader_leaves_counts_as_their_loss(director, players, how):
    from tests.leaders import leader_leaves

    users = players(2)
    t = _setup(director, users, format="round_robin")
    rounds.start(t, director)
    p = Pairing.objects.get(round__tournament=t, round__number=1)
    game, leader, other = leader_leaves(p.game, how)
    t.refresh_from_db()
    points = {row["user_id"]: row["points"] for row in t.standings_cache}
    assert points[other.pk] > points[leader.pk] == 0
