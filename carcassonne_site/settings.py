"""Django settings for the Carcassonne site.

Everything that differs between a laptop, CI and production comes from the
environment (see README.md, "Configuration"). The defaults are for local
development: DEBUG on, SQLite in the project directory, Celery tasks run
eagerly and e-mail written to the local outbox (var/outbox/).
"""

import os
from datetime import timedelta
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured
from kombu import Queue

BASE_DIR = Path(__file__).resolve().parent.parent

# The environment, read by django-environ. A variable set to nothing counts as unset (a
# blank line of an EnvironmentFile keeps the default), and "$" is a character like any
# other, not a reference to another variable (a generated SECRET_KEY may start with one).
env = environ.Env()
env.escape_proxy = True
env.ENVIRON = {name: value.replace("$", r"\$") for name, value in os.environ.items() if value.strip()}

DEBUG = env.bool("DEBUG", True)

SECRET_KEY = env.str("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "dev-only-insecure-secret-key-do-not-use-in-production"

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", str.strip, ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", str.strip, [])
SITE_NAME = env.str("SITE_NAME", "Carcassonne")

# The games app is written separately; it is only installed once it exists.
HAS_GAMES_APP = (BASE_DIR / "games" / "apps.py").exists()

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "axes",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "anymail",
    "accounts",
    *(["games"] if HAS_GAMES_APP else []),
    *(["chat"] if HAS_GAMES_APP else []),
    *(["notifications"] if HAS_GAMES_APP else []),
    *(["archive"] if HAS_GAMES_APP else []),
    *(["ratings"] if HAS_GAMES_APP else []),
    "tournaments",
    "carcassonne_site",  # the top layer: the demo_data command, which uses every app
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # An unchanged poll of an open game page: a 304 from the cache alone, before the session,
    # the user and the game are loaded (after the HTTPS redirect and its headers).
    *(["games.live.UnchangedPollMiddleware"] if HAS_GAMES_APP else []),
    "carcassonne_site.middleware.ContentSecurityPolicyMiddleware",  # also on refusals
    # Before anything reads a body: Django's 2.5 MB for all but the inbound webhooks (below).
    *(["notifications.replies.webhooks.RequestSize"] if HAS_GAMES_APP else []),
    "carcassonne_site.middleware.HostileInputMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages compressed (static files come compressed from WhiteNoise above it). The CSRF token
    # is masked afresh in every response, so BREACH cannot recover it (README: pages and gzip).
    "carcassonne_site.middleware.GZipMiddleware",  # Django's, but for views marked uncompressed
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The visitor's language: the language cookie (the footer's switcher), else Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    *(["notifications.links.RequestOriginMiddleware"] if HAS_GAMES_APP else []),
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A signed-in user's saved language wins; the language they use is remembered for e-mails.
    "accounts.middleware.UserLanguageMiddleware",
    *(["notifications.middleware.LastSeenMiddleware"] if HAS_GAMES_APP else []),
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",  # last: answers once a log-in is locked out
]

ROOT_URLCONF = "carcassonne_site.urls"
WSGI_APPLICATION = "carcassonne_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "carcassonne_site.context_processors.site",
            ],
        },
    },
]

# Database: DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/carcassonne
DATABASES = {
    "default": env.db("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}")
    | {"CONN_MAX_AGE": 60, "CONN_HEALTH_CHECKS": True}
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# SQLite has no covering indexes: there the archive's and the ratings' indexes with INCLUDE
# columns are plain ones, as meant, and models.W040 would say so before every command.
SILENCED_SYSTEM_CHECKS = ["models.W040"] if DATABASES["default"]["ENGINE"].endswith("sqlite3") else []

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "accounts.backends.LockoutBackend",  # django-axes: refuse locked-out log-ins first
    "django.contrib.auth.backends.ModelBackend",
]
# Log-in throttling (the log-in page, the admin and POST /api/auth/token/): after
# AXES_FAILURE_LIMIT wrong passwords for one username (from anywhere, or from one
# address), that username is locked out for AXES_COOLOFF_MINUTES (429). Never an address
# alone: one guesser behind a shared address (an office, a school, a mobile carrier)
# must not lock everyone there out.
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", 10)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("AXES_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = ["username", ["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "carcassonne_site.errors.lockout"
AXES_USERNAME_CALLABLE = "accounts.backends.lockout_username"  # cut to fit its tables
AXES_VERBOSE = False
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# The four languages the published rules are read in (docs/rules/RULES.md); English is the source of every string.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch"), ("fr", "Français"), ("it", "Italiano")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Dates as each language writes them ("1 dicembre 2026", "1er décembre 2026 à 20 h 24"): games.dates
FORMAT_MODULE_PATH = ["carcassonne_site.formats"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# Static files, served by whitenoise (also under runserver); with DEBUG off under hashed names,
# the ES modules' imports too (carcassonne_site/static_storage.py).
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "carcassonne_site.static_storage.StaticFilesStorage"
        )
    },
}

