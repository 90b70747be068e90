package analyzers

import (
	"flag"
	"fmt"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/suppress"
)

// withDirectives returns a copy of check that links to its documentation
// page, honours //idemvet:ignore directives and hands its budget cuts to
// the drivers that count them. Doing this here, once, gives every check
// suppression in all three drivers (the command, go vet and
// golangci-lint) without each check knowing about it.
//
// The copy shares check's requirements and fact types; its flags are set
// through the suite (RegisterFlags, Settings.Apply).
func withDirectives(check *analysis.Analyzer, suiteNames []string) *analysis.Analyzer {
	wrapped := *check
	wrapped.URL = DocURL(check.Name)
	// The settings reach the check's flags through the suite's own flags
	// (-exists, -retry, ...): an empty set here keeps the drivers from
	// adding a second spelling of each (-attemptkey.retry).
	wrapped.Flags = flag.FlagSet{}
	wrapped.Run = func(pass *analysis.Pass) (any, error) {
		return runWithBudgetCuts(pass, func() (any, error) { return runWithDirectives(check, suiteNames, pass) })
	}
	return &wrapped
}

// runWithDirectives runs check, dropping the diagnostics that a directive
// naming it covers, then reports the directives naming it that are
// malformed or suppressed nothing. A name that is no check's is reported
// by the check whose name is closest to it, so that each mistake is
// reported once however many checks run.
func runWithDirectives(check *analysis.Analyzer, suiteNames []string, pass *analysis.Pass) (any, error) {
	var mine []*suppress.Directive
	var problems []analysis.Diagnostic
	for _, d := range suppress.Parse(pass.Fset, pass.Files) {
		if d.Spaced {
			if check.Name == suiteNames[0] {
				problems = append(problems, analysis.Diagnostic{Pos: d.Pos,
					Message: fmt.Sprintf("malformed directive: no space may follow the slashes; write %s <check> <reason>", suppress.Prefix)})
			}
			continue
		}
		if d.Names(check.Name) {
			mine = append(mine, d)
		}
		if len(d.Checks) == 0 && check.Name == suiteNames[0] {
			problems = append(problems, analysis.Diagnostic{Pos: d.Pos,
				Message: fmt.Sprintf("%s directive names no check; write %s <check> <reason>", suppress.Prefix, suppress.Prefix)})
		}
		for _, name := range d.Checks {
			if slices.Contains(suiteNames, name) || closest(name, suiteNames) != check.Name {
				continue
			}
			msg := fmt.Sprintf("%s names %q, which is not an idemvet check", suppress.Prefix, name)
			if editDistance(name, check.Name) <= 2 {
				msg += fmt.Sprintf("; did you mean %q?", check.Name)
			}
			problems = append(problems, analysis.Diagnostic{Pos: d.Pos, Message: msg})
		}
	}

	report := pass.Report
	used := map[*suppress.Directive]bool{}
	if len(mine) > 0 {
		pass.Report = func(diag analysis.Diagnostic) {
			if diag.Category == passutil.BudgetCategory {
				report(diag) // a note about the analysis, not a finding to silence
				return
			}
			posn := pass.Fset.Position(diag.Pos)
			for _, d := range mine {
				if d.Reason != "" && d.Covers(posn) {
					used[d] = true
					if reportSuppressed {
						report(markSuppressed(diag, d, check.Name))
					}
					return
				}
			}
			report(diag)
		}
	}
	result, err := check.Run(pass)
	pass.Report = report
	if err != nil {
		return result, err
	}

	for _, d := range mine {
		switch {
		case d.Reason == "":
			problems = append(problems, analysis.Diagnostic{Pos: d.Pos,
				Message: fmt.Sprintf("%s %s needs a reason after the check name; it suppresses nothing without one", suppress.Prefix, check.Name)})
		case !used[d]:
			problems = append(problems, analysis.Diagnostic{Pos: d.Pos,
				Message: fmt.Sprintf("%s %s suppresses nothing here; remove it", suppress.Prefix, check.Name)})
		}
	}
	for _, p := range problems {
		report(p)
	}
	return result, nil
}

// SuppressedCategory is the Category of a finding a directive suppressed,
// reported only under -suppressed; its last related location is the
// directive, whose message is SuppressedPrefix and the directive's reason.
const (
	SuppressedCategory = "suppressed"
	SuppressedPrefix   = "suppressed by " + suppress.Prefix + ": "
)

// reportSuppressed is the -suppressed flag (RegisterFlags): outputs that
// record suppressions (SARIF) need the findings a directive covers, marked
// as such, where every other output drops them.
var reportSuppressed bool

// markSuppressed returns diag marked as suppressed by d.
func markSuppressed(diag analysis.Diagnostic, d *suppress.Directive, check string) analysis.Diagnostic {
	diag.Category = SuppressedCategory
	diag.URL = DocURL(check) // not the analyzer's URL with #suppressed
	diag.Related = append(slices.Clip(diag.Related), analysis.RelatedInformation{Pos: d.Pos, Message: SuppressedPrefix + d.Reason})
	return diag
}

// closest returns the name in names nearest to s by edit distance, the
// first on a tie.
func closest(s string, names []string) string {
	best, bestDist := "", -1
	for _, n := range names {
		if d := editDistance(s, n); bestDist < 0 || d < bestDist {
			best, bestDist = n, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
