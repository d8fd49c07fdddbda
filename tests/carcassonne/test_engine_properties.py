"""Properties over whole random games (hypothesis chooses the seeds and settings)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import IllegalMove, Move, Rules, orientation, replay
from carcassonne.autoplay import random_game
from carcassonne.game import Game
from carcassonne.rules import SUPPORTED_EXPANSIONS
from carcassonne.tiles import ABBEY

FOLLOWERS = 7
ALL_SPOTS = (
    [f"city:{e}" for e in "NESW"]
    + [f"road:{e}" for e in "NESW"]
    + [f"field:{h}" for h in ("NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW")]
    + ["cloister", "river:E", "garden", ""]
)
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]

seeds = st.integers(min_value=0, max_value=2**31)
player_counts = st.integers(min_value=2, max_value=5)
rule_sets = st.builds(
    Rules,
    farm_scoring=st.sampled_from(["current", "classic"]),
    expansions=st.lists(st.sampled_from(SUPPORTED_EXPANSIONS), unique=True).map(tuple),
    small_city=st.booleans(),
    incomplete_score=st.booleans(),
    hole_bonus=st.booleans(),
    hand=st.sampled_from([None, None, 1, 3]),
)
SET_SIZE = {
    "river": 12,
    "inns_cathedrals": 18,
    "traders_builders": 24,
    "king_robber": 5,
    "count": 0,
    "tower": 18,
    "princess_dragon": 30,
    "abbey_mayor": 12,  # the abbeys are no part of the set: each player holds their own, never drawn
}


def tiles_drawn(rules):
    """Tiles drawn in a complete game (RULES.md, Tiles in play): the start tile is not drawn."""
    return 71 + sum(SET_SIZE[e] for e in rules.expansions)


def board_state(game):
    return sorted((t.x, t.y, t.tile, t.rotation, tuple(sorted(t.followers()))) for t in game.placed_tiles())


def frontier(game):
    cells = {(t.x, t.y) for t in game.placed_tiles()}
    around = set()
    for x, y in cells:
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            if (x + dx, y + dy) not in cells:
                around.add((x + dx, y + dy))
    return cells, around


def rejected(game, move):
    try:
        game.check(move)
    except IllegalMove:
        return True
    return False


def check_conservation(game):
    """Figures are conserved: supply + board = what each player started with, per kind."""
    on_board = [dict() for _ in game.players]
    for placed in game.placed_tiles():
        for _spot, seat, kind in placed.figures_here():
            on_board[seat][kind] = on_board[seat].get(kind, 0) + 1
    for module in game.modules:  # followers in the Count's City of Carcassonne
        for seat, quarters in enumerate(getattr(module, "city", ())):
            for followers, large in quarters:
                on_board[seat]["follower"] = on_board[seat].get("follower", 0) + followers
                on_board[seat]["large"] = on_board[seat].get("large", 0) + large
    start = Game(game.players, game.rules).reserve[0]
    for seat in range(len(game.players)):
        on_board[seat] = {k: v for k, v in on_board[seat].items() if v or k in start or k == "follower"}
        assert game.supply[seat] + on_board[seat].pop("follower", 0) == FOLLOWERS
        assert 0 <= game.supply[seat] <= FOLLOWERS
        for kind, count in start.items():
            assert game.reserve[seat][kind] + on_board[seat].pop(kind, 0) == count
        assert on_board[seat] == {}
    for seat in range(len(game.players)):
        assert sum(game.breakdown[seat].values()) == game.scores[seat]


def play_decision_checked(game, rng, players):
    """A decision of the Count's: every option is accepted, and the one played scores what it says."""
    options = game.options()
    for entry in options:
        game.check(entry)
    before, final_before = list(game.scores), game.final_points or (0,) * players
    turn = game.play(rng.choice(options))
    final = [a - b for a, b in zip(game.final_points or (0,) * players, final_before)]
    assert [b + p + f for b, p, f in zip(before, turn.points, final)] == game.scores
    check_conservation(game)


def check_rejections(game, rng, tile, tiles, placements):
    """Every rotation not enumerated at the frontier, random cells, and wrong tiles are rejected."""
    enumerated = set(placements)
    cells, around = frontier(game)
    for x, y in around:
        for rotation in (0, 90, 180, 270):
            if (x, y, rotation) not in enumerated:
                assert rejected(game, Move(tile, x, y, rotation)), (tile, x, y, rotation)
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    for _ in range(8):
        x = rng.randint(min(xs) - 3, max(xs) + 3)
        y = rng.randint(min(ys) - 3, max(ys) + 3)
        rotation = rng.choice((0, 90, 180, 270))
        if (x, y, rotation) not in enumerated:
            assert rejected(game, Move(tile, x, y, rotation))
    assert rejected(game, Move(tile, 0, 0, 45))
    assert rejected(game, Move("Z", 0, 0, 0))
    other = next(t for t in "ABCDEFGHIJKLMNOPQRSTUVWX" if t not in tiles)
    if placements:
        p = placements[0]
        assert rejected(game, Move(other, p.x, p.y, p.rotation)), "not the drawn tile"
        assert rejected(game, Move.discard_of(tile))


def check_figures(game, tile, p):
    """The figures legal on placement ``p``: exactly the moves ``check`` accepts."""
    figures = game.legal_figures(p, tile)
    assert [s for s, kind in figures if kind == "follower"] == game.legal_spots(p, tile)
    o = orientation(tile, p.rotation)
    for kind in ("follower", "large", "builder", "pig"):
        for name in ALL_SPOTS:
            move = Move(tile, p.x, p.y, p.rotation, name, figure=kind)
            index = o.spot_index.get(name)
            canonical = o.segments[index].spot if index is not None else None
            assert rejected(game, move) == ((canonical, kind) not in figures), (tile, p, name, kind, figures)
    return figures


