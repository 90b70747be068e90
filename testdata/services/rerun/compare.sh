#!/usr/bin/env bash
# compare.sh OLD NEW: what changed between two regress.sh (or runall.sh)
# output dirs, per service, to read a rule change's effect quickly:
#
#   + VERDICT  path:line  check    a finding NEW has and OLD had not
#   - VERDICT  path:line  check    a finding OLD had and NEW has not
#   + race     path:line  kind     a labelled race NEW reports, OLD missed
#   - race     path:line  kind     a labelled race OLD reported, NEW misses
#
# The findings are read from the scored NAME.precision files (each line
# "VERDICT<TAB>NAME<TAB>path:line<TAB>check", the path relative to the
# module root, as findings.sh extracts them from NAME.run), so runs over
# trees in different roots compare, and each finding shows its verdict in
# verdicts.tsv as it was when that run was scored (NEW: nobody read it).
# The races come from NAME.recall. Services with no change print nothing;
# a service in one dir only is named. Ends with both summaries' totals.
set -uo pipefail
old=$1 new=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# findings DIR NAME: "path:line<TAB>check<TAB>verdict", sorted.
findings() {
	[ -f "$1/$2.precision" ] || return 0
	awk -F'\t' 'NF == 4 && $1 ~ /^(TRUE|FALSE|NEW)$/ { print $3 "\t" $4 "\t" $1 }' "$1/$2.precision" | sort -u
}
# races DIR NAME: "path:line<TAB>kind" of the races reported, sorted.
races() {
	[ -f "$1/$2.recall" ] || return 0
	awk -F'\t' '$1 == "REPORTED" { print $3 "\t" $4 }' "$1/$2.recall" | sort -u
}
changed=0
for f in "$old"/*.precision "$new"/*.precision; do
	[ -f "$f" ] && basename "$f" .precision
done | sort -u >"$tmp/names"
while read -r name; do
	if [ ! -f "$old/$name.precision" ] || [ ! -f "$new/$name.precision" ]; then
		[ -f "$old/$name.precision" ] && echo "$name: only in $old" || echo "$name: only in $new"
		continue
	fi
	findings "$old" "$name" >"$tmp/o"
	findings "$new" "$name" >"$tmp/n"
	races "$old" "$name" >"$tmp/ro"
	races "$new" "$name" >"$tmp/rn"
	# Compare on position and check alone: a verdict added since the old
	# run was scored is no change of the tool's.
	{
		join -t $'\t' -v 2 <(cut -f1,2 "$tmp/o" | sed 's/\t/|/' | sort) <(awk -F'\t' '{ print $1 "|" $2 "\t" $3 }' "$tmp/n" | sort) |
			awk -F'\t' '{ split($1, k, "|"); printf "  + %-6s %s  %s\n", $2, k[1], k[2] }'
		join -t $'\t' -v 2 <(cut -f1,2 "$tmp/n" | sed 's/\t/|/' | sort) <(awk -F'\t' '{ print $1 "|" $2 "\t" $3 }' "$tmp/o" | sort) |
			awk -F'\t' '{ split($1, k, "|"); printf "  - %-6s %s  %s\n", $2, k[1], k[2] }'
		comm -13 "$tmp/ro" "$tmp/rn" | awk -F'\t' '{ printf "  + race   %s  %s\n", $1, $2 }'
		comm -23 "$tmp/ro" "$tmp/rn" | awk -F'\t' '{ printf "  - race   %s  %s\n", $1, $2 }'
	} >"$tmp/d"
	if [ -s "$tmp/d" ]; then
		changed=$((changed + 1))
		echo "$name: races reported $(wc -l <"$tmp/ro") -> $(wc -l <"$tmp/rn"); findings $(wc -l <"$tmp/o") -> $(wc -l <"$tmp/n")"
		cat "$tmp/d"
	fi
done <"$tmp/names"
echo "$changed service(s) changed"
for d in "$old" "$new"; do
	[ -f "$d/summary" ] && { echo "== $d"; grep -E '^(the |all |judged |probes)' "$d/summary"; }
done
