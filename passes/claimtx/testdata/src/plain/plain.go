// Package plain uses none of the libraries: the pass finds nothing.
package plain

var processed = map[string]bool{}

func Claim(key string) bool {
	if processed[key] {
		return false
	}
	processed[key] = true
	return true
}
