package ackorder

import (
	"fmt"
	"go/token"
	"slices"

	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/ssautil"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

var Analyzer = &analysis.Analyzer{
	Name:      "ackorder",
	Doc:       Doc,
	URL:       "https://github.com/idemvet/idemvet/blob/main/passes/ackorder/README.md",
	Requires:  []*analysis.Analyzer{dataaccess.Analyzer},
	FactTypes: []analysis.Fact{(*Acks)(nil)},
	Run:       run,
}

// how tells why an ack runs while the message's effects may still be lost.
type how int

const (
	beforeCommit  how = iota // the tx is committed later in the same function
	inCallback               // inside a callback whose runner commits after it returns
	openParameter            // on a tx the caller passed in and commits later
	commitFailed             // after a commit, on the path where it failed
	beforeWrite              // before a write outside any transaction that runs after it on every path
)

// finding is one premature ack.
type finding struct {
	how    how
	ack    ack
	write  *dataaccess.Op // a write on the open transaction
	commit *dataaccess.Op // beforeCommit, commitFailed: the commit
	runner *dataaccess.Op // inCallback: the call that runs the callback
}

func run(pass *analysis.Pass) (any, error) {
	if !mayAck(pass) {
		return nil, nil
	}
	model := pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result)
	funcs := model.SSA().SrcFuncs
	// A function that acks exports a fact, so that calls of it count as
	// acks; one whose ack is reported here does not, or its callers would
	// report the same ack again. Iterate to a fixed point within the
	// package: each round learns one more level of a chain of helpers, and
	// a chain has at most as many levels as the package has functions, so
	// the rounds are bounded by that (a fixed number would decide, silently,
	// that a deeper chain's ack is no ack).
	local := map[*ssa.Function]ack{}
	var findings []*finding
	for range len(funcs) + 1 {
		findings = findings[:0]
		next := map[*ssa.Function]ack{}
		for _, fn := range funcs {
			acks := ackCalls(pass, fn, local)
			bad := false
			for _, a := range acks {
				if f := premature(model, a); f != nil {
					findings = append(findings, f)
					bad = true
				}
			}
			if len(acks) > 0 && !bad {
				next[fn] = acks[0]
			}
		}
		if sameKeys(local, next) {
			break
		}
		local = next
	}
	for fn, a := range local {
		if obj := fn.Object(); obj != nil && fn.Parent() == nil {
			passutil.ExportObjectFact(pass, obj, &Acks{Call: a.name, Response: a.response})
		}
	}
	for _, f := range findings {
		report(pass, f)
	}
	return nil, nil
}

func sameKeys(a, b map[*ssa.Function]ack) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			return false
		}
	}
	return true
}

// premature returns why ack a runs while a transaction holding writes of
// its function is still open, or nil.
func premature(model *dataaccess.Result, a ack) *finding {
	ops := model.ByFunc[a.fn]
	for _, w := range ops {
		if writes(w) && w.Handle.Kind != apis.HandleTx && onCallbackTx(w, a.fn) && ssautil.Before(w.Instr, a.call) {
			if runner := runnerOf(model, a.fn); runner != nil {
				return &finding{how: inCallback, ack: a, write: w, runner: runner}
			}
		}
		if !writes(w) || w.Handle.Kind != apis.HandleTx {
			continue
		}
		tx := dataaccess.TxOf(w.Handle)
		switch base := tx.Path.Base.(type) {
		case *ssa.Parameter:
			if base.Parent() != a.fn || endedBefore(ops, tx, a.call) {
				continue
			}
			if runner := runnerOf(model, a.fn); runner != nil {
				return &finding{how: inCallback, ack: a, write: w, runner: runner}
			}
			if a.response {
				// A handler is handed a request, not its caller's
				// transaction: what looks like one is the model's guess.
				continue
			}
			return &finding{how: openParameter, ack: a, write: w}
		default:
			begin := dataaccess.BeginOf(base, a.fn)
			if begin == nil {
				continue
			}
			for _, c := range ops {
				if c.Kind != apis.Commit || !dataaccess.SameTx(c.Handle, tx) {
					continue
				}
				if reaches(a.call, c.Instr, begin) {
					return &finding{how: beforeCommit, ack: a, write: w, commit: c}
				}
				if ssautil.Before(c.Instr, a.call) && failureReaches(c, a.call, begin) {
					return &finding{how: commitFailed, ack: a, write: w, commit: c}
				}
			}
		}
	}
	if a.response {
		return nil // a handler answering before a single statement: the common shape, and the client can retry
	}
	if runnerOf(model, a.fn) != nil || slices.ContainsFunc(ops, func(op *dataaccess.Op) bool { return op.Kind == apis.Begin }) {
		return nil // a transaction is in play: the cases above
	}
	for _, w := range ops {
		// On the pool, or on a handle the model could not name (sqlc's
		// Queries over DBTX) in a function that opens no transaction.
		if writes(w) && (w.Handle.Kind == apis.HandlePool || w.Handle.Kind == apis.HandleUnknown) && ssautil.Before(a.call, w.Instr) {
			return &finding{how: beforeWrite, ack: a, write: w}
		}
	}
	return nil
}

