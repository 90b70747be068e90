#!/usr/bin/env bash
# setupall.sh ROOT [NAME...]: write the tree of every service in
# services.txt (beside this script; kubernetes only when named) at its
# ../services.tsv commit to ROOT/src/TREE, apply the fixups it needs to
# load here, and record where and how regress.sh runs it in
# ROOT/modules.tsv (name, module dir, patterns, env). Repositories come
# from the fetch tool's mirrors (MIRROR, default /work/.mirror: fetch
# every line of fetchall.txt first), "module" sources from the module
# proxy. Modules the services need that the proxy lacks go to ROOT/deps.
# A service whose setup fails is reported and recorded all the same (its
# run then shows what did not load); the others go on.
set -uo pipefail
root=$(mkdir -p "$1" && cd "$1" && pwd)
shift
here=$(cd "$(dirname "$0")" && pwd)
tsv=$here/../services.tsv
mirror=${MIRROR:-/work/.mirror}
deps=$root/deps
export GOFLAGS=-mod=mod
mkdir -p "$root/src" "$deps"

gitdir() { # OWNER/NAME: the mirror's git directory (some are clones)
	local g=$mirror/${1/\//+}/repo
	[ -d "$g/.git" ] && g=$g/.git
	echo "$g"
}

# extract OWNER/NAME REV DEST: the tree of REV, blob by blob. git archive
# stops at blobs the snapshot lacks (files of 4 MiB and more: casdoor's
# swagger maps, gotosocial's vendored sqlite for other platforms, ...);
# extract.py skips them and names them (none is Go code the runs load).
extract() {
	rm -rf "$3" && mkdir -p "$3"
	python3 "$here/extract.py" "$(gitdir "$1")" "$2" "$3"
}

# moddir MODULE@VERSION DEST: a copy of a module from the proxy, writable.
moddir() {
	local d
	d=$(go mod download -json "$1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["Dir"])') || return 1
	rm -rf "$2" && cp -r "$d" "$2" && chmod -R u+w "$2"
}

placeholder() { # FILE...: an empty web page where a build output is embedded
	local f
	for f in "$@"; do mkdir -p "$(dirname "$f")" && echo '<html></html>' >"$f"; done
}

# fixup NAME: run in the service's module dir; what it needs to load here
# (services.tsv column 4 and ../README.md say why for each).
fixup() {
	case $1 in
	albyhub) # four modules the proxy lacks: type-only stand-ins, its own script
		bash "$here/albyhub/setup.sh" . ;;
	convoy) # github.com/jirevwe/gopartman v0.2.0 is not on the proxy; the
		# mirror has no v0.2.0 tag, so its newest commit (0ce6b6c) is used
		extract jirevwe/gopartman 0ce6b6cab5b5b7289325a22b66c58724a6275e4b "$deps/gopartman" &&
			go mod edit -replace "github.com/jirevwe/gopartman=$deps/gopartman" ;;
	douyin) # app/ holds Android build outputs, no Go; only service/mq runs
		rm -rf app ;;
	ente) # its stacktrace and go-srp forks are not on the proxy: the
		# ente-io repositories, renamed to the module paths go.mod names
		# (imports of their own packages too)
		extract ente-io/stacktrace HEAD "$deps/ente-stacktrace" &&
			extract ente-io/go-srp HEAD "$deps/ente-go-srp" &&
			grep -rl --include='*.go' --include=go.mod github.com/ente-io/ "$deps/ente-stacktrace" "$deps/ente-go-srp" |
			xargs -r sed -i 's#github\.com/ente-io/#github.com/ente/#g' &&
			go mod edit -replace "github.com/ente/stacktrace=$deps/ente-stacktrace" \
				-replace "github.com/ente/go-srp=$deps/ente-go-srp" ;;
	cloudreve) # application/statics/assets.zip is a build output
		python3 -c 'import zipfile; zipfile.ZipFile("application/statics/assets.zip", "w").close()' ;;
	gogs) placeholder public/dist/index.html && touch public/plugins/x.txt ;;
	gotify) placeholder ui/build/index.html ;;
	gotosocial) # run from vendor/ (the proxy refuses some of its modules);
		# the snapshot lacks the vendored blobs of 4 MiB and more: an empty
		# ffmpreg.wasm.gz, and the sqlite lib files from the proxy's copy of
		# the module the vendored one is
		touch vendor/codeberg.org/gruf/go-ffmpreg/embed/ffmpreg.wasm.gz &&
			moddir gitlab.com/NyaaaWhatsUpDoc/sqlite@v1.39.0-concurrency-workaround "$deps/gts-sqlite" &&
			cp -n "$deps/gts-sqlite"/lib/sqlite_*.go vendor/modernc.org/sqlite/lib/ ;;
	hanko) # gitignored, embedded
		echo dev >build_info/version.txt ;;
	homebox) # shoutrrr v0.17.1 is refused by the proxy, v0.13.2 is served;
		# go.balki.me/anyhttp is not, so app/api still does not load
		go mod edit -replace github.com/nicholas-fedor/shoutrrr=github.com/nicholas-fedor/shoutrrr@v0.13.2 &&
			placeholder app/api/static/public/index.html pkgs/mailer/templates/welcome.html &&
			touch app/api/handlers/v1/assets/QRIcon.png &&
			echo '[]' >internal/core/currencies/currencies.json ;;
	navidrome) # go.senan.xyz/taglib is replaced by a fork the proxy lacks:
		# a type-only stand-in (navidrome/taglib.go.txt) in its place
		rm -rf "$deps/taglib" && mkdir -p "$deps/taglib" &&
			cp "$here/navidrome/taglib.go.txt" "$deps/taglib/taglib.go" &&
			printf 'module go.senan.xyz/taglib\n\ngo 1.22\n' >"$deps/taglib/go.mod" &&
			go mod edit -replace "go.senan.xyz/taglib=$deps/taglib" ;;
	ntfy) # the web app and the docs site its server embeds are build outputs
		placeholder server/site/app.html server/docs/index.html ;;
	one-api | one-hub) placeholder web/build/index.html ;;
	outpost) placeholder internal/portal/dist/index.html ;;
	pocket-id) placeholder frontend/dist/index.html ;;
	pufferpanel) # the frontend build writes client/frontend/dist, a package
		mkdir -p client/frontend/dist &&
			cp client/frontend/public/webfiles.go client/frontend/dist/ &&
			placeholder client/frontend/dist/index.html ;;
	semaphore) placeholder api/public/index.html ;;
	unkey) # files the snapshot lacks or the build generates
		touch svc/api/openapi/openapi-generated.yaml svc/heimdall/internal/network/bpf_bpfel.o ;;
	vikunja) # go 1.27 in go.mod; xormigrate is not on the proxy (its
		# repository is, at the tag); the CalDAV fork is not: those packages
		# do not load, as the README says
		extract techknowlogick/xormigrate v1.7.1 "$deps/xormigrate" &&
			go mod edit -go=1.26 -toolchain=none \
				-replace "src.techknowlogick.com/xormigrate=$deps/xormigrate" &&
			placeholder frontend/dist/index.html ;;
	kubernetes) # the zip has no staging/: the published k8s.io/* modules
		python3 - <<'PY'
