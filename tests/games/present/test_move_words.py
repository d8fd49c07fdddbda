"""A move reads as a person tells it, in every language: what the tile did to the board
(started, extended which way, joined, completed and for how many points) and the figure
put on it by its name in the rules (games/present/move_sentences.py, read by every list of moves)."""

import pytest
from django.utils import translation

from carcassonne import Game, Move, Rules
from games.present.view import GameView


def told(*moves, rules=None, language="en"):
    """The last of ``moves`` in words, played by ann and bob in turn from the start tile D
    (a city north, a road west-east through (0,0))."""
    game = Game(["ann", "bob"], rules)
    for move in moves:
        game.play(move)
    with translation.override(language):
        return GameView(game, ["ann", "bob"]).describe(len(moves))


STARTED = [Move("A", 0, 1, 0)]  # a cloister south of the start, its road going south
EXTENDED = [Move("U", 1, 0, 0, "road:E")]  # a straight road east of the start, a thief on it
JOINED = [Move("W", 0, 1, 0), Move("K", 1, 0, 0), Move("J", 1, 1, 180)]  # J's road meets two roads
COMPLETED = [Move("E", 0, -1, 180, "city:S")]  # a city cap closing the start's city, a knight in it


@pytest.mark.parametrize(
    "language, moves, text",
    [
        ("en", STARTED, "ann placed a cloister with a road and started a road"),
        ("de", STARTED, "ann hat ein Kloster mit einer Straße gelegt und eine Straße begonnen"),
        ("fr", STARTED, "ann a posé une abbaye avec une route et commencé une route"),
        ("it", STARTED, "ann ha piazzato un monastero con una strada e iniziato una strada"),
        ("en", EXTENDED, "ann placed a straight road, extended the road east and put a thief on the road"),
        (
            "de",
            EXTENDED,
            "ann hat eine gerade Straße gelegt, die Straße nach Osten verlängert und einen Wegelagerer auf "
            "die Straße gesetzt",
        ),
        ("fr", EXTENDED, "ann a posé une route droite, prolongé la route vers l’est et placé un voleur sur la route"),
        (
            "it",
            EXTENDED,
            "ann ha piazzato una strada diritta, prolungato la strada verso est e messo un ladro sulla strada",
        ),
        ("en", JOINED, "ann placed a city cap with a road, joined two roads and started a city"),
        (
            "de",
            JOINED,
            "ann hat einen Stadtrand mit einer Straße gelegt, zwei Straßen verbunden und eine Stadt begonnen",
        ),
        ("fr", JOINED, "ann a posé un bord de ville avec une route, relié deux routes et commencé une ville"),
        ("en", COMPLETED, "ann placed a city cap, completed a city (4 points) and put a knight in the city"),
        (
            "de",
            COMPLETED,
            "ann hat einen Stadtrand gelegt, eine Stadt fertiggestellt (4 Punkte) und einen Ritter in die "
            "Stadt gesetzt",
        ),
        (
            "fr",
            COMPLETED,
            "ann a posé un bord de ville, achevé une ville (4 points) et placé un chevalier dans la ville",
        ),
    ],
)
def test_a_move_tells_what_its_tile_started_extended_joined_or_completed(language, moves, text):
    assert told(*moves, language=language) == text


def test_the_direction_is_where_the_tile_lies_from_the_feature_it_extends():
    west = told(Move("V", -1, 0, 270))  # a curve west of the start: the road turns south
    south = told(Move("V", -1, 0, 270), Move("V", -1, 1, 180))  # the next curve lies south of it
    assert "extended the road west" in west and "extended the road south" in south
    with translation.override("fr"):
        assert "prolongé la route vers l’ouest" in told(Move("V", -1, 0, 270), language="fr")