// onCallbackTx reports whether w, a write whose handle the model could
// not name, runs on the transaction fn was handed as a callback: the
// parameter is an argument of the call, or of the call that built its
// receiver (GetEmailPersisterWithConnection(tx).Create(e)).
func onCallbackTx(w *dataaccess.Op, fn *ssa.Function) bool {
	c := w.Call()
	if c == nil {
		return false
	}
	isParam := func(v ssa.Value) bool {
		p, ok := v.(*ssa.Parameter)
		return ok && p.Parent() == fn
	}
	values := slices.Clone(c.Args)
	if c.IsInvoke() {
		values = append(values, c.Value)
	}
	for _, v := range values {
		if isParam(v) {
			return true
		}
		if built, ok := v.(*ssa.Call); ok && slices.ContainsFunc(built.Call.Args, isParam) {
			return true
		}
	}
	return false
}

// writes reports whether op changes a database table. A call into
// idemvet's runtime (inbox.Process, amqpinbox.Handle) is not such a write:
// it records the message and settles it with the broker itself.
func writes(op *dataaccess.Op) bool {
	if op.Callee != nil && op.Callee.Pkg() != nil && apis.IsRuntimePackage(op.Callee.Pkg().Path()) {
		return false
	}
	if op.Summary != nil {
		return op.Summary.Writes
	}
	return op.Kind.IsWrite() && op.Resource.Key == nil && op.Call() != nil
}

// endedBefore reports whether the transaction is committed or rolled back
// on every path before instr.
func endedBefore(ops []*dataaccess.Op, tx dataaccess.Handle, instr ssa.Instruction) bool {
	for _, op := range ops {
		if (op.Kind == apis.Commit || op.Kind == apis.Rollback) && dataaccess.SameTx(op.Handle, tx) &&
			ssautil.Before(op.Instr, instr) {
			return true
		}
	}
	return false
}

// runnerOf returns the call that runs fn as a transaction callback
// (pgx.BeginFunc, gorm Transaction, a WithTx helper), or nil.
func runnerOf(model *dataaccess.Result, fn *ssa.Function) *dataaccess.Op {
	for _, op := range model.Ops {
		if op.TxFunc == fn {
			return op
		}
	}
	return nil
}

// reaches reports whether to can run after from without the transaction
// being begun again at barrier: an ack in one iteration of a consumer
// loop does not precede the commit of the next iteration's transaction.
func reaches(from, to, barrier ssa.Instruction) bool {
	if from.Block() == nil || to.Block() == nil {
		return false
	}
	return walk(from.Block(), ssautil.Index(from)+1, to, barrier)
}

// walk searches the control flow graph from instruction i of block b.
func walk(b *ssa.BasicBlock, i int, to, barrier ssa.Instruction) bool {
	seen := map[*ssa.BasicBlock]bool{}
	type pos struct {
		b *ssa.BasicBlock
		i int
	}
	stack := []pos{{b, i}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		blocked := false
		for _, instr := range p.b.Instrs[p.i:] {
			if instr == to {
				return true
			}
			if instr == barrier {
				blocked = true
				break
			}
		}
		if blocked {
			continue
		}
		for _, s := range p.b.Succs {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, pos{s, 0})
			}
		}
	}
	return false
}

// failureReaches reports whether instr runs on a path where the commit
// failed: its error is discarded, or the branch taken when it is non-nil
// leads to instr. An error that flows elsewhere counts as handled.
func failureReaches(commit *dataaccess.Op, instr, barrier ssa.Instruction) bool {
	v, ok := commit.Instr.(*ssa.Call)
	if !ok || !ssautil.IsError(v.Type()) {
		return false
	}
	refs := *v.Referrers()
	if len(refs) == 0 {
		return true
	}
	for _, r := range refs {
		bin, ok := r.(*ssa.BinOp)
		if !ok || (bin.Op != token.NEQ && bin.Op != token.EQL) {
			continue
		}
		for _, br := range *bin.Referrers() {
			ifi, ok := br.(*ssa.If)
			if !ok {
				continue
			}
			failed := ifi.Block().Succs[0]
			if bin.Op == token.EQL {
				failed = ifi.Block().Succs[1]
			}
			if walk(failed, 0, instr, barrier) {
				return true
			}
		}
	}
	return false
}

