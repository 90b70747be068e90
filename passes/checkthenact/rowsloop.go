package checkthenact

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
)

// A read can yield its answer through a loop over its rows instead of a
// scalar: `for rows.Next() { n++ }` counts the rows found, `for
// rows.Next() { found = true }` flags one, `ids = append(ids, id)` lists
// them, and `rows.Scan(&n)` inside the loop reads a count(*); a Next that
// drives no loop (`if rows.Next()`) is itself the flag. After the
// loop these values are the check's outcome exactly as a count or a
// found flag from QueryRow would be: n == 0 or !found is "absent", and n
// compared with a limit is the limit's test (database/sql and pgx Rows,
// sqlx Rows, gorm's Rows()).

// rowsLoop holds what one `for rows.Next()` loop makes of the rows.
type rowsLoop struct {
	counts []ssa.Value // the number of rows seen, or a count scanned in the loop
	flags  []ssa.Value // true once a row was seen
	lists  []ssa.Value // the rows (or their ids) appended to a slice
}

// rowsLoopOf reads the loop that next (a rows.Next() call) drives: the
// values the loop header carries from one row to the next, judged by
// what the body does to them, and the out-parameters of rows.Scan in it.
func rowsLoopOf(next *ssa.Call) rowsLoop {
	var loop rowsLoop
	header := next.Block()
	body := loopBody(next)
	if body == nil || !loopsBack(header, body) {
		// No loop: `if rows.Next()` or `found := rows.Next()` asks
		// whether one row came back.
		loop.flags = append(loop.flags, next)
		return loop
	}
	for _, instr := range header.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			continue
		}
		var entry, back []ssa.Value
		for i, e := range phi.Edges {
			if body.Dominates(header.Preds[i]) {
				back = append(back, e)
			} else {
				entry = append(entry, e)
			}
		}
		if len(entry) != 1 || len(back) == 0 || !isZeroValue(entry[0]) {
			continue
		}
		switch {
		case allCarry(phi, back, incremented):
			loop.counts = append(loop.counts, phi)
		case allCarry(phi, back, isTrue):
			loop.flags = append(loop.flags, phi)
		case allCarry(phi, back, appended):
			loop.lists = append(loop.lists, phi)
		}
	}
	// rows.Scan(&n) in the body: the count a count(*) row carries.
	var rows ssa.Value
	if next.Call.IsInvoke() {
		rows = next.Call.Value
	} else if len(next.Call.Args) > 0 {
		rows = next.Call.Args[0]
	}
	if rows == nil {
		return loop
	}
	for _, ref := range *rows.Referrers() {
		scan, ok := ref.(*ssa.Call)
		if !ok || !body.Dominates(scan.Block()) || calleeName(&scan.Call) != "Scan" {
			continue
		}
		for _, out := range outParams(scan.Call.Args) {
			if p, ok := out.Type().Underlying().(*types.Pointer); ok && isNumber(p.Elem()) {
				loop.counts = append(loop.counts, loadsAfterLoop(out, header)...)
			}
		}
	}
	return loop
}

// loopBody returns the block the loop enters when next reports a row.
func loopBody(next *ssa.Call) *ssa.BasicBlock {
	for _, ref := range *next.Referrers() {
		if ifi, ok := ref.(*ssa.If); ok && ifi.Cond == next {
			return ifi.Block().Succs[0]
		}
	}
	return nil
}

// loopsBack reports whether body returns to header: a loop, not an if.
func loopsBack(header, body *ssa.BasicBlock) bool {
	for _, p := range header.Preds {
		if body.Dominates(p) {
			return true
		}
	}
	return false
}

// allCarry reports whether every value the body hands back to the header
// is the phi itself (a row that changed nothing) or passes is: n+1, true,
// append(ids, id), also through the body's own merges.
func allCarry(phi *ssa.Phi, back []ssa.Value, is func(phi *ssa.Phi, v ssa.Value) bool) bool {
	changed := false
	var carry func(v ssa.Value, depth int) bool
	carry = func(v ssa.Value, depth int) bool {
		if v == phi {
			return true
		}
		if inner, ok := v.(*ssa.Phi); ok && inner != phi && depth < 4 {
			for _, e := range inner.Edges {
				if !carry(e, depth+1) {
					return false
				}
			}
			return true
		}
		if is(phi, v) {
			changed = true
			return true
		}
		return false
	}
	for _, v := range back {
		if !carry(v, 0) {
			return false
		}
	}
	return changed
}

