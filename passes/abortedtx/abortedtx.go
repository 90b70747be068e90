package abortedtx

import (
	"fmt"
	"go/types"

	"github.com/idemvet/idemvet/internal/passutil"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

var Analyzer = &analysis.Analyzer{
	Name:      "abortedtx",
	Doc:       Doc,
	URL:       "https://github.com/idemvet/idemvet/blob/main/passes/abortedtx/README.md",
	Requires:  []*analysis.Analyzer{dataaccess.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(recovers), new(rollsBackTo)},
}

// finding is a statement issued on a transaction after an error from an
// earlier statement on it.
type finding struct {
	failed *dataaccess.Op // the statement whose error aborted the tx
	next   *dataaccess.Op // the statement issued on the aborted tx
}

func run(pass *analysis.Pass) (any, error) {
	model := pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result)
	if !model.Modelled() {
		return nil, nil
	}
	// A package of savepoint helpers may run no statement the model knows.
	exportRollsBackTo(pass, model)
	if len(model.Ops) == 0 {
		return nil, nil
	}
	nonAborting := onlyNonAbortingDrivers(pass.Pkg)
	exportRecovers(pass, model, nonAborting)
	reported := map[*dataaccess.Op]bool{}
	for _, s := range model.Ops {
		if !mayFail(s) || !aborts(s, nonAborting) || passutil.InTestFile(pass.Fset, s.Pos()) {
			continue // a test's statements: it checks their errors, not the service's
		}
		if recovered(pass, s) {
			continue // the helper rolled back to its savepoint before returning the error
		}
		next := afterFailure(pass, model, s)
		if next == nil || reported[next] {
			continue
		}
		reported[next] = true
		report(pass, &finding{failed: s, next: next})
	}
	return nil, nil
}

// mayFail reports whether op is a write on a transaction whose failure a
// dedup or batch handler is likely to absorb: an insert, update or delete,
// directly or through a wrapper. Conditional inserts (ON CONFLICT) do not
// fail on a duplicate, and a read's ErrNoRows is no server error.
func mayFail(op *dataaccess.Op) bool {
	switch op.Kind {
	case apis.Insert, apis.Update, apis.Delete:
	default:
		return false
	}
	if op.Summary != nil && op.Summary.Commits {
		return false // the wrapper's own transaction, not the caller's
	}
	// A wrapper whose statements run on a tx of its own making (a closure
	// it returns) names no handle of the caller's.
	tx := dataaccess.TxOf(op.Handle)
	return op.Call() != nil && tx.Kind == apis.HandleTx && tx.Path.Valid()
}

// aborts reports whether the database behind op's handle aborts a
// transaction on error: always for pgx, and for the database/sql family
// unless the package can only reach MySQL or SQLite drivers.
func aborts(op *dataaccess.Op, nonAborting bool) bool {
	if isPgx(dataaccess.TxOf(op.Handle).Path.Base.Type()) {
		return true
	}
	return !nonAborting
}

func isPgx(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && apis.IsPostgresDriver(n.Obj().Pkg().Path())
}

// onlyNonAbortingDrivers reports whether the package, through its
// imports, reaches a MySQL or SQLite driver and no PostgreSQL one. Where
// no driver is visible (a repository package whose driver main imports),
// the database is assumed to be PostgreSQL, the one idemvet targets.
func onlyNonAbortingDrivers(pkg *types.Package) bool {
	seen := map[*types.Package]bool{}
	var postgres, other bool
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		switch {
		case apis.IsNonAbortingDriver(p.Path()):
			other = true
		case apis.IsPostgresDriver(p.Path()):
			postgres = true
		}
		for _, imp := range p.Imports() {
			visit(imp)
		}
	}
	visit(pkg)
	return other && !postgres
}

func report(pass *analysis.Pass, f *finding) {
	var msg string
	if f.next == f.failed {
		msg = "statement on a transaction that its own failure in an earlier iteration aborted: PostgreSQL rejects every statement after a failed one until ROLLBACK (SQLSTATE 25P02), so every later statement and the COMMIT fail and the transaction's work is lost (run each statement in a savepoint, or roll back and stop)"
	} else {
		msg = fmt.Sprintf("%s on a transaction that the failed statement at %s aborted: PostgreSQL rejects every statement after a failed one until ROLLBACK (SQLSTATE 25P02), so this fails and the transaction's work is lost (run the failing statement in a savepoint, read through the pool, or use INSERT ... ON CONFLICT)",
			describe(f.next), passutil.Where(pass, f.next.Pos(), f.failed.Pos()))
	}
	d := analysis.Diagnostic{
		Pos:     f.next.Pos(),
		Message: msg,
		Related: []analysis.RelatedInformation{{Pos: f.failed.Pos(), Message: "the statement whose error aborts the transaction"}},
		URL:     apis.RuntimeClaimURL,
	}
	if fix := suggestFix(pass, f); fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
		d.URL = "" // the check's own page, which explains the fix
	}
	pass.Report(d)
}

// describe names the statement for the message.
func describe(op *dataaccess.Op) string {
	switch {
	case op.Kind == apis.Commit:
		return "commit"
	case op.Summary != nil && op.Callee != nil:
		return fmt.Sprintf("%s (which runs a statement)", op.Callee.Name())
	}
	return "statement"
}
