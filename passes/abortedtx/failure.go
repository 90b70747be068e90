package abortedtx

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/idemvet/idemvet/internal/ssautil"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/sqlclass"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// afterFailure returns the first statement issued on s's transaction on a
// path where s returned an error, or nil. Paths end at a return, at a
// rollback of the transaction (ROLLBACK or ROLLBACK TO SAVEPOINT), and
// where the transaction is begun again (the next iteration of a loop that
// opens one transaction per item).
//
// A failure inside a savepoint (sp, err := tx.Begin(ctx) on a pgx Tx)
// aborts the enclosing transaction too until the savepoint is rolled
// back: a statement on tx before sp.Rollback fails as well.
func afterFailure(pass *analysis.Pass, model *dataaccess.Result, s *dataaccess.Op) *dataaccess.Op {
	tx := dataaccess.TxOf(s.Handle)
	barrier := dataaccess.BeginOf(tx.Path.Base, s.Fn)
	failed := failedValues(s)
	txs := []dataaccess.Handle{tx}
	if parent, ok := savepointOf(model, tx); ok {
		txs = append(txs, parent)
	}
	for _, start := range failureBranches(s) {
		if rolledBackOnTheWay(pass, model, s, start, txs) {
			continue
		}
		if next := firstOnTx(pass, model, start, txs, barrier, failed); next != nil {
			return next
		}
	}
	return nil
}

// failureBranches returns the blocks that run when s's error is non-nil:
// the branch of `err != nil` (or the else of `err == nil`), and the true
// branch of a test of the error (errors.As(err, &pgErr), isDuplicate(err),
// err.(*pgconn.PgError)).
func failureBranches(s *dataaccess.Op) []*ssa.BasicBlock {
	var blocks []*ssa.BasicBlock
	for _, e := range errorValues(s) {
		for _, use := range uses(e, 4) {
			blocks = append(blocks, branchesOn(use, e)...)
		}
	}
	return blocks
}

// errorValues returns the values that carry s's error: the error result
// of the call, the error of Scan on the row it returns (QueryRow ...
// RETURNING), or gorm's .Error field of the *DB it returns.
func errorValues(s *dataaccess.Op) []ssa.Value {
	call, ok := s.Instr.(*ssa.Call)
	if !ok {
		return nil
	}
	if _, isTuple := call.Type().(*types.Tuple); isTuple || ssautil.IsError(call.Type()) {
		return ssautil.ErrorResults(call)
	}
	var errs []ssa.Value
	for _, r := range *call.Referrers() {
		switch r := r.(type) {
		case *ssa.Call: // row.Scan(&id)
			if r.Call.IsInvoke() && r.Call.Value == call && r.Call.Method.Name() == "Scan" && ssautil.IsError(r.Type()) {
				errs = append(errs, r)
			}
			if f := r.Call.StaticCallee(); f != nil && f.Name() == "Scan" && len(r.Call.Args) > 0 && r.Call.Args[0] == call && ssautil.IsError(r.Type()) {
				errs = append(errs, r)
			}
		case *ssa.FieldAddr: // tx.Create(&x).Error
			if st, ok := r.X.Type().(*types.Pointer).Elem().Underlying().(*types.Struct); ok && st.Field(r.Field).Name() == "Error" {
				for _, l := range *r.Referrers() {
					if load, ok := l.(*ssa.UnOp); ok && load.Op == token.MUL {
						errs = append(errs, load)
					}
				}
			}
		}
	}
	return errs
}

// uses returns the instructions that use v, looking through phis (an err
// variable assigned on several paths) up to depth.
func uses(v ssa.Value, depth int) []ssa.Instruction {
	var out []ssa.Instruction
	for _, r := range *v.Referrers() {
		if phi, ok := r.(*ssa.Phi); ok && depth > 0 {
			out = append(out, uses(phi, depth-1)...)
			continue
		}
		out = append(out, r)
	}
	return out
}

// branchesOn returns the blocks that run when the error e is non-nil,
// given one use of it.
func branchesOn(use ssa.Instruction, e ssa.Value) []*ssa.BasicBlock {
	switch u := use.(type) {
	case *ssa.BinOp:
		if !ssautil.IsNilConst(u.X) && !ssautil.IsNilConst(u.Y) {
			return nil
		}
		switch u.Op {
		case token.NEQ:
			return ifBranch(u, 0)
		case token.EQL:
			return ifBranch(u, 1)
		}
	case *ssa.Call: // errors.As(err, &pgErr), isUniqueViolation(err)
		if isDomainOutcome(u) {
			return nil
		}
		if b, ok := u.Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
			return ifBranch(u, 0)
		}
	case *ssa.TypeAssert: // pgErr, ok := err.(*pgconn.PgError)
		if u.CommaOk {
			for _, r := range *u.Referrers() {
				if x, ok := r.(*ssa.Extract); ok && x.Index == 1 {
					return ifBranch(x, 0)
				}
			}
		}
	}
	return nil
}

