"""The engine agrees with the independent reference scorer (tests/carcassonne/reference.py),
move by move, over random games played by a player who completes features often.

Every turn the reference gets the engine's board as it stood before the move, works out
on its own what the move does (legal placements and follower spots, what the tile
completes, who scores how much, which followers go home) and the engine must agree:
per-turn points per seat, the scored features, the figures left on the board, scores,
supply, and at the end the final points and the breakdown per category. With the
expansions also the figures each player may deploy (large followers, builders, pigs), the
figures in supply, goods, king and robber, who plays next (the builder's and the hole's
extra turns), and the Count's decisions: who is asked, in which order, with which legal
answers (the busy player answers at random), and what the answers score.
"""

import random

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from carcassonne import TILE_TYPES, Game, Move, Resign, Rules, summary
from tests.carcassonne import reference as ref

QUARTERS = ("castle", "blacksmith", "cathedral", "market")

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]


def scored_features(scorings):
    """The engine's scorings as the reference lists them: (kind, points, winners), with winners."""
    return sorted((s.kind, s.points, tuple(s.winners)) for s in scorings if s.winners)


def seat_of(figure):
    """The seat of a reference figure ``(x, y, piece index, seat, kind)``."""
    return figure[3]


def claims(board):
    """``{(kind, cell): seats}``: empty cells that open roads and cities with followers face."""
    found, seen = {}, set()
    for x, y, i, _seat, _kind in board.figures():
        if board.cells[(x, y)].pieces[i].kind in ("road", "city"):
            feature = board.feature(x, y, i)
            if feature.nodes not in seen:
                seen.add(feature.nodes)
                for cell in feature.ends:
                    found.setdefault((feature.kind, cell), set()).update(seat_of(f) for f in feature.figures)
    return found


def tactics(board, claimed, seat, tile, placement):
    """``(gain, closing, pincers)`` of a placement for the busy player.

    ``gain`` counts what the tile completes (most of all features with followers), roads
    and cities of several players it joins, and ``pincers``: its unoccupied road or city
    pieces whose feature faces the same empty cell as another player's occupied feature
    of that kind (a follower there may later share or contest a majority). ``closing``:
    its pieces whose feature the tile completes at once."""
    x, y, rotation = placement
    board.cells[(x, y)] = ref.Cell(tile, rotation)
    try:
        gain = sum(3 if feature.figures else 1 for feature in ref.completed_by(board, x, y))
        closing, pincers = set(), set()
        for piece in ref.turned(tile, rotation):
            if piece.kind not in ("road", "city", "cloister"):
                continue
            feature = board.feature(x, y, piece.index)
            owners = {seat_of(f) for f in feature.figures}
            gain += 2 * (len(owners) > 1)
            if feature.complete:
                closing.add(piece.index)
            elif not owners and any(claimed.get((piece.kind, c), {seat}) - {seat} for c in feature.ends):
                pincers.add(piece.index)
                gain += 1
    finally:
        del board.cells[(x, y)]
    return gain, closing, pincers


def busy_choice(game, board, rng):
    """A random legal move that often completes roads, cities and cloisters with followers
    on them, and often deploys: onto what the tile completes at once, or next to another
    player's road or city, so that majorities get shared and contested."""
    tile, seat = game.tile, game.current_player
    placements = game.legal_placements()
    if not placements:
        return None
    claimed = claims(board)
    options = [(p, tactics(board, claimed, seat, tile, p)) for p in placements]
    if rng.random() < 0.8:
        best = max(gain for _p, (gain, _c, _q) in options)
        options = [o for o in options if o[1][0] == best]
    placement, (_gain, closing, pincers) = rng.choice(options)
    x, y, rotation = placement
    allowed = ref.legal_figures(board, tile, x, y, rotation, seat, 1, dict.fromkeys(ref.WEIGHT, 1))
    pieces = ref.turned(tile, rotation)
    figures = [(s, k) for s, k in game.legal_figures(placement) if (ref.spot_piece(pieces, s), k) in allowed]
    index = {s: ref.spot_piece(pieces, s) for s, _k in figures}
    closing_figures = [f for f in figures if index[f[0]] in closing]
    pincer_figures = [f for f in figures if index[f[0]] in pincers]
    if closing_figures and rng.random() < 0.7:
        spot, kind = rng.choice(closing_figures)
    elif pincer_figures and rng.random() < 0.7:
        spot, kind = rng.choice(pincer_figures)
    elif figures and rng.random() < 0.8:
        # farmers seldom; builders and pigs (only ever beside their owner's follower) often
        spot, kind = rng.choices(figures, [1 if s.startswith("field") and k != "pig" else 5 for s, k in figures])[0]
    else:
        spot, kind = None, "follower"
    return Move(tile, x, y, rotation, spot, figure=kind)


