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

.PHONY: run test install migrate chromium clean

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

run: migrate
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

test: $(STAMP) chromium
	$(PY) -m pytest $(PYTEST_ARGS)

clean:
	rm -rf $(VENV) *.egg-info
