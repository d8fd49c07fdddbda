import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.conftest import services_required

BASE_DIR = Path(__file__).resolve().parent.parent


def test_database_is_postgresql_when_services_required():
    if not services_required():
        pytest.skip("REQUIRE_SERVICES is not 1; any database will do")
    assert connection.vendor == "postgresql", f"expected PostgreSQL, got {connection.vendor}"


@pytest.mark.services  # pings the Redis of REDIS_URL
def test_redis_reachable_when_configured():
    if not settings.REDIS_URL:
        pytest.skip("REDIS_URL is not set; Celery runs tasks eagerly")
    import redis

    assert redis.Redis.from_url(settings.REDIS_URL, socket_timeout=5).ping()
    assert settings.CELERY_BROKER_URL == settings.REDIS_URL
    assert not settings.CELERY_TASK_ALWAYS_EAGER


def test_celery_eager_without_redis():
    if settings.REDIS_URL:
        pytest.skip("REDIS_URL is set")
    assert settings.CELERY_TASK_ALWAYS_EAGER


def _run_manage(*args, env_overrides):
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    env.update(env_overrides)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_passes_in_production_env():
    result = _run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env_overrides={
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(64),
            "ALLOWED_HOSTS": "example.org",
            "SITE_URL": "https://example.org",
        },
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "System check identified no issues" in output, output
    assert "WARNINGS" not in output, output


