#!/usr/bin/env bash
# The project's test command (README.md, "First commands"; .ci/README.md, "Tests").
#
#   bash .ci/test.sh                  checks and tests; the slow end-to-end
#                                     tests skip, saying so
#   IDEMVET_E2E=1 bash .ci/test.sh    and the end-to-end tests a contributor
#                                     needs (the real libraries, the
#                                     golangci-lint plugin, the README's
#                                     first commands)
#   IDEMVET_E2E=all bash .ci/test.sh  everything, as CI runs it (.ci/run):
#                                     std, older toolchains, the pre-commit
#                                     hook, a cache shared between machines
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
if [ "$e2e" = all ] && ! command -v pre-commit >/dev/null; then
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
# The golangci-lint module's tests; its main package is vetted where it is
# built, below, since vetting it compiles all of golangci-lint.
(cd cmd/golangci-lint-idemvet && go vet ./e2e/...)

# The kept build cache the plugin's empty-cache tests use
# (internal/testfiles.CacheWithoutIdemvet): one that lacks idemvet's own
# packages, so that the plugin builds its shim. Where there is none yet,
# as on a fresh CI machine, it starts as a copy (hard links) of this run's
# build cache less the output of every package of this module, rather than
# empty: an empty one made those tests compile the standard and
# third-party packages they need a second time. Kept only if idemvet's
# command is then stale in it, as the tests need.
cold_cache=${XDG_CACHE_HOME:-$HOME/.cache}/idemvet/gocache-without-idemvet
gocache=$(go env GOCACHE)
if [ ! -e "$cold_cache" ] && [ -z "$(go env GOCACHEPROG)" ] && [ -d "$gocache" ]; then
	echo "== $cold_cache: this build cache less this module's packages"
	mkdir -p "$(dirname "$cold_cache")"
	seed=$(mktemp -d "$cold_cache.seeding-XXXXXX")
	exports=$(go list -export -f '{{.Export}}' ./...)
	cp -al "$gocache/." "$seed/" 2>/dev/null || cp -a "$gocache/." "$seed/"
	for e in $exports; do
		rm -f "$seed/${e#"$gocache"/}"
	done
	if [ "$(GOCACHE=$seed go list -f '{{.Stale}}' ./cmd/idemvet)" = true ]; then
		mv -T "$seed" "$cold_cache" 2>/dev/null || rm -rf "$seed"
	else
		echo "(not kept: idemvet's packages are still in it)"
		rm -rf "$seed"
	fi
fi

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
# users to (cmd/golangci-lint-idemvet, from the module proxy alone), and
# its main package vetted, into the user cache under a key of every input
# of that build (gcl_key): the go version and settings, both modules'
# requirements, and the source of every package built from this checkout.
# A binary under the current key is what go build would make, so it is
# used as it is: on an empty build cache (a fresh CI machine with the user
# cache kept) golangci-lint is not compiled again. The end-to-end tests
# run it (IDEMVET_GCL). Built before the steps that run it, so that no
# step runs a half-written binary.
gcl_key() (
	cd cmd/golangci-lint-idemvet
	# The packages of this module and of the checkout its replace directive
	# names (absolute paths: the plugin finds its source where it was
	# compiled), every file the build reads.
	tmpl='{{with .Module}}{{if or .Main (and .Replace (not .Replace.Version))}}'
	tmpl+='{{range $f := $.GoFiles}}{{$.Dir}}/{{$f}}{{"\n"}}{{end}}{{range $f := $.CgoFiles}}{{$.Dir}}/{{$f}}{{"\n"}}{{end}}'
	tmpl+='{{range $f := $.SFiles}}{{$.Dir}}/{{$f}}{{"\n"}}{{end}}{{range $f := $.CFiles}}{{$.Dir}}/{{$f}}{{"\n"}}{{end}}'
	tmpl+='{{range $f := $.HFiles}}{{$.Dir}}/{{$f}}{{"\n"}}{{end}}{{range $f := $.EmbedFiles}}{{$.Dir}}/{{$f}}{{"\n"}}{{end}}'
	tmpl+='{{range $f := $.SysoFiles}}{{$.Dir}}/{{$f}}{{"\n"}}{{end}}{{end}}{{end}}'
	{
		go version
		go env GOROOT GOOS GOARCH GOAMD64 GOARM64 GOEXPERIMENT GOFLAGS CGO_ENABLED CC CGO_CFLAGS CGO_CPPFLAGS CGO_LDFLAGS
		cat go.mod go.sum ../../go.mod ../../go.sum
		go list -deps -f '{{.ImportPath}} {{with .Module}}{{.Path}}@{{.Version}}{{end}}' .
		go list -deps -f "$tmpl" . | sort | xargs -d '\n' sha256sum
	} | sha256sum | cut -c1-16
)
gcl_dir=${IDEMVET_GCL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/idemvet}
gcl_built=$gcl_dir/golangci-lint-built-$(gcl_key)
gcl=$gcl_built/golangci-lint
if [ -x "$gcl" ]; then
	echo "== cmd/golangci-lint-idemvet: built and vetted from these inputs before ($gcl_built)"
	touch "$gcl_built"
else
	echo "== go build cmd/golangci-lint-idemvet; go vet it"
	mkdir -p "$gcl_dir"
	tmp=$(mktemp -d "$gcl_dir/golangci-lint-building-XXXXXX")
	(cd cmd/golangci-lint-idemvet && go build -o "$tmp/golangci-lint" . && go vet .)
	mv -T "$tmp" "$gcl_built" 2>/dev/null || rm -rf "$tmp" # another run built it first
fi
# Binaries of other inputs (other commits, other checkouts) unused for a
# week go; another checkout's run may be using its own.
find "$gcl_dir" -maxdepth 1 -name 'golangci-lint-built*' -mtime +7 -exec rm -rf {} + || true
export IDEMVET_GCL=$gcl
# golangci-lint's own cache keys its results by the files linted, not by
# the linters' code: after a change to idemvet's analyzers it would serve
# the old findings. A cache per build of the binary keeps them apart.
export GOLANGCI_LINT_CACHE=$gcl_built/lint-cache

# The repository's own .golangci.yml, goimports included.
# --allow-parallel-runners: another golangci-lint on the machine must not
# make this one give up.
step golangci-lint "$gcl" run --allow-parallel-runners ./...
if [ "$e2e" = 1 ] || [ "$e2e" = all ]; then
	# ./e2e/... only: ./... would compile the main package, all of
	# golangci-lint, though the binary is built.
	step golangci-lint-plugin-e2e bash -c 'cd cmd/golangci-lint-idemvet && go test -count=1 -timeout 30m ./e2e/...'
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
if [ "$e2e" = 1 ] && [ "${CI:-}" != true ]; then
	echo "(not run: the end-to-end tests only IDEMVET_E2E=all runs, as CI does: .ci/README.md, \"Tests\")"
fi
