// Package random makes random keys.
package random

import (
	"crypto/rand"
	"encoding/hex"
)

// GetUUID returns a random 32-character key.
func GetUUID() string {
	buf := make([]byte, 16)
	_, _ = rand.Read(buf)
	return hex.EncodeToString(buf)
}
