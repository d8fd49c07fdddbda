"""Each format told as players say it, and the same figures on the page, in the API and in
the CSV: round robin's ties go to the direct game first, knockout needs no tiebreak."""

import csv
import io
import re

import pytest

from tournaments import creation, registration, rounds
from tournaments.models import Pairing

from .conftest import play_round

pytestmark = pytest.mark.django_db


def started(director, users, **fields):
    t = creation.create_tournament(director, **fields)
    for u in users:
        registration.register(t, u)
    rounds.start(t, director)
    return t


def beats(winners):
    """Scores for play_round: the player of each pairing named in ``winners`` (pairs
    ``(winner, loser)``) wins 60 to 40."""

    def score(pairing: Pairing):
        names = [s.user.username for s in pairing.game.seats.order_by("position").select_related("user")]
        first_wins = (names[0], names[1]) in winners
        return [60, 40] if first_wins else [40, 60]

    return score


def page_standings(client, t) -> dict[str, list[str]]:
    """The standings table of the page: player -> cells after rank and player."""
    html = client.get(f"/tournaments/{t.pk}/").content.decode()
    table = html[html.index('data-testid="standings"') :]
    table = table[: table.index("</table>")]
    out = {}
    for row in re.findall(r"<tr>(.*?)</tr>", table[table.index("<tbody>") :], re.S):
        cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)]
        out[re.sub(r"\s.*", "", cells[1])] = cells
    return out


def test_the_formats_have_their_own_default_tiebreaks(director, players):
    users = players(4)
    assert creation.create_tournament(director, name="L", format="round_robin").tiebreaks[0] == "head_to_head"
    assert creation.create_tournament(director, name="K", format="knockout").tiebreaks == []
    assert creation.create_tournament(director, name="S", format="swiss").tiebreaks[0] == "buchholz"
    chosen = creation.create_tournament(director, name="C", format="round_robin", tiebreaks=["game_points"])
    assert chosen.tiebreaks == ["game_points"]
    assert users


def test_in_a_round_robin_the_direct_game_decides_a_tie_and_page_api_csv_show_it(client, director, players):
    p0, p1, p2, p3 = players(4)
    t = started(director, [p0, p1, p2, p3], name="League", format="round_robin")
    # p0 and p1 end on 4 points, p0 having beaten p1; p3 beat p2, both on 2.
    won = {("p0", "p1"), ("p2", "p0"), ("p0", "p3"), ("p1", "p2"), ("p1", "p3"), ("p3", "p2")}
    score = beats(won)
    while t.status != t.Status.FINISHED:
        play_round(t, score=score)
        t.refresh_from_db()
    rows = {r["username"]: r for r in client.get(f"/api/tournaments/{t.pk}/standings/").json()}
    assert [rows[n]["rank"] for n in ("p0", "p1", "p3", "p2")] == [1, 2, 3, 4]
    assert {n: rows[n]["tiebreaks"]["head_to_head"] for n in rows} == {"p0": 2, "p1": 0, "p3": 2, "p2": 0}

    page = page_standings(client, t)
    heads = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'title="Head-to-head"' in heads
    h2h = 3 + 5  # after rank, player, rating: Pts, Games, W, D, L, then the tiebreaks in order
    assert {n: page[n][h2h] for n in page} == {"p0": "2", "p1": "0", "p3": "2", "p2": "0"}

    table = list(csv.DictReader(io.StringIO(client.get(f"/tournaments/{t.pk}/standings.csv").content.decode())))
    assert {r["player"]: float(r["head_to_head"]) for r in table} == {"p0": 2, "p1": 0, "p3": 2, "p2": 0}
    assert [r["player"] for r in table] == ["p0", "p1", "p3", "p2"]


