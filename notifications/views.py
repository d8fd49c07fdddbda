"""Pages: one-click log-in links, unsubscribe, notification settings, games waiting for me."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core import signing
from django.http import HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from accounts.deletion import is_deleted
from games import clock, durations
from games.models import PlayPreference, Vacation

from . import links
from .forms import PlayPreferenceForm, PreferenceForm, VacationForm
from .models import Category, EmailOptOut, Mode, Preference


@require_http_methods(["GET", "HEAD", "POST"])
def go(request, token: str):
    """A log-in link from an e-mail. GET shows a button (mail scanners open links too,
    and another site must not be able to log a visitor in: the button is a POST with
    a CSRF token); its POST spends the link, logs in and redirects. Nothing else: moves
    are always a POST from the game page. Someone already logged in as the link's user
    goes straight to the page; someone logged in as another user is asked first."""
    try:
        user, path = links.read_login_token(token)
    except signing.BadSignature:
        return HttpResponseBadRequest(_("This link is not valid."))
    if user is not None and request.user.pk == user.pk:
        return _no_referrer(redirect(path))
    if user is None or (request.method == "POST" and not links.use_login_token(token)):
        if request.user.is_authenticated:
            return redirect(path)
        messages.info(request, _("This link has expired or has been used: please log in."))
        return redirect_to_login(path)
    if request.method == "POST":
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return _no_referrer(redirect(path))
    response = render(request, "notifications/go.html", {"link_user": user, "path": path})
    return _no_referrer(response)


def _no_referrer(response):
    # The link's token never goes to another site; "no-referrer" would also make browsers
    # send "Origin: null" with the page's own log-in form, which CSRF checks then refuse.
    response["Referrer-Policy"] = "same-origin"
    response["Cache-Control"] = "no-store"
    return response


@csrf_exempt  # RFC 8058 one-click POSTs come from mail providers; the signed token is the check
@require_http_methods(["GET", "HEAD", "POST"])
def unsubscribe(request, token: str):
    """GET: a page with a confirm button (never unsubscribes). POST: unsubscribe."""
    try:
        data = links.read_unsubscribe_token(token)
        category = Category(data["c"])
    except (signing.BadSignature, KeyError, ValueError):
        return HttpResponseBadRequest(_("This link is not valid."))
    user = get_user_model().objects.filter(pk=data["u"]).first() if "u" in data else None
    if user is not None and is_deleted(user):  # nothing of the person is kept, no settings either
        return HttpResponseBadRequest(_("This link is not valid."))
    email = data.get("e", "")
    done = False
    if request.method == "POST":
        if user is not None:
            prefs = Preference.for_user(user)
            setattr(prefs, category.value, Mode.NONE)
            prefs.save(update_fields=[category.value])
        elif email:
            EmailOptOut.objects.get_or_create(email=email.lower())
        done = True
    return render(
        request,
        "notifications/unsubscribe.html",
        {"category": category, "who": user.username if user else email, "done": done, "has_account": user is not None},
    )


@login_required
def settings_page(request):
    prefs = Preference.for_user(request.user)
    form = PreferenceForm(instance=prefs)
    vacation_form = VacationForm(user=request.user, prefs=prefs)
    play_prefs, _created = PlayPreference.objects.get_or_create(user=request.user)
    play_form = PlayPreferenceForm(instance=play_prefs)
    if request.method == "POST":
        if "save_play" in request.POST:
            play_form = PlayPreferenceForm(request.POST, instance=play_prefs)
            if play_form.is_valid():
                play_form.save()
                messages.success(request, _("Your playing preferences are saved."))
                return redirect(reverse("notifications:settings") + "#playing")
        elif "add_vacation" in request.POST:
            vacation_form = VacationForm(request.POST, user=request.user, prefs=prefs)
            if vacation_form.is_valid():
                Vacation.objects.create(
                    user=request.user,
                    start=vacation_form.cleaned_data["start_at"],
                    end=vacation_form.cleaned_data["end_at"],
                )
                messages.success(request, _("Vacation saved: your clocks stop for that time in games that allow it."))
                return redirect("notifications:settings")
        elif "delete_vacation" in request.POST:
            now = timezone.now()
            vacation = (
                Vacation.objects.filter(
                    user=request.user, pk=str(request.POST.get("delete_vacation")), end__gt=now
                ).first()
                if str(request.POST.get("delete_vacation", "")).isdigit()
                else None
            )
            if vacation is None:
                messages.error(request, _("That vacation is over or does not exist."))
            elif vacation.start > now:
                vacation.delete()
                messages.success(request, _("Vacation removed."))
            else:  # already running: it ends now (the days taken so far stay used)
                vacation.end = now
                vacation.save(update_fields=["end"])
                messages.success(request, _("Vacation ended: your clocks run again."))
            return redirect(reverse("notifications:settings") + "#vacations")
        else:
            form = PreferenceForm(request.POST, instance=prefs)
            if form.is_valid():
                form.save()
                messages.success(request, _("Your notification settings are saved."))
                return redirect("notifications:settings")
    now = timezone.now()
    year_used = clock.vacation_days_used(request.user, now.year)
    return render(
        request,
        "notifications/settings.html",
        {
            "form": form,
            "vacation_form": vacation_form,
            "play_form": play_form,
            "vacations": Vacation.objects.filter(user=request.user, end__gt=now),
            "allowance": prefs.vacation_days_per_year,
            "days_left": durations.describe_days(max(prefs.vacation_days_per_year - year_used, 0)),
            "now": now,
        },
    )


@login_required
def waiting(request):
    return render(request, "notifications/waiting.html", {"rows": clock.waiting_games(request.user)})
