#!/usr/bin/env bash
# Regenerates internal/zawgyi's data from Google's myanmar-tools (Apache-2.0,
# https://github.com/google/myanmar-tools), as published on npm: the
# Zawgyi/Unicode Markov model, the Zawgyi→Unicode transliteration rules
# (as JSON for internal/zawgyi's own rule engine) and the upstream test
# vectors (detector probabilities, UDHR and Myanmar government texts in
# both encodings). Run it when bumping the version; the data is checked in.
set -euo pipefail
version=1.2.0
cd "$(dirname "$0")/.."
out=internal/zawgyi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "myanmar-tools@$version" >/dev/null && tar xzf myanmar-tools-*.tgz)
pkg=$tmp/package
cp "$pkg/resources/zawgyiUnicodeModel.dat" "$out/zawgyi_unicode_model.dat"
cp "$pkg/LICENSE.md" "$out/LICENSE-myanmar-tools.md"
cp "$pkg/resources/compatibility.tsv" "$out/testdata/compatibility.tsv"
for f in udhr_mya_zawgyi_out udhr_mya_unicode_src mmgov_zawgyi_src mmgov_unicode_out; do
  cp "$pkg/resources/$f.txt" "$out/testdata/$f.txt"
done
# The rules file defines getAllRulesZ2U(); evaluate it and write each
# phase's rules as {pattern, replacement, start, revisit}, with JS "$1"
# group references written as Go's "${1}".
node -e '
const fs = require("fs");
const src = fs.readFileSync(process.argv[1], "utf8");
const phases = new Function(src + "; return getAllRulesZ2U();")();
const out = phases.map((rules) => rules.map((r) => ({
  pattern: r.p.source,
  replacement: r.s.replace(/\$(\d)/g, "$${$1}"),
  start: r.matchOnStart != null,
  revisit: r.revisit != null,
})));
fs.writeFileSync(process.argv[2], JSON.stringify(out, null, 1) + "\n");
' "$pkg/resources/Z2U.js" "$out/z2u_rules.json"