def test_a_knockout_names_each_round_once_and_shows_the_same_figures_on_page_api_and_csv(
    client, director, players, django_capture_on_commit_callbacks
):
    from django.core import mail

    from .test_knockout_to_the_end import favourite_wins, knockout

    users = players(4)
    t = knockout(director, users, third_place=True)
    with django_capture_on_commit_callbacks(execute=True):
        rounds.start(t, director)
        play_round(t, score=favourite_wins(users))
    # the list of rounds, the round's page, the bracket and the API say the same names
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "KO round" not in page
    assert re.search(r'rounds/1/">Semi-finals</a>', page) and re.search(r'rounds/2/">Final</a>', page)
    assert "<h1>Cup &lt;KO&gt;: Final</h1>" in client.get(f"/tournaments/{t.pk}/rounds/2/").content.decode()
    svg = client.get(f"/tournaments/{t.pk}/bracket.svg").content.decode()
    assert ">Semi-finals<" in svg and ">Final<" in svg
    assert [r["name"] for r in client.get(f"/api/tournaments/{t.pk}/rounds/").json()] == ["Semi-finals", "Final"]
    # the final's e-mail says it is the final, or the third-place match
    final = {m.to[0]: m for m in mail.outbox if m.subject == "Cup <KO>: Final"}
    assert "Your final against p1 is ready." in final["p0@example.com"].body
    assert "Your third-place match against p3 is ready." in final["p2@example.com"].body

    play_round(t, score=favourite_wins(users))
    t.refresh_from_db()
    assert t.status == t.Status.FINISHED
    shown = page_standings(client, t)
    api = {r["username"]: r for r in client.get(f"/api/tournaments/{t.pk}/standings/").json()}
    table = {
        r["player"]: r
        for r in csv.DictReader(io.StringIO(client.get(f"/tournaments/{t.pk}/standings.csv").content.decode()))
    }
    assert {n: shown[n][3] for n in shown} == {
        "p0": "Champion",
        "p1": "Final",
        "p2": "Semi-finals",
        "p3": "Semi-finals",
    }
    for name, cells in shown.items():
        figures = [api[name]["round_reached"], api[name]["played"], api[name]["wins"], api[name]["losses"]]
        figures.append(api[name]["game_points"])
        assert cells[3:8] == [str(f) for f in figures], name
        row = table[name]
        assert [row["round_reached"], row["played"], row["wins"], row["losses"], row["game_points"]] == cells[3:8]
    assert [r["player"] for r in table.values()][:3] == ["p0", "p1", "p2"]  # the third-place match's winner third


def test_a_resigned_tournament_game_sends_the_winner_one_email_before_the_next_round(
    director, players, django_capture_on_commit_callbacks
):
    from django.core import mail

    from games import turns

    p0, p1 = players(2)
    with django_capture_on_commit_callbacks(execute=True):
        t = started(director, [p0, p1], name="Duel", format="swiss", swiss_rounds=2)
    game = t.rounds.get(number=1).pairings.get().game
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        turns.resign(game.pk, p0)
    t.refresh_from_db()
    assert t.rounds.count() == 2  # the next round started
    subjects = [m.subject for m in mail.outbox if m.to == ["p1@example.com"]]
    assert not [s for s in subjects if "resigned" in s]
    over = [i for i, s in enumerate(subjects) if "is over" in s]
    second = [i for i, s in enumerate(subjects) if s == "Duel: round 2"]
    assert len(over) == 1 and second and over[0] < second[0], subjects


def test_a_swiss_shows_the_same_figures_on_page_api_and_csv(client, director, players):
    import random

    users = players(6)
    t = started(director, users, name="Swiss", format="swiss", swiss_rounds=2)
    play_round(t, random.Random(3))
    t.refresh_from_db()
    chain = t.tiebreaks
    assert chain[0] == "buchholz"
    shown = page_standings(client, t)
    api = {r["username"]: r for r in client.get(f"/api/tournaments/{t.pk}/standings/").json()}
    table = {
        r["player"]: r
        for r in csv.DictReader(io.StringIO(client.get(f"/tournaments/{t.pk}/standings.csv").content.decode()))
    }
    for name, cells in shown.items():
        row = api[name]
        numbers = [row["points"], row["played"], row["wins"], row["draws"], row["losses"]]
        numbers += [row["tiebreaks"][n] for n in chain]
        assert [float(c) if c != "–" else None for c in cells[3:]] == numbers, name
        exported = [table[name][k] for k in ("points", "played", "wins", "draws", "losses", *chain)]
        assert [float(v) if v else None for v in exported] == numbers, name
        assert int(table[name]["rank"]) == row["rank"] == int(cells[0])
