#!/usr/bin/env bash
# `make run`: migrate, seed and serve the store built by `make build`.
# Without DATABASE_URL it uses a private PostgreSQL (scripts/devdb.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${DATABASE_URL:-}" ]; then
  DATABASE_URL=$(scripts/devdb.sh topup)
  export DATABASE_URL
  echo "Using the private PostgreSQL at $DATABASE_URL (set DATABASE_URL to use another)."
fi
export UPLOAD_DIR="${UPLOAD_DIR:-.data/uploads}"
# The demo shop's support channels, so its footer and order page show how a
# configured shop looks (docs/operations.md); the environment wins.
export SUPPORT_TELEGRAM_URL="${SUPPORT_TELEGRAM_URL-https://t.me/shwetopup_demo}"
export SUPPORT_FACEBOOK_URL="${SUPPORT_FACEBOOK_URL-https://www.facebook.com/shwetopup.demo}"
export SUPPORT_VIBER="${SUPPORT_VIBER-09791000100}"
export SUPPORT_PHONE="${SUPPORT_PHONE-09791000100}"
export SUPPORT_HOURS="${SUPPORT_HOURS-9:00–23:00}"

bin/topup migrate
bin/topup seed

addr="${LISTEN_ADDR:-:8080}"
echo
echo "Shwe Top-Up is starting at ${PUBLIC_URL:-http://localhost:${addr##*:}} (Ctrl+C stops it)"
echo
exec bin/topup serve
