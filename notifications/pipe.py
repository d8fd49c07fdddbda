"""``manage.py receive_mail`` as a mail server runs it: a pipe, one process per message,
started with no environment. (``manage.py`` hands this command to :func:`main` before
Django loads its settings.)

- ``--env-file PATH``: a file of ``KEY=VALUE`` lines (the site's environment: SECRET_KEY,
  DATABASE_URL, REPLY_EMAIL, ...), read before the settings load.
- The exit status is 0 when the message was handled (played, answered, ignored or a
  duplicate) and 75 (EX_TEMPFAIL: the mail server keeps the message and tries again
  later) for every failure: settings that do not load, the env file missing, a site
  without REPLY_EMAIL, the database away. Never 1, which would bounce the reply to the
  player with a traceback.
- The output is one line: the JSON outcome on standard output, or on failure one line
  on standard error saying what went wrong. Warnings and log records are not printed
  (the mail server logs the first line of the output, and a failure's output goes into
  its delivery reports).
"""

from __future__ import annotations

import io
import logging
import os
import re
import sys
import warnings
from contextlib import redirect_stderr
from pathlib import Path

EX_TEMPFAIL = 75
LINE_RE = re.compile(r"^\s*(?:export\s+)?(?P<key>[A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?P<value>.*?)\s*$")


class EnvFileError(Exception):
    pass


def env_file_argument(argv: list[str]) -> str | None:
    """The PATH of ``--env-file PATH`` (or ``--env-file=PATH``) in ``argv``, if given."""
    for i, arg in enumerate(argv):
        if arg == "--env-file":
            if i + 1 >= len(argv):
                raise EnvFileError("--env-file needs a path")
            return argv[i + 1]
        if arg.startswith("--env-file="):
            return arg.partition("=")[2]
    return None


def read_env_file(path: str) -> dict[str, str]:
    """The ``KEY=VALUE`` lines of ``path`` (blank lines and ``#`` comments skipped, an
    ``export`` before the key and quotes around the value allowed), as systemd's
    EnvironmentFile or a shell would read them."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise EnvFileError(f"cannot read the env file {path}: {getattr(exc, 'strerror', None) or exc}") from None
    values = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = LINE_RE.match(line)
        if not match:
            raise EnvFileError(f"line {number} of the env file {path} is not KEY=VALUE")
        value = match["value"]
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[match["key"]] = value
    return values


def main(argv: list[str]) -> int:
    """Run ``receive_mail`` with ``argv`` (as ``sys.argv``); the exit status."""
    logging.disable(logging.CRITICAL)
    warnings.simplefilter("ignore")
    captured = io.StringIO()
    problem = ""
    with redirect_stderr(captured):
        try:
            path = env_file_argument(argv)
            if path:
                os.environ.update(read_env_file(path))
            from django.core.management import execute_from_command_line

            execute_from_command_line(argv)
            status = 0
        except SystemExit as exit:
            status = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else EX_TEMPFAIL)
        except BaseException as exc:  # noqa: BLE001 - settings that do not load, anything: try again later
            status, problem = EX_TEMPFAIL, describe(exc)
    if status == 0:
        return 0
    said = [line for line in captured.getvalue().splitlines() if line.strip()]
    problem = problem or (said[-1].removeprefix("CommandError: ") if said else f"exit status {status}")
    sys.stderr.write(f"receive_mail: {problem} (not handled: the mail server will try again)\n")
    return EX_TEMPFAIL


def describe(exc: BaseException) -> str:
    """An exception in one line: its class and the first line of its message."""
    text = str(exc).strip().splitlines()
    if isinstance(exc, EnvFileError):
        return text[0]
    return f"{type(exc).__name__}: {text[0][:200]}" if text else type(exc).__name__
