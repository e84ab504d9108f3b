#!/usr/bin/env bash
# Starts the e2e server: a fresh PostgreSQL database, a flushed Redis db, migrate, seed, Daphne.
# playwright.config.ts runs it from the repository root with the environment of fixtures/env.ts;
# the defaults below match it so the script also works by hand: `bash e2e/serve.sh`.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
cd "$root"

port="${E2E_PORT:-8011}"
python="${E2E_PYTHON:-$root/.venv/bin/python}"
daphne="$(dirname "$python")/daphne"

export DJANGO_SETTINGS_MODULE="${DJANGO_SETTINGS_MODULE:-server.config.settings}"
export DATABASE_URL="${DATABASE_URL:-${E2E_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/kehadiran_e2e}}"
export REDIS_URL="${REDIS_URL:-${E2E_REDIS_URL:-redis://127.0.0.1:6379/2}}"
export CHANNEL_PREFIX="${CHANNEL_PREFIX:-kehadiran-e2e}"
export EMAIL_FILE_PATH="${EMAIL_FILE_PATH:-$here/.mail}"
export THROTTLE_SIGN_IN="${THROTTLE_SIGN_IN:-1000/min}"
export THROTTLE_FORGOT_PASSWORD="${THROTTLE_FORGOT_PASSWORD:-1000/min}"
export THROTTLE_RESET_PASSWORD="${THROTTLE_RESET_PASSWORD:-1000/min}"
export FAST_PASSWORD_HASHER="${FAST_PASSWORD_HASHER:-1}"
export SECRET_KEY="${SECRET_KEY:-e2e-only-secret-key-of-the-kehadiran-suite-never-in-production}"
export KEHADIRAN_DEMO="${KEHADIRAN_DEMO:-1}"
export WEB_BASE_URL="${WEB_BASE_URL:-http://127.0.0.1:$port}"
export GUIDE_URL="${GUIDE_URL-}"

if [[ ! -f "${CLIENT_DIST:-$root/client/dist}/index.html" ]]; then
  echo "serve.sh: ${CLIENT_DIST:-client/dist} is missing; build it first: (cd client && npm run build)" >&2
  exit 1
fi

rm -rf "$EMAIL_FILE_PATH"
mkdir -p "$EMAIL_FILE_PATH"

# Drop and recreate the database named by DATABASE_URL, and empty the Redis database. With
# E2E_TEMPLATE_DATABASE (fixtures/env.ts sets it when the suite has several slots) migrate and
# seed_demo run once per suite: slot 0 migrates and seeds its database, then copies it into the
# template database, marked with the run's id (E2E_RUN); every other slot waits for that mark and
# clones the template (CREATE DATABASE ... TEMPLATE: a file copy of a second, instead of the
# migrations and the seed again, which the slots otherwise ran one after the other).
export E2E_CLONE=0
if [[ -n "${E2E_TEMPLATE_DATABASE:-}" && "${E2E_SLOT:-0}" != 0 ]]; then E2E_CLONE=1; fi
"$python" - <<'PY'
import os
import time
from urllib.parse import urlsplit, urlunsplit

import psycopg
import redis

url = urlsplit(os.environ["DATABASE_URL"])
name = url.path.lstrip("/")
template = os.environ.get("E2E_TEMPLATE_DATABASE", "")
clone = os.environ["E2E_CLONE"] == "1"
for given in (name, template, os.environ.get("E2E_RUN", "")):
    if given and not given.replace("_", "").replace("-", "").isalnum():
        raise SystemExit(f"serve.sh: refusing an unusual database name or run id {given!r}")
admin_url = urlunsplit(url._replace(path="/postgres"))
with psycopg.connect(admin_url, autocommit=True) as conn:
    conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    if clone:
        run = os.environ["E2E_RUN"]
        mark = "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = %s"
        deadline = time.monotonic() + 170
        while (row := conn.execute(mark, (template,)).fetchone()) is None or row[0] != run:
            if time.monotonic() > deadline:
                raise SystemExit(f"serve.sh: slot 0 made no template {template} for run {run} in 170 s")
            time.sleep(0.5)
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    else:
        conn.execute(f'CREATE DATABASE "{name}"')
redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()
how = f"a copy of {template}" if clone else "fresh database"
print(f"serve.sh: {how} {name}, flushed {os.environ['REDIS_URL']}")
PY

if [[ $E2E_CLONE == 0 ]]; then
  "$python" manage.py migrate --noinput -v0
  "$python" manage.py seed_demo
  if [[ -n "${E2E_TEMPLATE_DATABASE:-}" ]]; then
    "$python" - <<'PY'
import os
from urllib.parse import urlsplit, urlunsplit

import psycopg

url = urlsplit(os.environ["DATABASE_URL"])
name, template, run = url.path.lstrip("/"), os.environ["E2E_TEMPLATE_DATABASE"], os.environ["E2E_RUN"]
with psycopg.connect(urlunsplit(url._replace(path="/postgres")), autocommit=True) as conn:
    conn.execute(f'DROP DATABASE IF EXISTS "{template}" WITH (FORCE)')
    conn.execute(f'CREATE DATABASE "{template}" TEMPLATE "{name}"')
    conn.execute(f"COMMENT ON DATABASE \"{template}\" IS '{run}'")
print(f"serve.sh: {name} copied into {template} for the other slots (run {run})")
PY
  fi
fi

# Beside Daphne: the fake HR and payroll applications and a Celery worker for background jobs.
# Small HR pages so a sync's progress moves in visible steps.
hr_port="${E2E_HR_PORT:-$((port + 1000))}"
payroll_port="${E2E_PAYROLL_PORT:-$((port + 1001))}"
export HR_API_URL="http://127.0.0.1:$hr_port" PAYROLL_API_URL="http://127.0.0.1:$payroll_port"
export HR_PAGE_SIZE="${HR_PAGE_SIZE:-25}"
children=()
stop_children() { kill "${children[@]}" 2>/dev/null || true; wait || true; }
trap stop_children EXIT
trap 'exit 0' INT TERM
"$python" -m server.fakes --hr-port "$hr_port" --payroll-port "$payroll_port" &
children+=($!)
"$python" -m celery -A server.config worker --pool=threads --concurrency=2 --without-gossip --without-mingle -l warning &
children+=($!)

echo "serve.sh: daphne on http://127.0.0.1:$port (fake HR :$hr_port, fake payroll :$payroll_port)"
# The access log is noise in the test output; E2E_ACCESS_LOG=- shows it.
"$daphne" -b 127.0.0.1 -p "$port" --access-log "${E2E_ACCESS_LOG:-/dev/null}" server.config.asgi:application &
children+=($!)
wait -n
