"""The Postfix recipe of docs/operations/email.md works as written: a private Postfix
instance (its own configuration and queue directories under a temporary directory,
listening on a free port of 127.0.0.1; the system's own instance and port 25 are never
touched) configured with that page's ``main.cf`` and ``master.cf`` lines takes a reply
over SMTP and the move is played; a broken setting defers the reply, which is delivered
once after the fix.

Needs Debian's ``postfix`` package (``.ci/run`` installs it), root (Postfix's master
starts as root), an unprivileged user for the pipe (``nobody``) and PostgreSQL (the pipe
is a process of its own). Skipped without them, failed under REQUIRE_SERVICES=1.
"""

from __future__ import annotations

import json
import os
import pwd
import re
import shutil
import site
import smtplib
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from django.core import mail

from games.models import Move
from notifications.emails import build_message
from notifications.models import InboundMessage, Notification
from tests.conftest import needs_postgresql, skip_or_fail

from .conftest import wait_for
from .replymail import MANAGE, env_file, reply, started

RECIPE = Path(__file__).resolve().parents[2] / "docs" / "operations" / "email.md"
POSTFIX = Path("/usr/sbin/postfix")
PIPE_USER = "nobody"

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("reply_on")]

# The services of the private instance (no chroot: its queue is a temporary directory),
# smtpd on 127.0.0.1:{port}; the recipe's master.cf lines come after these.
MASTER = """\
127.0.0.1:{port} inet n - n - - smtpd
pickup    unix  n  -  n  60    1  pickup
cleanup   unix  n  -  n  -     0  cleanup
qmgr      unix  n  -  n  300   1  qmgr
rewrite   unix  -  -  n  -     -  trivial-rewrite
bounce    unix  -  -  n  -     0  bounce
defer     unix  -  -  n  -     0  bounce
trace     unix  -  -  n  -     0  bounce
verify    unix  -  -  n  -     1  verify
flush     unix  n  -  n  1000? 0  flush
proxymap  unix  -  -  n  -     -  proxymap
showq     unix  n  -  n  -     -  showq
error     unix  -  -  n  -     -  error
retry     unix  -  -  n  -     -  error
discard   unix  -  -  n  -     -  discard
anvil     unix  -  -  n  -     1  anvil
scache    unix  -  -  n  -     1  scache
postlog   unix-dgram n - n - 1 postlogd
"""

# The private instance's own settings; the recipe's main.cf lines come after these.
MAIN = """\
compatibility_level = 3.6
config_directory = {root}/etc
queue_directory = {root}/queue
data_directory = {root}/data
mail_owner = postfix
setgid_group = postdrop
myhostname = mx.carcassonne.test
mydomain = carcassonne.test
mydestination =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
maillog_file = {root}/maillog
maillog_file_prefixes = {root}
smtputf8_enable = no
# retry a deferred message at once when asked (postqueue -f), not later on its own
queue_run_delay = 3600s
minimal_backoff_time = 3600s
maximal_backoff_time = 3600s
"""


def recipe_block(first_line: str) -> str:
    """The recipe page's fenced block that starts with ``first_line`` (a comment), without it."""
    blocks: list[list[str]] = []
    block: list[str] | None = None
    for line in RECIPE.read_text().splitlines():
        if line.startswith("```"):
            if block is not None:
                blocks.append(block)
            block = [] if block is None else None
        elif block is not None:
            block.append(line)
    [found] = [b for b in blocks if b and b[0].startswith(first_line)]
    return "\n".join(found[1:]) + "\n"


def replaced(text: str, changes: dict[str, str]) -> str:
    for old, new in changes.items():
        assert old in text, f"the recipe's Postfix lines no longer say {old!r}"
        text = text.replace(old, new)
    return text


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