def test_points_scored_by_others_name_them():
    # ann's knight in a city going north from the start; bob closes it: the 8 points are ann's
    ann_city = [Move("F", 0, -1, 90, "city:N"), Move("E", 0, -2, 180)]
    assert told(*ann_city) == "bob placed a city cap and completed a city (8 points for ann)"
    assert (
        told(*ann_city, language="de")
        == "bob hat einen Stadtrand gelegt und eine Stadt fertiggestellt (8 Punkte für ann)"
    )
    assert told(*ann_city, language="fr") == "bob a posé un bord de ville et achevé une ville (8 points pour ann)"


def test_a_completed_feature_nobody_held_is_told_without_points():
    assert told(Move("E", 0, -1, 180)) == "ann placed a city cap and completed a city"


@pytest.mark.parametrize(
    "language, words",
    [
        (
            "en",
            [
                "put a thief on the road",
                "put a knight in the city",
                "put a monk in the cloister",
                "put a farmer in the field",
            ],
        ),
        (
            "de",
            [
                "einen Wegelagerer auf die Straße gesetzt",
                "einen Ritter in die Stadt gesetzt",
                "einen Mönch ins Kloster gesetzt",
                "einen Bauern auf die Wiese gesetzt",
            ],
        ),
        (
            "fr",
            [
                "placé un voleur sur la route",
                "placé un chevalier dans la ville",
                "placé un moine dans l’abbaye",
                "placé un paysan dans le pré",
            ],
        ),
        (
            "it",
            [
                "messo un ladro sulla strada",
                "messo un cavaliere nella città",
                "messo un monaco nel monastero",
                "messo un contadino nel campo",
            ],
        ),
    ],
)
def test_each_follower_is_named_by_the_feature_it_stands_on_as_the_rules_name_it(language, words):
    moves = [
        Move("U", 1, 0, 0, "road:E"),
        Move("E", 0, -1, 180, "city:S"),
        Move("B", 0, 1, 0, "cloister"),
        Move("B", 0, 1, 0, "field:NNW"),
    ]
    texts = [told(move, language=language) for move in moves]
    assert [text.endswith(word) for text, word in zip(texts, words)] == [True] * 4, texts


def test_a_figures_side_is_told_only_where_the_tile_has_more_than_one_piece_of_its_kind():
    assert told(Move("H", 0, -1, 0, "city:S")).endswith("put a knight in the city (south)")  # two city caps
    assert told(Move("U", 1, 0, 0, "field:ESE")).endswith("put a farmer in the field (south)")  # two fields
    assert told(Move("U", 1, 0, 0, "road:E")).endswith("put a thief on the road")  # one road


def test_the_expansions_figures_and_awards_are_told_in_the_rules_words():
    everything = Rules(expansions=("inns_cathedrals", "traders_builders", "king_robber"))
    large = told(Move("U", 1, 0, 0, "road:E", figure="large"), rules=everything)
    assert large.endswith("extended the road east and put a large follower on the road")
    king = told(Move("E", 0, -1, 180), rules=everything)
    assert king == "ann placed a city cap, completed a city and took the king"
    assert told(Move("E", 0, -1, 180), rules=everything, language="de").endswith("und den König erhalten")
    assert told(Move("E", 0, -1, 180), rules=everything, language="fr").endswith(" et pris le roi")
    builder = told(
        Move("U", 1, 0, 0, "road:E"),
        Move("B", 0, 1, 0),
        Move("U", 2, 0, 0, "road:E", figure="builder"),
        rules=everything,
    )
    assert builder.endswith("extended the road east and put the builder on the road")


def test_the_goods_of_a_completed_city_are_told_as_tokens_taken():
    from carcassonne.autoplay import random_game

    game = random_game(seed=2, rules=Rules(expansions=("traders_builders",)))
    view = GameView(game, game.players)
    gains = [n for n, told in enumerate(view.effects, 1) if "goods" in told.changed]
    assert gains and all(" took " in view.describe(n) and " token" in view.describe(n) for n in gains)
    with translation.override("de"):
        assert "Warenplättchen" in GameView(game, game.players).describe(gains[0])
