"""The archive with every expansion: filters by expansion and house rule, rule tags in
the list, the replay stepping through the Count's decisions, the final breakdown with
goods, king and robber, and profiles averaging them."""

import re
from functools import cache

import pytest
from django.urls import reverse

from archive.generate import make_template, store_game
from carcassonne import Rules
from carcassonne.expansions.count import Quarter, Reinforce

from .conftest import day, template

ALL = ("river", "inns_cathedrals", "traders_builders", "king_robber", "count")

pytestmark = pytest.mark.django_db


@cache
def everything(seed: int):
    """A complete random game with all five expansions and two house rules."""
    return make_template(seed, 3, Rules.from_json({"expansions": list(ALL), "small_city": True, "hole_bonus": True}))


@pytest.fixture
def stored(players):
    full = store_game(everything(4), [players["ann"], players["bob"], players["cid"]], day(2), name="full")
    base = store_game(template(1, 2), [players["ann"], players["bob"]], day(1), name="base")
    return full, base


def names(client, query):
    html = client.get(reverse("archive:list") + query).content.decode()
    return [n for n in ("full", "base") if f">{n}<" in html]


def test_the_archive_filters_by_each_expansion_and_house_rule(member_client, stored):
    for name in ("inns_cathedrals", "traders_builders", "king_robber", "count", "small_city", "hole_bonus"):
        assert names(member_client, f"?{name}=yes") == ["full"], name
        assert names(member_client, f"?{name}=no") == ["base"], name
    assert names(member_client, "?incomplete_score=no") == []
    assert names(member_client, "?hand=yes") == []
    api = member_client.get("/api/archive/games/?count=yes&traders_builders=yes").json()
    assert [r["name"] for r in api["results"]] == ["full"]
    assert api["results"][0]["rules"]["expansions"] == list(ALL)
    assert member_client.get("/api/archive/games/?count=maybe").status_code == 400


def test_active_games_filter_by_expansion_too(member_client, players):
    from games import lobby

    lobby.create_started_game(
        players["ann"], [players["ann"], players["bob"]], rules={"expansions": ["count"]}, name="live count"
    )
    lobby.create_started_game(players["ann"], [players["ann"], players["cid"]], rules={"hand": 2}, name="live hand")
    html = member_client.get(reverse("archive:list") + "?status=active&count=yes").content.decode()
    assert ">live count<" in html and ">live hand<" not in html
    html = member_client.get(reverse("archive:list") + "?status=active&hand=yes").content.decode()
    assert ">live hand<" in html and ">live count<" not in html


def test_the_list_shows_each_games_rules_as_tags(member_client, stored):
    html = member_client.get(reverse("archive:list")).content.decode()
    for rule in (*ALL, "small_city", "hole_bonus"):
        assert f'data-rule="{rule}"' in html, rule


def test_the_replay_steps_through_every_entry_and_the_final_breakdown_has_the_new_categories(member_client, stored):
    full, _base = stored
    engine = everything(4).engine
    moves = list(full.moves.order_by("number"))
    decisions = [k for k, m in enumerate(moves, 1) if "reinforce" in m.entry or "quarter" in m.entry]
    assert decisions, "the seeded game has no decision of the Count"
    k = decisions[0]
    data = member_client.get(f"/api/archive/games/{full.pk}/moves/{k}/").json()
    assert data["played"]["kind"] in ("reinforce", "quarter") and data["played"]["text"]
    html = member_client.get(reverse("archive:game", args=[full.pk]) + f"?move={len(moves)}").content.decode()
    for label in ("Goods", "King", "Robber"):
        assert f">{label}<" in html
    breakdown = engine.outcome.breakdown
    for seat, parts in enumerate(breakdown):
        assert parts.get("goods", 0) == full.result.seats.get(position=seat).goods
    assert type(engine.history[decisions[0] - 1].move) in (Quarter, Reinforce)


def test_profiles_average_goods_king_and_robber_over_the_games_with_them(member_client, stored, players):
    full, _base = stored
    seat = full.result.seats.get(user=players["ann"])
    html = member_client.get(reverse("archive:player", args=["ann"])).content.decode()
    assert re.search(rf'data-stat="avg_goods"[^>]*>{float(seat.goods)}<', html)
    assert re.search(rf'data-stat="avg_king"[^>]*>{float(seat.king)}<', html)
    assert re.search(rf'data-stat="avg_robber"[^>]*>{float(seat.robber)}<', html)
    bob_only_base = member_client.get(reverse("archive:player", args=["dee"])).content.decode()
    assert 'data-stat="avg_goods"' not in bob_only_base  # no game with Traders & Builders: no average


@pytest.mark.django_db(transaction=True)
def test_a_base_games_expansion_categories_are_empty_before_and_after_the_migration_that_empties_them(stored):
    """A game without Traders & Builders has no goods (not 0 goods): the statistics average
    them over the games with it. Results stored before the change are emptied by it, and
    their games with the expansion keep their figures; back and forward again."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    from archive.models import SeatResult

    full, base = stored
    figures = {s.position: (s.goods, s.king, s.robber) for s in SeatResult.objects.filter(result_id=full.pk)}
    assert set(SeatResult.objects.filter(result_id=base.pk).values_list("goods", "king", "robber")) == {
        (None, None, None)
    }
    executor = MigrationExecutor(connection)
    leaves = executor.loader.graph.leaf_nodes()
    executor.migrate([("archive", "0008_seat_covering_indexes")])
    old = MigrationExecutor(connection).loader.project_state([("archive", "0008_seat_covering_indexes")])
    OldSeat = old.apps.get_model("archive", "SeatResult")
    assert set(OldSeat.objects.filter(result_id=base.pk).values_list("goods", "king", "robber")) == {(0, 0, 0)}
    MigrationExecutor(connection).migrate(leaves)
    assert set(SeatResult.objects.filter(result_id=base.pk).values_list("goods", "king", "robber")) == {
        (None, None, None)
    }
    assert {s.position: (s.goods, s.king, s.robber) for s in SeatResult.objects.filter(result_id=full.pk)} == figures
