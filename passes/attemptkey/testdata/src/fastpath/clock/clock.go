// Package clock builds a key from the clock (near miss of typesonly):
// time.Now is a key source, so the check looks at it.
package clock // want "may matter"

import (
	"fmt"
	"time"
)

func RequestID(user string) string { return fmt.Sprintf("%s-%d", user, time.Now().UnixNano()) }