class Referee:
    """The reference's running account of one game, checked against the engine each move."""

    def __init__(self, game, rng=None):
        self.game = game
        self.rng = rng or random.Random(0)  # answers the Count's decisions
        self.rules = game.rules
        self.n = len(game.players)
        expansions = self.rules.expansions
        self.scores = [0] * self.n
        self.supply = [ref.FOLLOWERS] * self.n
        figures = {"large": 1} if "inns_cathedrals" in expansions else {}
        figures.update({"builder": 1, "pig": 1} if "traders_builders" in expansions else {})
        self.reserve = [dict(figures) for _ in range(self.n)]
        self.goods = [dict.fromkeys(ref.GOODS, 0) for _ in range(self.n)] if "traders_builders" in expansions else None
        self.crowns = "king_robber" in expansions
        self.king = self.robber = None  # seats
        self.largest_city = self.longest_road = 0
        self.extra = False  # whether the turn being played is an extra turn
        self.count = "count" in expansions
        self.count_at = "castle"  # the Count's quarter
        self.city = [{q: dict.fromkeys(ref.FOLLOWER_KINDS, 0) for q in QUARTERS} for _ in range(self.n)]
        self.last_placer = 0  # the market round starts left of the player who placed the last tile
        self.reinforced = 0  # followers moved out of the City by reinforcements and the market round
        self.breakdown = [dict.fromkeys(ref.BASE_CATEGORIES, 0) for _ in range(self.n)]
        self.out = set()
        self.completions = 0  # completed features that had followers on them
        self.contested = 0  # of those, features with followers of several players
        self.extra_turns = 0
        self.deployed = dict.fromkeys(ref.WEIGHT, 0)  # figures deployed, by kind

    def add(self, result):
        for seat in range(self.n):
            self.scores[seat] += result.points[seat]
            for category, points in result.breakdown[seat].items():
                self.breakdown[seat][category] = self.breakdown[seat].get(category, 0) + points

    def check_totals(self):
        game = self.game
        assert game.scores == self.scores
        assert game.supply == self.supply
        assert game.reserve == self.reserve
        assert game.breakdown == self.breakdown
        assert game.out == self.out
        shown = summary(game)
        if self.goods is not None:
            assert shown["goods"] == dict(zip(game.players, self.goods)), "goods"
        if self.crowns:
            names = [game.players[s] if s is not None else None for s in (self.king, self.robber)]
            assert [shown["king"], shown["robber"]] == names, "king and robber"
        if self.count:
            assert shown["count"] == self.count_at, "the Count"
            assert shown["quarters"] == {
                name: {q: sum(held[q].values()) for q in QUARTERS} for name, held in zip(game.players, self.city)
            }, "followers in the City"

    def check_end(self, board):
        game = self.game
        if not game.finished:
            return
        final = ref.final_scoring(
            board,
            self.rules,
            self.n,
            frozenset(self.out),
            self.goods,
            self.king if self.crowns else None,
            self.robber if self.crowns else None,
        )
        assert scored_features(game.final_scored) == sorted(final.scored), "final scoring"
        assert list(game.final_points) == final.points, "final scoring"
        self.add(final)
        assert ref.Board.of(game).figures() == board.figures(), "final scoring sends nobody home"

    def next_seat(self, seat):
        return next((seat + step) % self.n for step in range(1, self.n + 1) if (seat + step) % self.n not in self.out)

    def tile_move(self, move):
        game = self.game
        before = ref.Board.of(game)
        seat = game.current_player
        tile = move.tile
        river = TILE_TYPES[tile].expansion == "river"
        engine_placements = {tuple(p) for p in game.legal_placements()}
        if river:
            assert all(before.fits(tile, *p) for p in engine_placements)
        else:
            assert engine_placements == before.placements(tile), f"placements of {tile}"
        if move.discard:
            assert not engine_placements
            turn = game.play(move)
            assert turn.points == (0,) * self.n
            assert game.finished or game.pending.action != "turn" or game.current_player == seat, (
                "after a discard the same player draws again"
            )
            self.market_round(before)
            self.check_end(before)
            self.check_totals()
            return
        # figures: followers and large followers on unoccupied features, builders and pigs
        # beside the player's own follower (the reference's reading of RULES.md)
        pieces = ref.turned(tile, move.rotation)
        engine_figures = {(ref.spot_piece(pieces, s), k) for s, k in game.legal_figures(move.placement)}
        expected = ref.legal_figures(
            before, tile, move.x, move.y, move.rotation, seat, self.supply[seat], self.reserve[seat]
        )
        assert engine_figures == expected, f"figures of {tile} at ({move.x},{move.y}) r{move.rotation}"
        engine_spots = {ref.spot_piece(pieces, s) for s in game.legal_spots(move.placement)}
        assert engine_spots == {i for i, kind in expected if kind == "follower"}
        turn = game.play(move)
        where = f"move {turn.number}: {move.to_json()}"
        entries = [turn] + self.reinforcements(seat, before, move)
        moved = [m for m in (self.moved_by(e.move) for e in entries[1:]) if m[2] is not None]
        result = ref.play_tile(
            before,
            tile,
            move.x,
            move.y,
            move.rotation,
            move.meeple,
            seat,
            self.rules,
            self.n,
            frozenset(self.out),
            move.figure,
            self.extra,
            moved,
        )
        scored = [s for e in entries for s in e.scored]
        assert scored_features(scored) == sorted(result.scored), where
        assert [sum(e.points[s] for e in entries) for s in range(self.n)] == result.points, where
        assert ref.Board.of(game).figures() == result.board.figures(), f"figures after {where}"
        self.last_placer = seat
        if move.meeple is not None:
            self.deployed[move.figure] += 1
            if move.figure == "follower":
                self.supply[seat] -= 1
            else:
                self.reserve[seat][move.figure] -= 1
        for *_where, owner, kind in result.returned:
            if kind == "follower":
                self.supply[owner] += 1
            else:
                self.reserve[owner][kind] += 1
        self.crown(seat, result)
        self.completions += len(result.scored)
        self.contested += result.shared
        self.add(result)
        self.deployment(seat, result.points)
        self.market_round(result.board)
        self.check_end(result.board)
        self.check_totals()
        if not game.finished:  # the same player again after a builder's or a hole's extra turn
            self.extra = result.extra_turn and seat not in self.out
            self.extra_turns += self.extra
            assert game.current_player == (seat if self.extra else self.next_seat(seat)), f"who is next after {where}"

    # --- the Count's decisions (RULES.md, The Count) ---------------------------------------

    def movable(self, seat, quarter):
        """Figure kinds ``seat`` may move out of ``quarter`` (none out of the Count's)."""
        if quarter == self.count_at or seat in self.out:
            return []
        return [kind for kind, n in self.city[seat][quarter].items() if n]

    def reinforcements(self, seat, before, move):
        """Answer the reinforcement round after ``move`` (randomly), checking who is asked,
        in which order and what they may do; the entries played."""
        game = self.game
        if not self.count:
            return []
        trial = before.copy()
        trial.cells[(move.x, move.y)] = ref.Cell(move.tile, move.rotation)
        completed = ref.completed_by(trial, move.x, move.y)
        entries = []
        for step in range(1, self.n + 1):  # from the left of the active player, ending with them
            asked = (seat + step) % self.n
            targets = {
                (x, y, i, kind)
                for feature in completed
                for kind in self.movable(asked, ref.QUARTER_OF[feature.kind])
                for x, y, i in feature.nodes
            }
            if not targets:
                continue
            assert game.pending == (asked, "reinforce"), f"{game.players[asked]} is asked to reinforce"
            options = game.options()
            assert {self.moved_by(o)[:3] + (self.moved_by(o)[4],) for o in options} == targets | {(None,) * 4}
            choice = self.rng.choice(options[1:]) if self.rng.random() < 0.7 else options[0]
            entries.append(game.play(choice))
            x, y, i, _seat, kind = self.moved_by(choice)
            if i is not None:
                self.city[asked][ref.QUARTER_OF[trial.cells[(x, y)].pieces[i].kind]][kind] -= 1
                self.reinforced += 1
        assert game.pending is None or game.pending.action != "reinforce", "nobody else is asked"
        return entries

    def moved_by(self, entry):
        """``(x, y, piece index, seat, kind)`` of a reinforcement or market move; Nones for a pass."""
        if entry.spot is None:
            return (None,) * 5
        placed = self.game.tile_at(entry.x, entry.y)
        seat = self.game.players.index(entry.player) if entry.player else self.game.current_player
        return (
            entry.x,
            entry.y,
            ref.spot_piece(ref.turned(placed.tile, placed.rotation), entry.spot),
            seat,
            entry.figure,
        )

    def deployment(self, seat, points):
        """The deployment into the City: asked when the tile scored for opponents only."""
        game = self.game
        if not self.count:
            return
        figures = [
            kind for kind, n in (("follower", self.supply[seat]), ("large", self.reserve[seat].get("large"))) if n
        ]
        others = any(p > 0 for s, p in enumerate(points) if s != seat)
        if not (others and points[seat] == 0 and figures and seat not in self.out):
            assert game.pending is None or game.pending.action != "quarter", "no deployment into the City"
            return
        assert game.pending == (seat, "quarter"), "the deployment into the City"
        options = game.options()
        counts = [None] + [q for q in QUARTERS if q != self.count_at]
        expected = {(q, kind, c) for q in QUARTERS for kind in figures for c in counts}
        assert {(o.quarter, o.figure, o.count) for o in options if o.quarter} == expected
        choice = self.rng.choice(options[1:]) if self.rng.random() < 0.8 else options[0]
        game.play(choice)
        if choice.quarter is not None:
            if choice.figure == "follower":
                self.supply[seat] -= 1
            else:
                self.reserve[seat]["large"] -= 1
            self.city[seat][choice.quarter][choice.figure] += 1
            self.count_at = choice.count or self.count_at

    def market_round(self, board):
        """The final market round (answered randomly): each follower moved onto a farm
        joins ``board``."""
        game = self.game
        if not self.count or game.finished or game.pending is None or game.pending.action == "turn":
            return
        order = [(self.last_placer + step) % self.n for step in range(1, self.n + 1)]
        queue = [s for s in order if self.movable(s, "market")]
        fields = {(x, y, p.index) for (x, y), cell in board.cells.items() for p in cell.pieces if p.kind == "field"}
        while queue:
            seat = queue.pop(0)
            assert game.pending == (seat, "market"), f"{game.players[seat]} is asked in the market round"
            options = game.options()
            kinds = self.movable(seat, "market")
            expected = {(x, y, i, kind) for x, y, i in fields for kind in kinds}
            assert {self.moved_by(o)[:3] + (self.moved_by(o)[4],) for o in options} == expected | {(None,) * 4}
            choice = self.rng.choice(options[1:]) if self.rng.random() < 0.7 else options[0]
            game.play(choice)
            x, y, i, _seat, kind = self.moved_by(choice)
            if i is not None:
                board.cells[(x, y)].figures.append((i, seat, kind))
                self.city[seat]["market"][kind] -= 1
                self.reinforced += 1
                if self.movable(seat, "market"):
                    queue.append(seat)  # asked again on the next round
        assert game.finished, "the market round is over"

    def crown(self, seat, result):
        """Goods to the active player; the king and the robber to the completer of a strictly
        larger city or road than any completed before."""
        if self.goods is not None:
            for kind, n in result.goods.items():
                self.goods[seat][kind] += n
        for size in result.cities:
            if size > self.largest_city:
                self.largest_city, self.king = size, seat
        for size in result.roads:
            if size > self.longest_road:
                self.longest_road, self.robber = size, seat

    def leave(self, entry, seat):
        game = self.game
        board = ref.Board.of(game)
        if seat == game.current_player:
            self.extra = False  # an extra turn due goes with the player
        turn = game.play(entry)
        assert turn.points == (0,) * self.n
        self.out.add(seat)
        self.check_end(board)
        self.check_totals()

    def skip(self):
        game = self.game
        turn = game.play(Move(game.tile, skip=True))
        self.extra = False
        assert turn.points == (0,) * self.n
        self.check_totals()


