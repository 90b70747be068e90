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

# The rest are independent steps, run side by side: the machine's cores
# are idle while one step waits on PostgreSQL, a link or a child go
# command. Each step's output goes to a log of its own and is printed
# whole, in the order started, once every step has ended; the command
# fails if any step failed, naming it.
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
steps=()
step() {
	local name=$1
	shift
	steps+=("$name")
	(
		rc=0
		"$@" >"$logs/$name.log" 2>&1 || rc=$?
		echo "$rc" >"$logs/$name.rc"
	) &
}

# runtime/ runs once, under the race detector, in a step of its own.
step go-test go test -count=1 -timeout 30m $(go list ./... | grep -v '/runtime/')
# Then the routers module, a module of its own so that the root module
# never depends on gin or echo: runtime/idemhttp behind both, against
# PostgreSQL, with the race detector like the runtime's own tests. In the
# same step, after the runtime: the two compile the same standard and pgx
# packages for the race detector, which side by side both would compile.
step race bash -c 'rc=0; go test -race -count=1 ./runtime/... || rc=1
	(cd testdata/routers && go vet ./... && go test -race -count=1 ./...) || rc=1; exit $rc'

# golangci-lint with the idemvet plugin, built the way the README tells
# users to (cmd/golangci-lint-idemvet, from the module proxy alone), into
# the directory its own end-to-end tests build into (keyed by its go.sum),
# where go build relinks only what changed since the last run. Built
# before the steps that run it, so that no step rewrites the binary
# another is running.
gcl_dir=${IDEMVET_GCL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/idemvet}
gcl=$gcl_dir/golangci-lint-$(sha256sum cmd/golangci-lint-idemvet/go.sum | cut -c1-16)/golangci-lint
echo "== go build cmd/golangci-lint-idemvet"
(cd cmd/golangci-lint-idemvet && go build -o "$gcl" .)

# The repository's own .golangci.yml, goimports included.
# --allow-parallel-runners: another golangci-lint on the machine must not
# make this one give up.
step golangci-lint "$gcl" run --allow-parallel-runners ./...
if [ "$e2e" = 1 ]; then
	step golangci-lint-plugin-e2e bash -c 'cd cmd/golangci-lint-idemvet && go test -count=1 -timeout 30m ./...'
fi
wait

failed=()
for name in "${steps[@]}"; do
	echo "== $name"
	cat "$logs/$name.log"
	if [ "$(cat "$logs/$name.rc")" != 0 ]; then
		failed+=("$name")
	fi
done
if [ ${#failed[@]} -gt 0 ]; then
	echo "FAILED: ${failed[*]}"
	exit 1
fi
echo "== every step passed"
