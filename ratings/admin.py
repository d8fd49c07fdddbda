from django.contrib import admin

from .models import Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["user", "pool", "display", "games", "mu", "sigma", "updated_at"]
    list_filter = ["pool"]
    search_fields = ["user__username"]

    def has_change_permission(self, request, obj=None):
        return False  # derived data: `manage.py recompute_ratings`


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ["game", "user", "pool", "rank", "display_before", "display", "finished_at"]
    list_filter = ["pool"]

    def has_change_permission(self, request, obj=None):
        return False
