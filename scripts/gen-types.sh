#!/usr/bin/env bash
# Writes web/src/types/api.ts from internal/contract (tygo.yaml). The
# generator is a tool of its own module file, scripts/tygo.mod, so its
# dependencies stay out of the server's go.mod.
set -euo pipefail
cd "$(dirname "$0")/.."
go tool -modfile=scripts/tygo.mod tygo generate
