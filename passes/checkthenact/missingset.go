package checkthenact

import (
	"fmt"
	"go/token"
	"go/types"
	"maps"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A batch of names is often checked in one read and the ones it lacks
// created:
//
//	found, _ := q.FindPermissionsBySlugs(ctx, db, slugs) // WHERE slug IN (...)
//	missing := map[string]bool{}
//	for _, s := range slugs { missing[s] = true }
//	for _, p := range found { delete(missing, p.Slug) }
//	for s := range missing { toInsert = append(toInsert, newPermission(s)) }
//	q.InsertPermissions(ctx, db, toInsert)
//
// Two requests naming one new slug both find it missing and both insert
// it: a duplicate row, or a unique violation answered with a 500. The
// found names may instead be kept in a set that each requested name is
// looked up in (if !have[s] { insert }), or fill in placeholders every
// requested name was entered with (ids[s] = nil; ids[p.Slug] = &p.ID;
// insert where the id is still nil); and the batch inserted may be
// mapped from the missing names one row each, inside the transaction.
// The single-row check is the main check's; this is its set difference.

// missingSetRace is one such race: the list read, the instruction that
// records a found element (the delete from the missing set, or the store
// into the found set), and the insert of what is left.
type missingSetRace struct {
	read   *dataaccess.Op
	mark   ssa.Instruction
	insert *dataaccess.Op
}

// missingArm is the branch that runs for a name the read did not find:
// succ of test.
type missingArm struct {
	test *ssa.If
	succ int
	mark ssa.Instruction
}

// missingSetRaces reports, for every list read whose elements' fields
// mark names found, an insert into the read's table that runs, or is
// gathered, only on the branch for names not found.
func missingSetRaces(pass *analysis.Pass, judge *Judge, usable func(*dataaccess.Op) bool, reported map[*dataaccess.Op]bool) {
	ops := judge.model.Ops
	for _, read := range ops {
		if read.Kind != apis.Read || reported[read] || read.Locks || read.Resource.Table == "" || !usable(read) || judge.NoTwin(read) {
			continue
		}
		if serialisesAbsence(read, ops) || judge.callers.lockedFirst(read, ops) || lockedByHelper(read) || retriedOnDuplicate(read.Fn) {
			continue
		}
		if r, ok := missingSetRaceOf(read, ops, judge.callers); ok {
			reportMissingSet(pass, r)
			reported[read] = true
		}
	}
}

func missingSetRaceOf(read *dataaccess.Op, ops []*dataaccess.Op, callers *callers) (missingSetRace, bool) {
	for _, arm := range missingArms(read) {
		for _, w := range ops {
			if w.Kind != apis.Insert || w.Resource.Table != read.Resource.Table || !insertsMissing(arm, w, read.Fn) || guarded(read, w, ops) {
				continue
			}
			if answered, _ := callers.duplicateAnswered(read, w); answered {
				continue
			}
			return missingSetRace{read: read, mark: arm.mark, insert: w}, true
		}
	}
	return missingSetRace{}, false
}

// retriedOnDuplicate reports whether fn is a closure that a retry helper
// configured with a unique-violation test runs again
// (retry.ShouldRetry(db.IsDuplicateKeyError)): the loser's next attempt
// reads the row the winner committed.
func retriedOnDuplicate(fn *ssa.Function) bool {
	for outer := fn.Parent(); outer != nil; outer = outer.Parent() {
		for _, b := range outer.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				for _, a := range call.Common().Args {
					if f, ok := a.(*ssa.Function); ok && dataaccess.NamesDuplicateTest(f.Name()) {
						return true
					}
				}
			}
		}
	}
	return false
}

// missingArms returns the branches a list read's found elements decide:
// the body of a range over the set the found names were deleted from, and
// the "absent" arm of a lookup in the set they were stored into.
func missingArms(read *dataaccess.Op) []missingArm {
	var arms []missingArm
	for _, list := range listValues(read) {
		for _, ref := range *list.Referrers() {
			ia, ok := ref.(*ssa.IndexAddr)
			if !ok || ia.X != list {
				continue
			}
			for _, rec := range elementRecords(ia) {
				for _, name := range fieldValues(rec, isPlainField) {
					arms = append(arms, armsOfName(name)...)
				}
			}
		}
	}
	return arms
}

