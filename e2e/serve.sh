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
export SECRET_KEY="${SECRET_KEY:-e2e-only-secret-key-of-the-kehadiran-suite}"
export KEHADIRAN_DEMO="${KEHADIRAN_DEMO:-1}"
export WEB_BASE_URL="${WEB_BASE_URL:-http://127.0.0.1:$port}"
export GUIDE_URL="${GUIDE_URL-}"

if [[ ! -f "${CLIENT_DIST:-$root/client/dist}/index.html" ]]; then
  echo "serve.sh: ${CLIENT_DIST:-client/dist} is missing; build it first: (cd client && npm run build)" >&2
  exit 1
fi

rm -rf "$EMAIL_FILE_PATH"
mkdir -p "$EMAIL_FILE_PATH"

# Drop and recreate the database named by DATABASE_URL, and empty the Redis database.
"$python" - <<'PY'
import os
from urllib.parse import urlsplit, urlunsplit

import psycopg
import redis

url = urlsplit(os.environ["DATABASE_URL"])
name = url.path.lstrip("/")
if not name.replace("_", "").replace("-", "").isalnum():
    raise SystemExit(f"serve.sh: refusing unusual database name {name!r}")
admin_url = urlunsplit(url._replace(path="/postgres"))
with psycopg.connect(admin_url, autocommit=True) as conn:
    conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    conn.execute(f'CREATE DATABASE "{name}"')
redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()
print(f"serve.sh: fresh database {name}, flushed {os.environ['REDIS_URL']}")
PY

"$python" manage.py migrate --noinput -v0
"$python" manage.py seed_demo

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
