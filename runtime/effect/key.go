package effect

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"unicode"
	"unicode/utf8"

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

// checkKey rejects an empty, oversized, non-UTF-8 or control-character part with the claim
// package's KeyError, so errors.Is(err, claim.ErrInvalidKey) holds for both.
func checkKey(k Key, limit int) error {
	for _, part := range [...]struct{ name, value string }{
		{"scope", k.Scope}, {"operation", k.Operation}, {"key", k.Key},
	} {
		switch {
		case part.value == "":
			return &claim.KeyError{Field: part.name, Reason: "is empty"}
		case len(part.value) > limit:
			return &claim.KeyError{Field: part.name, Reason: "is too long", Len: len(part.value), Limit: limit}
		case !utf8.ValidString(part.value):
			return &claim.KeyError{Field: part.name, Reason: "is not valid UTF-8"}
		case strings.ContainsFunc(part.value, unicode.IsControl):
			return &claim.KeyError{Field: part.name, Reason: "contains a control character"}
		}
	}
	if total := len(k.Scope) + len(k.Operation) + len(k.Key); total > maxKeyTotalBytes {
		return &claim.KeyError{Field: "key", Reason: "is too long with scope and operation", Len: total, Limit: maxKeyTotalBytes}
	}
	return nil
}

// maxKeyTotalBytes keeps the primary key's index row within what a B-tree
// on 8 kB pages holds (2704 bytes), as the claim package does, so that a
// long key is a KeyError rather than a database error.
const maxKeyTotalBytes = 2600
