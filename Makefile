# Kehadiran: `make run` (zero-setup demo) and `make test` (everything CI runs).
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

HOST ?= 127.0.0.1
PORT ?= 8000
# Daphne's listen queue: see LISTEN_BACKLOG in scripts/processes.py.
DAPHNE_LISTEN = -e tcp:port=$(PORT):interface=$(HOST):backlog=4096
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
NPM ?= npm
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/kehadiran
TEST_REDIS_URL ?= redis://127.0.0.1:6379/1
# pytest-xdist workers (each its own test database and Redis database: server/config/test_settings.py).
PYTEST_WORKERS ?= 2

.PHONY: help run serve secret-key install client-install client-typecheck client-build migrate seed test lint typecheck pytest vitest \
        bundle-size e2e e2e-install chromium services access-table api-types api-types-check

help:
	@echo "make run   - install, build, migrate, seed once and serve on http://$(HOST):$(PORT)"
	@echo "make test  - ruff, mypy, pytest, vitest, tsc, client build, Playwright e2e (needs PostgreSQL + Redis)"
	@echo "make e2e   - Playwright suite alone (starts its own server, or uses E2E_BASE_URL)"
	@echo "make e2e-smoke E2E_BASE_URL=https://... - the @smoke subset against a running deployment"

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

client-typecheck: client-install
	@cd client && $(NPM) run --silent typecheck && echo "tsc: client types OK"

# `npm run build` is `tsc -b && vite build`; here the type check is client-typecheck, which `make test`
# runs once for typecheck and the build alike (TypeScript 7's `tsc -b` checks the whole client again).
client-build: client-typecheck
	@cd client && $(NPM) exec --silent -- vite build

migrate: install
	@$(PY) manage.py migrate --noinput -v0

seed: migrate
	@$(PY) manage.py seed_demo --once
	@$(PY) manage.py close_day

# With DEBUG=0 (the default) the server refuses the public development SECRET_KEY and the demo HR and
# payroll tokens (server/config/startup.py). The checkout's own servers get a random key, created
# once in var/secret_key (read by the settings when SECRET_KEY is unset), and run against the fake
# HR and payroll applications (KEHADIRAN_DEMO=1 allows their demo tokens).
SECRET_KEY_FILE := $(or $(VAR_DIR),var)/secret_key

$(SECRET_KEY_FILE):
	@mkdir -p $(dir $@)
	@(umask 077 && $(PYTHON) -c 'import secrets; print(secrets.token_urlsafe(50))' > $@.tmp) && mv $@.tmp $@
	@echo "Created a random SECRET_KEY in $@ (kept: public ids stay the same across restarts)"

secret-key: $(SECRET_KEY_FILE)

run serve seed: export KEHADIRAN_DEMO ?= 1
# `make run` keeps every e-mail (reset codes, approval links, the daily digest) as files in var/mail.
run: export EMAIL_FILE_PATH ?= $(abspath $(or $(VAR_DIR),var)/mail)

run: install secret-key client-build seed
	@echo "Kehadiran: http://$(HOST):$(PORT)  (admin@example.com / admin12345)"
	@$(PY) -m server.fakes & fakes=$$!; trap 'kill $$fakes 2>/dev/null' EXIT; \
	  $(VENV)/bin/daphne $(DAPHNE_LISTEN) server.config.asgi:application

serve: install secret-key
	@$(VENV)/bin/daphne $(DAPHNE_LISTEN) server.config.asgi:application

services: install
	@$(PY) scripts/check_services.py --database "$(TEST_DATABASE_URL)" --redis "$(TEST_REDIS_URL)"

lint: install client/lint/node_modules/.installed
	@$(VENV)/bin/ruff check server scripts bench manage.py
	@$(VENV)/bin/ruff format --check server scripts bench manage.py
	@$(PY) manage.py makemigrations --check --dry-run -v0 || { echo "Model changes without a migration: run manage.py makemigrations" >&2; exit 1; }
	@$(VENV)/bin/lint-imports
	@cd client && lint/node_modules/.bin/eslint -c lint/eslint.config.js --max-warnings 0 . && echo "eslint: client OK"

# ESLint lives in its own package: typescript-eslint needs TypeScript < 6.1, the client builds with 7.
client/lint/node_modules/.installed: client/lint/package.json client/lint/package-lock.json
	@cd client/lint && $(NPM) ci --no-audit --no-fund --loglevel=error
	@touch $@

typecheck: install client-typecheck e2e/node_modules/.installed
	@$(VENV)/bin/mypy server
	@cd e2e && $(NPM) run --silent typecheck && echo "tsc: e2e types OK"

