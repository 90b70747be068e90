// Package checkthenact holds real-library cases for the checkthenact check:
// each positive carries a want marker naming the check on the line of the
// existence check, and sits beside a near-miss negative that the check
// must not report.
package checkthenact

import "errors"

// ErrDuplicate is what a case returns when the key was already taken.
var ErrDuplicate = errors.New("duplicate request")
