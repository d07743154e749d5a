#!/usr/bin/env bash
# Starts a local Redis Cluster of three masters, each with one replica
# (Debian's redis-server, joined by redis-cli --cluster create), and prints
# its URL for REDIS_URL with REDIS_CLUSTER=true:
#   redis://127.0.0.1:P1?addr=127.0.0.1:P2&addr=127.0.0.1:P3
#
#   scripts/devrediscluster.sh          once per checkout (.data/rediscluster),
#                                       started once and reused, like devredis.sh
#   scripts/devrediscluster.sh DIR      a private one in DIR (a test that kills
#                                       a master); stop it with --stop DIR
#   scripts/devrediscluster.sh --stop DIR
#
# A replica takes over a master silent for DEVREDISCLUSTER_NODE_TIMEOUT ms
# (cluster-node-timeout; 5000 by default, so a busy machine does not fail
# over by itself; the failover test sets 1000). Nothing is persisted. Each node's pid and port are in DIR/node-N.{pid,port}.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
for tool in redis-server redis-cli; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "devrediscluster: $tool is not installed (Debian: apt-get install redis-server redis-tools)" >&2
    exit 1
  fi
done

stop() {
  local dir=$1
  for f in "$dir"/node-*.pid; do
    [ -s "$f" ] && kill -9 "$(cat "$f")" 2>/dev/null || true
  done
  rm -f "$dir"/node-*.pid
}

if [ "${1:-}" = "--stop" ]; then
  stop "${2:?--stop needs the folder}"
  exit 0
fi

shared=1
dir="$root/.data/rediscluster"
if [ -n "${1:-}" ]; then
  shared=0
  dir=$1
fi
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

url() {
  local first=1 out=""
  for n in 1 2 3; do
    local p
    p=$(cat "$dir/node-$n.port")
    if [ $first = 1 ]; then out="redis://127.0.0.1:$p"; first=0; sep='?'; else out="$out${sep}addr=127.0.0.1:$p"; sep='&'; fi
  done
  echo "$out"
}

healthy() {
  for n in 1 2 3 4 5 6; do
    [ -s "$dir/node-$n.pid" ] && kill -0 "$(cat "$dir/node-$n.pid")" 2>/dev/null || return 1
  done
  redis-cli -p "$(cat "$dir/node-1.port")" cluster info 2>/dev/null | grep -q '^cluster_state:ok'
}

# Ports are picked under a machine-wide lock, so concurrent starts (several
# checkouts, several tests) never take the same ones, below the kernel's
# range of ephemeral ports (from 32768 on Debian), which outgoing
# connections may hold without listening. A node's cluster bus listens on
# its port - 10000.
exec 9>/tmp/topup-devrediscluster.lock
flock 9
if [ $shared = 1 ] && healthy; then
  url
  exit 0
fi
stop "$dir"
rm -f "$dir"/nodes-*.conf "$dir"/node-*.port "$dir"/*.log

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
# start_node N PORT: starts node N; fails if it does not answer.
start_node() {
  local n=$1 port=$2
  rm -f "$dir/nodes-$n.conf"
  redis-server --bind 127.0.0.1 --port "$port" --cluster-port $((port - 10000)) --daemonize yes --save '' --appendonly no \
    --cluster-enabled yes --cluster-config-file "$dir/nodes-$n.conf" --cluster-node-timeout "${DEVREDISCLUSTER_NODE_TIMEOUT:-5000}" \
    --repl-diskless-sync-delay 0 --cluster-replica-validity-factor 0 \
    --dir "$dir" --logfile "$dir/node-$n.log" --pidfile "$dir/node-$n.pid" 9>&- || return 1
  for _ in $(seq 1 30); do
    redis-cli -p "$port" ping >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  return 1
}
ports=()
p=$(( 20000 + RANDOM % 12000 ))
for n in 1 2 3 4 5 6; do
  for _ in $(seq 1 50); do
    p=$(( p + 1 ))
    [ $p -ge 32700 ] && p=20001
    port_in_use $p || port_in_use $((p - 10000)) && continue
    start_node $n $p && break
    [ -s "$dir/node-$n.pid" ] && kill -9 "$(cat "$dir/node-$n.pid")" 2>/dev/null || true
  done
  redis-cli -p "$p" ping >/dev/null 2>&1 || { echo "devrediscluster: node $n did not start" >&2; tail -n 5 "$dir/node-$n.log" >&2; exit 1; }
  echo "$p" >"$dir/node-$n.port"
  ports+=("$p")
done
addrs=()
for port in "${ports[@]}"; do addrs+=("127.0.0.1:$port"); done
if ! redis-cli --cluster create "${addrs[@]}" --cluster-replicas 1 --cluster-yes >"$dir/create.log" 2>&1; then
  cat "$dir/create.log" >&2
  exit 1
fi
# Every node agrees the cluster is up, and every replica has synced (a
# replica that never synced would not take over its master).
for _ in $(seq 1 100); do
  ok=1
  for port in "${ports[@]}"; do
    redis-cli -p "$port" cluster info | grep -q '^cluster_state:ok' || ok=0
  done
  for port in "${ports[@]}"; do
    role=$(redis-cli -p "$port" info replication)
    if grep -q '^role:slave' <<<"$role" && ! grep -q '^master_link_status:up' <<<"$role"; then ok=0; fi
  done
  [ $ok = 1 ] && [ "$(redis-cli -p "${ports[0]}" cluster nodes | grep -c 'connected')" = 6 ] && break
  sleep 0.1
done
[ $ok = 1 ] || { echo "devrediscluster: the cluster did not come up" >&2; tail -n 20 "$dir"/node-*.log >&2; exit 1; }
url