pytest: install services
	@DATABASE_URL="$(TEST_DATABASE_URL)" REDIS_URL="$(TEST_REDIS_URL)" $(VENV)/bin/pytest -p no:randomly -n $(PYTEST_WORKERS)

# The production topology of docker/compose.yaml without containers (scripts/topology.py, DESIGN §19):
# nginx (Debian package, installed when missing) serving docker/nginx.conf in front of two Daphnes, a
# Celery worker and beat, each in its own working directory under var/topology, all on the one media
# directory var/topology/media, on PostgreSQL and Redis. In another terminal:
# `$(PY) scripts/topology.py rolling` restarts the replicas one at a time, `... status` shows health.
TOPOLOGY_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/kehadiran_topology
TOPOLOGY_REDIS_URL ?= redis://127.0.0.1:6379/7

.PHONY: topology topology-smoke
topology: install client-build
	@$(PY) scripts/topology.py up --database-url "$(TOPOLOGY_DATABASE_URL)" --redis-url "$(TOPOLOGY_REDIS_URL)"

# The smoke on a fresh database (dropped after). `make test` runs the same smoke in pytest
# (server/config/tests/test_topology.py, on a copy of the test database).
topology-smoke: install
	@$(PY) scripts/topology.py smoke --database-url "$(TOPOLOGY_DATABASE_URL)_smoke" --redis-url "$(TOPOLOGY_REDIS_URL)"

# The route / method / policy table a test compares with the code (review it in the diff).
access-table: install
	@$(PY) manage.py access_table

# Client API types generated from the OpenAPI schema (client/src/lib/api-schema.d.ts, checked in).
API_TYPES := client/src/lib/api-schema.d.ts
API_TYPES_TOOL := scripts/api-types

$(API_TYPES_TOOL)/node_modules/.installed: $(API_TYPES_TOOL)/package.json $(API_TYPES_TOOL)/package-lock.json
	@cd $(API_TYPES_TOOL) && $(NPM) ci --no-audit --no-fund --loglevel=error
	@touch $@

api-types: install $(API_TYPES_TOOL)/node_modules/.installed
	@$(PY) manage.py spectacular --format openapi-json --file $(API_TYPES).json
	@$(API_TYPES_TOOL)/node_modules/.bin/openapi-typescript $(API_TYPES).json -o $(API_TYPES) --silent
	@rm -f $(API_TYPES).json
	@echo "api-types: wrote $(API_TYPES)"

api-types-check: install $(API_TYPES_TOOL)/node_modules/.installed
	@tmp=$$(mktemp -d); \
	$(PY) manage.py spectacular --format openapi-json --file $$tmp/schema.json && \
	$(API_TYPES_TOOL)/node_modules/.bin/openapi-typescript $$tmp/schema.json -o $$tmp/api-schema.d.ts --silent && \
	if cmp -s $$tmp/api-schema.d.ts $(API_TYPES); then rm -rf $$tmp; echo "api-types: $(API_TYPES) is current"; \
	else rm -rf $$tmp; echo "$(API_TYPES) is stale: run make api-types" >&2; exit 1; fi

vitest: client-install
	@cd client && $(NPM) run --silent test

bundle-size: client-build
	@cd client && node scripts/bundle-size.mjs

# Debian's Chromium, and its headless shell, which the suite runs in when present (e2e/playwright.config.ts).
chromium:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/lib/chromium/chromium-headless-shell ]; then \
	  echo "Installing Debian's chromium and chromium-headless-shell for Playwright..."; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell fonts-liberation >/dev/null; \
	fi

e2e/node_modules/.installed: e2e/package.json e2e/package-lock.json
	@cd e2e && $(NPM) ci --no-audit --no-fund --loglevel=error
	@touch $@

e2e-install: e2e/node_modules/.installed chromium

e2e: install client-build e2e-install services
	@cd e2e && $(NPM) exec --silent -- playwright test

# One spec N times at once before it lands (issue 43): N workers, each on its own seeded server, each
# running the spec once (--repeat-each), no retries: a flaky spec fails here. `make e2e-repeat
# SPEC=specs/auth/reset-password.spec.ts N=4` (N defaults to 3; a 2-core machine holds 3-4 servers).
N ?= 3
.PHONY: e2e-repeat
e2e-repeat: install client-build e2e-install services
	@test -n "$(SPEC)" || { echo "usage: make e2e-repeat SPEC=specs/<area>/<name>.spec.ts [N=3]" >&2; exit 2; }
	@cd e2e && E2E_WORKERS=$(N) E2E_RETRIES=0 $(NPM) exec --silent -- playwright test $(SPEC) --repeat-each=$(N) --workers=$(N)

