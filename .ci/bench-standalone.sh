#!/usr/bin/env bash
# Measures the standalone form (idemvet ./...) against plain go vet and
# against go vet -vettool=idemvet on one module, alternating the arms in
# each round, and prints wall time and the peak RSS of the largest single
# process (GNU time's %M: Linux reports the maximum over the process and
# the descendants it waited for) as a Markdown table of medians and ratios.
#
#   bash .ci/bench-standalone.sh MODULE_DIR [ROUNDS] [OLD_REF]
#   COLD=1 bash .ci/bench-standalone.sh MODULE_DIR [ROUNDS]
#   PATTERNS='./pkg/... ./api/...' bash .ci/bench-standalone.sh MODULE_DIR [ROUNDS]
#   GOLANGCI=1 PRECOMMIT=1 bash .ci/bench-standalone.sh MODULE_DIR [ROUNDS]
#   ARMS='standalone vettool govet' bash .ci/bench-standalone.sh MODULE_DIR 2
#   FIRSTTOOL=1 GOLANGCI=1 ARMS='govet golangci' bash .ci/bench-standalone.sh MODULE_DIR 3
#
# With COLD=1 every measured run starts from an empty build cache (its
# own GOCACHE) and an empty user cache, so each arm compiles the module's
# dependencies (and golangci-lint's plugin links its shim) as a first run
# on a fresh CI machine does; the re-run arm is left out.
#
# The build cache is warm (the module is built first); go vet's result
# cache is bypassed on every run, as internal/benchvet does: plain go vet
# and the vet form get a different list of the ignored -all/-source flags
# each time, the standalone form a .idemvet.yml whose comment changes
# (idemvet's -V=full hashes the file, so go vet re-runs every unit).
# "re-run" is the standalone form again after appending a comment to one
# file of the module, with the result cache left alone: what a second
# pre-commit run costs. With OLD_REF, the standalone form of that commit
# (the x/tools multichecker, whole program in memory) is measured too.
#
# GOLANGCI=1 adds cmd/golangci-lint-idemvet with only idemvet enabled, each
# run with an empty golangci-lint cache and a setting that changes each
# time (an extra key header), so that neither its cache nor go vet's
# serves results: once as it comes ("golangci": go vet runs the idemvet
# the plugin links from its source or, with COLD=1, the shim that hands
# the units to golangci-lint's process) and once with IDEMVET_VETTOOL naming
# the idemvet built here ("golangci-vettool"). It
# then checks that golangci-lint, the standalone and the vet-tool forms
# report the same findings (check, file and line). PRECOMMIT=1 adds the
# pre-commit hook at this repository's HEAD, run with `pre-commit run
# --all-files` from a configuration naming it, with PATTERNS as its args
# (MODULE_DIR must be in a git work tree; the first, unmeasured run
# installs the hook's environment).
set -euo pipefail
module=$(cd "$1" && pwd)
rounds=${2:-2}
old_ref=${3:-}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"; rm -f "$module/.idemvet.yml"' EXIT
export GOWORK=off GOFLAGS=${GOFLAGS:--mod=readonly}
# PATTERNS (default ./...) narrows the packages, for a module some of
# whose packages need a dependency the proxy refuses; give directories
# (./pkg/...), which golangci-lint takes too, rather than import paths.
# Spaces or newlines separate them (the output of go list will do).
mapfile -t patterns < <(tr -s ' \t' '\n\n' <<<"${PATTERNS:-./...}" | grep .)

go build -C "$repo" -o "$work/idemvet" ./cmd/idemvet
if [ -n "${GOLANGCI:-}" ]; then
	go build -C "$repo/cmd/golangci-lint-idemvet" -o "$work/golangci-lint-idemvet" .
fi
# golangci_config writes a .golangci.yml enabling only idemvet, with a key
# header that is new each call: the vet tool's flags change, so go vet's
# result cache is bypassed as for the other arms.
golangci_config() {
	cat > "$work/golangci.yml" <<-YAML
	version: "2"
	run:
	  relative-path-mode: gomod
	linters:
	  default: none
	  enable:
	    - idemvet
	  settings:
	    custom:
	      idemvet:
	        type: module
	        settings:
	          keyheaders: [X-Bench-$RANDOM$RANDOM]
	issues:
	  max-issues-per-linter: 0
	  max-same-issues: 0
	  uniq-by-line: false
	YAML
}
if [ -n "$old_ref" ]; then
	mkdir "$work/old"
	git -C "$repo" archive "$old_ref" | tar -x -C "$work/old"
	go build -C "$work/old" -o "$work/idemvet-old" ./cmd/idemvet