// isPlainField reports whether field i of the record type t holds a
// plain value a name can be: a string or a number.
func isPlainField(t types.Type, i int) bool {
	st, ok := ssautil.DerefStruct(t)
	if !ok || i >= st.NumFields() {
		return false
	}
	b, ok := st.Field(i).Type().Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsString|types.IsInteger) != 0
}

// armsOfName returns the branches that run for names other than the
// found one v: delete(missing, v) makes them the body of a range over
// missing; found[v] = x makes them the arm of a lookup in found that
// finds nothing.
func armsOfName(v ssa.Value) []missingArm {
	var arms []missingArm
	for _, ref := range *v.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Call:
			if b, ok := ref.Call.Value.(*ssa.Builtin); ok && b.Name() == "delete" && len(ref.Call.Args) == 2 && ref.Call.Args[1] == v {
				arms = append(arms, rangeBodies(ref.Call.Args[0], ref)...)
				arms = append(arms, lookupArms(ref.Call.Args[0], ref, true)...) // still to insert
			}
		case *ssa.MapUpdate:
			if ref.Key == v {
				arms = append(arms, lookupArms(ref.Map, ref, false)...)
				if isFoundPointer(ref.Value) {
					arms = append(arms, placeholderArms(ref.Map, ref)...)
				}
			}
		}
	}
	return arms
}

// mapValues returns m and, when m is loaded from a variable (a map
// declared outside a transaction's closure), every load of that variable.
func mapValues(m ssa.Value) []ssa.Value {
	if l, ok := m.(*ssa.UnOp); ok && l.Op == token.MUL {
		if loads := ssautil.LoadsOf(l.X); len(loads) > 0 {
			return loads
		}
	}
	return []ssa.Value{m} // a package-level map: go/ssa lists no loads of it
}

// rangeBodies returns the body of each range over the map m.
func rangeBodies(m ssa.Value, mark ssa.Instruction) []missingArm {
	var arms []missingArm
	for _, ref := range referrersOf(mapValues(m)) {
		r, ok := ref.(*ssa.Range)
		if !ok {
			continue
		}
		for _, next := range *r.Referrers() {
			for _, ok := range ssautil.Extracts(next.(ssa.Value), 0) {
				for _, test := range ifsOf(ok) {
					arms = append(arms, missingArm{test: test, succ: 0, mark: mark})
				}
			}
		}
	}
	return arms
}

// lookupArms returns the arm that runs for a name not found when the map
// m is looked up: the arm where the lookup fails in a set of found names,
// or where it succeeds in the set the found names were deleted from
// (stillMissing).
func lookupArms(m ssa.Value, mark ssa.Instruction, stillMissing bool) []missingArm {
	var arms []missingArm
	for _, ref := range referrersOf(mapValues(m)) {
		l, ok := ref.(*ssa.Lookup)
		if !ok {
			continue
		}
		hit := []ssa.Value{l}
		if l.CommaOk {
			hit = ssautil.Extracts(l, 1)
		} else if !ssautil.IsBool(l.Type()) {
			continue
		}
		for _, f := range hit {
			for _, test := range branchesOn(f) {
				succ := 0           // the arm where the lookup hit
				if test.Cond != f { // if !have[s]
					succ = 1
				}
				if !stillMissing {
					succ = 1 - succ
				}
				arms = append(arms, missingArm{test: test, succ: succ, mark: mark})
			}
		}
	}
	return arms
}

// isFoundPointer reports whether v is a pointer other than the nil
// constant: ids[t.Name] = &t.ID fills in a placeholder.
func isFoundPointer(v ssa.Value) bool {
	if _, ok := v.Type().Underlying().(*types.Pointer); !ok {
		return false
	}
	k, ok := v.(*ssa.Const)
	return !ok || !k.IsNil()
}

// placeholderArms returns the arms that run for a name whose entry in m
// is still nil after the found ones were filled in (every requested name
// entered first as ids[n] = nil): in a range over m, or a lookup in it.
func placeholderArms(m ssa.Value, mark ssa.Instruction) []missingArm {
	var arms []missingArm
	for _, ref := range referrersOf(mapValues(m)) {
		switch ref := ref.(type) {
		case *ssa.Range:
			for _, next := range *ref.Referrers() {
				for _, value := range ssautil.Extracts(next.(ssa.Value), 2) {
					arms = append(arms, nilArms(value, mark)...)
				}
			}
		case *ssa.Lookup:
			if !ref.CommaOk {
				arms = append(arms, nilArms(ref, mark)...)
			}
		}
	}
	return arms
}

