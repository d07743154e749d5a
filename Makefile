# The two commands: `make run` starts the whole store, `make test` runs every test.
SHELL := bash
.DEFAULT_GOAL := run

BIN      := bin/topup
VERSION  ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
GOFLAGS_BUILD := -trimpath -ldflags "-s -w -X main.version=$(VERSION)"

.PHONY: run test test-e2e types build web go-build clean

## run: build everything, start a private PostgreSQL unless DATABASE_URL is set, seed, serve :8080
run: build
	@scripts/run.sh

## test: gofmt, go vet, Go tests (race, real PostgreSQL), web checks and tests, conformance
test:
	@scripts/test.sh

## test-e2e: only the Playwright journeys, against a freshly built binary
test-e2e: build
	web/e2e/run.sh

## types: regenerate web/src/types/api.ts from the Go wire contract (internal/contract)
types:
	scripts/gen-types.sh

build: web go-build

# npm ci only when the lock file changed since the last install.
web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund

web: web/node_modules/.package-lock.json
	cd web && npm run build

go-build:
	go build $(GOFLAGS_BUILD) -o $(BIN) ./cmd/topup

clean:
	rm -rf bin web/dist/assets web/dist/index.html
