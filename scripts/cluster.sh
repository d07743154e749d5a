#!/usr/bin/env bash
# The production shape on one machine: the private PostgreSQL and Redis,
# three `topup serve` nodes sharing them (uploads in PostgreSQL, realtime
# and rate limits over Redis) and HAProxy (Debian's package) in front with
# the committed deploy/haproxy.cfg. Prints the one URL; Ctrl+C stops all.
#
#   scripts/cluster.sh                 store at http://localhost:8080
#   CLUSTER_PORT=9000 scripts/cluster.sh
#
# Nodes listen on CLUSTER_PORT+1..3 and log to .data/cluster/node-N.log.
# A rolling restart: `kill -TERM <pid>` of one node (pids are printed),
# start it again with the printed command, wait for it to be back, next.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian installs haproxy in /usr/sbin, off a normal user's PATH.
haproxy=$(command -v haproxy || echo /usr/sbin/haproxy)
[ -x "$haproxy" ] || { echo "cluster: haproxy is not installed (Debian: apt-get install haproxy)" >&2; exit 1; }
command -v curl >/dev/null || { echo "cluster: curl is needed to wait for the nodes (Debian: apt-get install curl)" >&2; exit 1; }
port="${CLUSTER_PORT:-8080}"
make --no-print-directory build >/dev/null
export DATABASE_URL="${DATABASE_URL:-$(scripts/devdb.sh topup)}"
export REDIS_URL="${REDIS_URL:-$(scripts/devredis.sh)}"
export BLOB_STORE=postgres TRUSTED_PROXIES=127.0.0.1/32,::1/128 PROXY_HEADER=X-Forwarded-For
# Above HAProxy's detection time (inter 1 s x fall 2).
export SHUTDOWN_DRAIN="${SHUTDOWN_DRAIN:-3}"
export PUBLIC_URL="${PUBLIC_URL:-http://localhost:$port}"
logs=.data/cluster
mkdir -p "$logs"

bin/topup migrate
bin/topup seed >/dev/null

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT INT TERM

for n in 1 2 3; do
  LISTEN_ADDR="127.0.0.1:$((port + n))" UPLOAD_DIR="$logs/uploads-$n" bin/topup serve --no-migrate >"$logs/node-$n.log" 2>&1 &
  pids+=($!)
  echo "node $n: pid $!, 127.0.0.1:$((port + n)), log $logs/node-$n.log"
  echo "        restart: LISTEN_ADDR=127.0.0.1:$((port + n)) UPLOAD_DIR=$logs/uploads-$n bin/topup serve --no-migrate"
done
for n in 1 2 3; do
  for _ in $(seq 100); do
    curl -fs "http://127.0.0.1:$((port + n))/readyz" >/dev/null 2>&1 && break
    sleep 0.2
  done
done

# Loopback only: the demo logins are public knowledge.
export TOPUP_BIND="127.0.0.1:$port" TOPUP_NODE1="127.0.0.1:$((port + 1))" TOPUP_NODE2="127.0.0.1:$((port + 2))" TOPUP_NODE3="127.0.0.1:$((port + 3))"
echo
echo "Shwe Top-Up (3 nodes behind HAProxy) at $PUBLIC_URL (Ctrl+C stops it)"
echo "  admin    09000000001 / admin123"
echo "  customer 09123456789 / customer123"
echo
"$haproxy" -db -f deploy/haproxy.cfg &
pids+=($!)
wait "${pids[-1]}"
