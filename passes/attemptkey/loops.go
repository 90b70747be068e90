package attemptkey

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// A loop is a natural loop of a function's control-flow graph: a header
// and the blocks that can reach a back edge to it without passing it.
type loop struct {
	fn     *ssa.Function
	header *ssa.BasicBlock
	body   map[*ssa.BasicBlock]bool // includes the header
	stmt   ast.Stmt                 // the for or range statement, when found
	retry  *bool                    // isRetry, once known
	// deliveries is set for a range over a channel of broker messages:
	// each iteration handles one delivery, and a redelivery is another.
	deliveries bool
}

// loopsOf returns the natural loops of fn, outer loops first.
func loopsOf(fn *ssa.Function) []*loop {
	var loops []*loop
	byHeader := map[*ssa.BasicBlock]*loop{}
	for _, b := range fn.Blocks {
		for _, h := range b.Succs {
			if !h.Dominates(b) {
				continue
			}
			l := byHeader[h]
			if l == nil {
				l = &loop{fn: fn, header: h, body: map[*ssa.BasicBlock]bool{h: true}}
				byHeader[h] = l
				loops = append(loops, l)
			}
			stack := []*ssa.BasicBlock{b}
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if l.body[x] {
					continue
				}
				l.body[x] = true
				stack = append(stack, x.Preds...)
			}
		}
	}
	for _, l := range loops {
		l.stmt = l.statement()
	}
	return loops
}

// statement finds the innermost for or range statement of the function's
// syntax that encloses every positioned instruction of the loop.
// firstPos returns the earliest source position in the loop's body.
func (l *loop) firstPos() token.Pos {
	first := token.NoPos
	for b := range l.body {
		for _, instr := range b.Instrs {
			if p := instr.Pos(); p.IsValid() && (!first.IsValid() || p < first) {
				first = p
			}
		}
	}
	return first
}

func (l *loop) statement() ast.Stmt {
	lo, hi := token.NoPos, token.NoPos
	for b := range l.body {
		for _, instr := range b.Instrs {
			// A phi carries the position of its variable's declaration,
			// which may lie before the loop (var lastErr error).
			if _, isPhi := instr.(*ssa.Phi); isPhi {
				continue
			}
			p := instr.Pos()
			if !p.IsValid() {
				continue
			}
			if !lo.IsValid() || p < lo {
				lo = p
			}
			if p > hi {
				hi = p
			}
		}
	}
	syntax := l.fn.Syntax()
	if !lo.IsValid() || syntax == nil {
		return nil
	}
	var best ast.Stmt
	ast.Inspect(syntax, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok && n != syntax {
			return false
		}
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if n.Pos() <= lo && hi < n.End() {
				best = n.(ast.Stmt)
			}
		}
		return true
	})
	return best
}

// contains reports whether instr runs in the loop (once per iteration).
func (l *loop) contains(instr ssa.Instruction) bool {
	return instr.Parent() == l.fn && l.body[instr.Block()]
}

// isRetry reports whether the loop runs the same operation again after it
// fails: a test of the outcome (an error, a retryable-error predicate, an
// HTTP status) whose failure side goes around the loop and whose success
// side leaves it. A loop over distinct items — a range over a collection,
// an index into a slice, a receive of the next message — is a batch, even
// when it skips failed items.
func (l *loop) isRetry(info *types.Info) bool {
	if l.retry == nil {
		r := l.retryShape(info)
		l.retry = &r
	}
	return *l.retry
}

func (l *loop) retryShape(info *types.Info) bool {
	if rng, ok := l.stmt.(*ast.RangeStmt); ok && rangesOverDeliveries(rng, info) {
		l.deliveries = true
		return true
	}
	if rng, ok := l.stmt.(*ast.RangeStmt); ok && !rangesOverAttempts(rng, info) {
		return false
	}
	if l.takesItems() {
		return false
	}
	for b := range l.body {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		failWhenTrue, ok := l.failureTest(ifi.Cond)
		if !ok {
			continue
		}
		fail, success := b.Succs[0], b.Succs[1]
		if !failWhenTrue {
			fail, success = success, fail
		}
		call := testedCall(ifi.Cond)
		if l.goesAround(fail) && l.leaves(success) && !l.polls(success, call) && !l.movesOn(b, fail, call) {
			return true
		}
	}
	return false
}

