# Developer entry points. `make run` starts the dev server with demo data,
# `make test` runs the whole test suite (unit, API and browser tests).

PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: run test install migrate chromium gettext messages translations clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# Reinstall only when pyproject.toml is newer than the stamp.
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

migrate: $(STAMP)
	$(PY) manage.py migrate --noinput

run: migrate messages
	$(PY) manage.py demo_data
	$(PY) manage.py runserver $(HOST):$(PORT)

# The browser tests use Debian's chromium (never `playwright install`).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
		if [ "$$(id -u)" = "0" ]; then \
			APT="apt-get -o DPkg::Lock::Timeout=900"; \
			if ! apt-cache policy chromium 2>/dev/null | grep -q 'Candidate: [0-9]'; then $$APT update; fi; \
			DEBIAN_FRONTEND=noninteractive $$APT install -y chromium \
				|| { $$APT update && DEBIAN_FRONTEND=noninteractive $$APT install -y chromium; }; \
		else \
			echo "$(CHROMIUM) is missing and we are not root: browser tests will be skipped"; \
		fi; \
	fi

# The translation catalogues need GNU gettext (msgfmt, xgettext, msgmerge): Debian's
# gettext package, installed like chromium when it is missing and we are root.
gettext:
	@if ! command -v msgfmt >/dev/null || ! command -v xgettext >/dev/null; then \
		if [ "$$(id -u)" = "0" ]; then \
			APT="apt-get -o DPkg::Lock::Timeout=900"; \
			if ! apt-cache policy gettext 2>/dev/null | grep -q 'Candidate: [0-9]'; then $$APT update; fi; \
			DEBIAN_FRONTEND=noninteractive $$APT install -y gettext \
				|| { $$APT update && DEBIAN_FRONTEND=noninteractive $$APT install -y gettext; }; \
		else \
			echo "msgfmt/xgettext are missing and we are not root: install GNU gettext"; exit 1; \
		fi; \
	fi

# Compile the catalogues (locale/*/LC_MESSAGES/*.po -> .mo; the .mo files are not committed).
messages: $(STAMP) gettext
	$(PY) manage.py translations --compile

# After adding or changing marked strings: update the catalogues, then translate the new entries.
translations: $(STAMP) gettext
	$(PY) manage.py translations

test: $(STAMP) chromium messages
	$(PY) -m pytest $(PYTEST_ARGS)

clean:
	rm -rf $(VENV) *.egg-info
