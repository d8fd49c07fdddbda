from django.apps import AppConfig


class ArchiveConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "archive"
    verbose_name = "Game archive"

    def ready(self) -> None:
        from . import privacy, signals  # noqa: F401  (connects the post_save receiver; deletions)
