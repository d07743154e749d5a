#!/usr/bin/env bash
# Fault drill (docs/reliability.md, "Faults"): three `topup serve` nodes
# behind HAProxy (deploy/haproxy.cfg) on a scratch PostgreSQL and Redis of
# their own, and a mixed load through the balancer (scripts/faults):
# customers with the app open (a websocket each on private-user.{id}),
# buyers placing orders with idempotency keys, an admin confirming
# top-ups. While it runs: kill -9 of one node (started again), a rolling
# restart of the other two (SIGTERM, wait, start), PostgreSQL stopped for
# 3 s (a node must answer 503 within 2 s and /readyz name the database),
# and a restart of Redis (/readyz must name it while it is down). Then
# the load program settles and checks the database and every client (see
# scripts/faults/main.go), and `topup verify` checks every wallet against
# its ledger.
#
#   scripts/faults.sh                          the long form: 2,000 clients, 8 buyers
#   FAULTS_CLIENTS=200 FAULTS_GAP=2 scripts/faults.sh   the short form of `make test`
#   FAULTS_KEEP=1 scripts/faults.sh            keeps the node and HAProxy logs
#
# FAULTS_GAP is the steady load, in seconds, between faults (default 5).
#
# The same load without faults measures capacity (docs/reliability.md,
# "Capacity"): FAULTS_PLAN=steady runs it for FAULTS_FOR seconds (30) on
# FAULTS_NODES nodes (3; 1 puts one node behind the balancer) and reports
# requests per second and latency by kind, and judges the point
# ("capacity" in the report: every request answered, every kind's p99
# under load within 200 ms, the paced rates reached). For a point of the
# curve, pace the load instead of running buyers back to back:
# FAULTS_ORDER_RATE orders a second across the buyers, FAULTS_READERS
# visitors reading the catalogue at FAULTS_READ_RATE reads a second in
# all, FAULTS_CONFIRM_RATE top-ups confirmed a second. The load average
# is printed before, halfway through and after the load.
#   FAULTS_PLAN=steady FAULTS_NODES=1 FAULTS_CLIENTS=500 FAULTS_BUYERS=4 scripts/faults.sh
#   FAULTS_PLAN=steady FAULTS_NODES=1 FAULTS_CLIENTS=1000 FAULTS_BUYERS=16 FAULTS_ORDER_RATE=200 \
#     FAULTS_READERS=16 FAULTS_READ_RATE=400 FAULTS_CONFIRM_RATE=2 scripts/faults.sh
set -euo pipefail
cd "$(dirname "$0")/.."

clients=${FAULTS_CLIENTS:-2000}
buyers=${FAULTS_BUYERS:-8}
gap=${FAULTS_GAP:-5}
plan=${FAULTS_PLAN:-faults}
nodes=${FAULTS_NODES:-3}
case "$plan/$nodes" in faults/3 | steady/1 | steady/3) ;; *)
  echo "faults: FAULTS_PLAN=faults needs 3 nodes; steady runs on 1 or 3" >&2; exit 1 ;; esac
haproxy=$(command -v haproxy || echo /usr/sbin/haproxy)
[ -x "$haproxy" ] || { echo "faults: haproxy is not installed (Debian: apt-get install haproxy)" >&2; exit 1; }
# Each client is a socket in the load, two in HAProxy and one in a node.
need=$((clients * 4 + 2048))
[ "$(ulimit -n)" -ge "$need" ] || ulimit -n "$need" 2>/dev/null ||
  { echo "faults: $clients clients need $need open files; ulimit -n is $(ulimit -n) (hard $(ulimit -Hn))" >&2; exit 1; }

work=$(mktemp -d /tmp/topup-faults-XXXXXX)
chmod 755 "$work"
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() { local p=$1; while port_in_use "$p"; do p=$((p + 1)); done; echo "$p"; }

pids=()
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
pgctl() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$pgbin/pg_ctl" -D "$work/pg" "$@"; else "$pgbin/pg_ctl" -D "$work/pg" "$@"; fi; }
cleanup() {
  exec 3>&- 2>/dev/null || true
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  redis-cli -p "$redis_port" shutdown nosave >/dev/null 2>&1 || true
  pgctl stop -m immediate >/dev/null 2>&1 || true
  [ -n "${FAULTS_KEEP:-}" ] && echo "faults: logs kept in $work" || rm -rf "$work"
}
redis_port=$(free_port 63900)
trap cleanup EXIT

echo "== scratch PostgreSQL and Redis in $work"
export DATABASE_URL
DATABASE_URL=$(DEVDB_DIR="$work/pg" DEVDB_PORT=$(free_port 54400) scripts/devdb.sh faults)
start_redis() { redis-server --bind 127.0.0.1 --port "$redis_port" --daemonize yes --save '' --appendonly no \
  --dir "$work" --logfile "$work/redis.log" --pidfile "$work/redis.pid"; sleep 0.3; }
start_redis
export REDIS_URL="redis://127.0.0.1:$redis_port/0"
export APP_ENV=local LOG_LEVEL=warn BLOB_STORE=postgres TRUSTED_PROXIES=127.0.0.1/32 PROXY_HEADER=X-Forwarded-For SHUTDOWN_DRAIN=3
go build -o "$work/topup" ./cmd/topup
go build -o "$work/load" ./scripts/faults
"$work/topup" migrate >/dev/null
"$work/topup" seed >/dev/null

