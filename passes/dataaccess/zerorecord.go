package dataaccess

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// returnsZeroWhenAbsent reports whether the read fn returns a record by
// value whose zero value is its "not found" (see Summary.ZeroWhenAbsent):
// fn has no error result, so the read's error goes nowhere; or one of its
// returns gives the zero record with nil errors; or it returns the record
// of a read among checks that already does so (a wrapper of a wrapper).
func returnsZeroWhenAbsent(fn *ssa.Function, checks []*Op) bool {
	res := fn.Signature.Results()
	if res.Len() > 1 && isRecordPointer(res.At(0).Type()) {
		return pointerKeptOnNotFound(fn, checks)
	}
	if res.Len() == 0 || !isRecordValue(res.At(0).Type()) {
		return false
	}
	hasErr := false
	for i := 1; i < res.Len(); i++ {
		hasErr = hasErr || ssautil.IsError(res.At(i).Type())
	}
	if !hasErr {
		return true
	}
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		if zeroWithNilErrors(ret) || zeroOnNilError(ret) || filledAfterNotFound(fn, ret, checks) || filledPresenceDropped(fn, ret, checks) || filledNotFoundForgiven(fn, ret, checks) {
			return true
		}
		for _, op := range checks {
			call, ok := op.Instr.(*ssa.Call)
			if ok && call.Parent() == fn && op.Summary != nil && op.Summary.ZeroWhenAbsent && resultOf(ret.Results[0], call, map[ssa.Value]bool{}) {
				return true
			}
		}
	}
	return false
}

// filledAfterNotFound reports whether ret returns, with nil errors, the
// record a read of fn filled, in a function that tests the read's error
// for not-found: that path falls through with the record still zero (if
// err != nil && !errors.Is(err, gorm.ErrRecordNotFound) { return User{},
// err }; return u, nil).
func filledAfterNotFound(fn *ssa.Function, ret *ssa.Return, checks []*Op) bool {
	load, ok := ret.Results[0].(*ssa.UnOp)
	if !ok || !nilErrors(ret) {
		return false
	}
	filled := false
	for _, op := range checks {
		if c := op.Call(); c != nil && op.Instr.Parent() == fn {
			for _, a := range c.Args {
				filled = filled || Unwrap(a) == load.X
			}
		}
	}
	return filled && testsNotFound(fn)
}

// pointerKeptOnNotFound reports whether fn, returning a pointer to a
// record, tests its read's error for not-found and returns, with nil
// errors, the record it handed the read: a missing row comes back as
// that record unfilled, its key zero, not as nil (p := &Perms{UserID: u};
// err := db.Where(p).First(p).Error; if errors.Is(err,
// gorm.ErrRecordNotFound) { return p, nil }).
func pointerKeptOnNotFound(fn *ssa.Function, checks []*Op) bool {
	notFound := notFoundArms(fn)
	for _, ret := range ssautil.Returns(fn) {
		if len(ret.Results) < 2 || !nilErrors(ret) || !slices.ContainsFunc(notFound, func(arm *ssa.BasicBlock) bool { return arm.Dominates(ret.Block()) }) {
			continue // the found record's return, not the missing one's
		}
		for _, op := range checks {
			if call, ok := op.Instr.(*ssa.Call); ok && call.Parent() == fn && op.Summary == nil && fills(call, ret.Results[0]) {
				return true
			}
		}
	}
	return false
}

// notFoundArms returns the blocks fn enters when a test of an error for
// a not-found sentinel says the row was not found.
func notFoundArms(fn *ssa.Function) []*ssa.BasicBlock {
	var arms []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		whenTrue, ok := notFoundTest(ifi.Cond)
		if !ok {
			continue
		}
		if whenTrue {
			arms = append(arms, b.Succs[0])
		} else {
			arms = append(arms, b.Succs[1])
		}
	}
	return arms
}

