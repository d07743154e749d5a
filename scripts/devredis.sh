#!/usr/bin/env bash
# Starts, once per checkout, a private Redis for the tests and prints its
# URL. The port is DEVREDIS_PORT, else the first free one from 63799, kept in
# .data/redis/port so several checkouts on one machine never collide.
# Nothing is persisted.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
dir="$root/.data/redis"

if ! command -v redis-server >/dev/null 2>&1; then
  echo "devredis: redis-server is not installed (Debian: apt-get install redis-server)" >&2
  exit 1
fi
mkdir -p "$dir"
exec 9>"$dir/.lock"
flock 9
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
running() { [ -s "$dir/redis.pid" ] && kill -0 "$(cat "$dir/redis.pid")" 2>/dev/null; }
if [ -s "$dir/port" ]; then
  port=$(cat "$dir/port")
else
  port="${DEVREDIS_PORT:-63799}"
  if [ -z "${DEVREDIS_PORT:-}" ]; then
    while port_in_use "$port"; do port=$((port + 1)); done
  fi
  echo "$port" >"$dir/port"
fi
if ! running || ! redis-cli -p "$port" ping >/dev/null 2>&1; then
  redis-server --bind 127.0.0.1 --port "$port" --daemonize yes --save '' --appendonly no \
    --dir "$dir" --logfile "$dir/redis.log" --pidfile "$dir/redis.pid" 9>&-
  for _ in $(seq 1 50); do
    redis-cli -p "$port" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
  redis-cli -p "$port" ping >/dev/null || { tail -n 20 "$dir/redis.log" >&2; exit 1; }
fi
echo "redis://127.0.0.1:$port/0"
