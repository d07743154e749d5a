#!/usr/bin/env bash
# The store measured from outside, as customers reach it, beside its own
# database path and pgbench, in one run (docs/benchmarks.md, "End to end"):
#
#   1. scripts/bench-orders.sh: pgbench TPC-B-like at 50 clients, and
#      store.PlaceOrder called from Go by 50 buyers (the store-level figure);
#   2. one `topup serve` (LOG_LEVEL=info, its log to a file, the profiler on
#      127.0.0.1) on a fresh, seeded database of the same PostgreSQL;
#   3. cmd/storeload: 50 buyers ordering over HTTP, then 100 visitors reading
#      the catalogue, then the same visitors against a bare Fiber handler
#      serving the same bytes (the ceiling); CPU and allocation profiles of
#      the server for each measured phase; the money check after the orders.
#
#   scripts/bench-store.sh                      15 s per phase
#   BENCH_SECONDS=20 BENCH_PROFILES=/tmp/prof scripts/bench-store.sh
#   BENCH_SKIP_PGBENCH=1 scripts/bench-store.sh (storeload only)
#
# The machine's two cores are shared: run it under
# `flock -o /work/wt/.heavy.lock` and read the load averages it prints.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
secs="${BENCH_SECONDS:-15}"
work=$(mktemp -d /tmp/topup-bench-store-XXXXXX)
profiles="${BENCH_PROFILES:-$work}"
mkdir -p "$profiles"
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() { local p=$1; while port_in_use "$p"; do p=$((p + 1)); done; echo "$p"; }
pid=
cleanup() { [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; true; }
trap cleanup EXIT

echo "== $(date -u +%FT%TZ) load: $(cat /proc/loadavg)"
if [ -z "${BENCH_SKIP_PGBENCH:-}" ]; then
  BENCH_SECONDS="$secs" scripts/bench-orders.sh
  echo
fi

server=$(scripts/devdb.sh)
pgport=$(echo "$server" | sed -E 's#.*:([0-9]+)/.*#\1#')
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
"$bin/dropdb" -h 127.0.0.1 -p "$pgport" -U postgres --if-exists bench_store
export DATABASE_URL
DATABASE_URL=$(scripts/devdb.sh bench_store)
go build -o "$work/topup" ./cmd/topup
go build -o "$work/storeload" ./cmd/storeload
"$work/topup" migrate >/dev/null
"$work/topup" seed >/dev/null

addr="127.0.0.1:$(free_port 18180)"
pprof="127.0.0.1:$(free_port 16160)"
APP_ENV=local LOG_FORMAT=json LOG_LEVEL="${BENCH_LOG_LEVEL:-info}" LISTEN_ADDR="$addr" PPROF_ADDR="$pprof" UPLOAD_DIR="$work/uploads" \
  "$work/topup" serve --no-migrate >"$work/serve.log" 2>&1 &
pid=$!
for _ in $(seq 100); do curl -fs "http://$addr/readyz" >/dev/null 2>&1 && break; sleep 0.1; done

# CPU seconds (user + system) of a process and its waited-for children,
# from /proc: PostgreSQL's is the postmaster's and every live backend's.
ticks() { awk '{print $14 + $15 + $16 + $17}' "/proc/$1/stat" 2>/dev/null || echo 0; }
pgcpu() {
  local pm t
  pm=$(head -n 1 "$root/.data/pg/postmaster.pid")
  t=$(ticks "$pm")
  for c in $(pgrep -P "$pm"); do t=$((t + $(ticks "$c"))); done
  echo "$t"
}
hz=$(getconf CLK_TCK)
load() { "$work/storeload" -url "http://$addr" -db "$DATABASE_URL" -pprof "http://$pprof" -profiles "$profiles" \
  -buyers 50 -visitors 100 -warmup 3s -for "${secs}s" ${STORELOAD_FLAGS:-} "$@"; }

echo "== storeload against topup serve on $addr (profiles in $profiles)"
s0=$(ticks "$pid"); p0=$(pgcpu); t0=$(date +%s.%N)
load -phases orders | tee "$work/orders.txt"
s1=$(ticks "$pid"); p1=$(pgcpu); t1=$(date +%s.%N)
orders=$(sed -n 's/.*answered 201 \([0-9]*\).*/\1/p' "$work/orders.txt")
awk -v s="$((s1 - s0))" -v p="$((p1 - p0))" -v hz="$hz" -v n="$orders" -v t="$(echo "$t1 - $t0" | bc)" 'BEGIN {
  printf "CPU per order (warm-up included, %d orders in %.1f s): topup serve %.0f µs, PostgreSQL %.0f µs\n",
    n, t, 1e6 * s / hz / n, 1e6 * p / hz / n }'
load -phases catalogue,ceiling
echo "server log: $(wc -l <"$work/serve.log") lines; profiles: go tool pprof -top $profiles/orders.cpu.pprof"
