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
# The web lane in the background (below) is stopped if this run ends
# first, so a failed Go step leaves nothing behind.
web_pid=""
finish() {
  local status=$?
  if [ -n "$web_pid" ]; then
    # The whole lane (Playwright, Chromium, the e2e server): asked to stop,
    # given 10 s to clean up (with-server.sh stops its server), then killed,
    # so nothing outlives the run holding a port or a database.
    kill -- "-$web_pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 -- "-$web_pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL -- "-$web_pid" 2>/dev/null || true
    # What the stopped lane had done, for the failure's context.
    printf '\n== the web lane, stopped\n'
    cat "$web_log"
  fi
  rm -f "${web_log:-}"
  rm -rf "${build_dir:-}"
  timings "$status"
}
trap finish EXIT

step "gofmt"
unformatted=$(gofmt -l $(git ls-files --cached --others --exclude-standard '*.go' | grep -v /node_modules/))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

# npm ci only when the lock file changed since the last install.
npm_install() { (cd "$1" && { [ node_modules/.package-lock.json -nt package-lock.json ] 2>/dev/null || npm ci --no-audit --no-fund; }); }

step "install the web's and the conformance suite's packages"
npm_install web
npm_install realtime/conformance

# First, once: the app and the server binary that embeds it. vite empties
# and rewrites web/dist, which every Go build of cmd/topup embeds, so
# nothing may build it while vite runs; after this the Go tests embed the
# real app, and the browser journeys can start beside them. No -trimpath
# (unlike `make build`): the same flags as go vet's, the drills' and the
# conformance suite's builds, so theirs are answered from Go's build cache
# instead of compiling everything again. It goes to a temporary folder, not
# bin/topup: a test build (version "dev", local paths) must not be mistaken
# for `make build`'s. The app's type check is the web lane's own step, so
# vite runs without `tsc -b`.
step "build: the app and the server binary that embeds it"
(cd web && npx vite build --logLevel warn)
build_dir=$(mktemp -d)
go build -o "$build_dir/topup" ./cmd/topup
export TOPUP_BIN="$build_dir/topup"

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

# Two lanes share the machine: the web's (checks, unit tests, then the
# browser journeys against the binary built above) in the background, and
# the Go steps in the foreground. Each lane alone leaves much of a 2-core
# machine idle at times (the api package waits on PostgreSQL, the drills
# and the conformance suite on timers and sockets), so side by side they
# take little more than the longer of the two. The web lane runs in its
# own process group (set -m) so that finish can stop it all; its output
# is printed when it ends.
web_log=$(mktemp)
set -m
(
  current="" step_names=() step_times=() run_start=$(now_us)
  trap 'timings $? "web lane"' EXIT
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
  step "web: end-to-end in Chromium against the real server"
  web/e2e/run.sh
  end_step
) </dev/null >"$web_log" 2>&1 &
web_pid=$!
set +m

# node_modules can hold Go code of its own (flatted does): test only ours.
mapfile -t pkgs < <(go list ./... | grep -v /node_modules/)

step "go vet"
go vet "${pkgs[@]}"

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
(cd realtime/conformance && npm test)

# The web lane started after the build: its output and times.
step "web lane (run in the background since the build)"
web_status=0
wait "$web_pid" || web_status=$?
web_pid=""
cat "$web_log"
rm -f "$web_log"
[ "$web_status" = 0 ] || { echo "the web lane failed (above)"; exit 1; }

end_step
echo
echo "all checks passed"