// ifBranch returns successor i of each If that tests cond directly.
func ifBranch(cond ssa.Value, i int) []*ssa.BasicBlock {
	var blocks []*ssa.BasicBlock
	for _, r := range *cond.Referrers() {
		if ifi, ok := r.(*ssa.If); ok {
			blocks = append(blocks, ifi.Block().Succs[i])
		}
	}
	return blocks
}

// rolledBackOnTheWay reports whether every path from the failed statement
// s to start rolls one of txs back: a test of the error nested in the
// failure branch after the rollback (if err != nil { sp.Rollback(ctx); if
// isUniqueViolation(err) { ... } }) starts on a live transaction. The
// blocks that dominate start, from s's own, are on every such path.
func rolledBackOnTheWay(pass *analysis.Pass, model *dataaccess.Result, s *dataaccess.Op, start *ssa.BasicBlock, txs []dataaccess.Handle) bool {
	from := s.Instr.Block()
	for b := start.Idom(); b != nil; b = b.Idom() {
		after := b != from
		for _, instr := range b.Instrs {
			if instr == s.Instr {
				after = true
				continue
			}
			if after && slices.ContainsFunc(txs, func(tx dataaccess.Handle) bool { return rollsBack(pass, model, instr, tx) }) {
				return true
			}
		}
		if b == from {
			return false
		}
	}
	return false
}

// savepointOf returns the transaction tx is a savepoint of, when tx is
// the result of a Begin on a transaction (pgx's nested Tx).
func savepointOf(model *dataaccess.Result, tx dataaccess.Handle) (dataaccess.Handle, bool) {
	x, ok := tx.Path.Base.(*ssa.Extract)
	if !ok || tx.Path.Fields != "" || x.Index != 0 {
		return dataaccess.Handle{}, false
	}
	call, ok := x.Tuple.(*ssa.Call)
	if !ok {
		return dataaccess.Handle{}, false
	}
	begin := model.ByInstr[call]
	if begin == nil || begin.Kind != apis.Begin {
		return dataaccess.Handle{}, false
	}
	parent := dataaccess.TxOf(begin.Handle)
	return parent, parent.Kind == apis.HandleTx && parent.Path.Valid()
}

// firstOnTx searches the control flow graph from start for the first
// statement on one of txs (the failed statement's transaction and the
// one it is a savepoint of), stopping at a rollback of either and at
// barrier.
func firstOnTx(pass *analysis.Pass, model *dataaccess.Result, start *ssa.BasicBlock, txs []dataaccess.Handle, barrier ssa.Instruction, failed map[ssa.Value]bool) *dataaccess.Op {
	seen := map[*ssa.BasicBlock]bool{start: true}
	queue := []*ssa.BasicBlock{start}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		stop := false
		for _, instr := range b.Instrs {
			if instr == barrier || slices.ContainsFunc(txs, func(tx dataaccess.Handle) bool { return rollsBack(pass, model, instr, tx) }) {
				stop = true
				break
			}
			if op := model.ByInstr[instr]; op != nil && isStatement(op) && slices.ContainsFunc(txs, func(tx dataaccess.Handle) bool { return dataaccess.SameTx(dataaccess.TxOf(op.Handle), tx) }) {
				return op
			}
		}
		if stop {
			continue
		}
		for _, s := range stillFailing(b, failed) {
			if !seen[s] {
				seen[s] = true
				queue = append(queue, s)
			}
		}
	}
	return nil
}

// failedValues returns the statement's error values and the phis that
// carry them on (an err variable assigned on several paths).
func failedValues(s *dataaccess.Op) map[ssa.Value]bool {
	failed := map[ssa.Value]bool{}
	var add func(v ssa.Value, depth int)
	add = func(v ssa.Value, depth int) {
		if failed[v] || depth > 4 {
			return
		}
		failed[v] = true
		for _, r := range *v.Referrers() {
			if phi, ok := r.(*ssa.Phi); ok {
				add(phi, depth+1)
			}
		}
	}
	for _, e := range errorValues(s) {
		add(e, 0)
	}
	// gorm v1's result.RecordNotFound() reads the statement's outcome from
	// the result itself.
	if call, ok := s.Instr.(*ssa.Call); ok && hasRecordNotFound(call.Type()) {
		failed[call] = true
	}
	return failed
}

// hasRecordNotFound reports whether t has gorm v1's RecordNotFound method.
func hasRecordNotFound(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "RecordNotFound")
	_, isFunc := obj.(*types.Func)
	return isFunc
}

// isRecordNotFound reports whether call is result.RecordNotFound() on the
// failed statement's result: true when the statement found no row, which
// is gorm's outcome and no server error.
func isRecordNotFound(call *ssa.Call, failed map[ssa.Value]bool) bool {
	f := call.Call.StaticCallee()
	return f != nil && f.Name() == "RecordNotFound" && len(call.Call.Args) == 1 && failed[call.Call.Args[0]]
}

