#!/usr/bin/env bash
# regress.sh BIN OUT ROOT [NAME...]: the full regression of idemvet binary
# BIN over the services setupall.sh ROOT built (ROOT/modules.tsv; only the
# NAMEs given, if any) and the held-out probe sets. One service at a time,
# under nice (the machine is small and shared): OUT/NAME.run holds the
# run's stdout and stderr and a last line "# NAME: exit E, wall Ss"; it is
# scored as runall.sh does, by ../recall.sh and ../precision.sh with
# IDEMVET_RUN, into OUT/NAME.recall and OUT/NAME.precision. Then
# ../../heldout/score.sh over probes, probes2 ... probes5 into
# OUT/probesN.score. OUT/summary tabulates it all, with the totals of the
# sets the README's tables use; OUT/alldone is touched at the end. A
# service that fails (a crash, packages that do not load) is recorded and
# the rest go on; with RESUME=1 a stopped regression goes on where it
# stopped.
set -uo pipefail
bin=$(readlink -f "$1")
out=$(mkdir -p "$2" && cd "$2" && pwd)
root=$(cd "$3" && pwd)
shift 3
here=$(cd "$(dirname "$0")" && pwd)
svc=$(cd "$here/.." && pwd)
heldout=$(cd "$svc/../heldout" && pwd)
rm -f "$out/alldone"
# probetotal FILE: score.sh's per-family lines ("family F: races found
# K/R; safe sites flagged S/N") added up.
probetotal() {
	awk '/^family/ { split($5, r, "/"); split($9, s, "/"); f += r[1]; t += r[2]; g += s[1]; n += s[2] }
		END { printf "races found %d/%d; safe sites flagged %d/%d", f, t, g, n }' "$1"
}
start=$(date +%s)
names=()
while IFS=$'\t' read -r -u 3 name dir patterns envs; do
	if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then continue; fi
	names+=("$name")
	run=$out/$name.run
	# RESUME=1 keeps the runs a stopped regression finished (their last
	# line is the exit line) and goes on from the first it did not.
	if [ -n "${RESUME:-}" ] && tail -n 1 "$run" 2>/dev/null | grep -q "^# $name: exit "; then
		echo "$name: kept"
		continue
	fi
	# Every run is -mod=mod (the trees' go.mod and go.sum are as the commit
	# left them); a service's own settings (a toolchain, build tags, an
	# empty GOFLAGS for a workspace) come after and win.
	vars=(GOFLAGS=-mod=mod)
	if [ "$envs" != - ]; then
		IFS='|' read -r -a more <<<"$envs"
		vars+=("${more[@]}")
	fi
	IFS=, read -r -a pats <<<"$patterns"
	# A service that needs a newer Go than the one here (GOTOOLCHAIN=V)
	# needs an idemvet built by it too: BIN-V, beside BIN, when it exists.
	exe=$bin
	for v in "${vars[@]}"; do
		case $v in GOTOOLCHAIN=go*) [ -x "$bin-${v#GOTOOLCHAIN=}" ] && exe=$bin-${v#GOTOOLCHAIN=} ;; esac
	done
	t0=$(date +%s)
	status=0
	if [ -d "$dir" ]; then
		(cd "$dir" && env "${vars[@]}" nice "$exe" "${pats[@]}" >"$run" 2>&1 </dev/null) || status=$?
	else
		echo "no tree at $dir (run setupall.sh)" >"$run"
		status=127
	fi
	t1=$(date +%s)
	echo "# $name: exit $status, wall $((t1 - t0))s, $(basename "$exe")" >>"$run"
	IDEMVET_RUN=$run bash "$svc/recall.sh" "$bin" "$name" "$dir" >"$out/$name.recall" 2>&1 ||
		echo "$name recall.sh failed" >>"$out/$name.recall"
	IDEMVET_RUN=$run bash "$svc/precision.sh" "$bin" "$name" "$dir" >"$out/$name.precision" 2>&1 ||
		echo "$name precision.sh failed" >>"$out/$name.precision"
	echo "$name exit=$status wall=$((t1 - t0))s: $(tail -1 "$out/$name.recall"); $(tail -1 "$out/$name.precision")"
done 3<"$root/modules.tsv"

# The held-out probe sets (modules under testdata/heldout, real libraries
# from the proxy), unless only some services were named.
if [ $# -eq 0 ]; then
	for set in probes probes2 probes3 probes4 probes5; do
		[ -d "$heldout/$set" ] || continue
		GOFLAGS=-mod=mod nice bash "$heldout/score.sh" "$bin" "$set" >"$out/$set.score" 2>&1 ||
			echo "score.sh $set failed" >>"$out/$set.score"
		echo "$set: $(probetotal "$out/$set.score")"
	done
fi
end=$(date +%s)

# The summary: one line per service, then the sets of the README's
# "Run again" tables: the ten read first, the thirty read by hand after
# them (every other service with races in recall.tsv), the seven read
# last (a part of the thirty), and every service run.
{
	printf '%-18s %5s %6s %9s %9s %9s %6s %6s\n' service exit wall races doubling true/all false unread
	for name in "${names[@]}"; do
		tail -q -n 1 "$out/$name.recall" "$out/$name.precision" "$out/$name.run" 2>/dev/null | awk -v n="$name" '
			/ races=/ { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } }
			/ findings=/ { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } }
			/^# .*: exit / { ex = $4; sub(",", "", ex); w = $6; sub(",", "", w) }
			END { printf "%-18s %5s %6s %9s %9s %9s %6s %6s\n", n, ex, w,
				v["reported"] + 0 "/" v["races"] + 0, v["doubling_reported"] + 0 "/" v["doubling"] + 0,
				v["true"] + 0 "/" v["findings"] + 0, v["false"] + 0, v["unread"] + 0 }'
	done
} >"$out/summary.tmp"
ten=" answer authorizer casdoor convoy fider gocommerce gogs gotify listmonk one-api "
seven=" formance-payments outpost unkey netmaker vela homebox pufferpanel "
awk -v ten="$ten" -v seven="$seven" '
	NR == 1 { print; next }
	{ print; split($4, r, "/"); split($6, t, "/")
	  set = index(ten, " " $1 " ") ? "ten" : (r[2] > 0 ? "thirty" : "other")
	  add(set); add("all"); if (index(seven, " " $1 " ")) add("seven") }
	function add(s) { R[s] += r[1]; RT[s] += r[2]; T[s] += t[1]; N[s] += t[2]; U[s] += $8; n[s]++ }
	END {
		print ""
		split("ten thirty seven other all", order, " ")
		label["ten"] = "the ten read first"; label["thirty"] = "the thirty after the ten"
		label["seven"] = "the seven read last (of the thirty)"; label["other"] = "judged only (no races listed)"
		label["all"] = "all services run"
		for (i = 1; i <= 5; i++) { s = order[i]; if (n[s])
			printf "%s (%d): races %d of %d; true %d of %d findings (%d unread)\n", label[s], n[s], R[s], RT[s], T[s], N[s], U[s] }
	}' "$out/summary.tmp" >"$out/summary"
rm -f "$out/summary.tmp"
for set in probes probes2 probes3 probes4 probes5; do
	[ -f "$out/$set.score" ] || continue
	echo "$set: $(probetotal "$out/$set.score")"
done >>"$out/summary"
echo "total wall $((end - start))s" >>"$out/summary"
cat "$out/summary"
touch "$out/alldone"
