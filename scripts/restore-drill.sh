#!/usr/bin/env bash
# Restore drill: the backup procedure of docs/operations.md, end to end, on
# scratch databases. It seeds a shop, dumps it with pg_dump (custom format),
# restores the dump into a fresh database with pg_restore, and runs
# `topup verify` there: schema current, every wallet equal to its ledger,
# every sealed code and account login opening with the APP_KEY. Then it
# shows why APP_KEY is part of the backup: with another key, verify fails.
#
#   scripts/restore-drill.sh            on the private PostgreSQL (scripts/devdb.sh)
#   TEST_DATABASE_URL=postgres://… scripts/restore-drill.sh
#
# TEST_DATABASE_URL names a server whose role may create databases; the
# drill's two databases are dropped at the end. pg_dump and pg_restore must
# be at least the server's version (Debian keeps them in
# /usr/lib/postgresql/<v>/bin, which is searched).
set -euo pipefail
cd "$(dirname "$0")/.."

server=${TEST_DATABASE_URL:-$(scripts/devdb.sh)}
pgbin=$(dirname "$(command -v pg_dump 2>/dev/null || ls /usr/lib/postgresql/*/bin/pg_dump | sort -V | tail -n 1)")
work=$(mktemp -d)
suffix="$(date +%s)_$$"
src="restore_drill_src_$suffix"
dst="restore_drill_dst_$suffix"
# dbURL NAME: the server URL with its database replaced by NAME.
dbURL() { sed -E "s#^(postgres(ql)?://[^/]+)/[^?]*#\1/$1#" <<<"$server"; }
psqlServer() { "$pgbin/psql" -X -q -v ON_ERROR_STOP=1 "$server" "$@"; }
cleanup() {
  psqlServer -c "DROP DATABASE IF EXISTS $src WITH (FORCE)" -c "DROP DATABASE IF EXISTS $dst WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

go build -o "$work/topup" ./cmd/topup
key="restore-drill-app-key-$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')"
topup() { APP_ENV=local DATABASE_URL="$1" APP_KEY="$2" BLOB_STORE=postgres LOG_LEVEL=warn "$work/topup" "${@:3}"; }

psqlServer -c "CREATE DATABASE $src" -c "CREATE DATABASE $dst"
echo "== a shop to back up ($src)"
topup "$(dbURL "$src")" "$key" seed >/dev/null

echo "== backup: pg_dump --format=custom"
"$pgbin/pg_dump" --format=custom --no-owner --no-privileges --file="$work/shop.dump" "$(dbURL "$src")"
ls -l "$work/shop.dump" | awk '{print "dump:", $5, "bytes"}'

echo "== restore into an empty database ($dst)"
"$pgbin/pg_restore" --no-owner --no-privileges --exit-on-error --dbname="$(dbURL "$dst")" "$work/shop.dump"

echo "== every table came back with the same rows"
tables=$("$pgbin/psql" -X -At "$(dbURL "$src")" -c "SELECT string_agg(quote_ident(tablename), ' ' ORDER BY tablename) FROM pg_tables WHERE schemaname = 'public'")
for t in $tables; do
  q="SELECT count(*) || ' ' || coalesce(md5(string_agg(x::text, E'\n' ORDER BY x::text)), '') FROM $t x"
  a=$("$pgbin/psql" -X -At "$(dbURL "$src")" -c "$q")
  b=$("$pgbin/psql" -X -At "$(dbURL "$dst")" -c "$q")
  if [ "$a" != "$b" ]; then
    echo "restore drill: table $t differs after restore ($a vs $b)" >&2
    exit 1
  fi
done
echo "$(wc -w <<<"$tables") tables identical"

echo "== topup verify on the restored database, with the backed-up APP_KEY"
topup "$(dbURL "$dst")" "$key" verify

echo "== the same restore without its APP_KEY: sold codes and logins are lost"
if topup "$(dbURL "$dst")" "another-key-$key" verify >"$work/wrong-key.txt" 2>&1; then
  echo "restore drill: verify passed with the wrong APP_KEY" >&2
  cat "$work/wrong-key.txt" >&2
  exit 1
fi
grep '^problem:' "$work/wrong-key.txt" | head -n 3
echo
echo "restore drill passed"
