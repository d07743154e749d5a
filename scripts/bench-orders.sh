#!/usr/bin/env bash
# Orders per second at 50 concurrent buyers beside pgbench's TPC-B-like
# transactions per second, on the same private PostgreSQL server
# (scripts/devdb.sh), with the same concurrency, in one run.
#
#   scripts/bench-orders.sh            # 15 s each
#   BENCH_SECONDS=30 scripts/bench-orders.sh
#
# pgbench: `pgbench -i` into a scratch database, then -c 50 -j 2 -T 15.
# Go: BenchmarkPlaceOrderContended (store/orders_bench_test.go), which
# checks the wallet invariant (CheckLedger) after every round and fails
# rather than report if it is broken.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
secs="${BENCH_SECONDS:-15}"
clients=50
scale="${PGBENCH_SCALE:-1}"

pgbin() {
  if command -v "$1" >/dev/null 2>&1; then command -v "$1"; return; fi
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  echo "$d/$1"
}
pgbench=$(pgbin pgbench)

server=$(scripts/devdb.sh)
scratch="bench_orders_pgbench"
url=$(scripts/devdb.sh "$scratch")

echo "== pgbench (TPC-B-like, scale $scale, -c $clients -j 2 -T $secs) on $server"
"$pgbench" -i -q -s "$scale" "$url" >/dev/null 2>&1
pgout=$("$pgbench" -c "$clients" -j 2 -T "$secs" "$url" 2>&1)
echo "$pgout" | grep -E 'number of transactions actually processed|latency average|^tps'
pgtps=$(echo "$pgout" | sed -n 's/^tps = \([0-9.]*\).*/\1/p')
"$(pgbin dropdb)" -h 127.0.0.1 -p "$(echo "$server" | sed -E 's#.*:([0-9]+)/.*#\1#')" -U postgres --if-exists "$scratch" || true

echo
echo "== BenchmarkPlaceOrderContended ($clients buyers, -benchtime ${secs}s)"
goout=$(TEST_DATABASE_URL="$server" go test ./store -run '^$' -bench 'PlaceOrderContended' -benchtime "${secs}s" -count 1 2>&1) ||
  { echo "$goout"; exit 1; }
echo "$goout" | grep -E '^Benchmark'

echo
echo "== summary"
echo "$goout" | sed -n 's/^BenchmarkPlaceOrderContended\/\(pool=[0-9]*\)-[0-9]*[[:space:]].*[[:space:]]\([0-9.]*\) orders\/s.*/\1 \2/p' |
  while read -r pool ops; do
    awk -v p="$pool" -v o="$ops" -v t="$pgtps" 'BEGIN {
      printf "%-8s %8.0f orders/s  = %5.1f %% of pgbench %.0f tps  (targets: >= 60 %%, >= 1000 orders/s: %s)\n",
        p, o, 100 * o / t, t, (o >= 1000 && o >= 0.6 * t) ? "met" : "missed" }'
  done
echo "ledger invariant (CheckLedger) verified after every benchmark round"
