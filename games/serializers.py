"""Request and response shapes of the move API (games/api.py).

Request serializers only check types and shapes, strictly (``"3"`` is not a number
here); every rule question is left to :mod:`games.present` and the engine.
Response serializers exist to document the OpenAPI schema: responses are the plain
dicts that :mod:`games.present` builds (never the seed or the bag).
"""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from carcassonne import Rules, RulesError, hooks
from games.models import BOT_LEVELS, OLD_BOT_LEVELS, rule_options
from games.present.vocabulary import rules_error

ROTATIONS = (0, 90, 180, 270)


class StrictIntegerField(serializers.IntegerField):
    """A JSON number without a fraction: no strings, no booleans, no floats."""

    default_error_messages = {"invalid": _("must be a whole number, not {value}")}

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid", value=_show(data))
        return super().to_internal_value(data)


def _show(value) -> str:
    if isinstance(value, str):
        return repr(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return type(value).__name__ if isinstance(value, (list, dict)) else str(value)


class RotationField(StrictIntegerField):
    default_error_messages = {"rotation": _("must be 0, 90, 180 or 270, not {value}")}

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        if value not in ROTATIONS:
            self.fail("rotation", value=value)
        return value


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "example": "road:E"},
            {
                "type": "object",
                "properties": {"spot": {"type": "string"}, "figure": {"type": "string", "default": "follower"}},
                "required": ["spot"],
            },
        ],
        "nullable": True,
        "description": "A follower spot (NOTATION.md), e.g. `city:N`, `field:NNW`, `cloister`; null for none.",
    }
)
class MeepleField(serializers.Field):
    default_error_messages = {
        "invalid": _("must be a spot name such as 'road:E', or null, not {value}"),
        "figure": _("must be a spot name, or an object with a string 'spot' and an optional 'figure'"),
    }

    def __init__(self, **kwargs):
        kwargs.setdefault("allow_null", True)
        kwargs.setdefault("required", False)
        kwargs.setdefault("default", None)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if isinstance(data, str):
            if not data.strip():
                self.fail("invalid", value=_show(data))
            return data.strip()
        if isinstance(data, dict):
            if not isinstance(data.get("spot"), str) or not isinstance(data.get("figure", "follower"), str):
                self.fail("figure")
            if set(data) - {"spot", "figure"}:
                self.fail("figure")
            return dict(data)
        self.fail("invalid", value=_show(data))

    def to_representation(self, value):
        return value


@extend_schema_field({"type": "string", "enum": ["waiting", "active", "finished"]})
class GameStatusField(serializers.CharField):
    """A game's status, documented inline (no shared enum component to collide with)."""


@extend_schema_field({"type": "string", "enum": ["invited", "joined", "open"]})
class SeatStateField(serializers.CharField):
    pass


@extend_schema_field({"type": "string", "enum": ["invited", "joined"]})
class MySeatField(serializers.CharField):
    pass


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="What is wrong, for a person")


# "errors" names a Serializer's property too: the field is declared beside the class body
ErrorSerializer._declared_fields["errors"] = serializers.DictField(
    child=serializers.ListField(child=serializers.CharField()),
    required=False,
    help_text="For a malformed request: the messages of each field",
)


# --- requests ----------------------------------------------------------------------


MOVE_DAYS = (1, 2, 3, 5, 7, 10, 14)


@extend_schema_field(
    {
        "type": "integer",
        "enum": list(MOVE_DAYS),
        "nullable": True,
        "default": None,
        "description": "Days per move: 1, 2, 3, 5, 7, 10 or 14; null (the default) for no time limit.",
    }
)
class MoveDaysField(StrictIntegerField):
    default_error_messages = {
        "move_days": _(
            "must be one of 1, 2, 3, 5, 7, 10 or 14 (days per move), or null for no time limit, not {value}"
        ),
    }

    def __init__(self, **kwargs):
        kwargs.setdefault("allow_null", True)
        kwargs.setdefault("required", False)
        kwargs.setdefault("default", None)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("move_days", value=_show(data))
        value = super().to_internal_value(data)
        if value not in MOVE_DAYS:
            self.fail("move_days", value=value)
        return value


