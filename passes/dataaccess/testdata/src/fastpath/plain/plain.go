// Package plain imports no data-access library and declares no
// repository-like interface: the model's fast path skips it.
package plain // want "no SSA"

import "strings"

func Greeting(name string) string { return "hello, " + strings.TrimSpace(name) }