# Redis and Celery. Without REDIS_URL, tasks run eagerly in-process.
REDIS_URL = env.str("REDIS_URL", "")
# Seconds any Redis client (cache, broker, /health/) waits to connect or for an answer:
# a Redis that hangs costs a request this long at most, never the length of the outage (after
# a timeout a process leaves that Redis alone for 5 s: games.broker). A Redis answers in well
# under a millisecond, so a quarter of a second is a hang, not a slow answer.
REDIS_TIMEOUT_SECONDS = env.float("REDIS_TIMEOUT_SECONDS", 0.25)


def redis_cache(url, timeout=REDIS_TIMEOUT_SECONDS):
    """The cache on Redis at ``url``: while Redis does not answer, an empty cache
    (carcassonne_site.cache), since the site keeps only optimisations and soft limits there."""
    return {
        "BACKEND": "carcassonne_site.cache.RedisCache",
        "LOCATION": url,
        "KEY_PREFIX": "carcassonne",
        "OPTIONS": {"socket_connect_timeout": timeout, "socket_timeout": timeout},
    }


# The cache (throttles, the beat heartbeat) is shared by every process: Redis
# (CACHE_URL, default REDIS_URL); per-process memory only without Redis (development).
CACHE_URL = env.str("CACHE_URL", REDIS_URL)
CACHES = {
    "default": redis_cache(CACHE_URL) if CACHE_URL else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}
# Bots (games.bot_seats): thinking time of the strongest level per move, and the level
# that takes over a seat whose player ran out of time under the "a bot takes over" rule.
# The expert's time is the one its measured strength (carcassonne/bots/ladder.json) was played at.
BOT_MCTS_SECONDS = env.float("BOT_MCTS_SECONDS", 0.3)
BOT_TAKEOVER_LEVEL = env.str("BOT_TAKEOVER_LEVEL", "strong")
# A bot to move for this long (its task lost, its worker dead) gets its turn sent again.
BOT_TURN_GRACE_SECONDS = env.int("BOT_TURN_GRACE_SECONDS", 60)
if BOT_TAKEOVER_LEVEL not in ("beginner", "casual", "strong", "expert", "random", "greedy", "mcts"):
    raise ImproperlyConfigured("BOT_TAKEOVER_LEVEL must be beginner, casual, strong or expert")
