package golangci

import "golang.org/x/tools/go/analysis"

// withoutRelated returns a copy of a that reports its diagnostics without
// their related locations. golangci-lint turns each related location into
// an issue of its own ("check(related information): ..."), which counts
// every finding twice and which a //nolint:idemvet on the finding's line
// does not cover. The messages already name the other half of the race
// ("the insert at line 19"), so nothing is lost.
func withoutRelated(a *analysis.Analyzer) *analysis.Analyzer {
	copied := *a
	copied.Run = func(pass *analysis.Pass) (any, error) {
		report := pass.Report
		pass.Report = func(d analysis.Diagnostic) {
			d.Related = nil
			report(d)
		}
		defer func() { pass.Report = report }()
		return a.Run(pass)
	}
	return &copied
}
