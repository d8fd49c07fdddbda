"""Property tests of the knockout bracket (tournaments.bracket: no Django)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.bracket import bracket_size, build, seed_order, svg


def test_seed_order():
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(2) == [1, 2]


def _play_out(seeds, pick, third_place=False):
    winners = {}
    while True:
        bracket = build(seeds, winners, third_place)
        ready = bracket.playable()
        if not ready:
            return bracket, winners
        for m in ready:
            winners[m.key] = pick(m)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 40), seed=st.integers(0, 10**6), third=st.booleans())
def test_bracket_advances_the_right_winners(n, seed, third):
    rng = random.Random(seed)
    seeds = [f"s{i}" for i in range(1, n + 1)]
    bracket, winners = _play_out(seeds, lambda m: rng.choice([m.a, m.b]), third)
    assert bracket.finished
    size = bracket_size(n)
    assert len(bracket.rounds) == size.bit_length() - 1
    byes = [m for m in bracket.rounds[0] if m.bye]
    assert len(byes) == size - n
    # Byes go to the top seeds.
    assert sorted(seeds.index(m.winner) for m in byes) == list(range(size - n))
    for r, rnd in enumerate(bracket.rounds):
        players = [p for m in rnd for p in (m.a, m.b) if p is not None]
        assert len(players) == len(set(players))  # at most once per round
        for m in rnd:
            assert m.winner in (m.a, m.b)
            if not m.bye:
                assert winners[m.key] == m.winner
            if r > 0:
                left, right = bracket.rounds[r - 1][2 * m.index], bracket.rounds[r - 1][2 * m.index + 1]
                assert (m.a, m.b) == (left.winner, right.winner)
    assert bracket.champion == bracket.final.winner
    if third and n >= 4:
        semis = bracket.rounds[-2]
        assert {bracket.third_place.a, bracket.third_place.b} == {semis[0].loser, semis[1].loser}
        assert bracket.third_place.winner is not None


@given(n=st.integers(2, 64))
def test_favourites_reach_the_final(n):
    seeds = list(range(1, n + 1))
    bracket, _ = _play_out(seeds, lambda m: min(m.a, m.b))
    assert {bracket.final.a, bracket.final.b} == {1, 2}
    assert bracket.champion == 1


def test_svg_names_and_links():
    bracket = build(["ann", "bob", "<cid>"], {(1, 0): "ann"})
    drawing = svg(bracket, name=str.upper, link=lambda m: f"/games/{m.round}{m.index}/")
    assert drawing.startswith("<svg") and drawing.endswith("</svg>")
    assert "ANN" in drawing and "&lt;CID&gt;" in drawing and "bye" in drawing
    assert 'href="/games/10/"' in drawing