class Instance:
    """A private Postfix instance under ``root``."""

    def __init__(self, root: Path, port: int):
        self.root, self.port, self.config = root, port, root / "etc"

    def postfix(self, *args: str) -> subprocess.CompletedProcess:
        return run(str(POSTFIX), "-c", str(self.config), *args)

    def log(self) -> str:
        path = self.root / "maillog"
        return path.read_text(errors="replace") if path.exists() else ""

    def queued(self) -> list[dict]:
        out = run("postqueue", "-c", str(self.config), "-j").stdout
        return [json.loads(line) for line in out.splitlines() if line.strip()]

    def send(self, raw: bytes, sender: str, recipients: list[str]) -> None:
        with smtplib.SMTP("127.0.0.1", self.port, timeout=30) as smtp:
            smtp.sendmail(sender, recipients, raw)

    def delivers(self, done, timeout: float = 90) -> bool:
        """Wait until ``done()``; give up early once a delivery was deferred or bounced."""
        failed = ("status=deferred", "status=bounced")
        wait_for(lambda: done() or any(status in self.log() for status in failed), timeout=timeout)
        return done()


def _usable() -> None:
    if not POSTFIX.exists():
        skip_or_fail("Postfix is not installed (Debian's postfix package: .ci/run installs it)")
    if os.geteuid() != 0:
        skip_or_fail("a private Postfix instance starts as root")
    for user in ("postfix", PIPE_USER):
        try:
            pwd.getpwnam(user)
        except KeyError:
            skip_or_fail(f"no user {user!r} (Postfix's, or the pipe's)")
    needs_postgresql("the pipe of Postfix (a process of its own)")


@pytest.fixture
def instance(settings):
    """A private Postfix instance from the recipe's lines, the site's env file beside it."""
    _usable()
    root = Path(tempfile.mkdtemp(prefix="carcassonne-postfix-"))
    postfix = Instance(root, free_port())
    try:
        postfix.env = _configure(root, postfix.port)
        started_up = postfix.postfix("start")
        if started_up.returncode != 0:
            skip_or_fail(f"the private Postfix instance did not start: {started_up.stderr} {postfix.log()[-2000:]}")
        assert wait_for(lambda: _listening(postfix.port), timeout=20), postfix.log()
        yield postfix
    finally:
        postfix.postfix("stop")
        shutil.rmtree(root, ignore_errors=True)


def pipe_python(root: Path) -> str:
    """An interpreter the pipe's user can run, with this environment's packages: this
    one, or (when it lies where that user cannot go, e.g. pyenv's under /root) the
    system's Python of the same version in a virtual environment that adds ours."""
    if run("runuser", "-u", PIPE_USER, "--", sys.executable, "-c", "import django").returncode == 0:
        return sys.executable
    system = Path(f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}")
    if not system.exists():
        skip_or_fail(f"the pipe's user ({PIPE_USER}) cannot run {sys.executable}, and there is no {system}")
    made = run(str(system), "-m", "venv", "--without-pip", str(root / "python"))
    assert made.returncode == 0, made.stderr
    [packages] = (root / "python" / "lib").glob("python*/site-packages")
    ours = [path for path in site.getsitepackages() if Path(path).is_dir()]
    (packages / "carcassonne.pth").write_text(f"import site; list(map(site.addsitedir, {ours!r}))\n")
    return str(root / "python" / "bin" / "python")


def _configure(root: Path, port: int) -> Path:
    """Write the instance's main.cf and master.cf (its own lines, then the recipe's) and
    the site's env file; return the env file's path."""
    root.chmod(0o755)  # the pipe's user reads the env file here
    for name in ("etc", "queue", "data"):
        (root / name).mkdir()
    shutil.chown(root / "data", "postfix")
    # No broker: the pipe sends e-mails itself, to a closed port (they stay in the outbox);
    # Redis's client would need a backport on an older patch release of the system's Python.
    env = env_file(root, REDIS_URL="", EMAIL_URL="smtp://127.0.0.1:1")
    env.chmod(0o644)
    master = replaced(
        recipe_block("# /etc/postfix/master.cf"),
        {
            "/srv/carcassonne/.venv/bin/python": pipe_python(root),
            "/srv/carcassonne/manage.py": str(MANAGE),
            "/srv/carcassonne/.env": str(env),
            "user=carcassonne": f"user={PIPE_USER}",
        },
    )
    (root / "etc" / "main.cf").write_text(MAIN.format(root=root) + recipe_block("# /etc/postfix/main.cf"))
    (root / "etc" / "master.cf").write_text(MASTER.format(port=port) + master)
    return env


def _listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


