package checkthenact

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// An insert whose unique violation the code answers says the author
// expects the key twice (a retry, a double submit, a second replica), but
// an external effect made before it runs for every caller, the one whose
// insert then loses too:
//
//	mailer.SendWelcome(ctx, email)
//	if err := repo.InsertSubscriber(ctx, email); errors.Is(err, repo.ErrDuplicate) {
//		return nil // already subscribed: the welcome went out again
//	}
//
// A conditional insert says the same by its shape: INSERT ... ON
// CONFLICT DO NOTHING, or a store's Add(ctx, m) (added bool, err error),
// keeps one row per key and tells the second caller it made none, after
// the second caller's effect ran.
//
// Only an effect made after the insert reports a new row, or recorded
// with runtime/effect, runs once per key.

// effectsBeforeInsert reports each plain insert whose unique violation
// is answered (see duplicateAnsweredHere), and each conditional insert
// that keeps the first row, that an external effect precedes on every
// path to it.
func effectsBeforeInsert(pass *analysis.Pass, judge *Judge, named map[*dataaccess.Op]bool) {
	for _, w := range judge.model.Ops {
		answered := w.Kind == apis.Insert && duplicateAnsweredHere(w)
		keepsFirst := picksWinner(w) && !dataaccess.Overwrites(w)
		if !answered && !keepsFirst || named[w] || judge.NoTwin(w) {
			continue
		}
		if effect := effectBefore(w, judge.model.Ops); effect != nil && (answered || sharesInput(effect, w)) {
			reportEffectBeforeInsert(pass, w, effect, keepsFirst)
			named[w] = true
		} else if answered && w.Summary != nil && w.Summary.ActBeforeInsert != "" && !w.Summary.HandlesDuplicate {
			reportHelperActBeforeInsert(pass, w)
			named[w] = true
		}
	}
}

// duplicateAnsweredHere reports whether w's unique violation is answered
// by w's own function or the helper w calls: tested there and turned into
// the duplicate's outcome, also after the helper mapped it to a sentinel
// (errors.Is(err, ErrAlreadySubscribed)).
func duplicateAnsweredHere(w *dataaccess.Op) bool {
	sentinel := ""
	if w.Summary != nil {
		if w.Summary.HandlesDuplicate {
			return true
		}
		sentinel = w.Summary.DuplicateErr
	}
	return len(dataaccess.DuplicateArms(w.Instr)) > 0 || sentinel != "" && dataaccess.AnswerDuplicate(w.Instr, sentinel).Answered ||
		answersCollisionSentinel(w)
}

// answersCollisionSentinel reports whether the code after w compares w's
// own error with a package-level error named for a taken key
// (errors.Is(err, domain.ErrAlreadyExists)) and answers it as done. The
// store may return that error from a check of its own rather than from
// its unique violation, which is why a check-then-insert does not take
// it as handling; here it only says what matters: the author expects the
// key twice, and an effect made before the insert is made for both.
func answersCollisionSentinel(w *dataaccess.Op) bool {
	for instr := range ssautil.After(w.Instr) {
		err, g, ok := dataaccess.ComparedWithGlobal(instr)
		if ok && apis.IsCollisionName(g.Name()) && dataaccess.IsResultOf(err, w.Instr) &&
			dataaccess.AnswerDuplicate(w.Instr, dataaccess.GlobalName(g)).Answered {
			return true
		}
	}
	return false
}

// effectBefore returns an external effect of w's function that runs
// before w: on every path to it, or on a path that goes on to it and that
// w never leads back to (a push to each of the user's devices, in a loop
// before the insert), or nil.
func effectBefore(w *dataaccess.Op, ops []*dataaccess.Op) *dataaccess.Op {
	fn := w.Instr.Parent()
	for _, op := range ops {
		if op == w || !actsOutside(op) || op.Instr.Parent() != fn {
			continue
		}
		if ssautil.Before(op.Instr, w.Instr) || ssautil.Reachable(op.Instr, w.Instr) && !ssautil.Reachable(w.Instr, op.Instr) {
			return op
		}
	}
	return nil
}

