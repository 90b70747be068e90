#!/usr/bin/env bash
# setup.sh DIR: make a checkout of github.com/getAlby/hub at d8ef0e70 (in
# DIR) load for idemvet. Four of its modules are not on the module proxy
# here: its go-nostr fork (stood in for by nbd-wtf/go-nostr v0.38.2 with
# the fork's few additions, fork_shim.go.txt, type-only), and the Boltz,
# LDK and Bark clients. The swaps service (all Boltz) becomes its
# interface alone; the LDK and Bark backends are cut from the service's
# start-up switch. Every other package is the service's own code.
set -euo pipefail
dir=$(readlink -f "$1")
here=$(cd "$(dirname "$0")" && pwd)
export GOFLAGS=-mod=mod
nostr=$(go mod download -json github.com/nbd-wtf/go-nostr@v0.38.2 | python3 -c 'import json,sys; print(json.load(sys.stdin)["Dir"])')
rm -rf "$dir/.standin-nostr"
cp -r "$nostr" "$dir/.standin-nostr"
chmod -R u+w "$dir/.standin-nostr"
sed -i '1s|.*|module github.com/getAlby/go-nostr|' "$dir/.standin-nostr/go.mod"
sed -i 's/func (pool \*SimplePool) QuerySingle(ctx context.Context, urls \[\]string, filter Filter) \*RelayEvent {/func (pool *SimplePool) QuerySingle(ctx context.Context, urls []string, filter Filter, _ ...SubscriptionOption) *RelayEvent {/' "$dir/.standin-nostr/pool.go"
cp "$here/fork_shim.go.txt" "$dir/.standin-nostr/fork_shim.go"
cd "$dir"
go mod edit -replace github.com/getAlby/go-nostr=./.standin-nostr \
	-droprequire github.com/BoltzExchange/boltz-client/v2 \
	-droprequire github.com/getAlby/ldk-node-go \
	-droprequire gitlab.com/ark-bitcoin/bark-ffi-bindings/golang
rm -rf lnclient/ldk lnclient/bark swaps/swaps_service_test.go
mkdir -p frontend/dist && echo '<html></html>' >frontend/dist/index.html
python3 - <<'PY'
import re
src = open('swaps/swaps_service.go').read()
iface = src[src.index('type SwapsService interface'):src.index('func NewSwapsService')]
open('swaps/swaps_service.go', 'w').write('''package swaps

import (
	"context"

	"github.com/getAlby/hub/config"
	"github.com/getAlby/hub/db"
	"github.com/getAlby/hub/events"
	"github.com/getAlby/hub/lnclient"
	"github.com/getAlby/hub/service/keys"
	"github.com/getAlby/hub/transactions"
	"gorm.io/gorm"
)

type Swap = db.Swap

''' + iface + '''func NewSwapsService(ctx context.Context, db *gorm.DB, cfg config.Config, keys keys.Keys, eventPublisher events.EventPublisher,
	lnClient lnclient.LNClient, transactionsService transactions.TransactionsService, encryptionKey string) SwapsService {
	return nil
}
''')
p = 'service/start.go'
s = open(p).read()
s = s.replace('lnClient, err = ldk.NewLDKService(ctx, svc.cfg, svc.eventPublisher, mnemonic, ldkWorkdir, vssToken, setStartupState, channelPeerSuggestions)',
	'_, _, _, _, _ = mnemonic, ldkWorkdir, vssToken, setStartupState, channelPeerSuggestions\n\t\terr = errors.New("ldk")')
s = re.sub(r'lnClient, err = bark\.NewBarkService\(ctx, svc\.eventPublisher, barkWorkdir, mnemonic, bark\.Config\{.*?\n\t\t\}\)',
	'_, _, _ = barkWorkdir, mnemonic, env\n\t\terr = errors.New("bark")', s, flags=re.S)
s = s.replace('vssNodeIdentifier, err := ldk.GetVssNodeIdentifier(svc.keys)', 'vssNodeIdentifier, err := "", error(nil)')
s = s.replace('\t"github.com/getAlby/hub/lnclient/ldk"\n', '').replace('\t"github.com/getAlby/hub/lnclient/bark"\n', '')
open(p, 'w').write(s)
PY
go build ./...