departures = st.lists(
    st.tuples(
        st.integers(min_value=1, max_value=80),
        st.sampled_from(["forfeit", "resign", "skip"]),
        st.integers(min_value=0, max_value=4),
    ),
    max_size=3,
)


def play_against_reference(seed, players, rules, plan):
    """Play a whole game with the busy player, checking every entry against the reference.

    ``plan`` lists ``(move number, kind, whom)``: before that move, the player on turn
    skips or forfeits, or the ``whom``-th player still in resigns (on turn or not)."""
    rng = random.Random(seed)
    game = Game.new(NAMES[:players], rules, seed=rng.randrange(2**32))
    referee = Referee(game, rng)
    events = {}
    for at, kind, whom in plan:
        events.setdefault(at, (kind, whom))
    while not game.finished:
        number = game.move_number
        if number in events and TILE_TYPES[game.tile].expansion != "river":
            kind, whom = events.pop(number)
            if kind == "skip":
                referee.skip()
            elif kind == "forfeit":
                seat = game.current_player
                referee.leave(Move(game.tile, forfeit=True), seat)
            else:
                still_in = [s for s in range(players) if s not in game.out]
                seat = still_in[whom % len(still_in)]
                referee.leave(Resign(game.players[seat]), seat)
            continue
        board = ref.Board.of(game)
        move = busy_choice(game, board, rng) or Move.discard_of(game.tile)
        referee.tile_move(move)
    return referee


