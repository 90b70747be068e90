package idemhttp

import (
	"crypto/cipher"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"

	"github.com/idemvet/idemvet/runtime/claim"
)

// BodyCipher encrypts stored bodies with an AEAD (AES-GCM, say): its Redact
// and Restore methods are Options.Redact and Options.Restore. A database
// dump or a read-only leak of the claims table then shows statuses and the
// allow-listed headers, not the responses. Each body is bound to its claim
// key as associated data, so a stored body copied to another key (another
// tenant's) fails to decrypt instead of being replayed there.
type BodyCipher struct {
	AEAD cipher.AEAD
}

// Redact encrypts the body: a fresh random nonce followed by the sealed
// body.
func (c BodyCipher) Redact(_ *http.Request, resp StoredResponse) (StoredResponse, error) {
	if c.AEAD == nil {
		return resp, errors.New("idemhttp: BodyCipher.AEAD is nil")
	}
	nonce := make([]byte, c.AEAD.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return resp, fmt.Errorf("idemhttp: BodyCipher nonce: %w", err)
	}
	resp.Body = c.AEAD.Seal(nonce, nonce, resp.Body, associatedData(resp.Key))
	return resp, nil
}

// Restore decrypts a body that Redact encrypted under the same key.
func (c BodyCipher) Restore(_ *http.Request, stored StoredResponse) (StoredResponse, error) {
	if c.AEAD == nil {
		return stored, errors.New("idemhttp: BodyCipher.AEAD is nil")
	}
	n := c.AEAD.NonceSize()
	if len(stored.Body) < n {
		return stored, fmt.Errorf("idemhttp: BodyCipher: stored body of %d bytes is shorter than the nonce", len(stored.Body))
	}
	body, err := c.AEAD.Open(nil, stored.Body[:n], stored.Body[n:], associatedData(stored.Key))
	if err != nil {
		return stored, fmt.Errorf("idemhttp: BodyCipher: stored body does not decrypt under this key and claim: %w", err)
	}
	stored.Body = body
	return stored, nil
}

// associatedData binds a sealed body to its claim: length-prefixed scope,
// operation and key.
func associatedData(k claim.Key) []byte {
	var ad []byte
	for _, s := range []string{k.Scope, k.Operation, k.Key} {
		ad = fmt.Appendf(ad, "%d:%s", len(s), s)
	}
	return ad
}
