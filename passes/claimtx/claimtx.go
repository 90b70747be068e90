package claimtx

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

var Analyzer = &analysis.Analyzer{
	Name:     "claimtx",
	Doc:      Doc,
	URL:      "https://github.com/idemvet/idemvet/blob/main/passes/claimtx/README.md",
	Requires: []*analysis.Analyzer{dataaccess.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	model := pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result)
	if len(model.Ops) == 0 {
		return nil, nil
	}
	checkRuntimeWork(pass, model)
	reported := map[*dataaccess.Op]bool{}
	for _, fn := range innermostFirst(model.SSA().SrcFuncs) {
		evs := events(model, fn)
		for _, claim := range evs {
			if reported[claim.op] || !isClaim(claim.op) || model.IsStartup(claim.op) {
				continue
			}
			if f := separateWrite(model, claim, evs); f != nil {
				reported[claim.op] = true
				report(pass, f)
			}
		}
	}
	return nil, nil
}

// innermostFirst orders functions so that a callback is analyzed before
// the function that runs it: a claim inside the callback is then reported
// against the write beside it, with the callback's own finding, before
// the enclosing function sees it again at the runner call.
func innermostFirst(funcs []*ssa.Function) []*ssa.Function {
	depth := func(fn *ssa.Function) int {
		d := 0
		for p := fn.Parent(); p != nil; p = p.Parent() {
			d++
		}
		return d
	}
	sorted := append([]*ssa.Function(nil), funcs...)
	sort.SliceStable(sorted, func(i, j int) bool { return depth(sorted[i]) > depth(sorted[j]) })
	return sorted
}

// how tells how the claim came to commit apart from the write.
type how int

const (
	autocommit  how = iota // the claim runs on a pool or db
	outerHandle            // ... inside the write's transaction callback
	committedTx            // the claim's own transaction commits first
	redisClaim             // the claim lives in redis, the write in SQL
	ownCall                // the claim and the write are two DynamoDB calls
)

// finding is one claim committed separately from the write it guards.
type finding struct {
	how          how
	claim, write event
	// claimCommit is where the claim's transaction commits, when that is
	// a separate call (tx.Commit, the end of a Transaction callback).
	claimCommit token.Pos
	// writeCommit is where the write's transaction commits, if visible.
	writeCommit token.Pos
	// byRunner tells that a commit position is the call that runs a
	// transaction callback, which commits when the callback returns.
	claimByRunner, writeByRunner bool
	// begunAfter is the Begin of the write's transaction when it runs
	// after an autocommit claim, in the claim's function on its handle.
	begunAfter *dataaccess.Op
}

// separateWrite returns the first table write, on the claim's success
// path, that commits separately from the claim; or nil.
func separateWrite(model *dataaccess.Result, claim event, evs []event) *finding {
	for _, write := range evs {
		if write.at == claim.at || !isTableWrite(write.op) || !ssautil.Before(claim.at, write.at) || !guards(claim, write) {
			// Operations inside the same callback are compared when
			// the callback itself is analyzed.
			continue
		}
		if f := separately(model, claim, write, evs); f != nil {
			f.writeCommit, f.writeByRunner = commitOf(write, evs), write.runner != nil
			if f.how == outerHandle {
				f.writeCommit, f.writeByRunner = runnerPos(model, claim.op.Fn), true
			}
			return f
		}
	}
	return nil
}

// separately decides whether claim and write commit apart.
func separately(model *dataaccess.Result, claim, write event, evs []event) *finding {
	f := &finding{claim: claim, write: write}
	c, w := claim.op, write.op
	switch {
	case isRedisClaim(c):
		if releasedAfter(model, claim, write, evs) {
			return nil // SETNX ... DEL on every path is a lock, not a claim
		}
		f.how = redisClaim
		return f
	case isDynamoDBWrite(c) && isDynamoDBWrite(w):
		// Each DynamoDB call commits on its own; only one
		// TransactWriteItems writes the claim with the mutation.
		f.how = ownCall
		return f
	case c.Summary != nil && c.Summary.Commits || c.Handle.Kind == apis.HandlePool:
		if !inTx(w) || sameSession(c.Handle, w.Handle, evs) || recordsProgress(write, evs) {
			return nil
		}
		f.how = autocommit
		if insideCallbackOf(c, w) {
			f.how = outerHandle
		}
		if b := beginOf(w.Handle, evs); b != nil && claim.runner == nil && b.Fn == c.Fn && b.Handle.Same(c.Handle) && ssautil.Before(c.Instr, b.Instr) {
			f.begunAfter = b
		}
		return f
	case c.Handle.Kind == apis.HandleTx:
		if w.Handle.Kind == apis.HandleUnknown && !inTx(w) || sameTx(w.Handle, c.Handle) {
			return nil
		}
		commit := claimCommit(claim, write, evs)
		if commit == nil || recordsProgress(write, evs) {
			return nil
		}
		f.how = committedTx
		f.claimCommit, f.claimByRunner = posOf(commit), commit == claim.at && claim.runner != nil
		return f
	}
	return nil
}

