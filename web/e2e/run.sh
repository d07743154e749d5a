#!/usr/bin/env bash
# End-to-end tests: Playwright in Debian's Chromium against the real server
# that with-server.sh starts (fresh database, migrate, seed, serve). Extra
# arguments go to Playwright.
set -euo pipefail
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
exec "$(dirname "$0")/with-server.sh" npx playwright test "$@"