fi
# go build refuses a pattern with only test files; go vet still takes it.
# Cold arms start from caches of their own, so the build would be wasted.
if [ -z "${COLD:-}" ]; then
	(cd "$module" && { go build "${patterns[@]}" >/dev/null 2>&1 || true; go vet "${patterns[@]}" >/dev/null 2>&1 || true; })
fi
echo "module $module: $(cd "$module" && go list "${patterns[@]}" | wc -l) packages, $(nproc) CPUs" >&2

nonce=$RANDOM
# next_flags sets FLAGS to eight of -all/-source's four spellings, a new
# list each call (not in a subshell, so that the nonce advances).
next_flags() {
	nonce=$((nonce + 1))
	local n=$nonce spellings=(-all=false -all=true -source=false -source=true)
	FLAGS=()
	for _ in 1 2 3 4 5 6 7 8; do FLAGS+=("${spellings[n % 4]}"); n=$((n / 4)); done
}
# measure NAME CMD...: runs CMD in the module, appends "wall rss_kib".
measure() {
	local name=$1; shift
	if [ -n "${COLD:-}" ]; then
		rm -rf "$work/gocache" "$work/usercache"
		export GOCACHE="$work/gocache"
		# The golangci-lint plugin's vet tool is built into the user's
		# cache: a fresh machine builds it too.
		export XDG_CACHE_HOME="$work/usercache"
	fi
	/usr/bin/time -f "%e %M" -o "$work/t" bash -c 'cd "$0" && "$@" >/dev/null 2>&1 || true' "$module" "$@"
	cat "$work/t" >> "$work/$name"
	echo "$name: $(cat "$work/t")" >&2
}

arms=(govet vettool standalone)
[ -z "${COLD:-}" ] && arms+=(rerun)
[ -n "$old_ref" ] && arms+=(oldstandalone)
[ -n "${GOLANGCI:-}" ] && arms+=(golangci golangci-vettool)
# ARMS='standalone vettool govet' measures only those, in that order (the
# reverse in even rounds): on a large module, to see whether an arm's
# place in the round, not its form, makes it slower.
[ -n "${ARMS:-}" ] && read -ra arms <<<"$ARMS"
if [ -n "${PRECOMMIT:-}" ]; then
	arms+=(precommit)
	# pre-commit keeps the hook's environment (idemvet, built with go
	# install) under its home, by default in the user cache that COLD=1
	# empties: kept here, so that a cold arm measures the hook's run, as
	# the other arms run an idemvet built beforehand, not its installation.
	export PRE_COMMIT_HOME="$work/pre-commit-home"
	cat > "$work/pre-commit.yaml" <<-YAML
	repos:
	  - repo: $repo
	    rev: $(git -C "$repo" rev-parse HEAD)
	    hooks:
	      - id: idemvet
	        args: [$(printf '%s, ' "${patterns[@]}" | sed 's/, $//')]
	YAML
	(cd "$module" && pre-commit run --config "$work/pre-commit.yaml" --all-files >/dev/null 2>&1 || true)
fi
# golangci: golangci-lint with only idemvet, on an empty golangci-lint cache.
golangci=(env GOLANGCI_LINT_CACHE="$work/gclcache" "$work/golangci-lint-idemvet" run --allow-parallel-runners
	--config "$work/golangci.yml" --output.json.path stdout --output.text.path stderr "${patterns[@]}")
if [ -n "${FIRSTTOOL:-}" ]; then
	# A build cache that holds the module's packages (the warm-up
	# compiles them) but none of idemvet's, with a user cache of its own:
	# a developer's machine or a CI cache where idemvet was never built,
	# on which the golangci-lint plugin serves go vet's units in its own
	# process rather than link idemvet.
	export GOCACHE="$work/gocache" XDG_CACHE_HOME="$work/usercache"
fi
echo "# warm" > "$module/.idemvet.yml"
if [ -n "${COLD:-}" ]; then
	# Every cold arm empties its own build cache, so compiling the module
	# into the default one first would only cost time (on kubernetes
	# longer than a round); listing it downloads the modules it needs.
	(cd "$module" && go list -deps "${patterns[@]}" >/dev/null)
else
	# One unmeasured run of each, so all arms start with the same caches.
	(cd "$module" && "$work/idemvet" "${patterns[@]}" >/dev/null 2>&1 || true)
	(cd "$module" && go vet -vettool="$work/idemvet" "${patterns[@]}" >/dev/null 2>&1 || true)
