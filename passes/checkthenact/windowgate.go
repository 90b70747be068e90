package checkthenact

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A rate window read from the last time something happened is a status
// gate whose state is a time:
//
//	last, _ := repo.LastCodeSentAt(ctx, email) // the zero time when none was sent
//	if time.Since(last) < time.Minute { return ErrTooSoon }
//	mailer.SendCode(ctx, email, code)
//	repo.InsertCode(ctx, email, code)
//
// Two requests both read a time older than the window, both send and
// both record a new time. Only the arm on which the window has elapsed
// lets the act through. A test of expiry has the same shape the other
// way round (time.Since(code.CreatedAt) > 10*time.Minute refuses, and the
// act runs while the time is recent): it limits nothing and is no
// window.

// windowGates returns the branches on a time the read loads (a time field
// of its record, or a time it returns) compared with now and a window,
// each gate letting through only the arm on which the window has
// elapsed.
func windowGates(op *dataaccess.Op) []gate {
	readInstr, ok := op.Instr.(*ssa.Call)
	if !ok {
		return nil
	}
	records := recordValues(op)
	var gates []gate
	for _, sv := range append(stateValues(op), timeResults(op)...) {
		for _, w := range windowTests(sv.v, 0) {
			if ssautil.Before(readInstr, w.ifi) {
				gates = append(gates, gate{read: op, ifi: w.ifi, elapsed: w.elapsed, field: sv.field, fn: op.Fn, at: readInstr, records: records})
			}
		}
	}
	return gates
}

// timeResults returns the times a read returns or fills itself
// (LastSentAt(ctx, email) (time.Time, error), Scan(&sentAt)), which
// stateValues leaves out: a time is no record.
func timeResults(op *dataaccess.Op) []stateValue {
	var out []stateValue
	call := op.Instr.(*ssa.Call)
	if ssautil.IsTime(call.Type()) {
		out = append(out, stateValue{v: call})
	}
	for _, ref := range *call.Referrers() {
		if e, ok := ref.(*ssa.Extract); ok && ssautil.IsTime(e.Type()) {
			out = append(out, stateValue{v: e})
		}
	}
	for _, rec := range recordValues(op) {
		if isTimePointer(rec.Type()) {
			out = append(out, stateValue{v: rec}) // windowTests follows its loads
		}
	}
	return out
}

// windowTest is a branch on how long ago a time was, with the successor
// taken when the window has elapsed.
type windowTest struct {
	ifi     *ssa.If
	elapsed *ssa.BasicBlock
}

// windowTests follows the time v (or a pointer to one) through the
// arithmetic that compares it with now: time.Since(v) or now.Sub(v)
// compared with a duration, time.Until(v), v.Add(window) compared with
// now by After or Before.
func windowTests(v ssa.Value, depth int) []windowTest {
	if depth > 2 {
		return nil
	}
	if isTimePointer(v.Type()) {
		var out []windowTest
		for _, ref := range *v.Referrers() {
			if deref, ok := ref.(*ssa.UnOp); ok && deref.Op == token.MUL {
				out = append(out, windowTests(deref, depth)...)
			}
		}
		return out
	}
	if !ssautil.IsTime(v.Type()) {
		return nil
	}
	var out []windowTest
	for _, ref := range *v.Referrers() {
		call, ok := ref.(*ssa.Call)
		if !ok {
			continue
		}
		args := call.Call.Args
		switch timeFunc(call) {
		case "Since": // now - v: how long ago
			out = append(out, durationTests(call, true)...)
		case "Until": // v - now
			out = append(out, durationTests(call, false)...)
		case "Time.Sub": // a.Sub(b) = a - b
			out = append(out, durationTests(call, args[1] == v)...)
		case "Time.Add": // v + window: a time of its own
			if args[0] == v {
				out = append(out, windowTests(call, depth+1)...)
			}
		case "Time.After": // a > b: true while v (plus its window) is still ahead
			out = append(out, boolTests(call, args[1] == v)...)
		case "Time.Before": // a < b
			out = append(out, boolTests(call, args[0] == v)...)
		}
	}
	return out
}