def a_move(message) -> str:
    line = next(line for line in message.body.splitlines() if re.match(r"^A \(", line))
    return "A " + re.match(r"^A \([^)]*\): (\d+)", line).group(1)


def turn_email_of(user, game):
    """The latest turn e-mail of ``user`` in ``game``, as the outbox would send it (the
    pipe's process wrote the row; it has no broker to send it)."""
    row = Notification.objects.filter(user=user, game=game, kind=Notification.Kind.TURN).order_by("-pk").first()
    return build_message(row)


def moves(game) -> int:
    return Move.objects.filter(game=game).count()


def test_the_postfix_recipe_plays_a_reply_and_a_broken_setting_defers_it(
    instance, ann, bob, django_capture_on_commit_callbacks
):
    game, turn = started(ann, bob, django_capture_on_commit_callbacks)
    mail.outbox.clear()

    # A reply over SMTP to the turn e-mail's Reply-To address: the move is played.
    instance.send(reply(turn, a_move(turn)), ann.email, turn.reply_to)
    assert instance.delivers(lambda: moves(game) == 1), instance.log()[-3000:]
    assert wait_for(lambda: "status=sent" in instance.log(), timeout=30)
    sent = next(line for line in instance.log().splitlines() if "status=sent" in line)
    assert "delivered via carcassonne service" in sent and '{"result": "played"' in sent, sent

    # The site's env file is missing: bob's reply is deferred, not bounced nor dropped.
    instance.env.rename(instance.env.with_suffix(".away"))
    bobs = turn_email_of(bob, game)
    raw = reply(bobs, a_move(bobs), message_id="<deferred@phone.example.com>")
    instance.send(raw, bob.email, bobs.reply_to)
    assert wait_for(lambda: "status=deferred" in instance.log(), timeout=90), instance.log()[-3000:]
    deferred = next(line for line in instance.log().splitlines() if "status=deferred" in line)
    assert "receive_mail: cannot read the env file" in deferred and "Traceback" not in deferred, deferred
    # the log line comes before the queue manager moves the message out of the active queue
    assert wait_for(lambda: [m["queue_name"] for m in instance.queued()] == ["deferred"], timeout=30), instance.queued()
    assert moves(game) == 1

    # Fixed, and the queue flushed: delivered, once.
    instance.env.with_suffix(".away").rename(instance.env)
    run("postqueue", "-c", str(instance.config), "-f")
    assert wait_for(lambda: moves(game) == 2, timeout=90), instance.log()[-3000:]
    assert wait_for(lambda: instance.queued() == [], timeout=30)
    assert list(InboundMessage.objects.filter(message_id="<deferred@phone.example.com>").values_list("result")) == [
        ("played",)
    ]
    assert "status=bounced" not in instance.log()


def test_a_reply_to_two_reply_addresses_through_postfix_plays_its_current_copy(
    instance, ann, bob, django_capture_on_commit_callbacks
):
    game, first = started(ann, bob, django_capture_on_commit_callbacks)
    instance.send(reply(first, a_move(first)), ann.email, first.reply_to)
    assert instance.delivers(lambda: moves(game) == 1), instance.log()[-3000:]
    bobs = turn_email_of(bob, game)
    instance.send(reply(bobs, a_move(bobs)), bob.email, bobs.reply_to)
    assert instance.delivers(lambda: moves(game) == 2), instance.log()[-3000:]

    # ann answers her new turn e-mail, and her first one's address is among the recipients
    third = turn_email_of(ann, game)
    both = [first.reply_to[0], third.reply_to[0]]
    raw = reply(third, a_move(third), to=", ".join(both), message_id="<both@phone.example.com>")
    instance.send(raw, ann.email, both)
    assert instance.delivers(lambda: InboundMessage.objects.filter(message_id="<both@phone.example.com>").count() == 2)
    copies = InboundMessage.objects.filter(message_id="<both@phone.example.com>")
    assert sorted(copies.values_list("result", "reason", "recipient")) == [
        ("ignored", "stale_copy", first.reply_to[0].lower()),
        ("played", "", third.reply_to[0].lower()),
    ]
    assert moves(game) == 3
    assert not Notification.objects.filter(user=ann, kind=Notification.Kind.REPLY).exists()