// movesOn reports whether the failure side, on its way back to the
// header, moves the loop to its next position: a loop variable that the
// failed call takes (a page number, an offset, a cursor) gets a new value
// on that back edge. The loop then walks pages or items, skipping the one
// that failed; it does not run the same operation again. An attempt
// counter passed to the call (send(ctx, req, attempt)) is no position.
func (l *loop) movesOn(test, fail *ssa.BasicBlock, call *ssa.Call) bool {
	if call == nil {
		return false
	}
	var backs []*ssa.BasicBlock // the back edges the failure side takes
	if fail == l.header {
		backs = append(backs, test)
	}
	l.search(fail, func(from, to *ssa.BasicBlock) bool {
		if to == l.header {
			backs = append(backs, from)
		}
		return false
	})
	for _, instr := range l.header.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break // phis come first in a block
		}
		if countsAttempts(phi.Comment) || !takesValueOf(call, phi) {
			continue
		}
		for i, pred := range l.header.Preds {
			if slices.Contains(backs, pred) && phi.Edges[i] != phi {
				return true
			}
		}
	}
	return false
}

// polls reports whether the loop is a poller or a worker rather than a
// retry: it goes round after a success too, and the call it tests takes
// nothing the loop carries from one round to the next (for { tick();
// <-ticker.C }), so every round is new work. A retry stops once the
// operation succeeds, or goes on to the next page it names.
func (l *loop) polls(success *ssa.BasicBlock, call *ssa.Call) bool {
	if call == nil || !l.goesAround(success) {
		return false
	}
	for _, instr := range l.header.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		if takesValueOf(call, phi) {
			return false
		}
	}
	return true
}

// countsAttempts reports whether a loop variable's name says it counts
// attempts rather than positions.
func countsAttempts(name string) bool {
	name = strings.ToLower(name)
	for _, w := range []string{"attempt", "retr", "try", "tries"} {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// takesValueOf reports whether an argument of call is computed from v.
func takesValueOf(call *ssa.Call, v ssa.Value) bool {
	derived := ssautil.DerivedFrom(v, false)
	for _, a := range call.Call.Args {
		if derived[a] {
			return true
		}
	}
	return false
}

// testedCall returns the call whose outcome an if condition tests (err !=
// nil on its error, a predicate of its error, a comparison of its result),
// or nil.
func testedCall(cond ssa.Value) *ssa.Call {
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			return testedCall(c.X)
		}
	case *ssa.BinOp:
		if call := resultOf(c.X); call != nil {
			return call
		}
		return resultOf(c.Y)
	case *ssa.Call:
		if len(c.Call.Args) > 0 {
			return resultOf(c.Call.Args[0])
		}
	}
	return nil
}

// resultOf returns the call v is a result of, or nil.
func resultOf(v ssa.Value) *ssa.Call {
	if ext, ok := v.(*ssa.Extract); ok {
		v = ext.Tuple
	}
	call, _ := v.(*ssa.Call)
	return call
}

// rangesOverAttempts reports whether a range statement counts attempts
// (for attempt := range maxAttempts) or walks a backoff schedule (for _, d
// := range []time.Duration{...}) rather than a collection of items.
func rangesOverAttempts(rng *ast.RangeStmt, info *types.Info) bool {
	t := info.TypeOf(rng.X)
	if t == nil {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsInteger != 0
	case *types.Slice:
		return isDuration(u.Elem())
	case *types.Array:
		return isDuration(u.Elem())
	}
	return false
}

// rangesOverDeliveries reports whether a range statement receives broker
// messages from a channel (for d := range deliveries).
func rangesOverDeliveries(rng *ast.RangeStmt, info *types.Info) bool {
	t := info.TypeOf(rng.X)
	if t == nil {
		return false
	}
	ch, ok := t.Underlying().(*types.Chan)
	return ok && ssautil.MessageOf(ch.Elem()) != nil
}

