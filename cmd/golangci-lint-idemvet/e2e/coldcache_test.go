package e2e

import (
	"fmt"
	"time"
)

// freshAnalysis is a setting of this test process's own: go vet keys its
// results by the settings, so in a kept cache
// (testfiles.CacheWithoutIdemvet) it analyses afresh rather than
// answering from an earlier run. No code names the header. It is one
// setting for the whole process, not one per call: the fixture's and the
// real-library module's empty-cache runs then share the standard
// packages below both (the 67 below the fixture's payments), which go vet analyses
// once instead of once per run, while each run's own packages are still
// analysed afresh.
func freshAnalysis() string {
	return processKeyHeader
}

var processKeyHeader = fmt.Sprintf("keyheaders: [X-Test-Run-%d]", time.Now().UnixNano())