// nilArms returns the arm of each branch on v == nil (or v != nil) that
// runs when v is nil.
func nilArms(v ssa.Value, mark ssa.Instruction) []missingArm {
	var arms []missingArm
	for _, ref := range *v.Referrers() {
		cmp, ok := ref.(*ssa.BinOp)
		if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
			continue
		}
		other := cmp.Y
		if other == v {
			other = cmp.X
		}
		if k, ok := other.(*ssa.Const); !ok || !k.IsNil() {
			continue
		}
		succ := 0 // v == nil: the true arm
		if cmp.Op == token.NEQ {
			succ = 1
		}
		for _, test := range ifsOf(cmp) {
			arms = append(arms, missingArm{test: test, succ: succ, mark: mark})
		}
	}
	return arms
}

func referrersOf(vs []ssa.Value) []ssa.Instruction {
	var out []ssa.Instruction
	for _, v := range vs {
		if refs := v.Referrers(); refs != nil {
			out = append(out, *refs...)
		}
	}
	return out
}

// insertsMissing reports whether w runs only on the arm, or inserts a
// batch that an append on the arm fills.
func insertsMissing(arm missingArm, w *dataaccess.Op, fn *ssa.Function) bool {
	only := armOnly(arm)
	if loc, ok := locate(w.Instr, fn); ok && only[loc.Block()] {
		return true
	}
	call, ok := w.Instr.(*ssa.Call)
	if !ok {
		return false
	}
	for _, a := range call.Call.Args {
		batch := batchValues(outerValue(a), 4)
		for _, src := range mappedSources(batch) {
			maps.Copy(batch, batchValues(outerValue(src), 4))
		}
		for b := range only {
			for _, instr := range b.Instrs {
				if ap, ok := instr.(*ssa.Call); ok && isAppend(ap) && appendsTo(ap, batch) {
					return true
				}
			}
		}
	}
	return false
}

// armOnly returns the blocks that run after the arm's successor of the
// test and not after the other one, paths that come back through the
// test (a loop's next name) aside.
func armOnly(arm missingArm) map[*ssa.BasicBlock]bool {
	test := arm.test.Block()
	only := blocksFrom(test.Succs[arm.succ], test)
	for b := range blocksFrom(test.Succs[1-arm.succ], test) {
		delete(only, b)
	}
	return only
}

// outerValue returns what v stands for in the function that made the
// closure v is in: a captured variable's binding, for its load too.
func outerValue(v ssa.Value) ssa.Value {
	for range 8 {
		if l, ok := v.(*ssa.UnOp); ok && l.Op == token.MUL {
			if _, isFree := l.X.(*ssa.FreeVar); isFree {
				v = l.X
			}
		}
		fv, ok := v.(*ssa.FreeVar)
		if !ok {
			return v
		}
		inner := fv.Parent()
		mc := closureCreation(inner.Parent(), inner)
		if mc == nil {
			return v
		}
		make, ok := mc.(*ssa.MakeClosure)
		if !ok {
			return v
		}
		for i, f := range inner.FreeVars {
			if f == fv && i < len(make.Bindings) {
				v = make.Bindings[i]
			}
		}
		if v == fv {
			return v
		}
	}
	return v
}

// batchValues returns the values a batch argument may hold: itself, the
// values merged into it, the variable it is loaded from, and the batch it
// is a chunk of.
func batchValues(v ssa.Value, depth int) map[ssa.Value]bool {
	out := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if depth < 0 || out[v] {
			return
		}
		out[v] = true
		switch x := v.(type) {
		case *ssa.Phi:
			for _, e := range x.Edges {
				walk(e, depth-1)
			}
		case *ssa.UnOp:
			if x.Op == token.MUL {
				walk(x.X, depth-1)
			}
		case *ssa.IndexAddr:
			walk(x.X, depth-1) // a chunk of the batch: for _, c := range chunks
		case *ssa.Call:
			// chunk(batch, 100): a helper that splits the batch it is given
			// into slices of it.
			if outer, ok := x.Type().Underlying().(*types.Slice); ok {
				for _, a := range x.Call.Args {
					if types.Identical(a.Type(), outer.Elem()) {
						walk(a, depth-1)
					}
				}
			}
		}
	}
	walk(v, depth)
	return out
}

