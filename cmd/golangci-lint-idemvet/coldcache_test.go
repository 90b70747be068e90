package main_test

import (
	"fmt"
	"time"
)

// freshAnalysis is a setting of this run's own: go vet keys its results
// by the settings, so in a kept cache (testfiles.CacheWithoutIdemvet) it
// analyses afresh rather than answering from an earlier run. No code
// names the header.
func freshAnalysis() string {
	return fmt.Sprintf("keyheaders: [X-Test-Run-%d]", time.Now().UnixNano())
}
