package effect

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/idemvet/idemvet/runtime/claim"
)

// Key identifies one logical operation: Scope is the tenant or principal
// (required), Operation names the Handler, Key is the operation's idempotency
// key, minted once per intent. It is the claim package's Key, so an HTTP
// request's claim key can name the effect it causes.
type Key = claim.Key

// DeriveDownstreamKey is the default Options.DownstreamKey: the hex SHA-256
// of the Key's parts, length-prefixed so that no two keys collide. It is
// 64 characters, within every provider's limit we know of (Stripe's is 255).
func DeriveDownstreamKey(k Key) string {
	h := sha256.New()
	for _, part := range [...]string{k.Scope, k.Operation, k.Key} {
		var n [4]byte
		n[0], n[1], n[2], n[3] = byte(len(part)>>24), byte(len(part)>>16), byte(len(part)>>8), byte(len(part))
		h.Write(n[:])
		h.Write([]byte(part))
	}
	return hex.EncodeToString(h.Sum(nil))
}
