from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self):
        from . import signals  # noqa: F401  (connects the receiver that records a finished game's result)