// filledPresenceDropped reports whether ret returns the record a presence
// probe of fn filled (xorm's Get(&g), which says "not found" with false
// and a nil error) while the probe's found flag goes unread, and no error
// but the probe's own or nil: `_, err := e.Get(&g); return g, err` hands
// back the zero record for a missing row.
func filledPresenceDropped(fn *ssa.Function, ret *ssa.Return, checks []*Op) bool {
	load, ok := ret.Results[0].(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	for _, op := range checks {
		call, ok := op.Instr.(*ssa.Call)
		if !ok || op.Kind != apis.Exists || op.Summary != nil || call.Parent() != fn || !fills(call, load.X) || flagRead(call) {
			continue
		}
		if errorsFrom(ret, call) {
			return true
		}
	}
	return false
}

// filledNotFoundForgiven reports whether ret returns the record whose
// fields a read of fn scanned into, with its error handed through a
// helper of the package that turns not-found into nil (`Scan(&m.ID,
// &m.Name); return m, ignoreNoRows(err)`): a missing row comes back as
// the zero record and no error.
func filledNotFoundForgiven(fn *ssa.Function, ret *ssa.Return, checks []*Op) bool {
	load, ok := ret.Results[0].(*ssa.UnOp)
	if !ok || load.Op != token.MUL || len(ret.Results) != 2 {
		return false
	}
	forgiving, ok := ret.Results[1].(*ssa.Call)
	if !ok || !forgivesNotFound(forgiving.Call.StaticCallee()) {
		return false
	}
	read := slices.ContainsFunc(checks, func(op *Op) bool { return op.Instr.Parent() == fn && op.Summary == nil })
	return read && scannedInto(fn, load.X)
}

// forgivesNotFound reports whether helper is a function of one error
// that tests it for a not-found sentinel and returns nil on some path:
// ignoreNoRows, notFoundToNil.
func forgivesNotFound(helper *ssa.Function) bool {
	if helper == nil || len(helper.Params) != 1 || !ssautil.IsError(helper.Params[0].Type()) || !testsNotFound(helper) {
		return false
	}
	for _, b := range helper.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 && isNilConst(ret.Results[0]) {
			return true
		}
	}
	return false
}

// scannedInto reports whether a call of fn is handed the record at addr
// or the address of one of its fields (Scan(&m.ID, &m.Name)).
func scannedInto(fn *ssa.Function, addr ssa.Value) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			for _, a := range call.Call.Args {
				for _, v := range append([]ssa.Value{a}, variadicElems(a)...) {
					v = Unwrap(v)
					if fa, ok := v.(*ssa.FieldAddr); ok {
						v = fa.X
					}
					if v == addr {
						return true
					}
				}
			}
		}
	}
	return false
}

// fills reports whether call is handed the address addr (Get(&g)), also
// as an element of a variadic argument (xorm's Get(beans ...any)).
func fills(call *ssa.Call, addr ssa.Value) bool {
	for _, a := range call.Call.Args {
		if Unwrap(a) == addr || slices.ContainsFunc(variadicElems(a), func(e ssa.Value) bool { return Unwrap(e) == addr }) {
			return true
		}
	}
	return false
}

// flagRead reports whether the bool that call returns first (found) is
// used.
func flagRead(call *ssa.Call) bool {
	tuple, ok := call.Type().(*types.Tuple)
	if !ok || tuple.Len() != 2 || !ssautil.IsBool(tuple.At(0).Type()) {
		return true // not a (found, error) probe: nothing to say
	}
	for _, ref := range *call.Referrers() {
		if e, ok := ref.(*ssa.Extract); ok && e.Index == 0 && len(*e.Referrers()) > 0 {
			return true
		}
	}
	return false
}

// errorsFrom reports whether every error ret returns is nil or the error
// call returned.
func errorsFrom(ret *ssa.Return, call *ssa.Call) bool {
	for _, r := range ret.Results[1:] {
		if !ssautil.IsError(r.Type()) || isNilConst(r) {
			continue
		}
		if e, ok := r.(*ssa.Extract); !ok || e.Tuple != call {
			return false
		}
	}
	return true
}

// testsNotFound reports whether fn compares an error with a not-found
// sentinel (errors.Is(err, sql.ErrNoRows), err == gorm.ErrRecordNotFound).
func testsNotFound(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if v, ok := instr.(ssa.Value); ok {
				if _, ok := notFoundTest(v); ok {
					return true
				}
			}
		}
	}
	return false
}