// incremented reports whether v is phi + 1.
func incremented(phi *ssa.Phi, v ssa.Value) bool {
	add, ok := v.(*ssa.BinOp)
	if !ok || add.Op != token.ADD || add.X != phi {
		return false
	}
	k, ok := add.Y.(*ssa.Const)
	return ok && k.Value != nil && constant.Compare(k.Value, token.EQL, constant.MakeInt64(1))
}

// isTrue reports whether v is the constant true.
func isTrue(_ *ssa.Phi, v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.Value != nil && k.Value.Kind() == constant.Bool && constant.BoolVal(k.Value)
}

// appended reports whether v is append(phi, ...).
func appended(phi *ssa.Phi, v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	b, ok := call.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "append" && len(call.Call.Args) > 0 && call.Call.Args[0] == phi
}

// isZeroValue reports whether v is 0, false or a nil slice: where a count,
// a flag or a list starts before the first row.
func isZeroValue(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	if ok && k.Value != nil && k.Value.Kind() == constant.Bool {
		return !constant.BoolVal(k.Value)
	}
	return ok && isZeroConst(k)
}

// loadsAfterLoop returns the loads of a variable that run once the loop
// is over: blocks the header dominates that lie outside the loop's body.
func loadsAfterLoop(addr ssa.Value, header *ssa.BasicBlock) []ssa.Value {
	var out []ssa.Value
	for _, l := range ssautil.LoadsOf(addr) {
		if b := l.(ssa.Instruction).Block(); header.Dominates(b) && !inLoop(header, b) {
			out = append(out, l)
		}
	}
	return out
}

// inLoop reports whether b is inside the loop whose header is header: b
// reaches header again without leaving through it.
func inLoop(header, b *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	var walk func(x *ssa.BasicBlock) bool
	walk = func(x *ssa.BasicBlock) bool {
		if x == header {
			return true
		}
		if seen[x] {
			return false
		}
		seen[x] = true
		for _, s := range x.Succs {
			if walk(s) {
				return true
			}
		}
		return false
	}
	return walk(b)
}

// rowsLoops returns the loops over the rows a read's call yields: its
// result's (or first result's) Next calls, also through one accessor
// (gorm's Raw(q).Rows()).
func rowsLoops(call *ssa.Call) []rowsLoop {
	var loops []rowsLoop
	var visit func(v ssa.Value, depth int)
	visit = func(v ssa.Value, depth int) {
		for _, ref := range *v.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Extract:
				if ref.Index == 0 && depth < 2 {
					visit(ref, depth+1)
				}
			case *ssa.Call:
				recv := ref.Call.Value
				if !ref.Call.IsInvoke() {
					if len(ref.Call.Args) == 0 || ref.Call.Signature().Recv() == nil {
						continue
					}
					recv = ref.Call.Args[0]
				}
				if recv != v {
					continue
				}
				switch name := calleeName(&ref.Call); {
				case name == "Next":
					loops = append(loops, rowsLoopOf(ref))
				case name == "Rows" && depth < 2:
					visit(ref, depth+1)
				}
			}
		}
	}
	visit(call, 0)
	return loops
}

// calleeName names the method or function a call runs.
func calleeName(c *ssa.CallCommon) string {
	if c.IsInvoke() {
		return c.Method.Name()
	}
	if f := c.StaticCallee(); f != nil {
		return f.Name()
	}
	return ""
}

// fromRowsLoops follows the outcome a read yields through loops over its
// rows: a row count, a found flag, a list of what was found.
func (o *outcomes) fromRowsLoops(call *ssa.Call) {
	for _, loop := range rowsLoops(call) {
		for _, n := range loop.counts {
			o.fromMeaning(n, countOf, 1)
		}
		for _, f := range loop.flags {
			o.fromMeaning(f, foundFlag, 1)
		}
		for _, l := range loop.lists {
			o.fromMeaning(l, found, 1)
		}
	}
}

// rowsLoopCounts returns the counts loops over a call's rows yield.
func rowsLoopCounts(call ssa.Instruction) []ssa.Value {
	at, ok := call.(*ssa.Call)
	if !ok {
		return nil
	}
	var counts []ssa.Value
	for _, loop := range rowsLoops(at) {
		counts = append(counts, loop.counts...)
	}
	return counts
}