fi
touched=$(cd "$module" && go list -f '{{if .GoFiles}}{{.Dir}}/{{index .GoFiles 0}}{{end}}' "${patterns[@]}" | grep . | tail -n 1)
for r in $(seq 1 "$rounds"); do
	order=("${arms[@]}")
	if [ $((r % 2)) = 0 ]; then order=($(printf '%s\n' "${arms[@]}" | tac)); fi
	for arm in "${order[@]}"; do
		case $arm in
		govet) next_flags; measure govet go vet "${FLAGS[@]}" "${patterns[@]}" ;;
		vettool) next_flags; measure vettool go vet -vettool="$work/idemvet" "${FLAGS[@]}" "${patterns[@]}" ;;
		standalone)
			echo "# run $RANDOM$RANDOM" > "$module/.idemvet.yml"
			measure standalone "$work/idemvet" "${patterns[@]}" ;;
		rerun)
			# The same configuration as the run before it, so only the
			# touched file's package and its dependents run again.
			(cd "$module" && "$work/idemvet" "${patterns[@]}" >/dev/null 2>&1 || true)
			echo "// touched by bench-standalone.sh" >> "$touched"
			measure rerun "$work/idemvet" "${patterns[@]}"
			sed -i '$ d' "$touched" ;;
		oldstandalone) measure oldstandalone "$work/idemvet-old" "${patterns[@]}" ;;
		golangci)
			rm -rf "$work/gclcache"; golangci_config
			measure golangci "${golangci[@]}" ;;
		golangci-vettool)
			rm -rf "$work/gclcache"; golangci_config
			measure golangci-vettool env IDEMVET_VETTOOL="$work/idemvet" "${golangci[@]}" ;;
		precommit)
			echo "# run $RANDOM$RANDOM" > "$module/.idemvet.yml"
			measure precommit pre-commit run --config "$work/pre-commit.yaml" --all-files ;;
		esac
	done
done

if [ -n "${GOLANGCI:-}" ]; then
	# The findings of the three forms as "check file:line", sorted.
	(cd "$module" && "$work/idemvet" -json "${patterns[@]}" 2>/dev/null) > "$work/standalone.json" || true
	(cd "$module" && go vet -vettool="$work/idemvet" -json "${patterns[@]}" 2>&1) > "$work/vettool.json" || true
	rm -rf "$work/gclcache"; golangci_config
	(cd "$module" && "${golangci[@]}") > "$work/golangci.json" 2>/dev/null || true
	python3 - "$module" "$work" <<-'PY'
	import json, os, re, sys
	module, work = sys.argv[1], sys.argv[2]
	def rel(posn):
	    path, line = re.match(r"(.*):(\d+):\d+$", posn).groups()
	    return "%s:%s" % (os.path.relpath(os.path.join(module, path), module), line)
	def vet_json(name):
	    # go vet -json: "# pkg" lines, then one JSON object per package.
	    text, found = open(os.path.join(work, name)).read(), set()
	    dec, i = json.JSONDecoder(), 0
	    while (i := text.find("{", i)) >= 0:
	        obj, i = dec.raw_decode(text, i)
	        for checks in obj.values():
	            for check, diags in checks.items():
	                found.update("%s %s" % (check, rel(d["posn"])) for d in diags if "posn" in d)
	    return found
	gcl, _ = json.JSONDecoder().raw_decode(open(os.path.join(work, "golangci.json")).read().lstrip())
	forms = {
	    "standalone": vet_json("standalone.json"),
	    "vet-tool": vet_json("vettool.json"),
	    "golangci-lint": {"%s %s:%d" % (i["Text"].split(": ", 1)[0], i["Pos"]["Filename"], i["Pos"]["Line"])
	                      for i in gcl.get("Issues") or []},
	}
	base = forms["standalone"]
	for name, found in forms.items():
	    print("findings, %s: %d%s" % (name, len(found), "" if found == base else
	          " (differs from standalone: only here %s, missing %s)" % (sorted(found - base), sorted(base - found))), file=sys.stderr)
	PY
fi

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
base_wall=$(cut -d' ' -f1 "$work/govet" | median)
base_rss=$(cut -d' ' -f2 "$work/govet" | median)
echo "| arm | wall (s) | peak RSS (MiB) | wall / go vet | RSS / go vet |"
echo "|---|---:|---:|---:|---:|"
for arm in "${arms[@]}"; do
	w=$(cut -d' ' -f1 "$work/$arm" | median)
	m=$(cut -d' ' -f2 "$work/$arm" | median)
	awk -v a="$arm" -v w="$w" -v m="$m" -v bw="$base_wall" -v bm="$base_rss" \
		'BEGIN {printf "| %s | %.1f | %d | %.2f× | %.2f× |\n", a, w, m/1024, w/bw, m/bm}'
done
