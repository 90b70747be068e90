#!/usr/bin/env bash
# recall.sh IDEMVET NAME DIR: run idemvet over the service NAME checked out
# in DIR (as precision.sh does) and measure what it did not say: every race
# that a person found by reading the service's write paths by hand
# (recall.tsv, kind other than "safe") is REPORTED when some finding of
# idemvet, of any check, lies in the same file within $WINDOW lines (3
# unless set) of the race's position (its read or check) or of one of the
# positions in its "also" column (its write or effect), and MISSED
# otherwise. Prints one line per race and a summary line:
#
#   NAME races=R reported=K recall=K/R doubling=D doubling_reported=E
#
# where D counts the races whose effect is more than a failed request (a
# doubled account, charge, credit, counter, e-mail, webhook, a token used
# twice) rather than "500 only", and E how many of those are reported.
# The window absorbs a call written over several lines; a finding that far
# from both halves is about something else.
set -euo pipefail
bin=$(readlink -f "$1") name=$2 dir=$3
window=${WINDOW:-3}
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
. "$here/findings.sh"
findings "$bin" "$dir" >"$out"
awk -F'\t' -v s="$name" -v w="$window" '
	# The findings come first: remember each one by file.
	FILENAME == ARGV[1] {
		split($1, at, ":")
		nf[at[1]]++
		fline[at[1], nf[at[1]]] = at[2]
		fpos[at[1], nf[at[1]]] = $1 " " $2
		next
	}
	/^#/ || $1 != s || $3 == "safe" { next }
	{
		positions = $2
		if ($6 != "" && $6 != "-") positions = positions "," $6
		n = split(positions, ps, ",")
		hit = ""
		for (i = 1; i <= n && hit == ""; i++) {
			split(ps[i], at, ":")
			for (j = 1; j <= nf[at[1]]; j++) {
				d = fline[at[1], j] - at[2]
				if (d <= w && -d <= w) { hit = fpos[at[1], j]; break }
			}
		}
		races++
		doubling = $4 != "500 only"
		doublings += doubling
		if (hit != "") {
			reported++
			doublings_reported += doubling
			printf "REPORTED\t%s\t%s\t%s\t%s\tby %s\n", s, $2, $3, $4, hit
		} else {
			printf "MISSED\t%s\t%s\t%s\t%s\n", s, $2, $3, $4
		}
	}
	END {
		printf "%s races=%d reported=%d recall=%d/%d doubling=%d doubling_reported=%d\n", s, races, reported, reported, races, doublings, doublings_reported
	}
' "$out" "$here/recall.tsv"