# The smoke of a deployment it did not start (README 'Smoke test of a deployment'): the @smoke specs of
# e2e/smoke against E2E_BASE_URL, signing in with E2E_SMOKE_EMAIL / E2E_SMOKE_PASSWORD and playing the
# app of E2E_SMOKE_EMPLOYEE / E2E_SMOKE_EMPLOYEE_PASSWORD (the demo's accounts when unset). It creates
# what it needs through the API under its own name and removes it after; the HTML report, with the
# traces of failures, is left in e2e/smoke-report. `make e2e-smoke E2E_BASE_URL=https://staging.example`
.PHONY: e2e-smoke
e2e-smoke: e2e-install
	@test -n "$(E2E_BASE_URL)" || { echo "usage: make e2e-smoke E2E_BASE_URL=https://staging.example" >&2; exit 2; }
	@cd e2e && E2E_BASE_URL="$(E2E_BASE_URL)" $(NPM) exec --silent -- playwright test -c smoke.config.ts

# Lighthouse 13 (mobile and desktop presets, Debian's Chromium headless) against a server already running
# (`make run` or `make serve` in another terminal): prints the table of issue 42 for /login, /,
# /approval/attendance, /employee, a report document and /wall. Its own package folder, so `make test`
# never installs it. `make lighthouse URL=http://127.0.0.1:8000 [LIGHTHOUSE_RUNS=3]`.
.PHONY: lighthouse
client/lighthouse/node_modules/.installed: client/lighthouse/package.json
	@cd client/lighthouse && $(NPM) install --no-audit --no-fund --loglevel=error
	@touch $@

lighthouse: client/lighthouse/node_modules/.installed
	@cd client/lighthouse && node run.mjs "$(or $(URL),http://$(HOST):$(PORT))"

# The design-system pictures of client/README.md, from the real screens on a seeded server.
.PHONY: screenshots
screenshots: install client-build e2e-install services
	@cd e2e && $(NPM) exec --silent -- playwright test -c screenshots.config.ts

# The static checks are independent and mostly single-threaded (ruff, the migration check, lint-imports,
# ESLint, mypy, the schema): CHECK_JOBS at a time (2: both cores of a 2-core machine), each target's
# output kept together. client-typecheck has run with typecheck, so the client build does not repeat it.
# Then the client build, and the suites: Playwright at normal priority, beside it vitest and the bundle
# size one after the other at a lower CPU priority (SUITES_NICE); their output is shown in one block
# when they end (also in var/test-suites.log). pytest needs neither the client nor the checks: it
# starts first, beside all of that, at SUITES_NICE (it takes the CPU the installs, the checks and
# Playwright's waits leave, and was the longest part: 1049 s of 1124 s when it started after the
# build); its output comes last (also in var/test-pytest.log). make fails if any part does.
CHECK_JOBS ?= 2
SUITES_NICE ?= 10
SUITES_LOG := $(or $(VAR_DIR),var)/test-suites.log
PYTEST_LOG := $(or $(VAR_DIR),var)/test-pytest.log

.PHONY: suites-beside-e2e
suites-beside-e2e:
	@mkdir -p $(dir $(SUITES_LOG))
	@status=0; nice -n $(SUITES_NICE) $(MAKE) --no-print-directory -j1 -o client-typecheck -o client-build \
	  vitest bundle-size > $(SUITES_LOG) 2>&1 || status=$$?; \
	  cat $(SUITES_LOG); exit $$status

test: install services
	@mkdir -p $(dir $(PYTEST_LOG))
	@nice -n $(SUITES_NICE) $(MAKE) --no-print-directory -j1 -o install -o services pytest > $(PYTEST_LOG) 2>&1 & \
	  pytest=$$!; trap 'kill $$pytest 2>/dev/null' INT TERM; status=0; \
	  { $(MAKE) --no-print-directory -j$(CHECK_JOBS) --output-sync=target lint typecheck api-types-check && \
	    $(MAKE) --no-print-directory -o client-typecheck client-build e2e-install && \
	    $(MAKE) --no-print-directory -j2 -o client-typecheck -o client-build e2e suites-beside-e2e; } || status=$$?; \
	  pytest_status=0; wait $$pytest || pytest_status=$$?; \
	  echo "pytest (started beside the checks, also in $(PYTEST_LOG)):"; cat $(PYTEST_LOG); \
	  test $$status -eq 0 -a $$pytest_status -eq 0
	@echo "make test: all checks passed"