class TimeoutRuleField(serializers.ChoiceField):
    """``skip`` or ``lose``; documented with the model's labels, so that the schema has one
    enum of timeout rules (shared with the tournaments API)."""

    default_error_messages = {
        "invalid_choice": _(
            "must be 'skip' (skip the turn), 'lose' (lose on time) or 'bot' (a bot takes over), not {input!r}"
        )
    }

    def __init__(self, **kwargs):
        kwargs.setdefault(
            "choices", [("skip", "Skip the turn"), ("lose", "Lose by timeout"), ("bot", "A bot takes over")]
        )
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid_choice", input=data)
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    """JSON true or false only (no "yes", 1 or "true")."""

    default_error_messages = {"invalid": _("must be true or false, not {value}")}

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", value=_show(data))
        return data


def _option_field(option, own: bool = False):
    """A serializer field for one of the engine's rule options (``rule_options()``); ``own``:
    an expansion's own option, left out when not given (the engine refuses it in a rule set
    without its expansion, even at its default)."""
    help_text = f"{option.label}: {option.help}"
    default = {"required": False} if own else {"default": option.default}
    if option.kind == "choice":
        return serializers.ChoiceField(
            choices=[value for value, _label in option.choices], help_text=help_text, **default
        )
    if option.kind == "bool":
        return StrictBooleanField(help_text=help_text, **default)
    return StrictIntegerField(allow_null=option.default is None, help_text=help_text, **default)


class RulesSerializer(serializers.Serializer):
    """The NOTATION.md rules object; its fields are the engine's options (``rule_options()``)
    and the engine checks the combination. Gives the canonical rules JSON."""

    expansions = serializers.ListField(
        child=serializers.ChoiceField(choices=[o.name for o in rule_options() if o.kind == "expansion"]),
        default=list,
        help_text="; ".join(f"`{o.name}`: {o.label}" for o in rule_options() if o.kind == "expansion"),
    )

    def get_fields(self):
        fields = super().get_fields()
        own = {o.name for cls in hooks.expansions() for o in cls.settings}
        for option in rule_options():
            if option.kind != "expansion":
                fields[option.name] = _option_field(option, option.name in own)
        return fields

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:  # the engine refuses them too; say so here, before defaults fill in
                raise serializers.ValidationError(gettext("unknown rule %(name)r") % {"name": unknown[0]})
        return super().to_internal_value(data)

    def validate(self, attrs):
        try:
            return Rules.from_json(dict(attrs)).to_json()
        except RulesError as exc:
            raise serializers.ValidationError(rules_error(exc)) from None


class CreateGameSerializer(serializers.Serializer):
    invite = serializers.ListField(
        child=serializers.CharField(), default=list, help_text="Usernames or e-mail addresses, in seat order"
    )
    seat_order = serializers.ChoiceField(choices=["as_listed", "random"], default="as_listed")
    rules = RulesSerializer(required=False)
    open_seats = StrictIntegerField(min_value=0, default=0, help_text="Seats anyone may take from the lobby")
    name = serializers.CharField(max_length=80, allow_blank=True, default="")
    move_days = MoveDaysField()
    timeout_rule = TimeoutRuleField(
        default="lose",
        help_text="When the time per move runs out: `skip` the turn (the tile goes back into the bag) "
        "or `lose` (the player loses on time and leaves the game) or `bot` (a bot plays the seat from then on)",
    )
    vacation_allowed = StrictBooleanField(default=True, help_text="Whether players on vacation have their clock paused")
    private = StrictBooleanField(
        default=False,
        help_text="Only the players (and invitees) may watch; otherwise anyone may, and the archive lists it",
    )
    bots = StrictIntegerField(
        min_value=0,
        default=0,
        help_text="Seats played by bots (after the invited players); a game with a bot is not rated",
    )
    bot_level = serializers.ChoiceField(
        choices=[*BOT_LEVELS, *OLD_BOT_LEVELS],
        default="strong",
        help_text="Level of those bots: beginner, casual, strong or expert (random, greedy and mcts are old names "
        "of beginner, strong and expert)",
    )


class ObjectField(serializers.Field):
    """A JSON object with at least one key, taken as it is (the engine checks its content)."""

    def to_internal_value(self, data):
        if not isinstance(data, dict) or not data:
            self.fail("invalid", value=_show(data))
        return dict(data)

    def to_representation(self, value):
        return value


MOVE_ACTION_KEYS = ("tower", "fairy", "portal", "princess", "barn")
"""The keys of a tile move's action taken instead of a figure (NOTATION.md; the legal
moves' ``actions`` list them for each placement where one is allowed)."""


