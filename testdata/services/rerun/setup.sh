#!/usr/bin/env bash
# setup.sh [ROOT]: rebuild the 14 service trees from the fetch mirrors under
# /work/.mirror (the fetch tool's github:owner/name for each, and for
# jirevwe/gopartman, first), at services.tsv's commits: ROOT/final/src/NAME
# (the ten read by hand), ROOT/new/src/NAME (the four untuned),
# ROOT/final/deps/gopartman. ROOT defaults to /tmp.
set -euo pipefail
root=${1:-/tmp}
here=$(cd "$(dirname "$0")" && pwd)
tsv=$here/../services.tsv
declare -A M=([answer]=apache+answer [authorizer]=authorizerdev+authorizer [casdoor]=casdoor+casdoor
	[convoy]=frain-dev+convoy [fider]=getfider+fider [gocommerce]=netlify+gocommerce [gogs]=gogs+gogs
	[gotify]=gotify+server [listmonk]=knadh+listmonk [one-api]=songquanpeng+one-api [blnk]=blnkfinance+blnk
	[looklook]=Mikaelemmmm+go-zero-looklook [newbee-mall]=newbee-ltd+newbee-mall-api-go
	[writefreely]=writefreely+writefreely)
for n in "${!M[@]}"; do
	c=$(awk -F'\t' -v n="$n" '$1 == n { print $3 }' "$tsv")
	case $n in blnk | looklook | newbee-mall | writefreely) d=$root/new/src/$n ;; *) d=$root/final/src/$n ;; esac
	rm -rf "$d" && mkdir -p "$d"
	# git archive stops at blobs the snapshot lacks (files >= 4 MiB: casdoor's
	# swagger .map files, a gogs pdfjs .map, a looklook doc image), so extract
	# blob by blob and skip those (none is Go code or embedded by a pattern).
	python3 "$here/extract.py" "/work/.mirror/${M[$n]}/repo" "$c" "$d" | sed "s/^/$n: /"
done
# convoy needs github.com/jirevwe/gopartman v0.2.0, not on the proxy; the
# mirror has no v0.2.0 tag, so its newest commit (0ce6b6c, main) is used.
g=$root/final/deps/gopartman
rm -rf "$g" && mkdir -p "$g"
git --git-dir=/work/.mirror/jirevwe+gopartman/repo archive 0ce6b6cab5b5b7289325a22b66c58724a6275e4b | tar -x -C "$g"
(cd "$root/final/src/convoy" && go mod edit -replace "github.com/jirevwe/gopartman=$g")
# Web UIs the builds embed (go:embed of files not in the repository).
s=$root/final/src
mkdir -p "$s/gotify/ui/build" && echo '<html></html>' >"$s/gotify/ui/build/index.html"
echo '<html></html>' >"$s/one-api/web/build/index.html"
mkdir -p "$s/gogs/public/dist" && echo '<html></html>' >"$s/gogs/public/dist/index.html"
touch "$s/gogs/public/plugins/x.txt"
