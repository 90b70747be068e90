package noeffect // want "skipped"

import "sync"

var seen sync.Map

// A memory, and nothing behind it but a computation.
func Once(eventID string) bool {
	_, loaded := seen.LoadOrStore(eventID, true)
	return !loaded
}