@extend_schema_field(
    {
        "type": "object",
        "additionalProperties": True,
        "example": {"x": 0, "y": 1},
        "description": "The action, as the NOTATION.md entry's value under this key and as the legal moves' "
        "`actions` list it",
    }
)
class MoveActionField(ObjectField):
    default_error_messages = {"invalid": _('must be an object such as {{"x": 0, "y": 1}}, not {value}')}

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)


class MoveRequestSerializer(serializers.Serializer):
    move_number = StrictIntegerField(
        min_value=1, help_text="The number of the move being played (the state's move_number)"
    )
    x = StrictIntegerField(help_text="Column; grows to the east")
    y = StrictIntegerField(help_text="Row; grows to the south")
    rotation = RotationField(help_text="Clockwise turn of the drawn tile: 0, 90, 180 or 270")
    meeple = MeepleField()
    tile = serializers.CharField(
        required=False,
        max_length=16,
        help_text="The tile to place: by default the drawn tile; with a hand of tiles, one of your hand",
    )
    tower = MoveActionField(help_text="The Tower: a tower piece, or a follower on top, instead of a figure")
    fairy = MoveActionField(help_text="The Princess & the Dragon: the fairy moved beside a follower of yours")
    portal = MoveActionField(help_text="The Princess & the Dragon: a figure through the magic portal")
    princess = MoveActionField(help_text="The Princess & the Dragon: a knight removed from the princess's city")
    barn = serializers.CharField(
        required=False,
        max_length=8,
        help_text="Abbey & Mayor: the barn, instead of a figure, on this corner of the tile (NE, SE, SW or NW)",
    )

    def validate(self, attrs):
        taken = [key for key in MOVE_ACTION_KEYS if key in attrs]
        if len(taken) > 1:
            raise serializers.ValidationError(
                gettext("a move takes one action instead of a figure, not %(actions)s") % {"actions": " + ".join(taken)}
            )
        return attrs


@extend_schema_field(
    {
        "type": "object",
        "additionalProperties": True,
        "example": {"reinforce": {"x": 2, "y": -1, "spot": "city:N"}},
        "description": "A decision's answer: the NOTATION.md entry without `player`, e.g. "
        '`{"reinforce": {"x": 2, "y": -1, "spot": "city:N", "figure": "large"}}`, '
        '`{"quarter": "market", "count": "castle"}`, or a pass: `{"reinforce": null}`, '
        '`{"quarter": null}`. The options of the state\'s `pending` are exactly the accepted answers.',
    }
)
class AnswerField(ObjectField):
    default_error_messages = {"invalid": _('must be an object such as {{"reinforce": null}}, not {value}')}


class DecisionRequestSerializer(serializers.Serializer):
    move_number = StrictIntegerField(
        min_value=1, help_text="The number of the move being played (the state's move_number)"
    )
    answer = AnswerField()


# --- responses (documentation) -------------------------------------------------------------


class MeepleOnBoardSerializer(serializers.Serializer):
    spot = serializers.CharField()
    player = serializers.CharField()
    figure = serializers.CharField(help_text="follower, large, builder or pig")


class BoardTileSerializer(serializers.Serializer):
    x = serializers.IntegerField()
    y = serializers.IntegerField()
    tile = serializers.CharField()
    rotation = serializers.IntegerField()
    meeples = MeepleOnBoardSerializer(many=True)


class PlayerSerializer(serializers.Serializer):
    username = serializers.CharField(allow_null=True, help_text="null for a seat nobody has taken yet")
    color = serializers.CharField()
    score = serializers.IntegerField()
    supply = serializers.IntegerField(help_text="Followers in the player's supply")
    reserve = serializers.DictField(
        child=serializers.IntegerField(), help_text="Other figures in supply by kind: large, builder, pig (expansions)"
    )
    hand_size = serializers.IntegerField(required=False, help_text="Tiles in the player's hand (hand of tiles only)")
    hand = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="The tiles of the player's hand: only your own, or everyone's when hands are visible",
    )
    state = SeatStateField()
    breakdown = serializers.DictField(child=serializers.IntegerField(), help_text="Points by category")
    out = serializers.BooleanField(
        help_text="The player left (lost on time or resigned): no more turns, no more points"
    )
    bot = serializers.CharField(
        allow_blank=True, help_text="The level of the bot playing this seat; empty for a person"
    )


