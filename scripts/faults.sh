#!/usr/bin/env bash
# Fault drill (docs/reliability.md, "Faults"): two `topup serve` nodes behind
# HAProxy (deploy/haproxy.cfg) on a scratch PostgreSQL and Redis of their
# own, buyers placing orders through the balancer (scripts/faults), and
# while they buy: kill -9 of one node (started again 5 s later), PostgreSQL
# stopped for 3 s (a node must answer 503 within 2 s and /readyz name the
# database), a restart of Redis. Then it reports what the
# buyers saw and checks the database: every order answered 201 is there
# (lost must be 0), none beyond the keys answered or given up, and `topup verify`
# passes (every wallet equals its ledger). Not part of `make test`.
#
#   scripts/faults.sh                  45 s of load, 8 buyers
#   FAULTS_FOR=90s FAULTS_BUYERS=16 scripts/faults.sh
#   FAULTS_KEEP=1 scripts/faults.sh    keeps the node and HAProxy logs
set -euo pipefail
cd "$(dirname "$0")/.."

haproxy=$(command -v haproxy || echo /usr/sbin/haproxy)
[ -x "$haproxy" ] || { echo "faults: haproxy is not installed (Debian: apt-get install haproxy)" >&2; exit 1; }
work=$(mktemp -d /tmp/topup-faults-XXXXXX)
chmod 755 "$work"
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() { local p=$1; while port_in_use "$p"; do p=$((p + 1)); done; echo "$p"; }

pids=()
pgctl() { local bin; bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$bin/pg_ctl" -D "$work/pg" "$@"; else "$bin/pg_ctl" -D "$work/pg" "$@"; fi; }
cleanup() {
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
addr=("127.0.0.1:$(free_port 18091)" "127.0.0.1:$(free_port 18095)")
node_pid=()
start_node() {
  LISTEN_ADDR="${addr[$1]}" UPLOAD_DIR="$work/uploads-$1" "$work/topup" serve --no-migrate >>"$work/node-$1.log" 2>&1 &
  node_pid[$1]=$!
  pids+=($!)
  for _ in $(seq 100); do curl -fs "http://${addr[$1]}/readyz" >/dev/null 2>&1 && return; sleep 0.1; done
  echo "faults: node $1 did not become ready" >&2; tail -n 20 "$work/node-$1.log" >&2; exit 1
}
start_node 0
start_node 1
# Two nodes: the config's third slot points at the second again.
TOPUP_BIND="127.0.0.1:$front" TOPUP_NODE1="${addr[0]}" TOPUP_NODE2="${addr[1]}" TOPUP_NODE3="${addr[1]}" \
  "$haproxy" -db -f deploy/haproxy.cfg >"$work/haproxy.log" 2>&1 &
pids+=($!)
sleep 2.5 # both nodes pass their first checks (rise 2 x 1 s)

echo "== load: ${FAULTS_BUYERS:-8} buyers for ${FAULTS_FOR:-45s} through http://127.0.0.1:$front"
"$work/load" -url "http://127.0.0.1:$front" -for "${FAULTS_FOR:-45s}" -buyers "${FAULTS_BUYERS:-8}" >"$work/report.json" &
load=$!
stamp() { echo "  $(date -u +%T) $*"; }
sleep 6;  stamp "kill -9 node 0";                 { kill -KILL "${node_pid[0]}"; wait "${node_pid[0]}"; } 2>/dev/null || true
sleep 5;  stamp "node 0 started again";           start_node 0
sleep 6;  stamp "PostgreSQL stopped (-m fast) for 3 s"; pgctl stop -m fast -w >/dev/null
sleep 1
# During the outage a node answers at once, and says why it is not ready.
probe=$(curl -s -o /dev/null -m 10 -w '%{http_code} %{time_total}' -H 'Content-Type: application/json' \
  -d '{"phone_number":"09123456789","password":"customer123"}' "http://${addr[1]}/api/login" || true)
ready=$(curl -s -m 5 "http://${addr[1]}/readyz" || true)
stamp "  a login sent straight to a node: HTTP $probe s; its /readyz: $ready"
sleep 2;  DEVDB_DIR="$work/pg" scripts/devdb.sh faults >/dev/null; stamp "PostgreSQL started again"
sleep 6;  stamp "Redis restart";                  redis-cli -p "$redis_port" shutdown nosave >/dev/null 2>&1 || true; sleep 1; start_redis
wait "$load" || { echo "faults: the load failed" >&2; exit 1; }

echo "== what the buyers saw"
cat "$work/report.json"
answered=$(sed -n 's/.*"orders_answered_201": \([0-9]*\).*/\1/p' "$work/report.json")
psqlq() { "$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)/psql" -X -At "$DATABASE_URL" -c "$1"; }
placed=$(psqlq "SELECT count(*) FROM orders WHERE user_id = 2")
gaveup=$(sed -n 's/.*"orders_given_up": \([0-9]*\).*/\1/p' "$work/report.json")
# A key is charged at most once by the orders_idempotency_key constraint;
# an order the buyer gave up on may still have been placed (its answer lost).
lost=$(( answered > placed ? answered - placed : 0 ))
unanswered=$(( placed > answered ? placed - answered : 0 ))
echo "== the database"
echo "orders answered 201: $answered; in the database: $placed; lost: $lost; placed but given up by the buyer: $unanswered (of $gaveup given up)"
"$work/topup" verify
[ "$lost" = 0 ] && [ "$unanswered" -le "$gaveup" ] || { echo "faults: FAILED (lost $lost)" >&2; exit 1; }
# The outage: 503 within 2 s, /readyz naming the database.
read -r code secs <<<"$probe"
[ "$code" = 503 ] && awk "BEGIN { exit !($secs < 2) }" && grep -q database <<<"$ready" ||
  { echo "faults: FAILED (during the outage a node answered \"$probe\", /readyz \"$ready\")" >&2; exit 1; }
echo "fault drill passed"
