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
