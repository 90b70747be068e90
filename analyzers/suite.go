package analyzers

import (
	"sync"

	"golang.org/x/tools/go/analysis"
)

// suite wraps each check once, so that every caller sees the same
// *analysis.Analyzer values (drivers key results and flags by them).
var suite = sync.OnceValue(func() []*analysis.Analyzer { return wrapAll(checks) })

func wrapAll(checks []*analysis.Analyzer) []*analysis.Analyzer {
	names := checkNames(checks)
	wrapped := make([]*analysis.Analyzer, len(checks))
	for i, check := range checks {
		wrapped[i] = withDirectives(check, names)
	}
	return wrapped
}

func checkNames(checks []*analysis.Analyzer) []string {
	names := make([]string, len(checks))
	for i, check := range checks {
		names[i] = check.Name
	}
	return names
}
