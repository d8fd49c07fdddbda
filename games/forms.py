"""Forms of the games pages. Validation of players and rules stays in the commands (games.lobby)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext

from carcassonne import Rules, RulesError, hooks
from carcassonne.bots import strength_of
from carcassonne.rules import MAX_HAND, MAX_PLAYERS
from games.models import (
    BOT_LEVEL_LABELS,
    BOT_LEVEL_PLAY,
    BOT_LEVELS,
    DEFAULT_BOT_LEVEL,
    OLD_BOT_LEVELS,
    Game,
    bot_level,
    rule_options,
)
from games.present import vocabulary


def level_strength(level: str) -> str:
    """How ``level`` fared against the level just below it, measured (``carcassonne/bots/ladder.json``):
    "wins 8 of 10 against Casual"; empty for the weakest level."""
    index = BOT_LEVELS.index(level)
    if index == 0:
        return ""
    below = BOT_LEVELS[index - 1]
    for row in strength_of(level):
        if row["against"] == below:
            return ngettext(
                "wins %(wins)s of %(games)s against %(level)s",
                "wins %(wins)s of %(games)s against %(level)s",
                row["games"],
            ) % {"wins": row["wins"], "games": row["games"], "level": BOT_LEVEL_LABELS[below]}
    return ""


class BotLevelField(forms.ChoiceField):
    """The four levels; a page of the old form may still send an old name (``greedy``)."""

    def valid_value(self, value) -> bool:
        return value in OLD_BOT_LEVELS or super().valid_value(value)

    def clean(self, value) -> str:
        return bot_level(super().clean(value))


def bot_level_choices() -> list[tuple[str, str]]:
    """The four levels, each with how it plays and (above the weakest) its measured strength,
    in the reader's language: "Strong — always takes the most points it can see this turn
    (wins 32 of 40 against Casual)"."""
    choices = []
    for level in BOT_LEVELS:
        strength = level_strength(level)
        label = pgettext("bot level and how it plays", "%(level)s — %(play)s") % {
            "level": BOT_LEVEL_LABELS[level],
            "play": BOT_LEVEL_PLAY[level],
        }
        choices.append((level, f"{label} ({strength})" if strength else label))
    return choices


UNLIMITED = "unlimited"  # the "Time per move" choice without a time limit (move_days None)


def _own_options() -> dict[str, object]:
    """The expansions' own choices (``RuleModule.settings``) with their defaults, by name."""
    return {o.name: o.default for cls in hooks.expansions() for o in cls.settings if o.kind == "choice"}


def rule_field(option) -> forms.Field:
    """A form field for one of the engine's rule options (``rule_options()``)."""
    label, help_text = vocabulary.option_label(option), vocabulary.option_help(option)
    if option.kind == "choice":  # an expansion's own choice may be left out (its default) when it is not played
        return forms.ChoiceField(
            label=label,
            choices=vocabulary.option_choices(option),
            initial=option.default,
            help_text=help_text,
            required=option.name not in _own_options(),
        )
    if option.kind == "int":  # empty: the option's default (none: e.g. no hand of tiles)
        return forms.IntegerField(
            label=label,
            initial=option.default,
            help_text=help_text,
            required=option.default is not None,
            min_value=1,
            max_value=MAX_HAND,
        )
    return forms.BooleanField(label=label, required=False, initial=option.default, help_text=help_text)


if TYPE_CHECKING:  # the mixin is used with a Form or a ModelForm: for the type checker it is one
    _Form = forms.BaseForm
else:
    _Form = object


class RulesFormMixin(_Form):
    """The rule options of a form (game or tournament), one field per engine option, in the
    engine's order; ``rules()`` gives the NOTATION.md rules object they make."""

    def add_rule_fields(self) -> None:
        for option in rule_options():
            self.fields[option.name] = rule_field(option)

    @property
    def expansion_fields(self) -> list:
        """The expansions' fields (each with its explanation)."""
        return [self[option.name] for option in rule_options() if option.kind == "expansion"]

    @property
    def house_rule_fields(self) -> list:
        """Farm scoring and the house rules' fields."""
        return [self[option.name] for option in rule_options() if option.kind != "expansion"]

    def rules(self) -> dict:
        values = {o.name: self.cleaned_data.get(o.name, o.default) for o in rule_options()}
        values.update({name: default for name, default in _own_options().items() if values.get(name) in (None, "")})
        return Rules.from_options(values).to_json()

    def clean_rules(self) -> None:
        """Add the engine's refusal of the combination, if any, to the form's errors."""
        try:
            self.rules()
        except RulesError as exc:
            self.add_error(None, vocabulary.rules_error(exc))