// stillFailing returns the successors of b that a path on which the
// statement failed can take: at a test of its error against nil (err !=
// nil after a switch that cleared it on another path), only the branch
// where the error is set; at a test for a domain outcome (errors.Is(err,
// ErrNoRows)), only the branch where it is something else.
func stillFailing(b *ssa.BasicBlock, failed map[ssa.Value]bool) []*ssa.BasicBlock {
	if len(b.Instrs) == 0 {
		return b.Succs
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return b.Succs
	}
	// if errors.Is(err, pgx.ErrNoRows) { create it } inside if err != nil:
	// on the true side the statement found nothing, and nothing aborted.
	if call, ok := ifi.Cond.(*ssa.Call); ok && (isDomainOutcome(call) && failed[call.Call.Args[0]] || isRecordNotFound(call, failed)) {
		return b.Succs[1:]
	}
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if ok && comparesWithDomainSentinel(cmp, failed) {
		// err != sql.ErrNoRows (bun's and sqlx's idiom): where the error
		// is the sentinel, nothing failed on the server.
		switch cmp.Op {
		case token.NEQ:
			return b.Succs[:1]
		case token.EQL:
			return b.Succs[1:]
		}
	}
	if !ok || !(failed[cmp.X] && ssautil.IsNilConst(cmp.Y) || failed[cmp.Y] && ssautil.IsNilConst(cmp.X)) {
		return b.Succs
	}
	switch cmp.Op {
	case token.NEQ:
		return b.Succs[:1]
	case token.EQL:
		return b.Succs[1:]
	}
	return b.Succs
}

// isStatement reports whether op sends a statement to the server.
func isStatement(op *dataaccess.Op) bool {
	switch op.Kind {
	case apis.None, apis.Effect, apis.Rollback:
		return false
	}
	return op.Call() != nil && !(op.Summary != nil && op.Summary.Commits)
}

// rollsBack reports whether instr ends the aborted state of tx: its
// Rollback, a ROLLBACK TO SAVEPOINT run on it, gorm's RollbackTo, or a
// helper that rolls it back to a savepoint.
func rollsBack(pass *analysis.Pass, model *dataaccess.Result, instr ssa.Instruction, tx dataaccess.Handle) bool {
	call, ok := instr.(ssa.CallInstruction)
	if ok && callRollsBackTo(pass, call.Common(), tx) {
		return true
	}
	if op := model.ByInstr[instr]; op != nil {
		return op.Kind == apis.Rollback && dataaccess.SameTx(dataaccess.TxOf(op.Handle), tx)
	}
	if !ok {
		return false
	}
	c := call.Common()
	recv := c.Value
	if !c.IsInvoke() {
		if len(c.Args) == 0 {
			return false
		}
		recv = c.Args[0]
	}
	if !dataaccess.RootPath(recv).Equal(tx.Path) {
		return false
	}
	if f := dataaccess.Callee(c); f != nil && f.Name() == "RollbackTo" {
		return true
	}
	for _, a := range c.Args {
		if b, ok := a.Type().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
			continue
		}
		if text, ok := dataaccess.SQLText(a); ok && isRollbackTo(text) {
			return true
		}
	}
	return false
}

// isRollbackTo reports whether SQL text rolls back to a savepoint.
func isRollbackTo(text string) bool {
	return sqlclass.Classify(text).Kind == sqlclass.Savepoint &&
		strings.HasPrefix(strings.ToUpper(strings.TrimSpace(text)), "ROLLBACK")
}

// isDomainOutcome reports whether call is errors.Is(err, S) with S an
// application sentinel that names no constraint failure (ErrTombstoned,
// ErrNotFound): a helper returns such an error for an outcome it read
// (ErrNoRows from a RETURNING insert that inserted nothing), which does
// not abort the transaction. A sentinel named for a duplicate, a conflict
// or a constraint is mapped from a failed statement and still counts.
func isDomainOutcome(call *ssa.Call) bool {
	_, target, ok := dataaccess.ErrorsIs(&call.Call)
	return ok && isDomainSentinel(target)
}

// comparesWithDomainSentinel reports whether cmp compares a failed
// statement's error with such a sentinel by value (err != sql.ErrNoRows).
func comparesWithDomainSentinel(cmp *ssa.BinOp, failed map[ssa.Value]bool) bool {
	return failed[cmp.X] && isDomainSentinel(cmp.Y) || failed[cmp.Y] && isDomainSentinel(cmp.X)
}

// isDomainSentinel reports whether v is an application sentinel, or
// ErrNoRows, that names no constraint failure.
func isDomainSentinel(v ssa.Value) bool {
	g, ok := dataaccess.LoadedGlobal(v)
	if !ok {
		return false
	}
	name := strings.ToLower(g.Name())
	for _, w := range []string{"dup", "unique", "exist", "conflict", "constraint", "violat", "taken"} {
		if strings.Contains(name, w) {
			return false
		}
	}
	return true
}
