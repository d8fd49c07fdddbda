from django.contrib import messages
from django.contrib.auth import login
from django.shortcuts import redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import select_template

from django.contrib.auth.decorators import login_required
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from . import email_change
from .forms import EmailChangeForm, SignupForm

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
    """Where to go after signing up (e.g. back to an invitation), if it is our own page."""
    url = request.POST.get("next") or request.GET.get("next") or ""
    if url and url_has_allowed_host_and_scheme(url, allowed_hosts={request.get_host()},
                                               require_https=request.is_secure()):
        return url
    return ""


def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    next_url = _next_url(request)
    if request.method == "POST":
        form = SignupForm(request.POST)
        if form.is_valid():
            user = form.save()
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            request.session.pop(INVITED_EMAIL_SESSION_KEY, None)
            messages.success(request, f"Welcome, {user.username}! Your account is ready.")
            return redirect(next_url or "home")
    else:
        form = SignupForm(initial={"email": request.session.get(INVITED_EMAIL_SESSION_KEY, "")})
    return render(request, "registration/signup.html", {"form": form, "next": next_url})


@login_required
def change_email(request):
    if request.method == "POST":
        form = EmailChangeForm(request.user, request.POST)
        if form.is_valid():
            email_change.send_confirmation(request, request.user, form.cleaned_data["email"])
            messages.success(request, _("We sent a link to %(email)s: your address changes when you open it.")
                             % {"email": form.cleaned_data["email"]})
            return redirect("email-change")
    else:
        form = EmailChangeForm(request.user)
    return render(request, "registration/email_change_form.html", {"form": form})


def confirm_email(request, token):
    """The link of the confirmation e-mail shows a button; the address changes on POST
    (mail scanners that open links change nothing)."""
    if request.method != "POST":
        try:
            email = email_change.peek(token)
        except ValueError as exc:
            messages.error(request, str(exc))
            return render(request, "registration/email_change_done.html", {"ok": False}, status=400)
        return render(request, "registration/email_change_confirm.html", {"email": email})
    try:
        user = email_change.confirm(token)
    except ValueError as exc:
        messages.error(request, str(exc))
        return render(request, "registration/email_change_done.html", {"ok": False}, status=400)
    messages.success(request, _("Your e-mail address is now %(email)s.") % {"email": user.email})
    return render(request, "registration/email_change_done.html", {"ok": True})