// recordsProgress reports whether the write's transaction also writes a
// claim table: the idempotency-key state machine ("atomic phases"), where
// the key is committed first with a recovery point and each later phase
// advances it together with its work. A crash between them leaves a key
// that says where to resume, not one that says "done".
func recordsProgress(write event, evs []event) bool {
	w := write.op
	if w.Handle.Kind != apis.HandleTx {
		return false
	}
	for _, e := range evs {
		if e.op != w && e.op.Kind.IsWrite() && e.op.Summary == nil && isClaimTable(e.op, true) &&
			sameTx(e.op.Handle, w.Handle) {
			return true
		}
	}
	return false
}

// inTx reports whether a write runs inside a transaction: on a tx handle,
// or in a wrapper that opens and commits its own.
func inTx(op *dataaccess.Op) bool {
	return op.Handle.Kind == apis.HandleTx || op.Summary != nil && op.Summary.Commits
}

// insideCallbackOf reports whether the claim runs inside the transaction
// callback whose tx parameter the write uses: gorm's Transaction or
// pgx.BeginFunc with the outer db captured for the claim.
func insideCallbackOf(claim, write *dataaccess.Op) bool {
	p, ok := write.Handle.Path.Base.(*ssa.Parameter)
	return ok && p.Parent() == claim.Fn && claim.Fn.Parent() != nil
}

// claimCommit returns where the claim's transaction commits before the
// write: the Transaction/BeginFunc call whose callback holds the claim on
// its tx parameter, or a Commit of the claim's tx between the two. It
// returns nil when the commit cannot be seen, or commits a savepoint.
func claimCommit(claim, write event, evs []event) ssa.Instruction {
	c := claim.op
	if claim.runner != nil {
		if p, ok := c.Handle.Path.Base.(*ssa.Parameter); ok && p.Parent() == claim.runner.TxFunc {
			return claim.at
		}
		return nil
	}
	if opensSavepoint(c.Handle, evs) {
		return nil
	}
	for _, e := range evs {
		if e.runner == nil && e.op.Kind == apis.Commit && sameTx(e.op.Handle, c.Handle) &&
			ssautil.Before(claim.at, e.at) && ssautil.Before(e.at, write.at) {
			return e.at
		}
	}
	return nil
}

// sameTx reports whether two handles belong to one transaction: the same
// value, or fields of one transaction value (ent's tx.Order and
// tx.IdempotencyKey, committed by tx.Commit()).
func sameTx(a, b dataaccess.Handle) bool {
	if a.Same(b) {
		return true
	}
	return a.Path.Valid() && a.Path.Base == b.Path.Base &&
		a.Kind == apis.HandleTx && b.Kind == apis.HandleTx
}

// sameSession reports whether the write's transaction was begun on the
// single connection the claim runs on (a pgx.Conn, pgxpool.Conn or
// sql.Conn): on one session, a statement issued while the transaction is
// open may well run inside it, so the check cannot tell them apart.
func sameSession(claim, write dataaccess.Handle, evs []event) bool {
	if !isConn(claim.Path) {
		return false
	}
	begin := beginOf(write, evs)
	return begin == nil || begin.Handle.Same(claim)
}

// isConn reports whether a handle is a single connection, not a pool.
func isConn(p dataaccess.Path) bool {
	if !p.Valid() || p.Fields != "" {
		return false
	}
	n := named(p.Base.Type())
	return n != nil && n.Obj().Name() == "Conn"
}

// beginOf returns the Begin operation that opened the transaction h, or nil.
func beginOf(h dataaccess.Handle, evs []event) *dataaccess.Op {
	base := h.Path.Base
	if x, ok := base.(*ssa.Extract); ok {
		base = x.Tuple
	}
	instr, ok := base.(ssa.Instruction)
	if !ok {
		return nil
	}
	for _, e := range evs {
		if e.op.Kind == apis.Begin && e.op.Instr == instr {
			return e.op
		}
	}
	return nil
}

// opensSavepoint reports whether the transaction h was begun on another
// transaction (pgx's tx.Begin), whose Commit only releases a savepoint.
func opensSavepoint(h dataaccess.Handle, evs []event) bool {
	begin := beginOf(h, evs)
	return begin != nil && begin.Handle.Kind == apis.HandleTx
}

// commitOf returns where the write's transaction commits: the call that
// runs its callback, or a later Commit of its tx; NoPos if not visible.
func commitOf(write event, evs []event) token.Pos {
	if write.runner != nil {
		return posOf(write.at)
	}
	for _, e := range evs {
		if e.runner == nil && e.op.Kind == apis.Commit && sameTx(e.op.Handle, write.op.Handle) && ssautil.Before(write.at, e.at) {
			return posOf(e.at)
		}
	}
	return token.NoPos
}