class LastMoveSerializer(serializers.Serializer):
    tile = serializers.CharField()
    x = serializers.IntegerField(required=False)
    y = serializers.IntegerField(required=False)
    rotation = serializers.IntegerField(required=False)
    meeple = serializers.CharField(allow_null=True, required=False)
    discard = serializers.BooleanField(required=False)


class OutcomeSerializer(serializers.Serializer):
    winners = serializers.ListField(child=serializers.CharField())
    ranks = serializers.DictField(
        child=serializers.IntegerField(), help_text="1 = first; tied players share a rank; players who left rank last"
    )
    scores = serializers.DictField(child=serializers.IntegerField())
    breakdown = serializers.DictField(child=serializers.DictField(child=serializers.IntegerField()))
    ending = serializers.ChoiceField(choices=["complete", "one_left", "ended_early"])
    left = serializers.ListField(child=serializers.CharField(), help_text="Players who lost on time or resigned")


class DecisionOptionSerializer(serializers.Serializer):
    answer = serializers.JSONField(help_text="The answer to send (POST .../decision/)")
    text = serializers.CharField(help_text="The option in words")
    # "pass" is a Python keyword: declared below
    target = serializers.JSONField(required=False, help_text="The board spot it names: x, y, spot, figure")


DecisionOptionSerializer._declared_fields["pass"] = serializers.BooleanField(help_text="Whether this answer passes")


class PendingSerializer(serializers.Serializer):
    player = serializers.CharField(allow_null=True, help_text="Who must act")
    seat = serializers.IntegerField()
    action = serializers.CharField(help_text="turn, or a decision: reinforce, quarter, market")
    text = serializers.CharField(help_text="What is awaited, in words")
    options = DecisionOptionSerializer(many=True, help_text="The accepted answers (decisions only; empty for a turn)")


# "label" names a Field's attribute too (a serializer is a field): declared beside the class body, before options
_options = PendingSerializer._declared_fields.pop("options")
PendingSerializer._declared_fields["label"] = serializers.CharField(
    required=False, help_text="The decision's name (decisions only)"
)
PendingSerializer._declared_fields["options"] = _options


class GameStateSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = GameStatusField()
    rules = serializers.JSONField(help_text="NOTATION.md rules object")
    players = PlayerSerializer(many=True, help_text="In seat (turn) order")
    current_player = serializers.CharField(allow_null=True)
    tile = serializers.CharField(allow_null=True, help_text="The drawn tile (only while active)")
    tiles_left = serializers.IntegerField(help_text="Tiles still in the bag, not counting the drawn one")
    move_number = serializers.IntegerField(help_text="The number the next move gets")
    board = BoardTileSerializer(many=True)
    last_move = LastMoveSerializer(allow_null=True)
    move_days = serializers.IntegerField(allow_null=True, help_text="Days per move; null: no time limit")
    timeout_rule = TimeoutRuleField(help_text="When the time per move runs out: skip the turn, or lose on time")
    vacation_allowed = serializers.BooleanField(help_text="Whether players on vacation have their clock paused")
    has_bots = serializers.BooleanField(help_text="A bot plays (or played) a seat: the game is not rated")
    pending = PendingSerializer(allow_null=True, help_text="Who the game waits for and for what (null unless active)")
    expansions = serializers.JSONField(
        help_text="Public state of the expansions: goods tokens by player, the king's and robber's holders, "
        "the City of Carcassonne (where the Count stands, followers per quarter)"
    )
    winners = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="The engine's winners (finished games)"
    )
    final_points = serializers.ListField(child=serializers.IntegerField(), required=False)
    outcome = OutcomeSerializer(required=False, help_text="How the game ended, by the engine (finished games)")


class PlayedSerializer(GameStateSerializer):
    played = serializers.CharField(
        help_text="The move just played, in the caller's language, with the points it scored"
    )


class GameListItemSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = GameStatusField()
    players = serializers.ListField(child=serializers.CharField(allow_null=True))
    scores = serializers.ListField(child=serializers.IntegerField())
    current_player = serializers.CharField(allow_null=True)
    move_number = serializers.IntegerField()
    my_seat = MySeatField(allow_null=True, help_text="The caller's seat: invited or joined (null: none)")
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    has_bots = serializers.BooleanField(help_text="A bot plays (or played) a seat: the game is not rated")


