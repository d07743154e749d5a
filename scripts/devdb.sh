#!/usr/bin/env bash
# Starts, once per checkout, a private PostgreSQL for `make run` and `make test`
# and prints its server URL. Later calls reuse the running instance.
#
#   scripts/devdb.sh          URL of the server's postgres database
#   scripts/devdb.sh NAME     creates database NAME if missing, prints its URL
#
# Why a private instance: a fresh machine has the PostgreSQL binaries but no
# running server we may use, and the store must never touch a database it was
# not given. The data lives in .data/pg (git-ignored). The port is DEVDB_PORT,
# else the first free one from 54329, chosen at the first start and kept in
# the data folder, so several checkouts on one machine never collide.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
data="${DEVDB_DIR:-$root/.data/pg}"

bindir() {
  if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v pg_ctl)")"
    return
  fi
  # Debian keeps the server binaries off PATH.
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$d" ] || [ ! -x "$d/pg_ctl" ]; then
    echo "devdb: no PostgreSQL server binaries (initdb, pg_ctl) found on PATH or in /usr/lib/postgresql" >&2
    exit 1
  fi
  echo "$d"
}
bin=$(bindir)

# PostgreSQL refuses to run as root, so root hands the instance to an
# unprivileged account (Debian's postgres user, or one we create).
run=()
if [ "$(id -u)" = 0 ]; then
  owner=postgres
  if ! id "$owner" >/dev/null 2>&1; then
    owner=topupdb
    id "$owner" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$owner"
  fi
  mkdir -p "$(dirname "$data")"
  # The owner must be able to reach the data folder; a checkout under a
  # private home folder is not reachable, so fall back to /tmp then.
  if ! runuser -u "$owner" -- test -x "$(dirname "$data")" 2>/dev/null; then
    data="/tmp/topup-devdb-$(echo "$root" | md5sum | cut -c1-12)"
  fi
  run=(runuser -u "$owner" --)
fi

mkdir -p "$(dirname "$data")"
exec 9>"$(dirname "$data")/.devdb.lock"
flock 9

if [ ! -s "$data/PG_VERSION" ]; then
  mkdir -p "$data"
  [ ${#run[@]} -gt 0 ] && chown "$owner" "$data"
  chmod 700 "$data"
  "${run[@]}" "$bin/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$data.initdb.log" 2>&1 ||
    { cat "$data.initdb.log" >&2; exit 1; }
fi

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
portfile="$data.port"
if [ -s "$portfile" ]; then
  port=$(cat "$portfile")
else
  port="${DEVDB_PORT:-54329}"
  if [ -z "${DEVDB_PORT:-}" ]; then
    while port_in_use "$port"; do port=$((port + 1)); done
  fi
  echo "$port" >"$portfile"
fi

if ! "${run[@]}" "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
  logfile="$data.log"
  touch "$logfile"
  [ ${#run[@]} -gt 0 ] && chown "$owner" "$logfile"
  "${run[@]}" "$bin/pg_ctl" -D "$data" -l "$logfile" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories='' -c max_connections=300 -c fsync=off -c synchronous_commit=off" \
    start >/dev/null 9>&- || { tail -n 30 "$logfile" >&2; exit 1; }
fi

db="${1:-postgres}"
if [ "$db" != postgres ]; then
  exists=$("$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -Atc "SELECT 1 FROM pg_database WHERE datname = '$db'")
  [ "$exists" = 1 ] || "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$db"
fi
echo "postgres://postgres@127.0.0.1:$port/$db?sslmode=disable"
