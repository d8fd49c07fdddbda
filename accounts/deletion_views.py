"""The pages of "Delete my account" (see :mod:`accounts.deletion`): with the password, or
with a link e-mailed to the account's confirmed address (for whoever forgot it). The
link's page asks before deleting: mail scanners open links too."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from . import deletion, limits, mail
from .forms import DeleteAccountForm

LINKS_PER_HOUR = 3  # deletion links one account may have e-mailed per hour
PASSWORD_TRIES_PER_HOUR = 10  # wrong passwords on this page per account and hour


@login_required
@require_http_methods(["GET", "POST"])
def delete_account(request):
    user = request.user
    form = DeleteAccountForm(user, request.POST if "password" in request.POST else None)
    status = 200
    if request.method == "POST" and "send_link" in request.POST:
        return _send_link(request)
    if request.method == "POST":
        if not limits.spend("delete-password", str(user.pk), PASSWORD_TRIES_PER_HOUR, 3600):
            form = DeleteAccountForm(user)
            form.add_error(None, _("Too many wrong passwords in the last hour: try again later, or use the link."))
            status = 429
        elif form.is_valid():
            return _delete(request, user)
        else:
            status = 400
    context = {"form": form, "link_hours": deletion.LINK_MAX_AGE // 3600}
    return render(request, "accounts/delete_account.html", context, status=status)


def _send_link(request):
    user = request.user
    if not user.email:
        messages.error(request, _("You have no confirmed e-mail address: delete the account with your password."))
    elif not limits.spend("delete-link", str(user.pk), LINKS_PER_HOUR, 3600):
        messages.error(request, _("We sent you several links in the last hour: use the newest one."))
    else:
        with transaction.atomic():
            mail.announce(mail.DELETE_LINK, user, user.email)
        messages.success(
            request, _("We sent a link to %(email)s: follow it to delete your account.") % {"email": user.email}
        )
    return redirect("delete-account")


@require_http_methods(["GET", "POST"])
def delete_account_link(request, token: str):
    user = deletion.user_of_link(token)
    if user is None and request.method == "POST" and deletion.deleted_since_link(token):
        return _deleted(request)  # confirmed twice: the first did it
    if user is None:
        return render(request, "accounts/delete_account_link.html", {"expired": True}, status=404)
    if request.method == "POST":
        return _delete(request, user)
    return render(request, "accounts/delete_account_link.html", {"account": user})


def _delete(request, user):
    own = request.user.is_authenticated and request.user.pk == user.pk
    try:
        deletion.delete_account(user)
    except deletion.AlreadyDeleted:  # a second click, or a second tab, a moment after the first: it is done
        pass
    if own:
        logout(request)
    return _deleted(request)


def _deleted(request):
    messages.success(request, _("Your account is deleted. Goodbye, and thank you for playing."))
    return redirect("home")
