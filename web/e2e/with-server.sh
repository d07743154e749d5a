#!/usr/bin/env bash
# Runs a command against the real server: a fresh database, `topup migrate`,
# `topup seed`, `topup serve` on a free port, then the command (from web/)
# with BASE_URL, SERVER_LOG and DATABASE_URL set; the server stops after it.
# Needs a built binary (TOPUP_BIN, default ../bin/topup: run `make build`
# first) and DATABASE_URL (default: a database named topup_e2e on the private
# PostgreSQL of scripts/devdb.sh). Used by run.sh (Playwright) and the LCP
# benchmark (scripts/lcp.mjs).
set -euo pipefail
web=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$web/.." && pwd)
bin="${TOPUP_BIN:-$root/bin/topup}"

[ -x "$bin" ] || { echo "e2e: no server binary at $bin (run make build)" >&2; exit 1; }
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || { echo "e2e: install Debian's chromium (apt-get install -y chromium)" >&2; exit 1; }

# psql (here and in the tests' helpers) may live off PATH, as on Debian.
if ! command -v psql >/dev/null 2>&1; then
  PATH="$PATH:$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  export PATH
fi

if [ -z "${DATABASE_URL:-}" ]; then
  base=$("$root/scripts/devdb.sh")
  # A fresh database per run, so registrations never collide.
  psql "$base" -qc 'DROP DATABASE IF EXISTS topup_e2e WITH (FORCE)' >/dev/null
  DATABASE_URL=$("$root/scripts/devdb.sh" topup_e2e)
fi
export DATABASE_URL

port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
mkdir -p "$web/test-results"
work=$(mktemp -d)
log="$web/test-results/server.log"
export LISTEN_ADDR="127.0.0.1:$port"
export PUBLIC_URL="http://127.0.0.1:$port"
export UPLOAD_DIR="$work/uploads"
export PUSHER_APP_ID="${PUSHER_APP_ID:-e2e-app}"
export PUSHER_APP_KEY="${PUSHER_APP_KEY:-e2e-key}"
export PUSHER_APP_SECRET="${PUSHER_APP_SECRET:-e2e-secret-0123456789abcdef}"
export SMS_PROVIDER=log
# An easy captcha (local mode allows it): the same widget and checks, solved
# in milliseconds.
export CAPTCHA_MAX_NUMBER="${CAPTCHA_MAX_NUMBER:-2000}"
export LOG_FORMAT=json
# Parallel Playwright workers each come from their own address
# (playwright.config.ts sets X-Forwarded-For per worker), so the
# per-address limits (login, captcha, registration) count each worker as
# the one customer's phone it stands for, not the whole suite as one.
export PROXY_HEADER=X-Forwarded-For TRUSTED_PROXIES=127.0.0.1/32

"$bin" migrate
"$bin" seed
"$bin" serve >"$log" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

for _ in $(seq 1 100); do
  "$bin" healthcheck >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { echo "e2e: the server exited; see $log" >&2; cat "$log" >&2; exit 1; }
  sleep 0.1
done

export BASE_URL="$PUBLIC_URL" SERVER_LOG="$log"
cd "$web"
"$@"
