package redelivery

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// write is one operation a handler runs per delivery, with the
// instruction of the handler's function that runs it (the operation
// itself, or the making of the literal it is in).
type write struct {
	op *dataaccess.Op
	at ssa.Instruction
}

// opsOf returns the operations h runs once per message.
func (h *handler) opsOf(model *dataaccess.Result) []write {
	var out []write
	for fn, maker := range h.bodies() {
		for _, op := range model.ByFunc[fn] {
			at := maker
			if at == nil {
				at = op.Instr
			}
			if h.handles(at) && !dataaccess.FedByTransition(op, model.ByFunc[fn]) {
				out = append(out, write{op, at})
			}
		}
	}
	return out
}

// doubles reports whether a redelivery repeats w: its write is one a second
// run repeats (dataaccess.DoublesWrite), or a plain insert of a value
// minted per run; and no input of an insert is the message's own id,
// unless the schema shows that no unique key holds it.
func (h *handler) doubles(w write) bool {
	op := w.op
	if op.Callee != nil && takesMessage(op.Callee) {
		return false // a handler of its own, reported where it writes
	}
	if op.Callee != nil && op.Callee.Pkg() != nil && apis.IsRuntimePackage(op.Callee.Pkg().Path()) {
		return false // inbox.Process claims the message id before it writes
	}
	if op.Kind == apis.Effect {
		return reachesPeople(op)
	}
	inserts := op.Kind == apis.Insert || op.Summary != nil && op.Summary.Kind == apis.Insert
	if !dataaccess.DoublesWrite(op) && !(inserts && dataaccess.MintedInput(op) != nil) {
		return false
	}
	// A message id stored where no unique key holds it keys no row.
	addsRows := op.UnkeyedInsert || op.Summary != nil && op.Summary.AddsRows
	if inserts && !addsRows {
		for _, in := range op.Inputs() {
			if h.messageID(in, 0) {
				return false
			}
		}
	}
	return true
}

// reachesPeople reports whether an effect the handler makes itself
// reaches a person, an account or another service's API: an e-mail, an
// SMS, a charge, an HTTP POST, a call of the program's interface named
// for sending. Not a message handed on to a broker (a publish, a
// produce, an enqueue): its consumer is redelivered the same way and
// dedups by the message's id; nor a helper whose body makes one deep
// down, what it does twice not being known.
func reachesPeople(op *dataaccess.Op) bool {
	if op.Summary != nil || op.Callee == nil {
		return false
	}
	if pkg := op.Callee.Pkg(); pkg != nil && apis.IsMessagePackage(pkg.Path()) {
		return false
	}
	for _, verb := range []string{"Publish", "Produce", "Enqueue", "Emit", "Dispatch", "Broadcast"} {
		if strings.HasPrefix(op.Callee.Name(), verb) {
			return false
		}
	}
	return true
}

// claimedFirst reports whether a dedup claim of the handler can run
// before the effect, whether or not the analysis sees it gate the effect:
// a mail sent when a variable the claim's transaction set says the
// message was new (stored != 0) is gated through the variable.
func claimedFirst(ops []write, effect write) bool {
	for _, c := range ops {
		if isClaim(c.op) && ssautil.Reachable(c.at, effect.at) {
			return true
		}
	}
	return false
}

// takesMessage reports whether f has a message parameter.
func takesMessage(f *types.Func) bool {
	params := f.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if ssautil.MessageOf(params.At(i).Type()) != nil {
			return true
		}
	}
	return false
}

