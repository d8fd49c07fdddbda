#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "carcassonne_site.settings")
    if sys.argv[1:2] == ["receive_mail"]:  # a mail server's pipe: its own exit statuses and output
        from notifications.pipe import main as receive_mail

        sys.exit(receive_mail(sys.argv))
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
