"""The moderators' side of reports (see :mod:`chat.moderation`): open reports with the message
in its context, and the actions (hide the message, silence the player's chat, suspend the
account, close without action), each logged with its author. The accounts' admin gets
"suspend" and "lift the suspension" too."""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from . import moderation
from .models import Message, ModerationAction, Report, Silence

User = get_user_model()


def _done(modeladmin, request, count: int, what: str) -> None:
    modeladmin.message_user(request, f"{what}: {count}", messages.SUCCESS)


@admin.action(description=_("Hide the reported messages"))
def hide_messages(modeladmin, request, queryset):
    reports = [r for r in queryset.select_related("message") if r.message_id]
    for report in reports:
        moderation.hide(report.message, request.user, report)
    _done(modeladmin, request, len(reports), "hidden")


def _silencer(hours: int, description):
    @admin.action(description=description)
    def silence(modeladmin, request, queryset):
        for report in queryset.select_related("reported"):
            moderation.silence(report.reported, request.user, hours, report)
        _done(modeladmin, request, queryset.count(), f"silenced for {hours} h")

    silence.__name__ = f"silence_{hours}h"
    return silence


@admin.action(description=_("Suspend the reported players"))
def suspend_reported(modeladmin, request, queryset):
    for report in queryset.select_related("reported"):
        moderation.suspend(report.reported, request.user, report)
    _done(modeladmin, request, queryset.count(), "suspended")


@admin.action(description=_("Close without action"))
def dismiss_reports(modeladmin, request, queryset):
    for report in queryset.filter(state=Report.State.OPEN):
        moderation.dismiss(report, request.user)
    _done(modeladmin, request, queryset.count(), "closed")


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ["created_at", "state", "reason", "reported", "reporter", "game", "excerpt"]
    list_filter = ["state", "reason"]
    search_fields = ["reported__username", "reporter__username", "note"]
    ordering = ["-state", "-created_at"]  # open first
    actions = [
        hide_messages,
        _silencer(24, _("Silence the reported players' chat for a day")),
        _silencer(24 * 7, _("Silence the reported players' chat for a week")),
        suspend_reported,
        dismiss_reports,
    ]
    readonly_fields = [
        "reporter",
        "reported",
        "reason",
        "note",
        "game",
        "state",
        "created_at",
        "closed_at",
        "closed_by",
        "in_context",
        "earlier_reports",
        "log",
    ]
    exclude = ["message"]

    def has_add_permission(self, request) -> bool:
        return False

    @admin.display(description=_("message"))
    def excerpt(self, report: Report) -> str:
        return report.message.text[:60] if report.message is not None else "–"

    @admin.display(description=_("the message in its context"))
    def in_context(self, report: Report):
        if report.message is None:
            return "–"
        lines = []
        for m in moderation.context_of(report.message):
            line = format_html(
                "<strong>{}</strong> <small>{}{}</small>: {}",
                m.author.username,
                timezone.localtime(m.created_at).strftime("%Y-%m-%d %H:%M"),
                " (hidden)" if m.hidden_at else "",
                m.text or "(deleted)",
            )
            lines.append(format_html("<mark>{}</mark>", line) if m.pk == report.message_id else line)
        return format_html("<ol>{}</ol>", format_html_join("", "<li>{}</li>", ((line,) for line in lines)))

    @admin.display(description=_("reports on this player"))
    def earlier_reports(self, report: Report) -> int:
        return Report.objects.filter(reported_id=report.reported_id).count()

    @admin.display(description=_("actions taken"))
    def log(self, report: Report):
        actions = report.actions.select_related("author").order_by("created_at")
        return format_html_join(
            "", "<div>{} · {} · {}</div>", ((a.created_at, a.get_kind_display(), a.author) for a in actions)
        )


@admin.action(description=_("Show the messages again"))
def show_messages(modeladmin, request, queryset):
    for message in queryset:
        moderation.show(message, request.user)
    _done(modeladmin, request, queryset.count(), "shown")


@admin.action(description=_("Hide the messages"))
def hide_chosen(modeladmin, request, queryset):
    for message in queryset:
        moderation.hide(message, request.user)
    _done(modeladmin, request, queryset.count(), "hidden")


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    list_display = ["created_at", "author", "game", "text", "hidden_at"]
    list_filter = [("hidden_at", admin.EmptyFieldListFilter)]
    search_fields = ["author__username", "text"]
    readonly_fields = ["game", "author", "text", "created_at", "hidden_at", "hidden_by"]
    actions = [hide_chosen, show_messages]

    def has_add_permission(self, request) -> bool:
        return False


@admin.action(description=_("Lift the silences"))
def lift_silences(modeladmin, request, queryset):
    for silence in queryset.select_related("user"):
        moderation.lift_silence(silence.user, request.user)
    _done(modeladmin, request, queryset.count(), "lifted")


@admin.register(Silence)
class SilenceAdmin(admin.ModelAdmin):
    list_display = ["user", "until", "by", "created_at"]
    readonly_fields = ["user", "until", "by", "created_at"]
    actions = [lift_silences]

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(ModerationAction)
class ModerationActionAdmin(admin.ModelAdmin):
    """The log of what the moderators did: read only."""

    list_display = ["created_at", "kind", "author", "target", "report", "detail"]
    list_filter = ["kind"]
    search_fields = ["author__username", "target__username"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.action(description=_("Suspend the accounts"))
def suspend_accounts(modeladmin, request, queryset):
    for user in queryset.exclude(pk=request.user.pk):
        moderation.suspend(user, request.user)
    _done(modeladmin, request, queryset.exclude(pk=request.user.pk).count(), "suspended")


@admin.action(description=_("Lift the suspensions"))
def lift_suspensions(modeladmin, request, queryset):
    for user in queryset.filter(suspended_at__isnull=False):
        moderation.unsuspend(user, request.user)
    _done(modeladmin, request, queryset.count(), "lifted")


_users = admin.site.get_model_admin(User)
_users.actions = [*(_users.actions or []), suspend_accounts, lift_suspensions]
