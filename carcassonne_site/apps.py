from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The project itself as an app: its system checks (see checks.py)."""

    name = "carcassonne_site"
    verbose_name = "Carcassonne site"

    def ready(self):
        from . import checks  # noqa: F401 - registers the checks
