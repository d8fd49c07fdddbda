from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from django.utils.translation import gettext, ngettext

        from . import board_svg, live, privacy, tasks  # noqa: F401  (tasks queues bot turns it hears announced; privacy: deletions; live: the pages' tokens)
        from .present import expansions  # noqa: F401  (each expansion hands the board its drawings)
        from .present.vocabulary import figure_on

        board_svg.use_translation(gettext, ngettext, figure_on)