// runnerPos returns the position of the call that runs the callback fn
// in a transaction (and commits it when fn returns), or NoPos.
func runnerPos(model *dataaccess.Result, fn *ssa.Function) token.Pos {
	for _, op := range model.ByFunc[fn.Parent()] {
		if callback(op) == fn {
			return op.Pos()
		}
	}
	return token.NoPos
}

func posOf(instr ssa.Instruction) token.Pos {
	if c, ok := instr.(ssa.CallInstruction); ok {
		return c.Pos()
	}
	return instr.Pos()
}

func report(pass *analysis.Pass, f *finding) {
	write := where(pass, f.claim.op.Pos(), f.write.op.Pos())
	var msg string
	switch f.how {
	case autocommit:
		msg = fmt.Sprintf("idempotency claim commits on its own (autocommit), separately from the write at %s in a transaction: a crash between them loses the operation, its key already claimed", write)
	case outerHandle:
		msg = fmt.Sprintf("idempotency claim inside the transaction callback runs on the outer handle%s, so it commits separately from the write at %s: a crash between them loses the operation, its key already claimed",
			handleNames(pass, f), write)
	case committedTx:
		msg = fmt.Sprintf("idempotency claim's transaction commits at %s, before the write at %s: a crash between them loses the operation, its key already claimed",
			where(pass, f.claim.op.Pos(), f.claimCommit), write)
	case redisClaim:
		msg = fmt.Sprintf("redis SETNX claim commits separately from the SQL write at %s, which no transaction can join: a crash between them loses the operation, its key already claimed", write)
	case ownCall:
		msg = fmt.Sprintf("idempotency claim is written by its own %s, separately from the write at %s: a crash between them loses the operation, its key already claimed (write both in one TransactWriteItems)",
			f.claim.op.Callee.Name(), write)
	}
	fix, unmoved := suggestFix(pass, f)
	msg += remedy(pass, f, unmoved)
	related := []analysis.RelatedInformation{{Pos: f.write.op.Pos(), Message: "the write the claim guards"}}
	if f.claimCommit.IsValid() {
		related = append(related, analysis.RelatedInformation{Pos: f.claimCommit, Message: commitNote("claim", f.claimByRunner)})
	}
	if f.writeCommit.IsValid() && f.writeCommit != f.claimCommit {
		related = append(related, analysis.RelatedInformation{Pos: f.writeCommit, Message: commitNote("write", f.writeByRunner)})
	}
	d := analysis.Diagnostic{
		Pos:     f.claim.op.Pos(),
		Message: msg,
		Related: related,
		URL:     apis.RuntimeClaimURL,
	}
	if fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	}
	pass.Report(d)
}

// handleNames spells " s.db, not tx" for the message, or "" when either
// handle has no expression of its own at the call.
func handleNames(pass *analysis.Pass, f *finding) string {
	claimCall, writeCall := callAt(pass, f.claim.op.Pos()), callAt(pass, f.write.op.Pos())
	if claimCall == nil || writeCall == nil {
		return ""
	}
	outer, _ := handleExpr(pass, f.claim.op, claimCall)
	tx, _ := handleExpr(pass, f.write.op, writeCall)
	if outer == nil || tx == nil {
		return ""
	}
	return fmt.Sprintf(" %s instead of %s", types.ExprString(outer), types.ExprString(tx))
}

// remedy says what makes the claim and the write one transaction: the
// transaction to claim on, when the write names it, and the runtime call
// that runs claim, work and stored outcome together (DoTx joins a
// transaction the caller opened). DynamoDB's remedy is in its message.
// unmoved says why a claim made before its transaction begins could not
// be moved into it mechanically.
func remedy(pass *analysis.Pass, f *finding, unmoved string) string {
	switch f.how {
	case ownCall:
		return ""
	case redisClaim:
		return "; record the claim in the database instead, in the write's transaction, or run both through runtime/claim's Claimer.Do"
	}
	into := "the write's transaction"
	if writeCall := callAt(pass, f.write.op.Pos()); writeCall != nil {
		if tx, _ := handleExpr(pass, f.write.op, writeCall); tx != nil {
			into = types.ExprString(tx) + ", the write's transaction"
		}
	}
	if f.begunAfter != nil {
		into += ", after it begins"
		if unmoved != "" {
			into += " (not a mechanical move here: " + unmoved + ")"
		}
		return "; make the claim on " + into + ", or let runtime/claim's Claimer.DoTx run the claim in that transaction with the write"
	}
	return "; make the claim on " + into + ", or let runtime/claim's Claimer.Do run claim, write and stored outcome in one transaction (Claimer.DoTx joins one already open)"
}

func commitNote(whose string, byRunner bool) string {
	if byRunner {
		return "the " + whose + "'s transaction commits when this call returns"
	}
	return "the " + whose + "'s transaction commits here"
}

// where spells a position relative to the claim: "line 42", or
// "orders.go:42" in another file.
func where(pass *analysis.Pass, from, pos token.Pos) string {
	p, q := pass.Fset.Position(pos), pass.Fset.Position(from)
	if p.Filename == q.Filename {
		return fmt.Sprintf("line %d", p.Line)
	}
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}
