// Package analyzers is the idemvet suite: every check, looked up by name.
// The command, go vet -vettool and the golangci-lint plugin all take their
// analyzers from here, so the three always run the same checks.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/passes/abortedtx"
	"github.com/idemvet/idemvet/passes/ackorder"
	"github.com/idemvet/idemvet/passes/attemptkey"
	"github.com/idemvet/idemvet/passes/checkthenact"
	"github.com/idemvet/idemvet/passes/claimtx"
	"github.com/idemvet/idemvet/passes/keyscope"
	"github.com/idemvet/idemvet/passes/redelivery"
	"github.com/idemvet/idemvet/passes/volatiledup"
)

// checks lists the suite's checks in the order they are documented.
var checks = []*analysis.Analyzer{
	checkthenact.Analyzer,
	claimtx.Analyzer,
	attemptkey.Analyzer,
	abortedtx.Analyzer,
	ackorder.Analyzer,
	redelivery.Analyzer,
	volatiledup.Analyzer,
	keyscope.Analyzer,
}

// All returns the suite's checks, each with its documentation URL and
// honouring //idemvet:ignore directives (see suite.go).
func All() []*analysis.Analyzer {
	return append([]*analysis.Analyzer(nil), suite()...)
}

// ByName returns the check with the given name, or nil.
func ByName(name string) *analysis.Analyzer {
	for _, a := range suite() {
		if a.Name == name {
			return a
		}
	}
	return nil
}
