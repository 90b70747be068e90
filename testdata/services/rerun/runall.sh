#!/usr/bin/env bash
# runall.sh BIN OUTDIR [ROOT]: run idemvet BIN once over each of the 14
# services that setup.sh ROOT built (the ten read by hand in
# ROOT/final/src, the four untuned in ROOT/new/src; ROOT defaults to
# /tmp), one at a time, saving OUTDIR/NAME.run (idemvet ./... stdout and
# stderr, then a wall-time line), and score that saved run with recall.sh
# and precision.sh (IDEMVET_RUN) into OUTDIR/NAME.recall and
# OUTDIR/NAME.precision. Touches OUTDIR/done at the end.
set -uo pipefail
bin=$(readlink -f "$1") out=$2 root=${3:-/tmp}
svc=$(cd "$(dirname "$0")/.." && pwd)
export GOFLAGS=-mod=mod
mkdir -p "$out"
rm -f "$out/done"
start=$(date +%s)
for name in answer authorizer casdoor convoy fider gocommerce gogs gotify listmonk one-api \
	blnk looklook newbee-mall writefreely; do
	case $name in
	blnk | looklook | newbee-mall | writefreely) dir=$root/new/src/$name ;;
	*) dir=$root/final/src/$name ;;
	esac
	t0=$(date +%s)
	status=0
	(cd "$dir" && nice "$bin" ./... >"$out/$name.run" 2>&1) || status=$?
	t1=$(date +%s)
	echo "# $name: exit $status, wall $((t1 - t0))s" >>"$out/$name.run"
	IDEMVET_RUN="$out/$name.run" bash "$svc/recall.sh" "$bin" "$name" "$dir" >"$out/$name.recall"
	IDEMVET_RUN="$out/$name.run" bash "$svc/precision.sh" "$bin" "$name" "$dir" >"$out/$name.precision"
	echo "$name exit=$status wall=$((t1 - t0))s: $(tail -1 "$out/$name.recall"); $(tail -1 "$out/$name.precision")"
done
end=$(date +%s)
echo "total wall $((end - start))s" | tee "$out/wall"
touch "$out/done"
