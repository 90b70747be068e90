// Package randutil is a helper package of the service: its bodies are
// not analysed with the caller's.
package randutil

import (
	"math/rand"
	"strings"
)

const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// RandomCode draws n characters.
func RandomCode(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rand.Intn(len(alphabet))]
	}
	return string(b)
}

// Slug is the same for the same title.
func Slug(title string) string { return strings.ToLower(strings.ReplaceAll(title, " ", "-")) }
