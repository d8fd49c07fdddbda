from typing import cast

from django import forms
from django.conf import settings
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from . import mail
from .deletion import is_retired
from .models import User
from .names import imitates_neutral_name, is_confusable, normalize, skeleton


def check_username(name: str, exclude_pk=None) -> str:
    """The normalised ``name``, or ValidationError when it can be mistaken for another."""
    name = normalize(name)
    if is_confusable(name):
        raise forms.ValidationError(_("This name mixes alphabets with look-alike letters; please use one alphabet."))
    if imitates_neutral_name(name):
        raise forms.ValidationError(_("Names like “deleted player” stand for deleted accounts; please choose another."))
    others = User.objects.filter(username_skeleton=skeleton(name))
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    if others.exists() or is_retired(name):  # a deleted account's name is never given out again
        raise forms.ValidationError(_("This name is taken, or looks too much like a name that is."))
    return name


# What an account's address holds: a form's own limit (320) would let a longer one through.
EMAIL_MAX_LENGTH = User._meta.get_field("pending_email").max_length


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        required=True,
        max_length=EMAIL_MAX_LENGTH,
        label=_("Email"),
        help_text=_("Your turns are announced by e-mail. We send a link to confirm it."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)

    def clean_username(self):
        return check_username(super().clean_username())

    def clean_email(self):
        # Never says whether the address is registered (see accounts.verification).
        return User.objects.normalize_email(self.cleaned_data["email"]).strip()


class EmailChangeForm(forms.Form):
    email = forms.EmailField(
        max_length=EMAIL_MAX_LENGTH,
        label=_("New e-mail address"),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
        help_text=_("It replaces your address once you follow the link we send to it."),
    )


class LanguageForm(forms.Form):
    """The site's language: one of the four, or (signed in) "the browser's language"."""

    language = forms.ChoiceField(label=_("Language"), required=False)

    def __init__(self, *args, allow_browser: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        browser = [("", _("The browser's language"))] if allow_browser else []
        cast(forms.ChoiceField, self.fields["language"]).choices = [*browser, *settings.LANGUAGES]
        self.fields["language"].widget.attrs["lang"] = ""


class DeleteAccountForm(forms.Form):
    """Deleting the account asks for its password (or see the e-mailed link)."""

    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self):
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("This is not your password."))
        return password


class LoginForm(AuthenticationForm):
    """Django's log-in form; the owner of a suspended account (the right password) is told
    that it is suspended rather than that the password is wrong."""

    def clean(self):
        try:
            return super().clean()
        except forms.ValidationError:
            name, password = self.cleaned_data.get("username") or "", self.cleaned_data.get("password") or ""
            user = User.objects.filter(username=normalize(name), suspended_at__isnull=False).first()
            if user is not None and user.check_password(password):
                raise forms.ValidationError(
                    _("This account is suspended: it cannot log in."), code="suspended"
                ) from None
            raise


class PasswordResetForm(auth_forms.PasswordResetForm):
    """Django's, its e-mail written to the outbox like every other (sent by a worker, tried
    again while the mail server refuses) rather than sent inside the request."""

    def send_mail(self, subject_template_name, email_template_name, context, from_email, to_email, **kwargs):
        with transaction.atomic():
            mail.announce(mail.PASSWORD_RESET, context["user"], to_email)
