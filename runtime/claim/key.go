package claim

import (
	"unicode"
	"unicode/utf8"
)

// Key identifies one operation. Exactly one execution is recorded per Key.
//
// Scope is required: it is the authenticated tenant or principal, so that the
// same client key under two tenants names two operations and neither can read
// the other's outcome. Operation names the endpoint or command ("POST
// /payments"), so that one key reused for a different operation does not
// replay the wrong result. Key is the caller's idempotency key, minted once
// per intent and reused on every retry of it.
//
// The parts are opaque: compared byte for byte, with no Unicode
// normalisation, case folding or trimming, so "é" precomposed and "é"
// decomposed, or "K" and "k", are different keys.
type Key struct {
	Scope     string
	Operation string
	Key       string
}

// maxFingerprintBytes admits any hash up to SHA-512.
const maxFingerprintBytes = 64

// maxKeyTotalBytes bounds the three parts together, below what a B-tree
// index row may hold on 8 kB pages (2704 bytes, headers and alignment
// included), so that a long key is an ErrInvalidKey before anything runs
// rather than a database error from the primary key index.
const maxKeyTotalBytes = 2600

// Validate checks the key's parts: each must be non-empty, at most limit
// bytes of UTF-8 without control characters (PostgreSQL text cannot hold
// NUL, and no legitimate key contains one), and the three together must
// fit the primary key's index. The error is a *KeyError (ErrInvalidKey).
// Packages that store keys of their own (runtime/effect) share the rule.
func (k Key) Validate(limit int) error {
	for _, part := range [...]struct{ name, value string }{
		{"scope", k.Scope}, {"operation", k.Operation}, {"key", k.Key},
	} {
		switch {
		case part.value == "":
			return &KeyError{Field: part.name, Reason: "is empty"}
		case len(part.value) > limit:
			return &KeyError{Field: part.name, Reason: "is too long", Len: len(part.value), Limit: limit}
		case !utf8.ValidString(part.value):
			return &KeyError{Field: part.name, Reason: "is not valid UTF-8"}
		case hasControl(part.value):
			return &KeyError{Field: part.name, Reason: "contains a control character"}
		}
	}
	if total := len(k.Scope) + len(k.Operation) + len(k.Key); total > maxKeyTotalBytes {
		return &KeyError{Field: "key", Reason: "is too long with scope and operation", Len: total, Limit: maxKeyTotalBytes}
	}
	return nil
}

// validate checks k and fingerprint against the bounds.
func validate(k Key, fingerprint []byte, limit int) error {
	if err := k.Validate(limit); err != nil {
		return err
	}
	if len(fingerprint) > maxFingerprintBytes {
		return &KeyError{Field: "fingerprint", Reason: "is too long", Len: len(fingerprint), Limit: maxFingerprintBytes}
	}
	return nil
}

func hasControl(s string) bool {
	for _, r := range s {
		if unicode.IsControl(r) {
			return true
		}
	}
	return false
}
