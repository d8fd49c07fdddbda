from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import select_template
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from . import limits, verification
from .forms import EmailChangeForm, LanguageForm, PasswordResetForm, SignupForm

# The home page shows "Your games" from the games app when it provides this
# template, else a placeholder.
YOUR_GAMES_TEMPLATES = ["games/home_your_games.html", "accounts/home_your_games.html"]


def home(request):
    context = {}
    if request.user.is_authenticated:
        try:
            context["your_games_template"] = select_template(YOUR_GAMES_TEMPLATES).template.name
        except TemplateDoesNotExist:  # pragma: no cover - the placeholder ships with us
            context["your_games_template"] = None
    return render(request, "home.html", context)


# An invitation link puts the invited address here (games.views.invitation) so that
# the sign-up form starts with it.
INVITED_EMAIL_SESSION_KEY = "invited_email"


def _next_url(request) -> str:
    """Where to go after signing up (e.g. back to an invitation), if it is a path of our own
    site; anything else (``abc``, ``0``, another site) is ignored."""
    url = request.POST.get("next") or request.GET.get("next") or ""
    if url.startswith("/") and url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return url
    return ""


def _go_next(request, default: str):
    """A redirect to ``next`` (a path, never read as a view's name), else to ``default``."""
    url = _next_url(request)
    return HttpResponseRedirect(url) if url else redirect(default)


def _may_sign_up(request) -> bool:
    """Counts a sign-up from the client's address; False past ACCOUNTS_SIGNUPS_PER_HOUR."""
    return limits.spend("signup", limits.client_address(request), settings.ACCOUNTS_SIGNUPS_PER_HOUR, 3600)


def _may_mail_address(email: str) -> bool:
    """Counts an e-mail about ``email`` (its confirmation link, or the warning to its
    registered owner); False past ACCOUNTS_CONFIRMATIONS_PER_EMAIL_PER_HOUR, whoever asks.
    Counted whether or not the address is registered, so a refusal tells nothing."""
    limit = settings.ACCOUNTS_CONFIRMATIONS_PER_EMAIL_PER_HOUR
    return limits.spend("confirmation-to", email.strip().lower(), limit, 3600)


def _too_many_to_address(form) -> None:
    form.add_error(
        "email",
        _("Too many e-mails went to this address in the last hour: look for them in its inbox, or try again later."),
    )


def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    next_url = _next_url(request)
    status = 200
    if request.method == "POST":
        form = SignupForm(request.POST)
        if form.is_valid() and not _may_sign_up(request):
            form.add_error(None, _("Too many accounts were made from your address in the last hour: try again later."))
            status = 429
        elif form.is_valid() and not _may_mail_address(form.cleaned_data["email"]):
            _too_many_to_address(form)
            status = 429
        elif form.is_valid():
            try:
                with transaction.atomic():
                    user = form.save()
            except IntegrityError:  # the same name, signed up in parallel
                form.add_error("username", _("This name is taken, or looks too much like a name that is."))
            else:
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
                verification.request_address(user, form.cleaned_data["email"])
                request.session.pop(INVITED_EMAIL_SESSION_KEY, None)
                messages.success(
                    request,
                    _(
                        "Welcome, %(name)s! Your account is ready. We sent a link to %(email)s: follow it to confirm your address."
                    )
                    % {"name": user.username, "email": form.cleaned_data["email"]},
                )
                return _go_next(request, "home")
    else:
        form = SignupForm(initial={"email": request.session.get(INVITED_EMAIL_SESSION_KEY, "")})
    return render(request, "registration/signup.html", {"form": form, "next": next_url}, status=status)


class PasswordResetView(auth_views.PasswordResetView):
    """Django's, limited per client address and per address written: past either limit
    the form says so and no e-mail goes out (the same answer whether or not an account
    has that address). Its e-mail is sent by a worker, not in the request (:class:`PasswordResetForm`)."""

    form_class = PasswordResetForm

    def form_valid(self, form):
        email = form.cleaned_data["email"].strip().lower()
        if not limits.spend(
            "password-reset", limits.client_address(self.request), settings.ACCOUNTS_PASSWORD_RESETS_PER_HOUR, 3600
        ):
            form.add_error(
                None, _("Too many password resets were asked for from your address in the last hour: try again later.")
            )
        elif not limits.spend("password-reset-to", email, settings.ACCOUNTS_PASSWORD_RESETS_PER_EMAIL_PER_HOUR, 3600):
            form.add_error(
                None,
                _(
                    "Too many password reset e-mails went to this address in the last hour: "
                    "look for them in its inbox, or try again later."
                ),
            )
        else:
            return super().form_valid(form)
        return self.render_to_response(self.get_context_data(form=form), status=429)


@login_required
def email_change(request):
    form = EmailChangeForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid() and not _may_mail_address(form.cleaned_data["email"]):
        _too_many_to_address(form)
        status = 429
    elif request.method == "POST" and form.is_valid():
        email = form.cleaned_data["email"]
        verification.request_address(request.user, email)
        messages.success(
            request, _("We sent a link to %(email)s: follow it to confirm the address.") % {"email": email}
        )
        return redirect("email-change")
    return render(request, "registration/email_change.html", {"form": form}, status=status)


def email_confirm(request, token: str):
    try:
        user = verification.confirm(token)
    except verification.ConfirmationError as exc:
        messages.error(request, str(exc))
        return redirect("email-change" if request.user.is_authenticated else "home")
    messages.success(request, _("Thank you: %(email)s is confirmed.") % {"email": user.email})
    return redirect("home")


def language(request):
    """The language setting (the account menu's "Language") and the footer's switcher.

    Signed in, the choice is saved on the account (it then wins over the browser's
    language, also for e-mails); either way the language cookie remembers it."""
    signed_in = request.user.is_authenticated
    if request.method == "POST":
        form = LanguageForm(request.POST, allow_browser=signed_in)
        if form.is_valid():
            code = form.cleaned_data["language"]
            if signed_in:
                request.user.language = code
                request.user.save(update_fields=["language"])
            translation.activate(code or translation.get_language_from_request(request))
            messages.success(request, _("Language saved."))
            response = _go_next(request, "language")
            if code:
                response.set_cookie(
                    settings.LANGUAGE_COOKIE_NAME,
                    code,
                    max_age=settings.LANGUAGE_COOKIE_AGE,
                    samesite=settings.LANGUAGE_COOKIE_SAMESITE,
                    secure=request.is_secure() or None,
                )
            else:
                response.delete_cookie(settings.LANGUAGE_COOKIE_NAME)
            return response
        return render(request, "registration/language.html", {"form": form}, status=400)
    initial = request.user.language if signed_in else translation.get_language()
    form = LanguageForm(initial={"language": initial}, allow_browser=signed_in)
    return render(request, "registration/language.html", {"form": form})