func report(pass *analysis.Pass, f *finding) {
	if f.ack.response {
		reportResponse(pass, f)
		return
	}
	what := "message acknowledged"
	if f.ack.helper {
		what = fmt.Sprintf("%s acknowledges the message", f.ack.name)
	}
	at := f.ack.call.Pos()
	var msg string
	related := []analysis.RelatedInformation{{Pos: f.write.Pos(), Message: "a write of the open transaction"}}
	switch f.how {
	case beforeCommit:
		msg = fmt.Sprintf("%s before the transaction recording its effects commits at %s: a crash or a failed commit loses the effects, and the broker will not redeliver the message (ack after the commit's error check)",
			what, passutil.Where(pass, at, f.commit.Pos()))
		related = append(related, analysis.RelatedInformation{Pos: f.commit.Pos(), Message: "the commit the ack should follow"})
	case commitFailed:
		msg = fmt.Sprintf("%s even when the commit at %s fails: the effects are lost, and the broker will not redeliver the message (ack only after the commit returns nil)",
			what, passutil.Where(pass, at, f.commit.Pos()))
		related = append(related, analysis.RelatedInformation{Pos: f.commit.Pos(), Message: "the commit whose failure the ack ignores"})
	case inCallback:
		msg = fmt.Sprintf("%s inside the transaction callback, which commits only when it returns (%s): a crash or a failed commit loses the effects, and the broker will not redeliver the message (ack after the call returns nil)",
			what, passutil.Where(pass, at, f.runner.Pos()))
		related = append(related, analysis.RelatedInformation{Pos: f.runner.Pos(), Message: "the transaction commits when this call returns"})
	case openParameter:
		msg = fmt.Sprintf("%s while the caller's transaction holding its effects is still open: a crash or a failed commit loses the effects, and the broker will not redeliver the message (ack in the caller, after the commit)", what)
	case beforeWrite:
		msg = fmt.Sprintf("%s before the write at %s that records it: a crash or a failed write in between loses the message, and the broker will not redeliver it (ack after the write's error check)",
			what, passutil.Where(pass, at, f.write.Pos()))
		related = []analysis.RelatedInformation{{Pos: f.write.Pos(), Message: "the write the ack should follow"}}
	}
	d := analysis.Diagnostic{Pos: at, Message: msg, Related: related, URL: apis.RuntimeInboxURL}
	if fix := suggestFix(pass, f); fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
		d.URL = "" // the check's own page, which explains the fix
	}
	pass.Report(d)
}

// reportResponse reports an HTTP success response sent while the
// transaction holding the request's writes may still fail to commit.
func reportResponse(pass *analysis.Pass, f *finding) {
	what := "success response sent"
	if f.ack.helper {
		what = fmt.Sprintf("%s sends a success response", f.ack.name)
	}
	at := f.ack.call.Pos()
	const lost = "if the commit fails, the client has been told the write happened and will not retry it"
	var msg string
	related := []analysis.RelatedInformation{{Pos: f.write.Pos(), Message: "a write of the open transaction"}}
	switch f.how {
	case beforeCommit:
		msg = fmt.Sprintf("%s before the transaction commits at %s: %s (respond after the commit's error check)", what, passutil.Where(pass, at, f.commit.Pos()), lost)
		related = append(related, analysis.RelatedInformation{Pos: f.commit.Pos(), Message: "the commit the response should follow"})
	case commitFailed:
		msg = fmt.Sprintf("%s even when the commit at %s fails: the client has been told the write happened (respond only after the commit returns nil)", what, passutil.Where(pass, at, f.commit.Pos()))
		related = append(related, analysis.RelatedInformation{Pos: f.commit.Pos(), Message: "the commit whose failure the response ignores"})
	case inCallback:
		msg = fmt.Sprintf("%s inside the transaction callback, which commits only when it returns (%s): %s (respond after the call returns nil)", what, passutil.Where(pass, at, f.runner.Pos()), lost)
		related = append(related, analysis.RelatedInformation{Pos: f.runner.Pos(), Message: "the transaction commits when this call returns"})
	}
	pass.Report(analysis.Diagnostic{Pos: at, Message: msg, Related: related, URL: apis.RuntimeHTTPURL})
}
