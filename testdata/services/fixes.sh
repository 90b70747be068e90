#!/usr/bin/env bash
# fixes.sh IDEMVET NAME DIR: prove idemvet's fixes on a real service.
# DIR is the service checked out at the commit services.tsv gives; it is
# copied, and only the copy is edited. On the copy, idemvet -json lists the
# findings and how many carry a mechanical fix (offered); idemvet -fix
# applies them (applied: the offered findings no longer reported, counted
# by file and check, since lines move); then the fixed code must build
# (go build ./...) and vet (go vet ./...) as it did before the fixes, and
# idemvet must be silent on
# the fixed spots (silent: no finding with a fix is left). A fix that adds
# ON CONFLICT names the unique key it relies on, and is offered only where
# the module's schema declares one, so "constraint" counts the applied
# SQL fixes whose conflict target a schema script of the copy declares.
# Prints one line:
#
#   NAME findings=N offered=O applied=A builds=B(before: B0) vets=V(before: V0) silent=yes|no constraint=C/Q unloaded=U touched=B/V
#
# (U: packages idemvet could not analyse, with their importers.) With
# FIXES_DIFF set, the applied fixes are saved there as a diff, to read
# (and the findings before them beside it, as .json).
set -euo pipefail
bin=$(readlink -f "$1") name=$2 src=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$src/." "$work/"
cd "$work"
# A replace by a relative path (convoy's ../gopartman) points elsewhere
# from the copy: make it absolute, from the checkout.
go mod edit -json | python3 -c '
import json, os, sys
src = sys.argv[1]
for r in json.load(sys.stdin).get("Replace") or []:
    p = r["New"]["Path"]
    if p.startswith("./") or p.startswith("../"):
        old = r["Old"]["Path"] + ("@" + r["Old"]["Version"] if r["Old"].get("Version") else "")
        print(old + "=" + os.path.normpath(os.path.join(src, p)))
' "$(readlink -f "$src")" | while read -r edit; do go mod edit -replace "$edit"; done

# fixable FILE: "file<TAB>check<TAB>has-fix" for every finding of a -json run.
fixable() {
	python3 - "$1" <<'EOF'
import json, sys
tree = json.load(open(sys.argv[1]))
for checks in tree.values():
    for check, diags in checks.items():
        if not isinstance(diags, list):
            continue
        for d in diags:
            print(d["posn"].rsplit(":", 2)[0], check, "yes" if d.get("suggested_fixes") else "no", sep="\t")
EOF
}

# A run that could not start (exit 1) or matched no package (exit 6) would
# read as "no findings": say so and stop. Packages that did not load (exit
# 4 or 5) are counted from idemvet's messages and printed as unloaded.
status=0
"$bin" -json ./... >before.json 2>before.err || status=$?
if [ "$status" -eq 1 ] || [ "$status" -eq 6 ] ||
	! python3 -c 'import json, sys; json.load(open(sys.argv[1]))' before.json 2>/dev/null; then
	echo "$name not run: idemvet -json exited $status" >&2
	cat before.err >&2
	exit 1
fi
unloaded=$(python3 - <<'EOF'
import re
n = 0
for line in open("before.err"):
    if "could not be analysed" in line:
        m = re.search(r"\((\d+) more package", line)
        n += 1 + (int(m.group(1)) if m else 0)
print(n)
EOF
)
fixable before.json | sort >before.tsv
n=$(wc -l <before.tsv)
offered=$(awk -F'\t' '$3 == "yes"' before.tsv | wc -l)

built=yes vetted=yes
go build ./... >/dev/null 2>&1 || built=no
go vet ./... >/dev/null 2>&1 || vetted=no
git init -q . 2>/dev/null || true
git add -A >/dev/null 2>&1 && git -c user.email=x@x -c user.name=x commit -qm before >/dev/null 2>&1 || true
"$bin" -fix ./... >/dev/null 2>&1 || true

builds=yes vets=yes
go build ./... >/dev/null 2>&1 || builds=no
go vet ./... >/dev/null 2>&1 || vets=no
# Where the whole module does not build here (a module the proxy refuses,
# cgo), the packages the fixes edited are built and vetted on their own:
# touched=B/V, "-" when no fix was applied.
touched=-
dirs=$(git diff --name-only -- '*.go' | xargs -r -n1 dirname | sort -u | sed 's|^|./|')
if [ -n "$dirs" ]; then
	tb=yes tv=yes
	# shellcheck disable=SC2086
	go build $dirs >/dev/null 2>&1 || tb=no
	# shellcheck disable=SC2086
	go vet $dirs >/dev/null 2>&1 || tv=no
	touched=$tb/$tv
fi

"$bin" -json ./... >after.json 2>/dev/null || true
fixable after.json | sort >after.tsv
left=$(awk -F'\t' '$3 == "yes"' after.tsv | wc -l)
# A fixed finding is gone: count the offered (file, check) pairs by how
# many fewer findings they have after the fix.
applied=$(python3 - <<'EOF'
import collections
def count(path, fixed_only):
    c = collections.Counter()
    for line in open(path):
        f, check, fix = line.rstrip("\n").split("\t")
        if not fixed_only or fix == "yes":
            c[(f, check)] += 1
    return c
before, after = count("before.tsv", True), count("after.tsv", False)
print(sum(max(0, k - after.get(key, 0)) for key, k in before.items()))
EOF
)

# The conflict targets the applied SQL fixes name, and whether a schema
# script or Go DDL string of the copy declares a unique key on those columns.
targets=$(git diff -U0 | grep -oE '^\+.*ON CONFLICT \([a-z_, ]+\) DO NOTHING' | grep -oE '\([a-z_, ]+\)' || true)
q=0 c=0
while read -r cols; do
	[ -z "$cols" ] && continue
	q=$((q + 1))
	pattern=$(echo "$cols" | sed 's/[()]//g; s/, */,[[:space:]]*/g')
	if grep -rqiE --include='*.sql' --include='*.go' --exclude='*_test.go' "(unique|primary key)[^;]*\($pattern\)|$(echo "$cols" | sed 's/[()]//g') [^,;]*(unique|primary key)" . 2>/dev/null; then
		c=$((c + 1))
	fi
done <<<"$targets"

[ -z "${FIXES_DIFF:-}" ] || cp before.json "${FIXES_DIFF%.diff}.json"
[ -z "${FIXES_DIFF:-}" ] || git diff -- . ':!go.mod' ':!go.sum' ':!*.json' ':!*.tsv' ':!*.err' >"$FIXES_DIFF"
silent=yes
[ "$left" -eq 0 ] || silent=no
echo "$name findings=$n offered=$offered applied=$applied builds=$builds(before: $built) vets=$vets(before: $vetted) silent=$silent constraint=$c/$q unloaded=$unloaded touched=$touched"
