// Package allowance holds plan policy: pure functions that compare what
// a workspace holds with what its plan allows. It touches no data.
package allowance

import "fmt"

// CheckDomains refuses a workspace at its plan's allowance of domains.
func CheckDomains(attached int64, allowed uint32) error {
	if attached < int64(allowed) {
		return nil
	}
	return fmt.Errorf("workspace holds %d of %d allowed domains", attached, allowed)
}

// WithinSeats reports whether one more member fits.
func WithinSeats(members, seats int) bool {
	return members < seats
}

// CheckName refuses a name longer than the plan allows: a length, not a
// count of rows.
func CheckName(name string, maxLen int) error {
	if len(name) > maxLen {
		return fmt.Errorf("name longer than %d", maxLen)
	}
	return nil
}
