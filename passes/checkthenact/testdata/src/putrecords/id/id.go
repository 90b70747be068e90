// Package id makes the service's row ids; its body is not what tells a
// caller the id is new, its name is.
package id

import (
	"strconv"
	"time"
)

// NewULID returns an id no row has yet.
func NewULID() string { return strconv.FormatInt(time.Now().UnixNano(), 36) }
