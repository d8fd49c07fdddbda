from django.contrib import admin

from .models import Entry, Pairing, Round, Tournament


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "format", "status", "director", "created_at"]
    list_filter = ["format", "status"]
    search_fields = ["name", "league"]


admin.site.register(Entry)
admin.site.register(Round)
admin.site.register(Pairing)
