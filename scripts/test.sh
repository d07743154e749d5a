#!/usr/bin/env bash
# `make test`: every check and test. It fails when something cannot run; it
# never skips. TEST_DATABASE_URL names a PostgreSQL server the tests may
# create databases on; without it they use the private one (scripts/devdb.sh).
# TEST_REDIS_URL likewise names a Redis (else scripts/devredis.sh starts one),
# and TEST_REDIS_CLUSTER_URL a Redis Cluster (else scripts/devrediscluster.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

# Every step's wall time is printed when it ends, and the whole table with
# the total when the script exits, passed or failed, so a slow run says
# where its minutes went.
now_us() { echo "${EPOCHREALTIME/./}"; }
# mmss MICROSECONDS: "4:07"
mmss() { local s=$(( ($1 + 500000) / 1000000 )); printf '%d:%02d' $((s / 60)) $((s % 60)); }
run_start=$(now_us)
current="" current_start=0
step_names=() step_times=()
end_step() {
  [ -n "$current" ] || return 0
  local took=$(( $(now_us) - current_start ))
  step_names+=("$current") step_times+=("$(mmss "$took")")
  printf -- '-- %s: %s\n' "$current" "$(mmss "$took")"
  current=""
}
step() {
  end_step
  current="$*" current_start=$(now_us)
  printf '\n== %s\n' "$*"
}
# timings STATUS [TITLE]
timings() {
  local status=$1 failed=$current
  end_step
  printf '\n== time per step%s\n' "${2:+ ($2)}"
  for i in "${!step_names[@]}"; do
    printf '%7s  %s%s\n' "${step_times[$i]}" "${step_names[$i]}" "$([ "${step_names[$i]}" = "$failed" ] && [ "$status" != 0 ] && echo '  (failed)')"
  done
  printf '%7s  total\n' "$(mmss $(( $(now_us) - run_start )))"
}
# The web checks in the background (below) are stopped if this run ends
# first, so a failed Go step leaves nothing behind.
web_pid=""
finish() {
  local status=$?
  if [ -n "$web_pid" ]; then kill -- "-$web_pid" 2>/dev/null || true; fi
  rm -f "${web_log:-}"
  timings "$status"
}
trap finish EXIT

step "gofmt"
unformatted=$(gofmt -l $(git ls-files --cached --others --exclude-standard '*.go' | grep -v /node_modules/))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

# node_modules can hold Go code of its own (flatted does): test only ours.
mapfile -t pkgs < <(go list ./... | grep -v /node_modules/)

step "go vet"
go vet "${pkgs[@]}"

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  TEST_DATABASE_URL=$(scripts/devdb.sh)
fi
export TEST_DATABASE_URL
if [ -z "${TEST_REDIS_URL:-}" ]; then
  TEST_REDIS_URL=$(scripts/devredis.sh)
fi
export TEST_REDIS_URL
if [ -z "${TEST_REDIS_CLUSTER_URL:-}" ]; then
  TEST_REDIS_CLUSTER_URL=$(scripts/devrediscluster.sh)
fi
export TEST_REDIS_CLUSTER_URL

# The web checks need neither the database nor anything the Go steps make,
# and the Go tests leave much of the machine idle (the api package, the
# longest, mostly waits on PostgreSQL: about 3 min of CPU, its own and the
# database's, in the ~5 min it takes on a quiet machine), so they run
# beside them, in their own process group (set -m) so that finish can stop
# them all; the browser journeys wait for them and for the Go steps. The
# build of the app is not among them: vite empties and rewrites web/dist,
# which the Go steps' builds of cmd/topup embed, so it waits for the join.
web_log=$(mktemp)
set -m
(
  current="" step_names=() step_times=() run_start=$(now_us)
  trap 'timings $? "web checks"' EXIT
  step "web: install"
  (cd web && { [ node_modules/.package-lock.json -nt package-lock.json ] 2>/dev/null || npm ci --no-audit --no-fund; })
  # web/src/types/api.ts is generated from internal/contract: a Go change to
  # the contract that was not regenerated (scripts/gen-types.sh) fails here.
  step "web: wire types generated from the Go contract are current"
  scripts/gen-types.sh
  git diff --exit-code -- web/src/types/api.ts
  step "web: typecheck"
  (cd web && npm run --silent typecheck)
  step "web: lint"
  (cd web && npm run --silent lint)
  step "web: unit tests"
  (cd web && npm test --silent)
) </dev/null >"$web_log" 2>&1 &
web_pid=$!
set +m

# -timeout: the api package alone runs ~5 min under -race on a quiet
# 2-core machine and past Go's default 10 min on a busy one.
# -vet=off here and below: `go vet` above ran every analyzer on every
# package, tests included; go test would run a subset of it again.
step "go test -race"
go test -race -vet=off -count=1 -timeout 25m "${pkgs[@]}"

# Counted executions, not seconds: a duration can end while a worker is
# mid-input, and Go's fuzzer then fails the run with "context deadline
# exceeded" (seen in CI on FuzzWSFrame). 30,000 frames or 2,000 HTTP
# requests are a few seconds here.
step "realtime fuzzing (a few seconds per target)"
for target in $(grep -ho '^func Fuzz[A-Za-z]*' realtime/*_test.go | cut -d' ' -f2); do
  go test -vet=off -run '^$' -fuzz "^${target}\$" -fuzztime "${FUZZTIME:-30000x}" ./realtime
done

# FuzzHTTP: random requests against the whole `topup serve` and a real
# database; no 5xx, an answer to everything, wallets equal their ledgers.
# Longer by hand: FUZZTIME=10m scripts/test.sh, or the command in
# cmd/topup/fuzz_test.go.
step "HTTP fuzzing of the whole server (a few seconds)"
go test -vet=off -run '^$' -fuzz '^FuzzHTTP$' -fuzztime "${FUZZTIME:-2000x}" ./cmd/topup

# The backup procedure of docs/operations.md on scratch databases: dump,
# restore, `topup verify` (ledger, sealed values under APP_KEY).
step "restore drill"
scripts/restore-drill.sh

# The fault drill's short form (docs/reliability.md, "Faults"): three
# nodes behind HAProxy, 200 customers with the app open, buyers and an
# admin, through a node killed, two rolled, PostgreSQL stopped and Redis
# restarted; nothing lost, doubled or left stale. About a minute; the
# long form (2,000 clients) is `scripts/faults.sh` by hand.
step "fault drill, short form"
FAULTS_CLIENTS=200 FAULTS_GAP=2 scripts/faults.sh

# The alert rules of deploy/prometheus: valid, and each fires on the series
# that should fire it (TestStoreMetrics checks the series exist).
step "alert rules (promtool)"
promtool check rules deploy/prometheus/alerts.yml
promtool test rules deploy/prometheus/alerts_test.yml

step "conformance: pusher-js, laravel-echo and the pusher SDK against the server"
(cd realtime/conformance && { [ node_modules/.package-lock.json -nt package-lock.json ] 2>/dev/null || npm ci --no-audit --no-fund; } && npm test)

# The web checks started before the Go tests: their output and times.
step "web checks (run in the background since the Go tests began)"
web_status=0
wait "$web_pid" || web_status=$?
web_pid=""
cat "$web_log"
rm -f "$web_log"
[ "$web_status" = 0 ] || { echo "web checks failed (above)"; exit 1; }

step "web: build (the app, and the server binary that embeds it)"
make --no-print-directory build >/dev/null

step "web: end-to-end in Chromium against the real server"
web/e2e/run.sh

end_step
echo
echo "all checks passed"
