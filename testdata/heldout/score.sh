#!/usr/bin/env bash
# score.sh IDEMVET [SET]: run idemvet over a held-out probe module (SET,
# probes by default; probes2 is the second set) and score it against
# SET/LABELS.tsv, the label of every site written into it. A RACE is found when a finding's position lies in the same file
# within 3 lines (WINDOW, if set) of the labelled check or read; a SAFE site is flagged
# when one does. Prints one line per site and a summary per family:
#
#   family F: races found K/R; safe sites flagged S/N
#
# The module uses real libraries from the module proxy (GOFLAGS=-mod=mod).
set -euo pipefail
bin=$(readlink -f "$1")
here=$(cd "$(dirname "$0")" && pwd)
set_dir=$here/${2:-probes}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
. "$here/../services/findings.sh"
findings "$bin" "$set_dir" >"$out"
awk -F'\t' -v w="${WINDOW:-3}" '
	FILENAME == ARGV[1] {
		split($1, at, ":")
		n[at[1]]++
		line[at[1], n[at[1]]] = at[2]
		next
	}
	FNR == 1 { next }
	{
		split($1, at, ":")
		hit = 0
		for (j = 1; j <= n[at[1]]; j++) {
			d = line[at[1], j] - at[2]
			if (d <= w && -d <= w) hit = 1
		}
		fam[$3] = 1
		if ($4 == "RACE") { races[$3]++; found[$3] += hit }
		else { safes[$3]++; flagged[$3] += hit }
		printf "%s\t%s\t%s\t%s\n", $2, $4, hit ? "HIT" : "----", $1
	}
	END {
		for (f in fam) printf "family %s: races found %d/%d; safe sites flagged %d/%d\n", f, found[f], races[f], flagged[f], safes[f]
	}
' "$out" "$set_dir/LABELS.tsv" | sort -k1,1