class CreateGameForm(RulesFormMixin, forms.Form):
    name = forms.CharField(
        max_length=80,
        required=False,
        label=_("Name"),
        widget=forms.TextInput(attrs={"placeholder": _("e.g. Friday game"), "autocomplete": "off"}),
    )
    invite = forms.CharField(
        label=_("Invite players"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "placeholder": "bob\ncid@example.com", "autocomplete": "off"}),
        help_text=_(
            "Usernames of registered players or e-mail addresses, one per line or separated by commas. "
            "Anyone invited by e-mail gets a link to join."
        ),
    )
    open_seats = forms.IntegerField(
        label=_("Open seats"),
        min_value=0,
        max_value=MAX_PLAYERS,
        initial=0,
        help_text=_("Seats anyone can take from the lobby."),
    )
    bots = forms.IntegerField(
        label=_("Bots"),
        min_value=0,
        max_value=MAX_PLAYERS,
        initial=0,
        required=False,
        help_text=_("Seats played by the computer, for practice. Games with a bot are not rated."),
    )
    # Radio buttons: each level's strength in words wraps, where a select would cut it.
    bot_level = BotLevelField(
        label=_("Bot level"),
        choices=bot_level_choices,
        initial=DEFAULT_BOT_LEVEL,
        required=False,
        widget=forms.RadioSelect,
    )
    seat_order = forms.ChoiceField(
        label=_("Seat order"),
        choices=Game.SeatOrder.choices,
        initial=Game.SeatOrder.AS_LISTED,
        help_text=_("As listed: you first, then the invited players, then open seats."),
    )
    move_days = forms.TypedChoiceField(
        label=_("Time per move"),
        choices=[*((str(d), label) for d, label in Game.MOVE_DAYS_CHOICES), (UNLIMITED, _("Unlimited"))],
        coerce=lambda value: None if value == UNLIMITED else int(value),
        initial="3",
        help_text=_("How long each player has for a turn; a reminder e-mail comes before it runs out."),
    )
    timeout_rule = forms.ChoiceField(
        label=_("When time runs out"),
        choices=[
            (Game.TimeoutRule.SKIP, _("Skip the turn")),
            (Game.TimeoutRule.LOSE, _("Lose on time")),
            (Game.TimeoutRule.BOT, _("A bot takes over")),
        ],
        initial=Game.TimeoutRule.LOSE,
        help_text=_(
            "Skip: the tile goes back into the bag. Lose: the player leaves the game, the others play on. "
            "A bot takes over: a bot plays the seat from then on (the game is then not rated)."
        ),
    )
    vacation_allowed = forms.BooleanField(
        label=_("Allow vacations"),
        required=False,
        initial=True,
        help_text=_("Players on vacation (set in their notification settings) have their clock paused."),
    )

    private = forms.BooleanField(
        label=_("Private game"),
        required=False,
        initial=False,
        help_text=_("Only the players see it. Otherwise anyone may watch, and the archive lists it."),
    )

    def invitees(self) -> list[str]:
        raw = self.cleaned_data.get("invite") or ""
        return [part for part in (p.strip() for p in re.split(r"[\s,;]+", raw)) if part]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.add_rule_fields()

    def timing(self) -> dict:
        """The play-by-e-mail options, as games.lobby.create_game takes them."""
        return {
            "move_days": self.cleaned_data.get("move_days"),
            "timeout_rule": self.cleaned_data["timeout_rule"],
            "vacation_allowed": bool(self.cleaned_data.get("vacation_allowed")),
            "private": bool(self.cleaned_data.get("private")),
        }

    def clean(self):
        cleaned = super().clean()
        if not self.errors:
            self.clean_rules()
        if not self.errors:
            players = 1 + len(self.invitees()) + (cleaned.get("open_seats") or 0) + (cleaned.get("bots") or 0)
            if players < 2:
                raise forms.ValidationError(
                    _("Invite at least one player, open a seat or add a bot: a game needs 2 to 5 players.")
                )
            most = Rules.from_json(self.rules()).max_players
            if players > most:
                if players == MAX_PLAYERS + 1:
                    raise forms.ValidationError(
                        _("A sixth player needs Inns & Cathedrals: choose it, or seat fewer players.")
                    )
                raise forms.ValidationError(
                    ngettext(
                        "A game has at most %(most)d player; this one would have %(players)d.",
                        "A game has at most %(most)d players; this one would have %(players)d.",
                        most,
                    )
                    % {"most": most, "players": players}
                )
        return cleaned
