"""``manage.py translations``: update the catalogues from the code and compile them;
``--check``: list what is missing, stale, fuzzy or untranslated (exit status 1 if any);
``--compile``: compile the catalogues whose ``.mo`` is missing or older than the ``.po``."""

from django.core.management.base import BaseCommand, CommandError

from carcassonne_site import translations


class Command(BaseCommand):
    help = "Update, check or compile the translation catalogues (locale/)."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="only report problems")
        parser.add_argument("--compile", action="store_true", help="only compile stale catalogues")

    def handle(self, *args, check=False, compile=False, **options):
        if compile:
            if translations.stale_compiled():
                translations.compile_all()
            return
        if check:
            found = translations.problems()
            for line in found:
                self.stdout.write(line)
            if found:
                raise CommandError(f"{len(found)} translation problems")
            self.stdout.write("The catalogues are complete and up to date.")
            return
        translations.update()
        self.stdout.write('Catalogues updated: translate the new entries (msgstr "") in locale/*/LC_MESSAGES/*.po.')
