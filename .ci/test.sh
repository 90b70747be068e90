#!/usr/bin/env bash
# The project's test command (README.md, "First commands"; .ci/README.md, "Tests").
#
#   bash .ci/test.sh                  checks and tests; the slow end-to-end
#                                     tests skip, saying so
#   IDEMVET_E2E=1 bash .ci/test.sh    everything, as CI runs it (.ci/run)
#
# PostgreSQL-backed tests get a throwaway server of their own (initdb into a
# temporary directory, a free port; internal/pgtest) from the machine's
# PostgreSQL binaries, or use IDEMVET_PG_DSN when it is set. Nothing on the
# machine's own cluster is started, stopped or changed. They fail, never
# skip, when run from here.
set -euo pipefail
cd "$(dirname "$0")/.."
export IDEMVET_REQUIRE_PG=1
e2e=${IDEMVET_E2E:-}

# What the tests need and a fresh machine may lack: PostgreSQL's binaries
# (for the throwaway servers) and, for the end-to-end hook test, pre-commit.
# Installing them needs root and apt; nothing is installed when present.
missing=()
if [ -z "${IDEMVET_PG_DSN:-}" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null; then
	missing+=(postgresql)
fi
if [ "$e2e" = 1 ] && ! command -v pre-commit >/dev/null; then
	missing+=(pre-commit)
fi
if [ ${#missing[@]} -gt 0 ]; then
	echo "== apt-get install ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
fi

echo "== go mod tidy -diff"
go mod tidy -diff
(cd cmd/golangci-lint-idemvet && go mod tidy -diff)

echo "== gofmt -l"
unformatted=$(gofmt -l .)
if [ -n "$unformatted" ]; then
	echo "not gofmt-ed:"; echo "$unformatted"
	exit 1
fi

echo "== go vet"
go vet ./...
(cd cmd/golangci-lint-idemvet && go vet ./...)

# runtime/ runs once, under the race detector, below.
echo "== go test"
go test -count=1 -timeout 30m $(go list ./... | grep -v '/runtime/')
echo "== go test -race (runtime)"
go test -race -count=1 ./runtime/...

# Builds golangci-lint with the idemvet plugin the way README.md tells users
# to (cmd/golangci-lint-idemvet, from the module proxy alone), then lints
# this repository with its own .golangci.yml, goimports included.
echo "== golangci-lint (cmd/golangci-lint-idemvet) with .golangci.yml"
gcl_dir=$(mktemp -d)
trap 'rm -rf "$gcl_dir"' EXIT
(cd cmd/golangci-lint-idemvet && go build -o "$gcl_dir/golangci-lint-idemvet" .)
# --allow-parallel-runners: another golangci-lint on the machine must not
# make this one give up.
"$gcl_dir/golangci-lint-idemvet" run --allow-parallel-runners ./...

if [ "$e2e" = 1 ]; then
	echo "== golangci-lint plugin end to end (cmd/golangci-lint-idemvet)"
	(cd cmd/golangci-lint-idemvet && go test -count=1 -timeout 30m ./...)
fi

# A module of its own too, so that the root module never depends on gin or
# echo: runtime/idemhttp behind both, against PostgreSQL, with the race
# detector like the runtime's own tests.
echo "== gin and echo behind runtime/idemhttp (testdata/routers)"
(cd testdata/routers && go vet ./... && go test -race -count=1 ./...)
