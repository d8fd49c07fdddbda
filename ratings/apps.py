from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        from . import privacy, signals  # noqa: F401  (rates finished games after their transaction commits; deletions)