def test_production_requires_secret_key():
    result = _run_manage(
        "check",
        env_overrides={"DEBUG": "0", "SECRET_KEY": "", "ALLOWED_HOSTS": "example.org"},
    )
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def _printed(code: str, environ: dict) -> list[str]:
    """What ``code`` prints (``|``-separated) in a fresh process with ``environ`` (E-mail variables unset)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("EMAIL_")}
    env.update(DJANGO_SETTINGS_MODULE="carcassonne_site.settings", **environ)
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup();" + code],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().split("|")


def _email_settings(**environ):
    """The e-mail settings a fresh process reads from ``environ``."""
    code = (
        "from django.conf import settings as s;"
        "print(s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_HOST_USER,"
        " s.EMAIL_HOST_PASSWORD, s.EMAIL_USE_TLS, s.EMAIL_USE_SSL, s.OUTBOX_ENABLED, sep='|')"
    )
    return _printed(code, environ)


def test_email_url_is_parsed():
    assert _email_settings(EMAIL_URL="smtp://me%40x.org:p%2Fw@mail.example.org:2525?tls=1") == [
        "django.core.mail.backends.smtp.EmailBackend",
        "mail.example.org",
        "2525",
        "me@x.org",
        "p/w",
        "True",
        "False",
        "False",
    ]


def test_an_email_url_with_tls_0_sends_without_tls():
    tls, ssl = _email_settings(EMAIL_URL="smtp://mail.example.org:25?tls=0")[5:7]
    assert (tls, ssl) == ("False", "False")


def test_an_email_url_flag_wins_over_email_use_tls():
    tls = _email_settings(EMAIL_URL="smtp://mail.example.org:25?tls=0", EMAIL_USE_TLS="1")[5]
    assert tls == "False"


def test_an_email_url_without_a_tls_flag_uses_tls_by_default():
    tls, ssl = _email_settings(EMAIL_URL="smtp://mail.example.org:587")[5:7]
    assert (tls, ssl) == ("True", "False")


def test_an_smtps_email_url_uses_ssl_not_tls():
    tls, ssl = _email_settings(EMAIL_URL="smtps://mail.example.org:465")[5:7]
    assert (tls, ssl) == ("False", "True")


def test_default_email_goes_to_local_outbox():
    if os.environ.get("EMAIL_HOST") or os.environ.get("EMAIL_URL"):
        pytest.skip("an SMTP server is configured")
    assert settings.OUTBOX_ENABLED
    assert Path(settings.EMAIL_FILE_PATH) == BASE_DIR / "var" / "outbox"


def test_production_without_site_url_fails_the_system_check():
    result = _run_manage(
        "check",
        env_overrides={
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(64),
            "ALLOWED_HOSTS": "example.org",
            "SITE_URL": "",
        },
    )
    assert result.returncode != 0
    assert "carcassonne.E001" in result.stderr and "SITE_URL" in result.stderr


def test_every_redis_client_waits_at_most_redis_timeout_seconds():
    code = (
        "from django.conf import settings as s;"
        "o = s.CACHES['default']['OPTIONS']; b = s.CELERY_BROKER_TRANSPORT_OPTIONS;"
        "print(s.CACHES['default']['BACKEND'], o['socket_connect_timeout'], o['socket_timeout'],"
        " b['socket_connect_timeout'], b['socket_timeout'])"
    )
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="carcassonne_site.settings",
        REDIS_URL="redis://127.0.0.1:6379/13",
        REDIS_TIMEOUT_SECONDS="0.5",
    )
    env.pop("CACHE_URL", None)
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup();" + code],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["carcassonne_site.cache.RedisCache", "0.5", "0.5", "0.5", "0.5"]


def _settings(names, **environ):
    """The settings ``names`` a fresh process reads from ``environ`` (E-mail variables unset)."""
    code = f"from django.conf import settings as s;print(*[repr(getattr(s, n)) for n in {names!r}], sep='|')"
    return _printed(code, environ)


def test_yes_on_true_and_1_turn_a_setting_on_and_no_off_0_false_turn_it_off():
    names = ["ANALYSIS_IN_THREAD"]
    for word in ("1", "true", "Yes", " on "):
        assert _settings(names, ANALYSIS_IN_THREAD=word) == ["True"], word
    for word in ("0", "false", "no", "off"):
        assert _settings(names, ANALYSIS_IN_THREAD=word) == ["False"], word


def test_a_variable_set_to_nothing_keeps_its_default():
    blank = dict.fromkeys(("DEBUG", "AXES_FAILURE_LIMIT", "BOT_MCTS_SECONDS", "EMAIL_PORT", "ALLOWED_HOSTS"), " ")
    assert _settings(["DEBUG", "AXES_FAILURE_LIMIT", "BOT_MCTS_SECONDS", "EMAIL_PORT", "ALLOWED_HOSTS"], **blank) == [
        "True",
        "10",
        "0.3",
        "587",
        "['localhost', '127.0.0.1', '[::1]']",
    ]


def test_numbers_and_lists_are_read_from_the_environment():
    assert _settings(
        ["AXES_FAILURE_LIMIT", "REDIS_TIMEOUT_SECONDS", "ALLOWED_HOSTS", "REPLY_WEBHOOKS"],
        AXES_FAILURE_LIMIT="4",
        REDIS_TIMEOUT_SECONDS="2.5",
        ALLOWED_HOSTS="example.org, www.example.org",
        REPLY_WEBHOOKS="mailgun,postmark",
    ) == ["4", "2.5", "['example.org', 'www.example.org']", "['mailgun', 'postmark']"]


def test_a_dollar_sign_is_read_as_itself_not_as_another_variable():
    assert _settings(["SECRET_KEY", "SITE_NAME"], SECRET_KEY="$DEBUG-x", SITE_NAME=r"Cash \$ and $") == [
        "'$DEBUG-x'",
        r"'Cash \\$ and $'",
    ]


def test_the_email_variables_are_read_without_an_email_url():
    assert _settings(
        ["EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD", "EMAIL_USE_TLS", "EMAIL_USE_SSL"],
        EMAIL_HOST="mail.example.org",
        EMAIL_PORT="465",
        EMAIL_HOST_USER="me",
        EMAIL_HOST_PASSWORD="$ecret",
        EMAIL_USE_SSL="1",
    ) == ["'mail.example.org'", "465", "'me'", "'$ecret'", "False", "True"]


def test_an_email_url_with_ssl_1_uses_ssl_and_its_password_may_hold_a_dollar():
    assert _settings(
        ["EMAIL_HOST_PASSWORD", "EMAIL_USE_TLS", "EMAIL_USE_SSL"],
        EMAIL_URL="smtp://me:%24ecret@mail.example.org:465?ssl=1",
    ) == ["'$ecret'", "False", "True"]


def test_an_email_url_of_an_unknown_kind_stops_the_site_with_its_name():
    code = "import django; django.setup()"
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="carcassonne_site.settings", EMAIL_URL="smtq://mail.example.org")
    result = subprocess.run([sys.executable, "-c", code], cwd=BASE_DIR, env=env, capture_output=True, text=True)
    assert result.returncode != 0 and "smtq" in result.stderr
