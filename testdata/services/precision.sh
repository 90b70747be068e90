#!/usr/bin/env bash
# precision.sh IDEMVET NAME DIR: run idemvet over the service NAME checked
# out in DIR (a module from the module proxy or a clone at the commit that
# services.tsv gives), and score every finding against verdicts.tsv, the
# verdict of a person who read it in context. Prints one line per finding
# (TRUE, FALSE or NEW when nobody has read it yet) and a summary line:
#
#   NAME findings=N true=T false=F unread=U
#
# A NEW finding is a prompt to read it and add its verdict; a verdict whose
# finding no longer appears is a finding the tool stopped reporting.
set -euo pipefail
bin=$(readlink -f "$1") name=$2 dir=$3
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
. "$here/findings.sh"
findings "$bin" "$dir" >"$out"
t=0 f=0 u=0 n=0
while IFS=$'\t' read -r pos check; do
	n=$((n + 1))
	verdict=$(awk -F'\t' -v s="$name" -v p="$pos" -v c="$check" '$1 == s && $2 == p && $3 == c { print $4; exit }' "$here/verdicts.tsv")
	case $verdict in
	TRUE) t=$((t + 1)) ;;
	FALSE) f=$((f + 1)) ;;
	*) u=$((u + 1)); verdict=NEW ;;
	esac
	printf '%s\t%s\t%s\t%s\n' "$verdict" "$name" "$pos" "$check"
done <"$out"
echo "$name findings=$n true=$t false=$f unread=$u"
