#!/usr/bin/env bash
# The project's test command (README.md): starts what the tests need, then runs
# every test. Postgres-backed tests fail, never skip, when run from here.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/postgres.sh
export IDEMVET_REQUIRE_PG=1

# cmd/idemvet's hook test drives Debian's pre-commit (it fails under CI=true
# when pre-commit is missing).
if ! command -v pre-commit >/dev/null; then
	echo "== apt-get install pre-commit"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq && apt-get install -y -qq pre-commit >/dev/null
fi

echo "== go vet"
go vet ./...
# cmd/idemvet builds the real-library module, analyzes std and drives go vet,
# go fix and pre-commit end to end: minutes on a fresh two-core machine, so
# the per-package timeout is raised from go test's default of 10 minutes.
echo "== go test"
go test -count=1 -timeout 40m ./...
echo "== go test -race (runtime)"
go test -race -count=1 ./runtime/...
# A module of its own, so that the root module's ./... never builds
# golangci-lint: builds golangci-lint v2.15.0 with the idemvet plugin, runs it
# on fixtures and on this repository with its .golangci.yml.
echo "== golangci-lint with the idemvet plugin (testdata/golangci)"
(cd testdata/golangci && go vet ./... && go test -count=1 -timeout 40m ./...)
# A module of its own too, so that the root module never depends on gin or
# echo: runtime/idemhttp behind both, against PostgreSQL, with the race
# detector like the runtime's own tests.
echo "== gin and echo behind runtime/idemhttp (testdata/routers)"
(cd testdata/routers && go vet ./... && go test -race -count=1 ./...)