func isDuration(t types.Type) bool {
	n := ssautil.NamedOf(t)
	return n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Duration"
}

// takesItems reports whether each iteration takes a new item: receives
// from a channel of values, takes a map's next entry, advances an iterator
// or a consumer, or indexes a collection with the loop counter. It holds
// also where the range statement itself was not found.
func (l *loop) takesItems() bool {
	for b := range l.body {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.UnOp:
				if instr.Op == token.ARROW && carriesItems(instr.X.Type()) {
					return true
				}
			case *ssa.Select:
				for _, st := range instr.States {
					if st.Dir == types.RecvOnly && carriesItems(st.Chan.Type()) {
						return true
					}
				}
			case *ssa.Next:
				// The next entry of a map (or rune of a string) ranged
				// over. An inner range over a collection made ready on
				// this iteration (for k, v := range req.Metadata {
				// params.AddMetadata(k, v) }) starts afresh every time and
				// walks all of it: it takes nothing from this loop.
				if !l.defines(instr.Iter) {
					return true
				}
			case *ssa.Call:
				if advancesIterator(&instr.Call) {
					return true
				}
			case *ssa.IndexAddr:
				if l.isCounter(instr.Index) && !isDuration(instr.Type().(*types.Pointer).Elem()) {
					return true
				}
			case *ssa.Index:
				if l.isCounter(instr.Index) && !isDuration(instr.Type()) {
					return true
				}
			}
		}
	}
	return false
}

// carriesItems reports whether a channel delivers values, rather than
// signals or timer ticks (chan struct{}, <-chan time.Time).
func carriesItems(t types.Type) bool {
	ch, ok := t.Underlying().(*types.Chan)
	if !ok {
		return false
	}
	elem := ch.Elem()
	if s, ok := elem.Underlying().(*types.Struct); ok && s.NumFields() == 0 {
		return false
	}
	n := ssautil.NamedOf(elem)
	return n == nil || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "time"
}

// advancesIterator reports whether a call fetches the next item from a
// cursor or a consumer (rows.Next, reader.FetchMessage, sub.NextMsg). A
// backoff's Next returns a duration and does not count.
func advancesIterator(c *ssa.CallCommon) bool {
	f := calleeFunc(c)
	if f == nil || recvNamed(f) == nil && !c.IsInvoke() {
		return false
	}
	switch f.Name() {
	case "Next", "NextMsg", "Fetch", "FetchMessage", "FetchNoWait", "ReadMessage", "Receive",
		"ReceiveMessage", "Recv", "Poll", "Dequeue", "Pop", "Consume":
	default:
		return false
	}
	res := f.Type().(*types.Signature).Results()
	for i := 0; i < res.Len(); i++ {
		if isDuration(res.At(i).Type()) {
			return false
		}
	}
	return true
}

// isCounter reports whether v is an induction variable of the loop.
func (l *loop) isCounter(v ssa.Value) bool {
	phi, ok := v.(*ssa.Phi)
	return ok && phi.Block() == l.header
}

// failureTest classifies an if condition as a test of the outcome of an
// operation run in the loop, and tells which side is the failure.
func (l *loop) failureTest(cond ssa.Value) (failWhenTrue, ok bool) {
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			f, ok := l.failureTest(c.X)
			return !f, ok
		}
	case *ssa.BinOp:
		if c.Op != token.EQL && c.Op != token.NEQ {
			return l.statusTest(c)
		}
		x, y := c.X, c.Y
		if ssautil.IsNilConst(x) {
			x, y = y, x
		}
		if ssautil.IsNilConst(y) && isErrorLike(x.Type()) && l.defines(x) {
			return c.Op == token.NEQ, true
		}
		return l.statusTest(c)
	case *ssa.Call:
		f := calleeFunc(&c.Call)
		if f == nil || len(c.Call.Args) == 0 {
			return false, false
		}
		errArg := c.Call.Args[0]
		if !isErrorLike(errArg.Type()) || !l.defines(errArg) {
			return false, false
		}
		if f.Pkg() != nil && f.Pkg().Path() == "errors" && (f.Name() == "Is" || f.Name() == "As") {
			// Retrying on "duplicate" regenerates a value that collided:
			// a fresh value per attempt is the point there.
			return true, len(c.Call.Args) < 2 || !namesCollision(c.Call.Args[1])
		}
		name := strings.ToLower(f.Name())
		for _, w := range []string{"retr", "temporary", "timeout", "transient", "conflict", "unavailable", "throttl"} {
			if strings.Contains(name, w) {
				return true, true
			}
		}
	}
	return false, false
}