front=$(free_port 18080)
addr=("127.0.0.1:$(free_port 18091)" "127.0.0.1:$(free_port 18095)" "127.0.0.1:$(free_port 18099)")
node_pid=()
start_node() {
  LISTEN_ADDR="${addr[$1]}" UPLOAD_DIR="$work/uploads-$1" "$work/topup" serve --no-migrate >>"$work/node-$1.log" 2>&1 &
  node_pid[$1]=$!
  pids+=($!)
  for _ in $(seq 200); do curl -fs "http://${addr[$1]}/readyz" >/dev/null 2>&1 && return; sleep 0.1; done
  echo "faults: node $1 did not become ready" >&2; tail -n 20 "$work/node-$1.log" >&2; exit 1
}
for n in $(seq 0 $((nodes - 1))); do start_node "$n"; done
# One node: the config's other slots point at it too.
[ "$nodes" = 3 ] || addr=("${addr[0]}" "${addr[0]}" "${addr[0]}")
TOPUP_BIND="127.0.0.1:$front" TOPUP_NODE1="${addr[0]}" TOPUP_NODE2="${addr[1]}" TOPUP_NODE3="${addr[2]}" \
  "$haproxy" -db -f deploy/haproxy.cfg >"$work/haproxy.log" 2>&1 &
pids+=($!)
sleep 2.5 # every node passes its first checks (rise 2 x 1 s)

echo "== load through http://127.0.0.1:$front: $clients clients, $buyers buyers, an admin confirming top-ups"
mkfifo "$work/phases"
"$work/load" -url "http://127.0.0.1:$front" -clients "$clients" -buyers "$buyers" -ready "$work/ready" \
  -order-rate "${FAULTS_ORDER_RATE:-0}" -readers "${FAULTS_READERS:-0}" -read-rate "${FAULTS_READ_RATE:-0}" \
  -confirm-rate "${FAULTS_CONFIRM_RATE:-0}" <"$work/phases" >"$work/report.json" &
load=$!
exec 3>"$work/phases"
until [ -e "$work/ready" ]; do
  kill -0 "$load" 2>/dev/null || { wait "$load" || true; echo "faults: the load did not start" >&2; exit 1; }
  sleep 0.2
done
stamp() { echo "  $(date -u +%T) $*"; }
phase() { stamp "$*"; echo "phase $*" >&3; }
# A node answers fast while a dependency is down, and says which.
probe() {
  local code ready
  code=$(curl -s -o /dev/null -m 10 -w '%{http_code} %{time_total}' -H 'Content-Type: application/json' \
    -d '{"phone_number":"09123456789","password":"customer123"}' "http://${addr[1]}/api/login" || true)
  ready=$(curl -s -m 5 "http://${addr[1]}/readyz" || true)
  stamp "  a login sent straight to a node: HTTP $code s; its /readyz: $ready" >&2
  echo "$code|$ready"
}

if [ "$plan" = steady ]; then
  for_=${FAULTS_FOR:-30}
  load_before=$(cut -d' ' -f1-3 /proc/loadavg)
  phase "steady load"; sleep $((for_ / 2))
  load_during=$(cut -d' ' -f1-3 /proc/loadavg)
  sleep $((for_ - for_ / 2))
  stamp "stop"; echo stop >&3; exec 3>&-
  load_after=$(cut -d' ' -f1-3 /proc/loadavg)
  load_ok=0; wait "$load" || load_ok=$?
  cat "$work/report.json"
  echo "faults: load average (1, 5, 15 min) before: $load_before; halfway: $load_during; after: $load_after"
  exit "$load_ok"
fi
sleep "$gap"
phase "kill -9 node 1";   { kill -KILL "${node_pid[0]}"; wait "${node_pid[0]}"; } 2>/dev/null || true
sleep "$gap"; start_node 0; stamp "node 1 started again"; sleep 2.5
for n in 1 2; do
  phase "rolling restart of node $((n + 1))"
  kill -TERM "${node_pid[$n]}"; wait "${node_pid[$n]}" 2>/dev/null || true
  start_node $n; stamp "node $((n + 1)) started again"; sleep 2.5
done
sleep "$gap"
phase "PostgreSQL down for 3 s"; pgctl stop -m fast -w >/dev/null
sleep 1; pg_probe=$(probe)
sleep 2; DEVDB_DIR="$work/pg" scripts/devdb.sh faults >/dev/null; stamp "PostgreSQL started again"
sleep "$gap"
phase "Redis restart";    redis-cli -p "$redis_port" shutdown nosave >/dev/null 2>&1 || true
sleep 1; redis_probe=$(probe); start_redis; stamp "Redis started again"
sleep "$gap"
stamp "stop"; echo stop >&3; exec 3>&-
load_ok=0; wait "$load" || load_ok=$?

echo "== what the clients saw, and the database"
cat "$work/report.json"
echo "== topup verify"
"$work/topup" verify
[ "$load_ok" = 0 ] || { echo "faults: FAILED (see problems above)" >&2; exit 1; }
# The outages: a request answered 503 within 2 s, /readyz naming what is missing.
read -r code secs <<<"${pg_probe%%|*}"
[ "$code" = 503 ] && awk "BEGIN { exit !($secs < 2) }" && grep -q '"database":"failing"' <<<"${pg_probe#*|}" ||
  { echo "faults: FAILED (during the PostgreSQL outage a node answered \"$pg_probe\")" >&2; exit 1; }
grep -q '"redis":"failing"' <<<"${redis_probe#*|}" ||
  { echo "faults: FAILED (during the Redis outage a node's /readyz said \"${redis_probe#*|}\")" >&2; exit 1; }
echo "fault drill passed"
