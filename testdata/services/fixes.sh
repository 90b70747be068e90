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
#   NAME findings=N offered=O applied=A builds=B(before: B0) vets=V(before: V0) silent=yes|no constraint=C/Q
set -euo pipefail
bin=$(readlink -f "$1") name=$2 src=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$src/." "$work/"
cd "$work"

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

"$bin" -json ./... >before.json 2>/dev/null || true
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
# script of the copy declares a unique key on exactly those columns.
targets=$(git diff -U0 | grep -oE '^\+.*ON CONFLICT \([a-z_, ]+\) DO NOTHING' | grep -oE '\([a-z_, ]+\)' || true)
q=0 c=0
while read -r cols; do
	[ -z "$cols" ] && continue
	q=$((q + 1))
	pattern=$(echo "$cols" | sed 's/[()]//g; s/, */,[[:space:]]*/g')
	if grep -rqiE --include='*.sql' "(unique|primary key)[^;]*\($pattern\)|$(echo "$cols" | sed 's/[()]//g') [^,;]*(unique|primary key)" . 2>/dev/null; then
		c=$((c + 1))
	fi
done <<<"$targets"

silent=yes
[ "$left" -eq 0 ] || silent=no
echo "$name findings=$n offered=$offered applied=$applied builds=$builds(before: $built) vets=$vets(before: $vetted) silent=$silent constraint=$c/$q"