def rule_sets(expansions, **house_rules):
    """Rule sets with ``expansions`` (a strategy), both farm scorings, small cities on or
    off, and the other house rules given."""
    return st.builds(
        Rules,
        farm_scoring=st.sampled_from(["current", "classic"]),
        expansions=expansions,
        small_city=st.booleans(),
        **house_rules,
    )


GAMES = {
    "seed": st.integers(min_value=0, max_value=2**31),
    "players": st.integers(min_value=2, max_value=5),
    "plan": departures,
}
"""A game's seed, players and departures, for the properties."""


@settings(max_examples=40, deadline=None, database=None)
@given(rules=rule_sets(st.sampled_from([(), ("river",)])), **GAMES)
def test_engine_scores_every_move_as_the_reference_does(seed, players, rules, plan):
    """2 to 5 players, both farm scorings, small cities on or off, the River or not, and
    up to three skips, forfeits or resignations: every move scores as the reference says."""
    referee = play_against_reference(seed, players, rules, plan)
    assert referee.game.finished
    event(f"completions with followers: {min(referee.completions // 10 * 10, 40)}+")


def test_the_busy_player_completes_occupied_and_shared_features():
    """The property above is only as strong as its games: each completes ten or more
    features held by followers, and some of them are held by several players. (These three
    fixed games are checked against the reference too, without hypothesis.)"""
    shared = 0
    for seed in range(3):
        referee = play_against_reference(seed, 3, Rules(), [])
        assert referee.completions >= 10, referee.completions
        shared += referee.contested
    assert shared >= 2


