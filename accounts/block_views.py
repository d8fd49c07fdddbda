"""The "Blocked players" page: block a player by name, see whom one blocked, unblock."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from . import blocks
from .models import Block


@login_required
@require_http_methods(["GET", "POST"])
def blocks_page(request):
    status = 200
    if request.method == "POST" and "unblock" in request.POST:
        user_id = request.POST.get("unblock", "")
        if user_id.isdigit() and blocks.unblock(request.user, int(user_id)):
            messages.success(request, _("Unblocked."))
        return redirect("blocks")
    if request.method == "POST":
        try:
            other = blocks.block(request.user, request.POST.get("username", ""))
        except blocks.BlockError as exc:
            messages.error(request, str(exc))
            status = 400
        else:
            messages.success(request, _("You blocked %(name)s.") % {"name": other.username})
            return redirect("blocks")
    rows = Block.objects.filter(user=request.user).select_related("blocked").order_by("blocked__username")
    return render(request, "accounts/blocks.html", {"rows": rows}, status=status)
