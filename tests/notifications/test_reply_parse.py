"""Reading a reply to a turn e-mail: the move on its first line above the quoted text
(``x,y rotation [spot]`` or a cell's label), a decision's letter or ``pass``; quoted text
in English, German, French and Italian, signatures and HTML-only replies."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from notifications.replies import parse
from notifications.replies.answers import Answers, Cell, Option, letter

CELLS = [
    Cell("A", 0, -1, {180: ["city:S", "road:N", "field:NNE", "field:NNW"]}),
    Cell("B", -1, 0, {180: ["city:S", "road:N"], 270: ["city:W", "road:E", "large city:W"]}),
    Cell("C", 3, -1, {90: ["city:E", "road:N", "pig field:NNW", "builder road:N"]}),
]
TURN = Answers("turn", tile="K", cells=CELLS)
DECISION = Answers(
    "reinforce",
    options=[
        Option(
            "A",
            "Move a follower from the Castle",
            {"reinforce": {"x": 1, "y": 0, "spot": "city:N", "figure": "follower"}},
            False,
        ),
        Option("B", "Pass", {"reinforce": None}, True),
    ],
)


def message(text: str = "", html: str = "") -> EmailMessage:
    made = EmailMessage()
    made["From"] = "bob@example.com"
    if text:
        made.set_content(text)
        if html:
            made.add_alternative(html, subtype="html")
    else:
        made.set_content(html, subtype="html")
    return made


@pytest.mark.parametrize(
    "line, move",
    [
        ("3,-1 90 city:E", {"x": 3, "y": -1, "rotation": 90, "meeple": "city:E"}),
        ("-1,0 270", {"x": -1, "y": 0, "rotation": 270, "meeple": None}),
        ("  3 , -1   90   CITY:e ", {"x": 3, "y": -1, "rotation": 90, "meeple": "city:E"}),
        ("(3,-1) 90", {"x": 3, "y": -1, "rotation": 90, "meeple": None}),
        ("a", {"x": 0, "y": -1, "rotation": 180, "meeple": None}),
        ("A field:nnw", {"x": 0, "y": -1, "rotation": 180, "meeple": "field:NNW"}),
        ("b 270 large city:w", {"x": -1, "y": 0, "rotation": 270, "meeple": {"spot": "city:W", "figure": "large"}}),
        ("c pig field:nnw", {"x": 3, "y": -1, "rotation": 90, "meeple": {"spot": "field:NNW", "figure": "pig"}}),
        ("C Builder Road:N", {"x": 3, "y": -1, "rotation": 90, "meeple": {"spot": "road:N", "figure": "builder"}}),
        ("a city", {"x": 0, "y": -1, "rotation": 180, "meeple": "city:S"}),
    ],
)
def test_a_move_line_reads_as_the_move_it_names(line, move):
    assert parse.read(message(line + "\n"), TURN) == move


@pytest.mark.parametrize(
    "line, code",
    [
        ("b", "rotation_needed"),
        ("z 90", "unknown_cell"),
        ("7,7 90", "no_fit"),
        ("hello there, nice game", "no_move"),
        ("a field", "spot_needed"),
        ("a 45", "unreadable"),
    ],
)
def test_a_line_that_names_no_single_move_says_why(line, code):
    with pytest.raises(parse.Unreadable) as caught:
        parse.read(message(line), TURN)
    assert caught.value.code == code


@pytest.mark.parametrize(
    "text, quoted",
    [
        ("Hi Ann,\n\nSorry, I will play tonight\n", "Sorry, I will play tonight"),
        ("Hallo Ann!\nIch spiele heute Abend", "Ich spiele heute Abend"),
        ("Bonjour Ann,\nje joue ce soir", "je joue ce soir"),
        ("Ciao Ann,\ngioco stasera", "gioco stasera"),
        ("Hi Ann,", "Hi Ann,"),  # nothing but the greeting: that is what we read
    ],
)
def test_a_reply_without_a_move_is_quoted_by_its_first_line_after_the_greeting(text, quoted):
    with pytest.raises(parse.Unreadable) as caught:
        parse.read(message(text), TURN)
    assert caught.value.code == "no_move" and caught.value.line == quoted


def test_a_reply_with_nothing_above_the_quote_is_empty():
    text = "On Mon, 3 Mar 2025 at 10:00, Carcassonne <noreply@example.org> wrote:\n> It is your turn\n> A 180\n"
    with pytest.raises(parse.Unreadable) as caught:
        parse.read(message(text), TURN)
    assert caught.value.code == "empty"


@pytest.mark.parametrize(
    "quote",
    [
        "On Mon, Mar 3, 2025 at 10:00 AM Carcassonne <noreply@example.org> wrote:",
        "Am Mo., 3. März 2025 um 10:00 Uhr schrieb Carcassonne <noreply@example.org>:",
        "Le lun. 3 mars 2025 à 10:00, Carcassonne <noreply@example.org> a écrit :",
        "Il giorno lun 3 mar 2025 alle ore 10:00 Carcassonne <noreply@example.org> ha scritto:",
    ],
)
def test_the_quoted_turn_email_is_not_read_in_any_language(quote):
    text = f"\n\nc 90 road:n\n\nThanks!\n\n{quote}\n> Answer by e-mail: e.g. A 180 city:S\n> A (0,-1): 180\n"
    assert parse.read(message(text), TURN)["meeple"] == "road:N"


def test_a_move_west_of_the_start_is_no_signature_above_a_quote():
    text = "-1,0 270 city:w\n\nOn Mon, Mar 3, 2025 at 10:00 AM Carcassonne <noreply@example.org> wrote:\n> A 180\n"
    assert parse.read(message(text), TURN) == {"x": -1, "y": 0, "rotation": 270, "meeple": "city:W"}


def test_a_signature_and_a_phone_footer_are_not_read():
    text = "a 180 road:N\n\n-- \nBob\nSent from my iPhone\n"
    assert parse.read(message(text), TURN) == {"x": 0, "y": -1, "rotation": 180, "meeple": "road:N"}


def test_an_html_only_reply_is_read_without_its_quoted_part():
    html = (
        "<html><body><div dir='ltr'>3,-1&nbsp;90 <b>road:N</b></div><br>"
        "<div class='gmail_quote'><div>On Mon wrote:</div><blockquote>A 180 city:S</blockquote></div></body></html>"
    )
    assert parse.read(message(html=html), TURN) == {"x": 3, "y": -1, "rotation": 90, "meeple": "road:N"}


def test_the_plain_part_wins_over_the_html_part():
    assert parse.read(message("a\n", "<p>7,7 90</p>"), TURN)["x"] == 0


@pytest.mark.parametrize(
    "line, answer",
    [
        ("a", {"reinforce": {"x": 1, "y": 0, "spot": "city:N", "figure": "follower"}}),
        ("B.", {"reinforce": None}),
        ("Pass", {"reinforce": None}),
        ("passen", {"reinforce": None}),
    ],
)
def test_a_decision_is_answered_by_its_letter_or_pass(line, answer):
    assert parse.read(message(line), DECISION) == answer


def test_a_letter_no_option_has_is_refused():
    with pytest.raises(parse.Unreadable) as caught:
        parse.read(message("d"), DECISION)
    assert caught.value.code == "no_option"


def test_labels_go_on_after_z():
    assert [letter(i) for i in (0, 25, 26, 27, 52)] == ["A", "Z", "AA", "AB", "BA"]


@pytest.mark.parametrize(
    "html, lines",
    [
        ("<p>a 90</p><p>thanks</p>", ["a 90", "thanks"]),
        ("a 90<br>b", ["a 90", "b"]),
        ("<style>p {color: red}</style><script>x()</script><div>a 90</div>", ["a 90"]),
        ("<div>a 90</div><div class='moz-cite-prefix'>On Mon, Bob wrote:</div><blockquote>b</blockquote>", ["a 90"]),
        (
            "<div>a 90</div><div class='gmail_quote gmail_quote_container'><blockquote><blockquote>b</blockquote>",
            ["a 90"],
        ),
        ("<div>a 90<div class='yahoo_quoted'>b<p>c", ["a 90"]),  # broken markup: never closed
        ("<p>a&nbsp;90 &amp; more</p>", ["a\xa090 & more"]),
    ],
)
def test_the_text_of_an_html_reply_has_its_blocks_as_lines_and_no_quote_style_or_script(html, lines):
    assert [line.strip() for line in parse.html_text(html).splitlines() if line.strip()] == lines


DRAGON = Answers(
    "dragon",
    options=[
        Option("A", "The first free step", {"dragon": None}, True),
        Option("B", "Move the dragon north", {"dragon": "N"}, False),
        Option("C", "Move the dragon east", {"dragon": "E"}, False),
    ],
)


@pytest.mark.parametrize(
    "line, answer",
    [
        ("dragon east", {"dragon": "E"}),
        ("Drache Osten", {"dragon": "E"}),
        ("dragon nord", {"dragon": "N"}),
        ("drago est.", {"dragon": "E"}),
        ("north", {"dragon": "N"}),
        ("c", {"dragon": "E"}),
        ("pass", {"dragon": None}),
    ],
)
def test_a_dragon_step_is_answered_by_its_direction_in_any_language(line, answer):
    assert parse.read(message(line), DRAGON) == answer


def test_a_direction_the_dragon_cannot_take_is_refused():
    with pytest.raises(parse.Unreadable) as caught:
        parse.read(message("dragon west"), DRAGON)
    assert caught.value.code == "no_option"