# The analysis of a finished game (archive.game_analysis): CPU seconds of the expert's search per
# decision (default: the expert's own thinking time); a run whose worker stopped moving on for
# ANALYSIS_STALE_SECONDS is queued again, at most ANALYSIS_MAX_ATTEMPTS runs in all.
ANALYSIS_SECONDS = env.float("ANALYSIS_SECONDS", BOT_MCTS_SECONDS)
ANALYSIS_STALE_SECONDS = env.int("ANALYSIS_STALE_SECONDS", 300)
ANALYSIS_MAX_ATTEMPTS = env.int("ANALYSIS_MAX_ATTEMPTS", 3)
# A fair share of the analysis worker: analyses one person may queue in 24 hours of games they
# did not play, and of their own; and how many may wait site-wide before asking is refused (503).
ANALYSES_PER_DAY = env.int("ANALYSES_PER_DAY", 10)
ANALYSES_OWN_PER_DAY = env.int("ANALYSES_OWN_PER_DAY", 30)
ANALYSES_WAITING_MAX = env.int("ANALYSES_WAITING_MAX", 50)
# Without a broker (`make run`) an analysis runs in a thread of the web process after the
# response, not inside the request; with Redis, in the analysis worker.
ANALYSIS_IN_THREAD = env.bool("ANALYSIS_IN_THREAD", not REDIS_URL)
CELERY_BROKER_URL = REDIS_URL or "memory://localhost/"  # with a host: kombu warns of none on each connection
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Publishing a task (after a move) gives up on a Redis that hangs instead of waiting for it:
# one try (games.broker.publish asks for no retries, and max_retries 0 keeps kombu from
# trying to connect again, 2 s apart, for broker_connection_timeout); the sweeps send
# again what was not handed over. (The worker's BRPOP loop has its own checks, and its
# connection its own retries: CELERY_BROKER_CONNECTION_MAX_RETRIES.)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_connect_timeout": REDIS_TIMEOUT_SECONDS,
    "socket_timeout": REDIS_TIMEOUT_SECONDS,
    "max_retries": 0,
}
CELERY_TIMEZONE = TIME_ZONE
# Two queues: "analysis" (minutes of CPU per task) and the default "celery" (turn e-mails, bot
# turns, hints, timeouts, beat jobs), each with its own worker in production (README, "Workers
# and queues"), so nothing players wait for queues behind an analysis. A worker started
# without -Q consumes both (enough for a small site).
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES = (Queue("celery"), Queue("analysis"))
CELERY_TASK_ROUTES = {"archive.tasks.analyse_game": {"queue": "analysis"}}
# Periodic jobs (run `celery -A carcassonne_site beat`); each is safe to run late or twice.
CELERY_BEAT_SCHEDULE = {
    # Sends what is due: held turn e-mails whose time is up, and what was never sent.
    "notifications-sweep": {
        "task": "notifications.tasks.sweep",
        "schedule": env.float("NOTIFICATIONS_SWEEP_EVERY_SECONDS", 60.0),
    },
    # Bots' turns whose task was lost or whose worker died are sent again.
    "games-bot-turns": {"task": "games.tasks.requeue_bot_turns", "schedule": 30.0},
    "games-timeouts": {"task": "games.tasks.check_timeouts", "schedule": 300.0},
    "notifications-reminders": {"task": "notifications.tasks.send_reminders", "schedule": 300.0},
    "notifications-digests": {"task": "notifications.tasks.send_digests", "schedule": 900.0},
    "tournaments-deadlines": {"task": "tournaments.tasks.close_overdue_rounds", "schedule": 300.0},
    # Analyses whose worker died or whose task was lost are queued again.
    "archive-analyses": {"task": "archive.tasks.requeue_stale_analyses", "schedule": 120.0},
    # What expires: sessions, used log-in links, old e-mails' text, data files, log-in records.
    "housekeeping": {"task": "notifications.tasks.housekeeping", "schedule": 6 * 3600.0},
    # Read by /health/: beat is alive when this ran in the last few minutes.
    "beat-heartbeat": {"task": "notifications.tasks.heartbeat", "schedule": 60.0},
}
# Play by e-mail (the notifications app).
NOTIFICATIONS_LOGIN_LINK_MAX_AGE = env.int(
    "NOTIFICATIONS_LOGIN_LINK_MAX_AGE", 24 * 3600
)  # seconds; each link logs in once
# A claimed ("sending") row is left alone this long, counted again from just before the
# SMTP conversation; then a worker that died mid-send is replaced (the sweep re-queues it).
NOTIFICATIONS_LEASE_SECONDS = env.int("NOTIFICATIONS_LEASE_SECONDS", 90)
NOTIFICATIONS_RETRY_BASE_SECONDS = 30  # SMTP retry backoff: 30 s, 1 min, 2 min, ...
NOTIFICATIONS_MAX_ATTEMPTS = 8
# Limits against floods (README.md, "Limits"). Invitations one user may send in 24 hours
# (seats of games they create and tournament invitations, together).
GAMES_INVITATIONS_PER_DAY = env.int("GAMES_INVITATIONS_PER_DAY", 50)
GAMES_CREATED_PER_DAY = env.int("GAMES_CREATED_PER_DAY", 50)  # games a user creates to play in, in 24 hours
GAMES_WAITING_PER_USER = env.int("GAMES_WAITING_PER_USER", 10)  # their games still waiting for players, at once
TOURNAMENTS_CREATED_PER_DAY = env.int("TOURNAMENTS_CREATED_PER_DAY", 5)  # per director, in 24 hours
CHAT_MESSAGES_PER_MINUTE = env.int("CHAT_MESSAGES_PER_MINUTE", 10)  # per account, all games together
ACCOUNTS_SIGNUPS_PER_HOUR = env.int("ACCOUNTS_SIGNUPS_PER_HOUR", 10)  # per client address
ACCOUNTS_PASSWORD_RESETS_PER_HOUR = env.int("ACCOUNTS_PASSWORD_RESETS_PER_HOUR", 10)  # per client address
ACCOUNTS_PASSWORD_RESETS_PER_EMAIL_PER_HOUR = env.int(
    "ACCOUNTS_PASSWORD_RESETS_PER_EMAIL_PER_HOUR", 3
)  # per address written
# Confirmation e-mails to one address (the link, or the warning to its registered owner) per
# hour, whoever asks: sign-up and the e-mail page, counted whether the address is registered or not.
ACCOUNTS_CONFIRMATIONS_PER_EMAIL_PER_HOUR = env.int("ACCOUNTS_CONFIRMATIONS_PER_EMAIL_PER_HOUR", 3)
# Privacy (README.md, "Privacy: what is kept and for how long"): "Download my data" (a zip
# offered by a link for DATA_EXPORT_DAYS, asked for at most DATA_EXPORTS_PER_DAY times a day).
DATA_EXPORT_DAYS = env.int("DATA_EXPORT_DAYS", 7)
DATA_EXPORTS_PER_DAY = env.int("DATA_EXPORTS_PER_DAY", 3)
REPORTS_PER_DAY = env.int("REPORTS_PER_DAY", 10)  # reports of messages or players one account sends in 24 hours
# What expires (the housekeeping job, notifications.tasks.housekeeping): sent e-mails keep
# their text and address this many days, the log of replies received its senders'
# addresses, django-axes its records of log-ins (address, browser); a log-in session lasts
# SESSION_DAYS (expired sessions are deleted).
OUTBOX_BODY_DAYS = env.int("OUTBOX_BODY_DAYS", 30)
INBOUND_ADDRESS_DAYS = env.int("INBOUND_ADDRESS_DAYS", 30)
LOGIN_LOG_DAYS = env.int("LOGIN_LOG_DAYS", 30)
SESSION_DAYS = env.int("SESSION_DAYS", 14)
SESSION_COOKIE_AGE = SESSION_DAYS * 24 * 3600
# Playing a turn by replying to its e-mail (notifications.replies): the address replies go
# to, e.g. play@example.org; each turn e-mail's Reply-To is play+<signed token>@example.org.
# Unset: no e-mail carries a Reply-To and no reply is played.
REPLY_EMAIL = env.str("REPLY_EMAIL", "").strip()
REPLY_EMAIL_MAX_BYTES = env.int("REPLY_EMAIL_MAX_BYTES", 10 * 1024 * 1024)  # larger replies are ignored
# A reply reaches the inbound webhooks up to three times that (a provider's encoding of a reply
# too large, which is then answered so); every other URL keeps Django's 2.5 MB (RequestSize).
if HAS_GAMES_APP:
    DATA_UPLOAD_MAX_MEMORY_SIZE = max(2_621_440, 3 * REPLY_EMAIL_MAX_BYTES + 1024 * 1024)