// claimsBefore returns the dedup claims among ops that run before w and
// gate it (a claim after w gates nothing): an insert into a
// processed-messages table or INSERT ... ON CONFLICT DO NOTHING, a redis
// SETNX, a claim helper, whose outcome (rows affected, the bool, the
// error of a claim that reports a duplicate) decides whether w runs. A
// claim on another transaction than w's is claimtx's finding, not this
// one. A conditional insert of the row w then updates, keyed by what the
// row is about and not by the message (the month's usage counter created
// if missing, then incremented), records no message: it is no claim.
func (h *handler) claimsBefore(ops []write, w write) []write {
	var claims []write
	for _, c := range ops {
		if !isClaim(c.op) || c.op == w.op || h.createsWrittenRow(c.op, w.op) {
			continue
		}
		v, ok := c.op.Instr.(*ssa.Call)
		if !ok {
			continue
		}
		target := w.at
		if c.op.Fn == w.op.Fn {
			target = w.op.Instr
		} else if c.at != c.op.Instr {
			continue // a claim inside a literal gates only that literal's writes
		}
		if ssautil.Gates(v, dataaccess.WinnerNotInError(c.op), target) {
			claims = append(claims, c)
		}
	}
	return claims
}

// createsWrittenRow reports whether claim inserts into the table w writes,
// keyed by no input that is the message's id.
func (h *handler) createsWrittenRow(claim, w *dataaccess.Op) bool {
	if !dataaccess.SameResource(claim.Resource, w.Resource) || claim.Resource.Table == "" {
		return false
	}
	for _, in := range claim.Inputs() {
		if h.messageID(in, 0) {
			return false
		}
	}
	return true
}

// isClaim reports whether op records a message as taken, atomically.
func isClaim(op *dataaccess.Op) bool {
	if op.Summary != nil {
		return op.Summary.Claim || op.Summary.Kind.IsAtomicInsert() && !op.Summary.DoublesWrite
	}
	switch op.Kind {
	case apis.Claim:
		return true
	case apis.CondInsert:
		return op.SQL == nil || op.SQL.OnConflictDoNothing || op.SQL.InsertIfAbsent
	}
	return false
}

// keyedWrites returns the writes whose unique violation the handler
// answers as success (if isDuplicateKey(err) { return nil }), or that
// call a helper that does: a redelivery fails on a unique key taken from
// the message there, and the handler treats the message as done.
func keyedWrites(ops []write) []write {
	var keyed []write
	for _, w := range ops {
		handedOn := ""
		if w.op.Summary != nil {
			if w.op.Summary.HandlesDuplicate {
				keyed = append(keyed, w)
				continue
			}
			handedOn = w.op.Summary.DuplicateErr
		}
		writes := w.op.Kind.IsWrite() || w.op.Summary != nil && w.op.Summary.Writes // a helper that mixes kinds is no one kind
		if writes && errorTested(w.op.Instr) && dataaccess.AnswerDuplicate(w.op.Instr, handedOn).Answered {
			keyed = append(keyed, w)
		}
	}
	return keyed
}

// keyedBefore returns the keyed writes that are w, or that w runs only
// after (their error paths, the steps after them): a redelivery stops at
// the keyed write's unique violation before it reaches w. A write that
// runs before the keyed one runs again.
func keyedBefore(keyed []write, w write) []write {
	var out []write
	for _, k := range keyed {
		if k.op == w.op || k.at.Parent() == w.at.Parent() && ssautil.Before(k.at, w.at) {
			out = append(out, k)
		}
	}
	return out
}

// errorTested reports whether the write's own error is handed to a test
// (isDuplicateKey(err), errors.Is, errors.As) in its function, directly
// or through the variable it is assigned to: a duplicate test after the
// write that looks at another call's error does not key this one.
func errorTested(write ssa.Instruction) bool {
	for _, b := range write.Parent().Blocks {
		for _, instr := range b.Instrs {
			test, ok := instr.(*ssa.Call)
			if !ok || test.Call.StaticCallee() == nil || !ssautil.ReturnsBool(test) {
				continue
			}
			for _, a := range test.Call.Args {
				if ssautil.IsError(a.Type()) && dataaccess.IsResultOf(a, write) {
					return true
				}
			}
		}
	}
	return false
}