// durationTests returns the comparisons of d with a bound: d is the time
// elapsed since v when sinceV, else the time left until v.
func durationTests(d ssa.Value, sinceV bool) []windowTest {
	var out []windowTest
	for _, ref := range *d.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Call:
			switch timeFunc(ref) {
			case "Duration.Hours", "Duration.Minutes", "Duration.Seconds", "Duration.Milliseconds":
				out = append(out, durationTests(ref, sinceV)...)
			}
		case *ssa.Convert:
			out = append(out, durationTests(ref, sinceV)...)
		case *ssa.BinOp:
			var larger bool // the test is true when d is the larger side
			switch ref.Op {
			case token.GTR, token.GEQ:
				larger = ref.X == d
			case token.LSS, token.LEQ:
				larger = ref.Y == d
			default:
				continue
			}
			// Elapsed: the time since v is large, or the time left
			// until v is small.
			out = append(out, boolTests(ref, larger == sinceV)...)
		}
	}
	return out
}

// boolTests returns the ifs on b, each with the successor taken when the
// window has elapsed: the true one when elapsedWhenTrue.
func boolTests(b ssa.Value, elapsedWhenTrue bool) []windowTest {
	var out []windowTest
	for _, ref := range *b.Referrers() {
		switch ref := ref.(type) {
		case *ssa.If:
			succ := ref.Block().Succs[1]
			if elapsedWhenTrue {
				succ = ref.Block().Succs[0]
			}
			out = append(out, windowTest{ifi: ref, elapsed: succ})
		case *ssa.UnOp:
			if ref.Op == token.NOT {
				out = append(out, boolTests(ref, !elapsedWhenTrue)...)
			}
		}
	}
	return out
}

// timeFunc names the time package's function or method call calls:
// "Since", "Time.Add", "Duration.Minutes"; or "".
func timeFunc(call *ssa.Call) string {
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "time" {
		return ""
	}
	if recv := fn.Signature.Recv(); recv != nil {
		if n := ssautil.NamedOf(recv.Type()); n != nil {
			return n.Obj().Name() + "." + fn.Name()
		}
		return ""
	}
	return fn.Name()
}

// absenceTestOf reports whether the branch at the end of p asks whether a
// time of the gate's read is set at all (last.IsZero(), u.LastSentAt ==
// nil): `!last.IsZero() && time.Since(last) < window` lets the act through
// from two tests of the one time, and the window is still the gate.
func absenceTestOf(p *ssa.BasicBlock, field string, g gate) bool {
	ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	cond := ifi.Cond
	if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
		cond = not.X
	}
	var tested ssa.Value
	switch c := cond.(type) {
	case *ssa.Call:
		if timeFunc(c) == "Time.IsZero" {
			tested = c.Call.Args[0]
		}
	case *ssa.BinOp:
		if k, ok := c.Y.(*ssa.Const); ok && k.IsNil() && (c.Op == token.EQL || c.Op == token.NEQ) {
			tested = c.X
		}
	}
	if tested == nil {
		return false
	}
	for _, sv := range append(stateValues(g.read), timeResults(g.read)...) {
		if sv.field != field {
			continue
		}
		if sv.v == tested || isTimeLoadOf(tested, sv.v) {
			return true
		}
	}
	return false
}

// isTimeLoadOf reports whether v is *p, the time a state pointer holds.
func isTimeLoadOf(v, p ssa.Value) bool {
	deref, ok := v.(*ssa.UnOp)
	return ok && deref.Op == token.MUL && deref.X == p && isTimePointer(p.Type())
}

// windowOnlyWay reports whether the window's elapsed arm is entered only
// from the window test, or from a test that found no time at all.
func (g gate) windowOnlyWay(b *ssa.BasicBlock) bool {
	for _, p := range b.Preds {
		if p != g.ifi.Block() && !deadEdge(p, b) && !absenceTestOf(p, g.field, g) {
			return false
		}
	}
	return true
}

func windowGateMessage(what, steps, verb, field, runtime string) string {
	if field == "" {
		what = "the time"
	}
	column := columnOf(field)
	if field == "" {
		column = "last_sent_at"
	}
	return fmt.Sprintf("rate-window race: %s read here is compared with a window, then %s, so two concurrent callers can both find the window elapsed and both %s (claim the window in one step: UPDATE ... SET %s = now() WHERE id = $1 AND %s < now() - <window>, and act only when it changed a row; or hold a lock on the key across the read and the write; or %s)",
		what, steps, verb, column, column, runtime)
}