import re
s = open("go.mod").read()
s = re.sub(r"(?m)^\s*(k8s\.io/[\w.-]+) => \./staging/src/\1\n", "", s)
s = re.sub(r"(?m)^(\s*)(k8s\.io/[\w.-]+) v0\.0\.0$", r"\1\2 v0.34.2", s)
open("go.mod", "w").write(s)
PY
		;;
	*) : ;;
	esac
}

# fixtree TREE: fixups of a whole checkout shared by several services.
fixtree() {
	case $1 in
	gomall) # bytedance/sonic v1.12.2's loader does not build with Go 1.26:
		# a newer sonic in every module of the workspace (run in workspace
		# mode, GOFLAGS empty)
		(cd gomall && for m in $(go work edit -json | python3 -c 'import json,sys; print(" ".join(u["DiskPath"] for u in json.load(sys.stdin)["Use"]))'); do
			(cd "$m" && GOFLAGS='' go get github.com/bytedance/sonic@v1.15.5) || exit 1
		done && GOFLAGS='' go work sync) ;;
	*) : ;;
	esac
}

declare -A done_tree=()
status=0
rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
while IFS=$'\t' read -r name src tree dir patterns env; do
	case $name in '#'* | '') continue ;; esac
	if [ $# -gt 0 ]; then
		[[ " $* " == *" $name "* ]] || continue
	elif [ "$name" = kubernetes ]; then
		continue
	fi
	rev=$(awk -F'\t' -v n="$name" '$1 == n { print $3; exit }' "$tsv")
	t=$root/src/$tree
	ok=1
	if [ -z "${done_tree[$tree]:-}" ]; then
		echo "== $name: $src $rev"
		case $src in
		module\ *) moddir "${src#module }" "$t" || ok=0 ;;
		*) extract "$src" "$rev" "$t" | sed "s/^/$name: /" || ok=0 ;;
		esac
		[ $ok = 1 ] && { (cd "$t" && fixtree "$tree") || ok=0; }
		done_tree[$tree]=1
	fi
	[ $ok = 1 ] && { (cd "$t/$dir" && fixup "$name") || ok=0; }
	[ $ok = 1 ] || { echo "$name: setup FAILED" >&2; status=1; }
	d=$t && [ "$dir" != . ] && d=$t/$dir
	printf '%s\t%s\t%s\t%s\n' "$name" "$d" "$patterns" "$env" >>"$rows"
done <"$here/services.txt"
# Keep the rows of services not set up this time, replace the others.
touch "$root/modules.tsv"
awk -F'\t' 'NR == FNR { new[$1] = 1; next } !($1 in new)' "$rows" "$root/modules.tsv" | cat - "$rows" >"$root/modules.tsv.new"
mv "$root/modules.tsv.new" "$root/modules.tsv"
exit $status