class PlacementSerializer(serializers.Serializer):
    x = serializers.IntegerField()
    y = serializers.IntegerField()
    rotation = serializers.IntegerField()
    meeples = serializers.ListField(child=serializers.CharField(), help_text="Legal follower spots")
    figures = serializers.ListField(
        child=serializers.DictField(child=serializers.CharField()),
        help_text="Every figure allowed on each spot: {spot, figure} with figure follower, large, builder or pig",
    )
    actions = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="Only where an expansion allows one: each action the move may take instead of a figure, "
        'as its key and value of the move (e.g. `{"tower": {"x": 0, "y": 1}}`)',
    )
    must_act = serializers.BooleanField(
        required=False,
        help_text="Only when true: this placement must take one of its `actions` (the princess who must remove)",
    )


class HandTileSerializer(serializers.Serializer):
    tile = serializers.CharField()
    placements = PlacementSerializer(many=True)


class LegalMovesSerializer(serializers.Serializer):
    tile = serializers.CharField(allow_null=True)
    placements = PlacementSerializer(many=True)
    pending = PendingSerializer(allow_null=True, help_text="Who the game waits for; a decision's accepted answers")
    hand = HandTileSerializer(
        many=True, required=False, help_text="With a hand of tiles, for its holder: each tile's legal placements"
    )
    before_turn = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="Only when there are some: what the player on turn may play before the tile move (the Tower's "
        'ransom, e.g. `{"ransom": {"jailer": "Bob", "figure": "follower"}}`; after the last tile, the pass of '
        "Abbey & Mayor's abbey, `{\"abbey\": null}`), sent as a decision's `answer`",
    )
    own_tiles = HandTileSerializer(
        many=True,
        required=False,
        help_text="Only when there are some: the player on turn's own tiles they may place instead of the drawn "
        "one (Abbey & Mayor's abbey, `AM-A`; after the last tile, instead of none), sent as the move's `tile`",
    )


class MoveSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    seat = serializers.IntegerField(help_text="The seat that acted (not always the player on turn)")
    player = serializers.CharField(allow_null=True)
    kind = serializers.CharField(help_text="place, discard, skip, forfeit, resign, or an expansion's entry kind")
    entry = serializers.JSONField(help_text="The record entry exactly as stored (NOTATION.md)")
    text = serializers.CharField(help_text="What happened, in words")
    resign = serializers.BooleanField(help_text="The player resigned")
    tile = serializers.CharField(allow_null=True)
    x = serializers.IntegerField(allow_null=True)
    y = serializers.IntegerField(allow_null=True)
    rotation = serializers.IntegerField(allow_null=True)
    meeple = serializers.CharField(allow_null=True)
    discard = serializers.BooleanField()
    skip = serializers.BooleanField(help_text="The turn ran out of time and was skipped")
    forfeit = serializers.BooleanField(help_text="The player lost on time")
    points = serializers.ListField(child=serializers.IntegerField(), help_text="Points each seat scored")


class RecordSerializer(serializers.Serializer):
    format = serializers.CharField()
    rules = serializers.JSONField()
    players = serializers.ListField(child=serializers.CharField())
    start = serializers.JSONField()
    moves = serializers.ListField(child=serializers.JSONField())
    meta = serializers.JSONField()


SVG = OpenApiTypes.STR


class BotsRequestSerializer(serializers.Serializer):
    level = serializers.ChoiceField(
        choices=[*BOT_LEVELS, *OLD_BOT_LEVELS],
        help_text="beginner, casual, strong or expert (random, greedy and mcts are old names of beginner, strong and expert)",
    )
    count = StrictIntegerField(min_value=1, required=False, help_text="How many open seats (default: all)")


class HintSerializer(serializers.Serializer):
    state = serializers.ChoiceField(["none", "pending", "done"], help_text="Not asked for, being searched, found")
    move_number = serializers.IntegerField(help_text="The move the hint is for")
    level = serializers.CharField(help_text="The bot level whose move it is (the strongest)")
    level_label = serializers.CharField()
    entry = serializers.JSONField(allow_null=True, help_text="The record entry the bot would play (once found)")
    text = serializers.CharField(allow_null=True, help_text="That move in words")
    notation = serializers.CharField(
        allow_null=True, help_text="A placement in the reply notation, e.g. `2,-1 90 city:N`"
    )
    url = serializers.CharField(help_text="This endpoint")
