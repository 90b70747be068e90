#!/usr/bin/env bash
# The project's test command (README.md): starts what the tests need, then runs
# every test. Postgres-backed tests fail, never skip, when run from here.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/postgres.sh
export IDEMVET_REQUIRE_PG=1

echo "== go vet"
go vet ./...
echo "== go test"
go test -count=1 ./...
echo "== go test -race (runtime)"
go test -race -count=1 ./runtime/...