// mappedSources returns the slices and maps whose elements the appends
// into a batch are built from: in
//
//	for _, n := range toAdd { rows = append(rows, Row{Name: n}) }
//
// rows holds one row per element of toAdd, so what fills toAdd fills
// the batch too.
func mappedSources(batch map[ssa.Value]bool) []ssa.Value {
	var appends []*ssa.Call
	for v := range batch {
		if ap, ok := v.(*ssa.Call); ok && isAppend(ap) {
			appends = append(appends, ap)
			continue
		}
		if alloc, ok := v.(*ssa.Alloc); ok {
			for _, ref := range *alloc.Referrers() {
				if st, ok := ref.(*ssa.Store); ok && st.Addr == alloc {
					if ap, ok := st.Val.(*ssa.Call); ok && isAppend(ap) {
						appends = append(appends, ap)
					}
				}
			}
		}
	}
	var sources []ssa.Value
	for _, ap := range appends {
		for _, elems := range ap.Call.Args[1:] {
			sources = append(sources, elementSources(elems, 10, map[ssa.Value]bool{})...)
		}
	}
	return sources
}

// elementSources returns the collections v is built from an element of:
// the slice indexed, or the map ranged over, looking through composite
// literals, fields, conversions and helper calls up to depth steps.
func elementSources(v ssa.Value, depth int, seen map[ssa.Value]bool) []ssa.Value {
	if depth < 0 || seen[v] {
		return nil
	}
	seen[v] = true
	var out []ssa.Value
	walk := func(x ssa.Value) { out = append(out, elementSources(x, depth-1, seen)...) }
	switch x := v.(type) {
	case *ssa.IndexAddr:
		if _, isArray := x.X.(*ssa.Alloc); !isArray { // a variadic argument's backing array is the literal, not a source
			return []ssa.Value{x.X}
		}
		walkStores(x, walk)
	case *ssa.Index:
		return []ssa.Value{x.X}
	case *ssa.Extract:
		if next, ok := x.Tuple.(*ssa.Next); ok {
			if r, ok := next.Iter.(*ssa.Range); ok {
				return []ssa.Value{r.X}
			}
		}
	case *ssa.Slice:
		walk(x.X)
	case *ssa.Alloc:
		walkStores(x, walk)
		for _, ref := range *x.Referrers() {
			switch ref := ref.(type) {
			case *ssa.FieldAddr:
				walkStores(ref, walk)
			case *ssa.IndexAddr:
				walkStores(ref, walk)
			}
		}
	case *ssa.UnOp:
		walk(x.X)
	case *ssa.Field:
		walk(x.X)
	case *ssa.FieldAddr:
		walk(x.X)
	case *ssa.ChangeType:
		walk(x.X)
	case *ssa.Convert:
		walk(x.X)
	case *ssa.MakeInterface:
		walk(x.X)
	case *ssa.Call:
		if !isAppend(x) {
			for _, a := range x.Call.Args {
				walk(a)
			}
		}
	}
	return out
}

// walkStores calls walk with each value stored at addr.
func walkStores(addr ssa.Value, walk func(ssa.Value)) {
	for _, ref := range *addr.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == addr {
			walk(st.Val)
		}
	}
}

func isAppend(call *ssa.Call) bool {
	b, ok := call.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "append"
}

// appendsTo reports whether the append's result is one of the batch's
// values, or is stored into its variable.
func appendsTo(ap *ssa.Call, batch map[ssa.Value]bool) bool {
	if batch[ap] {
		return true
	}
	for _, ref := range *ap.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if batch[ref.Addr] {
				return true
			}
		case *ssa.Phi:
			if batch[ref] {
				return true
			}
		}
	}
	return false
}

func reportMissingSet(pass *analysis.Pass, r missingSetRace) {
	line := func(pos token.Pos) int { return pass.Fset.Position(pos).Line }
	pass.Report(analysis.Diagnostic{
		Pos: r.read.Pos(),
		Message: fmt.Sprintf("check-then-act race: the list read here finds which names exist (line %d sets the found ones apart), and the insert at line %d adds the rest in a separate step, so two concurrent callers naming one new entry both find it missing and both insert it (make it one step: INSERT ... ON CONFLICT DO NOTHING on the unique key, then read the rows back; or runtime/claim)",
			line(r.mark.Pos()), line(r.insert.Pos())),
		Related: []analysis.RelatedInformation{
			{Pos: r.insert.Pos(), Message: "the insert of the names not found"},
		},
		URL: apis.RuntimeClaimURL,
	})
}
