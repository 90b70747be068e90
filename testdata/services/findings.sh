# findings.sh: sourced by precision.sh and recall.sh, which score the same
# list of findings against different ground truths.
#
# findings IDEMVET DIR prints one line per finding of idemvet over the module
# in DIR, "path:line<TAB>check", the path relative to DIR, sorted and unique.
# With IDEMVET_RUN set to a file holding a saved run (the output of
# `idemvet ./... 2>&1` in DIR), that run is parsed instead, so one run can be
# scored by both scripts.
findings() {
	local bin=$1 dir=$2
	# The standalone form prints "file:line:col: message (check)"; related
	# positions are indented under it. Exit 3 (findings) and 4/5 (some
	# package could not be analysed) are expected.
	if [ -n "${IDEMVET_RUN:-}" ]; then
		cat "$IDEMVET_RUN"
	else
		(cd "$dir" && "$bin" ./... 2>&1) || true
	fi | grep -E '^[^[:space:]][^:]*\.go:[0-9]+:[0-9]+: .* \([a-z]+\)$' |
		sed -E 's#^'"$dir"'/##; s#^([^:]+):([0-9]+):[0-9]+: .* \(([a-z]+)\)$#\1:\2\t\3#' | sort -u || true
}
