# Developer entry points. `make run` starts the dev server with demo data,
# `make test` runs the whole test suite (unit, API and browser tests), `make test-fast`
# all but the browser, services and slow tiers (tests/tiers.py).

PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=
PURE_PYTEST_ARGS ?= -q
# `make run`: turn e-mails in the local outbox can be answered from its page ("Reply").
REPLY_EMAIL ?= play@localhost

.PHONY: run test test-fast lint install compiled migrate chromium gettext postfix messages translations clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# Reinstall only when pyproject.toml is newer than the stamp.
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP) compiled

# The engine's hot modules compiled with mypyc into build/mypyc/ (compile_engine.py, docs/engine.md):
# rebuilt when one of their sources changed; without a working C compiler it says so and
# the pure modules run. CARCASSONNE_PURE=1 runs the pure ones anyway.
compiled: $(STAMP)
	@$(PY) compile_engine.py

migrate: $(STAMP)
	$(PY) manage.py migrate --noinput

# `make run` migrates without a line per migration (a new database takes about ninety) and
# hides runserver's advice against production use: it is the development server.
run: $(STAMP) messages
	@$(PY) manage.py migrate --noinput --verbosity 0
	REPLY_EMAIL=$(REPLY_EMAIL) $(PY) manage.py demo_data
	DJANGO_RUNSERVER_HIDE_WARNING=true REPLY_EMAIL=$(REPLY_EMAIL) $(PY) manage.py runserver $(HOST):$(PORT)

# Install a Debian package (as root; apt's lists are refreshed when they lack it):
# $(call apt_install,PACKAGE,MESSAGE WHEN NOT ROOT,EXIT STATUS WHEN NOT ROOT)
define apt_install
	if [ "$$(id -u)" = "0" ]; then \
		APT="apt-get -o DPkg::Lock::Timeout=900"; \
		if ! apt-cache policy $(1) 2>/dev/null | grep -q 'Candidate: [0-9]'; then $$APT update; fi; \
		DEBIAN_FRONTEND=noninteractive $$APT install -y $(1) \
			|| { $$APT update && DEBIAN_FRONTEND=noninteractive $$APT install -y $(1); }; \
	else \
		echo "$(2)"; exit $(3); \
	fi
endef

# The browser tests use Debian's chromium (never `playwright install`).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
		$(call apt_install,chromium,$(CHROMIUM) is missing and we are not root: browser tests will be skipped,0); \
	fi

# The translation catalogues need GNU gettext (msgfmt, xgettext, msgmerge): Debian's
# gettext package, installed like chromium when it is missing.
gettext:
	@if ! command -v msgfmt >/dev/null || ! command -v xgettext >/dev/null; then \
		$(call apt_install,gettext,msgfmt/xgettext are missing and we are not root: install GNU gettext,1); \
	fi

# The test of the Postfix recipe (docs/operations/email.md; tests/notifications/test_postfix.py) runs a
# private Postfix instance: Debian's postfix package, installed (by .ci/run) with "No
# configuration", so that the system's own instance is neither configured nor started.
postfix:
	@if [ ! -x /usr/sbin/postfix ]; then \
		if [ "$$(id -u)" = "0" ]; then \
			echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections; \
		fi; \
		$(call apt_install,postfix,/usr/sbin/postfix is missing and we are not root: the Postfix test will be skipped,0); \
	fi

# Compile the catalogues (locale/*/LC_MESSAGES/*.po -> .mo; the .mo files are not committed).
messages: $(STAMP) gettext
	$(PY) manage.py translations --compile

# After adding or changing marked strings: update the catalogues, then translate the new entries.
translations: $(STAMP) gettext
	$(PY) manage.py translations

# With a compiled engine, the suite runs on it (CARCASSONNE_COMPILED=1: a test checks that
# it is loaded), then the engine's and the bots' tests again on the pure modules.
test: $(STAMP) compiled chromium messages
	@if $(PY) compile_engine.py --check >/dev/null; then \
		CARCASSONNE_COMPILED=1 $(PY) -m pytest $(PYTEST_ARGS) && \
		CARCASSONNE_PURE=1 $(PY) -m pytest tests/carcassonne $(PURE_PYTEST_ARGS); \
	else \
		$(PY) -m pytest $(PYTEST_ARGS); \
	fi

# The tests that need neither Chromium nor a real PostgreSQL, Redis, worker or Postfix,
# and take less than about 2 s each: the markers are set at collection (tests/tiers.py).
test-fast: $(STAMP) compiled messages
	@if $(PY) compile_engine.py --check >/dev/null; then \
		CARCASSONNE_COMPILED=1 $(PY) -m pytest -m "not browser and not services and not slow" $(PYTEST_ARGS) && \
		CARCASSONNE_PURE=1 $(PY) -m pytest -m "not browser and not services and not slow" tests/carcassonne $(PURE_PYTEST_ARGS); \
	else \
		$(PY) -m pytest -m "not browser and not services and not slow" $(PYTEST_ARGS); \
	fi

clean:
	rm -rf $(VENV) *.egg-info build/mypyc

# Lint (ruff: pyflakes, pycodestyle, import order, pyupgrade, bugbear; ruff format) and types (mypy).
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