REPLY_EMAIL_PER_HOUR = env.int("REPLY_EMAIL_PER_HOUR", 30)  # replies one sender address may send per hour
# django-anymail's inbound webhooks (/anymail/<provider>/inbound/): every ANYMAIL_<NAME>
# variable of the environment becomes ANYMAIL["<NAME>"], e.g. ANYMAIL_WEBHOOK_SECRET
# (basic auth, user:password) and ANYMAIL_MAILGUN_WEBHOOK_SIGNING_KEY (signature check).
# The providers whose inbound webhook the operator uses, e.g. "mailgun" or "postmark,sendgrid":
# every other provider's URL answers 404, and so does a listed one whose credentials are unset.
REPLY_WEBHOOKS = env.list("REPLY_WEBHOOKS", str.strip, [])
ANYMAIL = {
    name[len("ANYMAIL_") :]: value for name, value in os.environ.items() if name.startswith("ANYMAIL_") and value
}
NOTIFICATIONS_SWEEP_AFTER_SECONDS = 180  # the sweep re-queues rows unsent after this
NOTIFICATIONS_ACTIVE_SECONDS = 300  # "active on the site" = a page seen this recently
# A turn e-mail or reminder to a player active on the site waits this long (and the
# sweep's minute), then goes unless they have seen the turn (notifications.held).
NOTIFICATIONS_HOLD_SECONDS = env.int("NOTIFICATIONS_HOLD_SECONDS", 180)
# An open game page asks the server this often (while visible) whether it changed.
LIVE_POLL_SECONDS = env.float("LIVE_POLL_SECONDS", 4.0)
# Every open page of a signed-in player asks this often whether it is their turn anywhere
# (games/your_turn.py: the tab title, its icon, an opt-in notification); twice as seldom hidden.
YOUR_TURN_POLL_SECONDS = env.float("YOUR_TURN_POLL_SECONDS", 30.0)
# Its unchanged poll answered from tokens in the cache (games.live): only with a cache every
# process shares (Redis), since a change made in one process replaces the token for all.
LIVE_POLL_TOKENS = env.bool("LIVE_POLL_TOKENS", bool(CACHE_URL))
# Engine states a process keeps after replaying a log (games.engine_state.Replays, about
# 0.1 MB each): a game's next request copies one and plays only the entries after it.
ENGINE_REPLAYS_KEPT = env.int("ENGINE_REPLAYS_KEPT", 200)