// notFoundTest reports whether v tests an error for a not-found sentinel
// (errors.Is(err, sql.ErrNoRows), err == gorm.ErrRecordNotFound, or !=),
// and whether v is true when the row was not found.
func notFoundTest(v ssa.Value) (trueWhenNotFound, ok bool) {
	switch v := v.(type) {
	case *ssa.Call:
		_, target, isErrorsIs := ErrorsIs(&v.Call)
		return true, isErrorsIs && IsNotFoundSentinel(target)
	case *ssa.BinOp:
		return v.Op != token.NEQ, IsNotFoundSentinel(v.X) || IsNotFoundSentinel(v.Y)
	}
	return false, false
}

// forgivesAbsence reports whether fn answers nil where its read found no
// row: a test of the error for a not-found sentinel whose "not found" arm
// returns nil (navidrome's validateUsernameUnique: ErrNotFound is fine,
// another user holding the name is a validation error). Such a verdict
// helper says by its error that the row is there.
func forgivesAbsence(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		whenNotFound, ok := notFoundTest(ifi.Cond)
		if !ok {
			continue
		}
		notFound := b.Succs[0]
		if !whenNotFound {
			notFound = b.Succs[1]
		}
		if ret, ok := notFound.Instrs[len(notFound.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 && isNilConst(ret.Results[0]) {
			return true
		}
	}
	return false
}

// isRecordValue reports whether t is a named struct (not a pointer to
// one): a record whose zero value is what a missing row leaves.
func isRecordValue(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	_, isStruct := n.Underlying().(*types.Struct)
	return isStruct
}

// zeroWithNilErrors reports whether ret returns the zero record and nil
// for every error.
func zeroWithNilErrors(ret *ssa.Return) bool {
	k, ok := ret.Results[0].(*ssa.Const)
	return ok && k.Value == nil && nilErrors(ret)
}

// zeroOnNilError reports whether ret returns the zero record with errors
// that are nil on a path into it: `if err != nil || !has { return T{},
// err }` hands back xorm Get's nil error when no row was there.
func zeroOnNilError(ret *ssa.Return) bool {
	k, ok := ret.Results[0].(*ssa.Const)
	if !ok || k.Value != nil {
		return false
	}
	for _, r := range ret.Results[1:] {
		if ssautil.IsError(r.Type()) && !isNilConst(r) && !nilArmReaches(r, ret) {
			return false
		}
	}
	return true
}

// nilArmReaches reports whether a test of err against nil leads, on the
// arm where err is nil, to ret.
func nilArmReaches(err ssa.Value, ret *ssa.Return) bool {
	for _, ref := range *err.Referrers() {
		cmp, ok := ref.(*ssa.BinOp)
		if !ok || cmp.Op != token.NEQ && cmp.Op != token.EQL || !(cmp.X == err && isNilConst(cmp.Y) || cmp.Y == err && isNilConst(cmp.X)) {
			continue
		}
		for _, use := range *cmp.Referrers() {
			test, ok := use.(*ssa.If)
			if !ok {
				continue
			}
			nilArm := test.Block().Succs[1] // err != nil is false
			if cmp.Op == token.EQL {
				nilArm = test.Block().Succs[0]
			}
			if ssautil.BlockReaches(nilArm, ret) {
				return true
			}
		}
	}
	return false
}

// nilErrors reports whether every error ret returns is nil.
func nilErrors(ret *ssa.Return) bool {
	for _, r := range ret.Results[1:] {
		if !ssautil.IsError(r.Type()) {
			continue
		}
		if k, ok := r.(*ssa.Const); !ok || k.Value != nil {
			return false
		}
	}
	return true
}

// resultOf reports whether v is the first result of call: extracted,
// stored into a local and loaded back, or merged from such values.
func resultOf(v ssa.Value, call *ssa.Call, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return false
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Call:
		return v == call
	case *ssa.Extract:
		return v.Tuple == call && v.Index == 0
	case *ssa.Phi:
		for _, e := range v.Edges {
			if resultOf(e, call, seen) {
				return true
			}
		}
	case *ssa.UnOp:
		alloc, ok := v.X.(*ssa.Alloc)
		if !ok {
			return false
		}
		for _, ref := range *alloc.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == alloc && resultOf(st.Val, call, seen) {
				return true
			}
		}
	}
	return false
}
