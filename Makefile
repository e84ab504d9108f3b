# Kehadiran: `make run` (zero-setup demo) and `make test` (everything CI runs).
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

HOST ?= 127.0.0.1
PORT ?= 8000
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
NPM ?= npm
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/kehadiran
TEST_REDIS_URL ?= redis://127.0.0.1:6379/1

.PHONY: help run serve install client-install client-build migrate seed test lint typecheck pytest vitest \
        bundle-size e2e e2e-install chromium services

help:
	@echo "make run   - install, build, migrate, seed once and serve on http://$(HOST):$(PORT)"
	@echo "make test  - ruff, mypy, pytest, vitest, tsc, client build, Playwright e2e (needs PostgreSQL + Redis)"
	@echo "make e2e   - Playwright suite alone (starts its own server, or uses E2E_BASE_URL)"

$(VENV)/.installed: pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install -q --disable-pip-version-check --upgrade pip 2> >(grep -v 'is ignored:' >&2)
	@$(PY) -m pip install -q --disable-pip-version-check -e '.[dev]' 2> >(grep -v 'is ignored:' >&2)
	@touch $@

install: $(VENV)/.installed

client/node_modules/.installed: client/package.json client/package-lock.json
	@cd client && $(NPM) ci --no-audit --no-fund --loglevel=error
	@touch $@

client-install: client/node_modules/.installed

client-build: client-install
	@cd client && $(NPM) run --silent build

migrate: install
	@$(PY) manage.py migrate --noinput -v0

seed: migrate
	@$(PY) manage.py seed_demo --once
	@$(PY) manage.py close_day

run: install client-build seed
	@echo "Kehadiran: http://$(HOST):$(PORT)  (admin@example.com / admin12345)"
	@$(VENV)/bin/daphne -b $(HOST) -p $(PORT) server.config.asgi:application

serve: install
	@$(VENV)/bin/daphne -b $(HOST) -p $(PORT) server.config.asgi:application

services: install
	@$(PY) scripts/check_services.py --database "$(TEST_DATABASE_URL)" --redis "$(TEST_REDIS_URL)"

lint: install
	@$(VENV)/bin/ruff check server scripts bench manage.py
	@$(VENV)/bin/ruff format --check server scripts bench manage.py

typecheck: install client-install
	@$(VENV)/bin/mypy server
	@cd client && $(NPM) run --silent typecheck && echo "tsc: client types OK"

pytest: install services
	@DATABASE_URL="$(TEST_DATABASE_URL)" REDIS_URL="$(TEST_REDIS_URL)" $(VENV)/bin/pytest -p no:randomly

vitest: client-install
	@cd client && $(NPM) run --silent test

bundle-size: client-build
	@cd client && node scripts/bundle-size.mjs

chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  echo "Installing Debian's chromium for Playwright..."; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null; \
	fi

e2e/node_modules/.installed: e2e/package.json e2e/package-lock.json
	@cd e2e && $(NPM) ci --no-audit --no-fund --loglevel=error
	@touch $@

e2e-install: e2e/node_modules/.installed chromium

e2e: install client-build e2e-install services
	@cd e2e && $(NPM) exec --silent -- playwright test

test: lint typecheck pytest vitest bundle-size e2e
	@echo "make test: all checks passed"