# E-mail: EMAIL_URL (smtp://user:pass@host:587?tls=1, smtps://... for SSL)
# or EMAIL_HOST/EMAIL_PORT/EMAIL_HOST_USER/EMAIL_HOST_PASSWORD/EMAIL_USE_TLS.
# Without a host, mail goes to the local outbox: files in var/outbox/.
_email = env.email_url("EMAIL_URL") if "EMAIL_URL" in env.ENVIRON else {}
_flags = {name: env.parse_value(str(value), bool) for name, value in _email.get("OPTIONS", {}).items()}
EMAIL_HOST = _email.get("EMAIL_HOST") or env.str("EMAIL_HOST", "")
EMAIL_PORT = _email.get("EMAIL_PORT") or env.int("EMAIL_PORT", 587)
EMAIL_HOST_USER = _email.get("EMAIL_HOST_USER") or env.str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = _email.get("EMAIL_HOST_PASSWORD") or env.str("EMAIL_HOST_PASSWORD", "")
# The URL's tls=0/1 wins (else EMAIL_USE_TLS decides); smtps:// means SSL on connecting
# (port 465), as this README always said, where django-environ reads it as STARTTLS.
EMAIL_USE_TLS = _flags.get("TLS", env.bool("EMAIL_USE_TLS", True))
if _email:
    EMAIL_USE_SSL = env.str("EMAIL_URL").startswith("smtps:") or _flags.get("SSL", False)
else:
    EMAIL_USE_SSL = env.bool("EMAIL_USE_SSL", False)
if EMAIL_USE_SSL:
    EMAIL_USE_TLS = False
EMAIL_TIMEOUT = 20
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", "Carcassonne <noreply@localhost>")
SERVER_EMAIL = env.str("SERVER_EMAIL", DEFAULT_FROM_EMAIL)
EMAIL_FILE_PATH = BASE_DIR / "var" / "outbox"
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
else:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
# The /outbox/ page lists the local outbox; only with DEBUG and the file backend.
OUTBOX_ENABLED = EMAIL_BACKEND == "django.core.mail.backends.filebased.EmailBackend"

# Django REST framework and the OpenAPI schema (Swagger UI from the sidecar, no CDN).
REST_FRAMEWORK = {
    # Token first: an anonymous caller gets 401 with a WWW-Authenticate header, not 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "carcassonne_site.rest.TokenAuthentication",  # DRF's, in the token user's saved language
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # JSON bodies only (the schema advertises no form bodies), nesting bounded.
    "DEFAULT_PARSER_CLASSES": ["carcassonne_site.rest.JSONParser"],
    # Every error is {"detail": "..."} (and "errors" per field for a malformed request).
    "EXCEPTION_HANDLER": "carcassonne_site.rest.exception_handler",
    # Every list in pages, one style (the apps below the site reach it here: games.api_common).
    "DEFAULT_PAGINATION_CLASS": "carcassonne_site.rest.Pages",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Carcassonne API",
    "DESCRIPTION": "Play-by-email Carcassonne: games, moves, tournaments and the archive.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Games may hand a seat to a bot on time; tournament games may not.
    "ENUM_NAME_OVERRIDES": {
        "TimeoutRuleEnum": [("skip", "Skip the turn"), ("lose", "Lose by timeout"), ("bot", "A bot takes over")],
        "TournamentTimeoutRuleEnum": [("skip", "Skip the turn"), ("lose", "Lose by timeout")],
        "BotLevelEnum": [
            (level, level) for level in ("beginner", "casual", "strong", "expert", "random", "greedy", "mcts")
        ],
    },
}

# Security. Production (DEBUG off) passes `manage.py check --deploy` cleanly.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
if not DEBUG:
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", True)
    SECURE_REDIRECT_EXEMPT = [r"^health/$"]  # load balancers probe over plain HTTP
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    if env.bool("BEHIND_PROXY", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
        # The client's address (log-in lock-out, limits per address) is the one the proxy
        # saw: the last entry of X-Forwarded-For (accounts.limits.proxied_address).
        AXES_CLIENT_IP_CALLABLE = "accounts.limits.proxied_address"

LOG_LEVEL = env.str("LOG_LEVEL", "INFO").upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain"},
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django": {"handlers": ["console"], "level": LOG_LEVEL, "propagate": False},
        "axes": {"handlers": ["console"], "level": "WARNING", "propagate": False},
    },
}

# Absolute links in e-mails, e.g. https://carcassonne.example.org. Required in
# production; unset (development), e-mails link to the address the server runs on.
SITE_URL = env.str("SITE_URL", "").strip()