// sharesInput reports whether the effect is made with a value the
// insert is keyed or built by (the proof it publishes and then saves, the
// text of the notification it pushes and then logs): the effect is the
// insert's own. A conditional insert says nothing about an effect made
// with other values (a status update sent before trace spans are
// stored).
func sharesInput(effect, insert *dataaccess.Op) bool {
	mine := map[ssa.Value]bool{}
	for _, v := range valuesOf(effect) {
		for _, r := range rootsOf(v) {
			mine[r] = true
		}
	}
	for _, v := range valuesOf(insert) {
		for _, r := range rootsOf(v) {
			if mine[r] {
				return true
			}
		}
	}
	return false
}

// valuesOf returns what an operation is given: its inputs and the
// arguments of its call (a helper's summary keeps only its key among
// the inputs).
func valuesOf(op *dataaccess.Op) []ssa.Value {
	in := op.Inputs()
	if c := op.Call(); c != nil {
		in = append(in, c.Args...)
	}
	return in
}

// rootsOf returns the values v is built from that tell one caller's
// operation from another's: its root (a parameter, a local record), and
// the variable it was loaded from (b passed by value to one call, &b to
// the next). A context, a handle and the method's own receiver tell
// nothing.
func rootsOf(v ssa.Value) []ssa.Value {
	if contextOrHandle(v) || isReceiver(v) {
		return nil
	}
	var out []ssa.Value
	if p := dataaccess.RootPath(v); p.Valid() && !isReceiver(p.Base) {
		out = append(out, p.Base)
	}
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if cell, ok := load.X.(*ssa.Alloc); ok {
			out = append(out, cell)
		}
	}
	return out
}

// isReceiver reports whether v is the receiver of the method it is in.
func isReceiver(v ssa.Value) bool {
	p, ok := v.(*ssa.Parameter)
	if !ok {
		return false
	}
	fn := p.Parent()
	return fn.Signature.Recv() != nil && len(fn.Params) > 0 && fn.Params[0] == p
}

func reportEffectBeforeInsert(pass *analysis.Pass, w, effect *dataaccess.Op, conditional bool) {
	line := pass.Fset.Position(w.Pos()).Line
	insert, related := "the insert at line %d, whose unique violation this code answers", "the insert whose duplicate is answered"
	if conditional {
		insert, related = "the conditional insert at line %d, which keeps one row per key", "the insert that keeps one row per key"
	}
	pass.Report(analysis.Diagnostic{
		Pos: effect.Pos(),
		Message: fmt.Sprintf("effect before the insert: %s runs before "+insert+", so a retried or concurrent caller with the same key makes it again before its insert loses (make it after the insert reports a new row, or record it with runtime/effect)",
			describeAct(effect), line),
		Related: []analysis.RelatedInformation{{Pos: w.Pos(), Message: related}},
		URL:     apis.RuntimeEffectURL,
	})
}

// actsOutside reports whether op itself reaches past the process and its
// database: a library's effect or a call named for one (an e-mail, an
// HTTP POST, a payment, a publish), or a helper named for one whose body
// does nothing but such effects (s.deliver(ctx, reply) around
// Mailer.Send), or one named for nothing whose body does nothing but
// effects named for one (announceJoin around SMS.Send; Summary.Sends). A
// helper whose body makes one deep down under another name beside other
// work (a sign-in check that calls a provider) is not taken: what it
// does twice is not known. Nor is a lock.
func actsOutside(op *dataaccess.Op) bool {
	if op.Callee != nil && apis.IsLockName(op.Callee.Name()) {
		return false
	}
	if op.Summary != nil {
		return op.Kind == apis.Effect && op.Summary.Kind == apis.None && !op.Summary.Writes && (op.Callee != nil && apis.IsEffectName(op.Callee.Name()) || op.Summary.Sends)
	}
	return op.Kind == apis.Effect
}

// reportHelperActBeforeInsert reports a helper whose insert this code
// answers the duplicate of, and which acts before that insert.
func reportHelperActBeforeInsert(pass *analysis.Pass, w *dataaccess.Op) {
	pass.Report(analysis.Diagnostic{
		Pos: w.Pos(),
		Message: fmt.Sprintf("effect before the insert: %s runs %s before its insert, whose unique violation this code answers, so a retried or concurrent caller with the same key has it done again before its insert loses (make it after the insert reports a new row, in the insert's transaction, or record it with runtime/effect)",
			describeAct(w), w.Summary.ActBeforeInsert),
		URL: apis.RuntimeEffectURL,
	})
}
