#!/usr/bin/env bash
# Starts, once per checkout, a private Redis for the tests and prints its
# URL (redis://127.0.0.1:DEVREDIS_PORT/0, port 63799). Nothing is persisted.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
port="${DEVREDIS_PORT:-63799}"
dir="$root/.data/redis"

if ! command -v redis-server >/dev/null 2>&1; then
  echo "devredis: redis-server is not installed (Debian: apt-get install redis-server)" >&2
  exit 1
fi
mkdir -p "$dir"
exec 9>"$dir/.lock"
flock 9
if ! redis-cli -p "$port" ping >/dev/null 2>&1; then
  redis-server --bind 127.0.0.1 --port "$port" --daemonize yes --save '' --appendonly no \
    --dir "$dir" --logfile "$dir/redis.log" --pidfile "$dir/redis.pid" 9>&-
  for _ in $(seq 1 50); do
    redis-cli -p "$port" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
  redis-cli -p "$port" ping >/dev/null || { tail -n 20 "$dir/redis.log" >&2; exit 1; }
fi
echo "redis://127.0.0.1:$port/0"