// namesCollision reports whether an error target is a package-level
// error named for a uniqueness collision (see apis.IsCollisionName).
func namesCollision(target ssa.Value) bool {
	for {
		switch t := target.(type) {
		case *ssa.MakeInterface:
			target = t.X
			continue
		case *ssa.UnOp:
			target = t.X
			continue
		case *ssa.Global:
			return apis.IsCollisionName(t.Name())
		}
		return false
	}
}

// statusTest classifies a comparison of an HTTP status code with a
// constant: resp.StatusCode >= 500 is a failure when true, == 200 a
// success when true.
func (l *loop) statusTest(c *ssa.BinOp) (failWhenTrue, ok bool) {
	op, x, y := c.Op, c.X, c.Y
	if _, isConst := x.(*ssa.Const); isConst {
		x, y = y, x
		switch op {
		case token.LSS:
			op = token.GTR
		case token.LEQ:
			op = token.GEQ
		case token.GTR:
			op = token.LSS
		case token.GEQ:
			op = token.LEQ
		}
	}
	k, isConst := y.(*ssa.Const)
	if !isConst || k.Value == nil || k.Value.Kind() != constant.Int || !isStatusCode(x) || !l.defines(x) {
		return false, false
	}
	code, _ := constant.Int64Val(k.Value)
	ok2xx := code >= 200 && code < 300
	switch op {
	case token.EQL:
		return !ok2xx, true
	case token.NEQ:
		return ok2xx, true
	case token.GEQ, token.GTR:
		return true, true
	case token.LSS, token.LEQ:
		return false, true
	}
	return false, false
}

// isStatusCode reports whether v reads a field named StatusCode.
func isStatusCode(v ssa.Value) bool {
	var sel ssa.Instruction
	switch v := v.(type) {
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			sel = fa
		}
	case *ssa.Field:
		sel = v
	}
	if sel == nil {
		return false
	}
	_, f := selected(sel)
	return f != nil && f.Name() == "StatusCode"
}

// defines reports whether v is computed inside the loop, so that a test of
// it tests this iteration's outcome.
func (l *loop) defines(v ssa.Value) bool {
	instr, ok := v.(ssa.Instruction)
	return ok && l.contains(instr)
}

// goesAround reports whether control from b can come back to the header
// without leaving the loop.
func (l *loop) goesAround(b *ssa.BasicBlock) bool {
	if b == l.header {
		return true
	}
	return l.search(b, func(from, to *ssa.BasicBlock) bool { return to == l.header })
}

// leaves reports whether control from b can leave the loop (a break or a
// return) before coming back to the header. Panics do not count.
func (l *loop) leaves(b *ssa.BasicBlock) bool {
	if !l.body[b] {
		return !panics(b)
	}
	return l.search(b, func(from, to *ssa.BasicBlock) bool { return !l.body[to] && !panics(to) })
}

// search walks the loop's blocks from b, not through the header, and
// reports whether some edge satisfies found.
func (l *loop) search(b *ssa.BasicBlock, found func(from, to *ssa.BasicBlock) bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{b}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		for _, s := range x.Succs {
			if found(x, s) {
				return true
			}
			if l.body[s] && s != l.header {
				stack = append(stack, s)
			}
		}
	}
	return false
}

func panics(b *ssa.BasicBlock) bool {
	if len(b.Instrs) == 0 {
		return false
	}
	_, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Panic)
	return ok
}