def play_checked(seed, players, rules, follower_rate=0.6):
    """Play a whole game by random legal moves, checking the legality API every turn."""
    rng = random.Random(seed)
    game = Game.new(NAMES[:players], rules, seed=rng.randrange(2**32))
    check_conservation(game)
    while not game.finished:
        if game.pending.action != "turn":
            play_decision_checked(game, rng, players)
            continue
        tiles = game.turn_tiles  # the drawn tile, or the hand
        if not tiles and game.own_tiles:  # after the last tile, the abbeys (Abbey & Mayor): place or pass
            game.play(rng.choice([o for o in game.options() if getattr(o, "action", None) is None]))
            continue
        assert tiles, "a tile turn with nothing to play"
        if game.tile is None:
            assert tiles == game.hand(game.current_player)
        stuck = [t for t in tiles if not game.can_place(t)]
        tile = stuck[0] if stuck else tiles[0] if len(tiles) == 1 else rng.choice(tiles)
        placements = game.legal_placements(tile)
        enumerated = set(placements)
        assert len(enumerated) == len(placements), "a placement listed twice"
        # every enumerated placement is accepted (without a follower)
        for p in placements:
            game.check(Move(tile, p.x, p.y, p.rotation))
        check_rejections(game, rng, tile, tiles, placements)
        for _held in stuck[1:] if stuck else ():  # another tile of the hand fits nowhere either
            assert game.options() == [Move.discard_of(stuck[0])]
        before, final_before = list(game.scores), game.final_points or (0,) * players
        if not placements:
            assert not game.can_place(tile)
            assert game.options() == [Move.discard_of(tile)]
            turn = game.play(Move.discard_of(tile))
            assert turn.points == (0,) * players
            assert game.current_player == turn.player
            continue
        p = rng.choice(placements)
        figures = check_figures(game, tile, p)
        meeple, kind = rng.choice(figures) if figures and rng.random() < follower_rate else (None, "follower")
        player = game.current_player
        turn = game.play(Move(tile, p.x, p.y, p.rotation, meeple, figure=kind))
        assert turn.player == player
        if not game.finished and game.pending.action == "turn":
            extra_turns = rules.hole_bonus or "traders_builders" in rules.expansions
            again = extra_turns and game.current_player == player  # an extra turn
            sizes = game.hand_sizes()
            skipped = all(not sizes[(player + k) % players] for k in range(1, (game.current_player - player) % players))
            assert again or game.current_player == (player + 1) % players or (rules.hand and skipped)
        check_conservation(game)
        # scores never decrease, and rise by exactly what the turn says
        final = [a - b for a, b in zip(game.final_points or (0,) * players, final_before)]
        for seat in range(players):
            assert game.scores[seat] >= before[seat]
            assert game.scores[seat] - before[seat] == turn.points[seat] + final[seat]
    return game


@settings(max_examples=30, deadline=None, database=None)
@given(seed=seeds, players=player_counts, rules=rule_sets)
def test_legality_api_agrees_with_check_over_random_games(seed, players, rules):
    game = play_checked(seed, players, rules)
    # final scoring happened: every tile was drawn (placed or discarded)
    assert game.finished
    assert game.final_points is not None
    assert sum(1 for t in game.history if type(t.move) is Move and t.move.tile != ABBEY) == tiles_drawn(rules)
    assert sum(game.remaining.values()) == 0
    per_turn = [sum(t.points[s] for t in game.history) for s in range(players)]
    assert [a + b for a, b in zip(per_turn, game.final_points)] == game.scores
    check_conservation(game)


@settings(max_examples=30, deadline=None, database=None)
@given(seed=seeds, players=player_counts, rules=rule_sets)
def test_replaying_the_record_gives_the_same_game(seed, players, rules):
    game = random_game(seed, players, rules)
    record = game.record()
    assert "bag" not in record and "seed" not in record
    again = replay(record)
    assert again.scores == game.scores
    assert again.supply == game.supply and again.reserve == game.reserve
    assert again.breakdown == game.breakdown and again.outcome == game.outcome
    assert again.finished and game.finished
    assert board_state(again) == board_state(game)
    assert again.record() == record
    # and through JSON text
    import json

    assert replay(json.dumps(record)).scores == game.scores


@settings(max_examples=30, deadline=None, database=None)
@given(seed=seeds, players=player_counts, rules=rule_sets)
def test_same_seed_same_game(seed, players, rules):
    a = random_game(seed, players, rules)
    b = random_game(seed, players, rules)
    assert a.record() == b.record()
    assert a.scores == b.scores
    x = Game.new(NAMES[:players], seed=seed)
    y = Game.new(NAMES[:players], seed=seed)
    assert x.tile == y.tile and x.legal_placements() == y.legal_placements()


@settings(max_examples=30, deadline=None, database=None)
@given(seed=seeds, players=player_counts, upto=st.integers(min_value=0, max_value=71))
def test_partial_replay_is_the_game_after_k_moves(seed, players, upto):
    game = random_game(seed, players)
    record = game.record()
    partial = replay(record, upto=upto)
    short = dict(record, moves=record["moves"][:upto])
    again = replay(short)
    assert partial.scores == again.scores
    assert partial.supply == again.supply
    assert board_state(partial) == board_state(again)
    assert len(partial.history) == min(upto, len(record["moves"]))
    if upto < len(record["moves"]):
        assert not partial.finished
        ended = replay(record, upto=upto, final=True)
        assert ended.finished
        check_conservation(ended)