def test_the_reference_turns_tiles_as_the_notation_says():
    """The reference's own reading of the tile rows: rotation-0 edges as TILES.md lists
    them, and a quarter turn moves N to E and half NNW to ENE (NOTATION.md)."""
    for tile_id, tile in TILE_TYPES.items():
        if "abbey" in tile.marks:
            continue  # the abbey's edges (A) are no piece's: they meet anything (TILES.md)
        pieces = ref.turned(tile_id, 0)
        assert "".join(ref.edge_terrain(pieces, e) for e in "NESW") == tile.edges, tile_id
    d90 = ref.turned("D", 90)
    assert "".join(ref.edge_terrain(d90, e) for e in "NESW") == "RCRF"
    strip = d90[ref.spot_piece(d90, "field:NNE")]
    assert strip.halves == {"NNE", "SSE"} and strip.cities == (ref.spot_piece(d90, "city:E"),)
    v270 = ref.turned("V", 270)
    assert v270[ref.spot_piece(v270, "road:E")].edges == {"E", "S"}


EXPANSIONS = ("inns_cathedrals", "traders_builders", "king_robber", "count")


@settings(max_examples=40, deadline=None, database=None)
@given(
    rules=rule_sets(
        st.lists(st.sampled_from(("river",) + EXPANSIONS), min_size=1, unique=True).map(tuple),
        incomplete_score=st.booleans(),
        hole_bonus=st.booleans(),
    ),
    **GAMES,
)
def test_engine_scores_the_expansions_every_move_as_the_reference_does(seed, players, rules, plan):
    """Any mix of the River, Inns & Cathedrals, Traders & Builders, King & Robber and the
    Count, with the house rules small_city, incomplete_score and hole_bonus, and up to three
    skips, forfeits or resignations: every move's figures, points, goods, king and robber,
    who plays next (extra turns), who is asked which of the Count's decisions with which
    answers, and the final scoring as the reference says."""
    referee = play_against_reference(seed, players, rules, plan)
    assert referee.game.finished
    event(f"extra turns: {min(referee.extra_turns // 2 * 2, 6)}+")


@pytest.mark.parametrize(
    "expansion, figures",
    [
        ("inns_cathedrals", {"large"}),
        ("traders_builders", {"builder", "pig"}),
        ("king_robber", set()),
        ("count", set()),
    ],
)
def test_the_busy_player_deploys_every_figure_of_the_expansions(expansion, figures):
    """The property above is only as strong as its games: with each expansion, three fixed
    games (checked against the reference too) deploy each of its figures three times or
    more, and the builder's games give extra turns."""
    deployed, extra_turns, reinforced = dict.fromkeys(ref.WEIGHT, 0), 0, 0
    for seed in range(3):
        referee = play_against_reference(seed, 3, Rules(expansions=(expansion,)), [])
        assert referee.completions >= 10
        deployed = {kind: n + referee.deployed[kind] for kind, n in deployed.items()}
        extra_turns += referee.extra_turns
        if expansion == "king_robber":
            assert referee.king is not None and referee.robber is not None
        reinforced += referee.reinforced
    assert all(deployed[kind] >= 3 for kind in figures), deployed
    assert extra_turns >= 3 or expansion != "traders_builders"
    assert reinforced >= 2 or expansion != "count"  # followers moved out of the City
