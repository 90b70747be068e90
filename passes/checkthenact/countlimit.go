package checkthenact

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A limit checked by a count, then consumed by an insert of what it
// counts, races like an existence check with a larger threshold: two
// callers both count 4 of 5 invitations, both pass `if n >= limit {
// refuse }`, and both insert: 6 rows. A parent row locked first, an
// advisory lock or a SERIALIZABLE transaction makes the count and the
// insert one step.

// countLimitRace is one such race: the count, its comparison with the
// limit, and the insert the comparison let through.
type countLimitRace struct {
	count  *dataaccess.Op
	cmp    *ssa.BinOp
	insert *dataaccess.Op
	// helper is set when count is the call of a function of the package
	// that counts and returns the comparison (return n < limit): cmp is
	// in its body, and the caller tests the verdict.
	helper *ssa.Function
	// checker is set when the count is handed to a bound check (cmp is
	// then nil): where it compares, for the message.
	checker string
}

// countLimitRaces reports, for every count not already reported, a
// comparison with a limit that refuses on one side and leads to an insert
// into the counted table on the other.
func countLimitRaces(pass *analysis.Pass, judge *Judge, reported map[*dataaccess.Op]bool) {
	ops := judge.model.Ops
	bounds := pass.ResultOf[boundCheckFacts].(boundChecksOf)
	for _, count := range ops {
		if reported[count] || !countsRows(count) || judge.NoTwin(count) || judge.FreshKey(count) || dataaccess.KeyValue(count) {
			continue
		}
		if r, ok := countLimitRaceOf(count, ops, judge.callers, bounds); ok {
			reportCountLimit(pass, r.count.Pos(), describeCount(r.count), comparedWhere(pass.Fset, r), r.insert)
			reported[count] = true
		}
	}
}

func countLimitRaceOf(count *dataaccess.Op, ops []*dataaccess.Op, callers *callers, bounds boundChecksOf) (countLimitRace, bool) {
	at, ok := count.Instr.(*ssa.Call)
	if !ok || serialisesAbsence(count, ops) || callers.lockedFirst(count, ops) {
		return countLimitRace{}, false
	}
	for _, v := range limitVerdicts(count, at, ops, bounds) {
		for _, test := range ifsOf(v.tested) {
			below := -1 // the arm where the count is under its limit, when known
			if v.helper == nil && v.tested == ssa.Value(v.cmp) {
				below = belowArm(v.cmp, at)
			}
			for _, w := range ops {
				// An insert ON CONFLICT adds a row too: of two callers under
				// the limit with different keys, neither conflicts.
				if w.Kind != apis.Insert && w.Kind != apis.CondInsert || !v.counts(w) ||
					!onlyOn(test, below, w, count.Fn) && !evictsFirst(test, below, w, count, ops) {
					continue
				}
				if guarded(count, w, ops) {
					continue
				}
				return countLimitRace{count: count, cmp: v.cmp, insert: w, helper: v.helper, checker: v.checker}, true
			}
		}
	}
	return countLimitRace{}, false
}

// evictsFirst reports whether the insert runs on both arms of the test
// and one arm first removes what the count counted (if len(sessions) >=
// max { delete the oldest }; insert): a trim to the limit, which two
// callers both pass, both removing the same oldest row and both inserting.
func evictsFirst(test *ssa.If, below int, insert, count *dataaccess.Op, ops []*dataaccess.Op) bool {
	viaTrue, viaFalse, ok := armsReaching(test, insert, count.Fn)
	if !ok || !viaTrue || !viaFalse {
		return false
	}
	above := -1
	if below >= 0 {
		above = 1 - below
	}
	return slices.ContainsFunc(ops, func(r *dataaccess.Op) bool {
		return r.Kind == apis.Delete && dataaccess.SameResource(count.Resource, r.Resource) && onlyOn(test, above, r, count.Fn)
	})
}

// onlyOn reports whether w runs past the test through successor arm only
// (either one, one only, when arm is -1): the arm where the count is under
// its limit, since a minimum (if len(batch) < 2 { skip }) lets the insert
// through above it and limits nothing.
func onlyOn(test *ssa.If, arm int, w *dataaccess.Op, fn *ssa.Function) bool {
	viaTrue, viaFalse, ok := armsReaching(test, w, fn)
	if !ok || viaTrue == viaFalse {
		return false
	}
	return arm < 0 || arm == 0 && viaTrue || arm == 1 && viaFalse
}

// belowArm returns the index of the successor of an If on cmp taken when
// the count the call yields is under the other side (n < k, n <= k: the
// true arm; n > k, n >= k: the false one), or -1 when that cannot be told.
func belowArm(cmp *ssa.BinOp, call *ssa.Call) int {
	op := cmp.Op
	if derivedFromCount(cmp.Y, call) && !derivedFromCount(cmp.X, call) {
		op = flip(op)
	} else if !derivedFromCount(cmp.X, call) {
		return -1
	}
	switch op {
	case token.LSS, token.LEQ:
		return 0
	case token.GTR, token.GEQ:
		return 1
	}
	return -1
}

// derivedFromCount reports whether v is one of the numbers the call's
// count yields, or a sum or conversion of one (what limitComparisons
// follows).
func derivedFromCount(v ssa.Value, call *ssa.Call) bool {
	seen := map[ssa.Value]bool{}
	var visit func(n ssa.Value, depth int) bool
	visit = func(n ssa.Value, depth int) bool {
		if n == v {
			return true
		}
		if seen[n] || depth > 4 {
			return false
		}
		seen[n] = true
		for _, ref := range *n.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Phi, *ssa.Convert:
				if visit(ref.(ssa.Value), depth+1) {
					return true
				}
			case *ssa.BinOp:
				if ref.Op == token.ADD && visit(ref, depth+1) {
					return true
				}
			}
		}
		return false
	}
	return slices.ContainsFunc(countValues(call), func(n ssa.Value) bool { return visit(n, 0) })
}

// limitVerdict is a bool the caller of a count tests: the comparison of
// the count with a limit, or the result of a helper that returns one.
type limitVerdict struct {
	tested ssa.Value
	cmp    *ssa.BinOp
	helper *ssa.Function
	// checker is where a bound check the count is handed to compares it,
	// when the verdict is that check's (cmp is nil).
	checker string
	// counted are what the comparison counts: the count's resource, or
	// those of the counts inside the helper (its summary names one table
	// only when all its reads agree).
	counted []dataaccess.Resource
}

// counts reports whether w inserts into what the verdict counts.
func (v limitVerdict) counts(w *dataaccess.Op) bool {
	return slices.ContainsFunc(v.counted, func(r dataaccess.Resource) bool { return dataaccess.SameResource(r, w.Resource) })
}

// limitVerdicts returns the comparisons of what the count at call yields
// with a limit (not with zero or one, which ask whether a row exists at
// all: the existence check's). When call is of a function of the package
// that counts and returns such a comparison (CheckUserLimit: return
// members < limit), they are the results its callers test.
func limitVerdicts(count *dataaccess.Op, call *ssa.Call, ops []*dataaccess.Op, bounds boundChecksOf) []limitVerdict {
	var out []limitVerdict
	counted := count.CountedResources() // the counts read beside a row
	if counted == nil {
		counted = []dataaccess.Resource{count.Resource}
	}
	for _, cmp := range limitComparisons(call) {
		out = append(out, limitVerdict{tested: cmp, cmp: cmp, counted: counted})
	}
	for _, c := range boundCheckCalls(call, bounds) {
		for _, verdict := range boundVerdicts(c.call) {
			out = append(out, limitVerdict{tested: verdict, checker: c.where, counted: counted})
		}
	}
	helper := call.Call.StaticCallee()
	if helper == nil || len(helper.Blocks) == 0 {
		return out
	}
	for i, ret := range returnedLimits(helper, ops) {
		for _, r := range resultValues(call, i) {
			out = append(out, limitVerdict{tested: r, cmp: ret.cmp, helper: helper, counted: ret.counted})
		}
	}
	return out
}

// limitComparisons returns the comparisons with a limit of the numbers a
// count yields, also after sums of them (members + pending < limit, n+1 >
// max) and the merges of such sums.
func limitComparisons(call *ssa.Call) []*ssa.BinOp {
	var out []*ssa.BinOp
	for _, n := range countDerived(call) {
		for _, cmp := range orderings(n) {
			if againstLimit(cmp, n) {
				out = append(out, cmp)
			}
		}
	}
	return out
}

// countDerived returns the numbers a count yields, and their sums,
// conversions and merges.
func countDerived(call *ssa.Call) []ssa.Value {
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	var visit func(n ssa.Value, depth int)
	visit = func(n ssa.Value, depth int) {
		if seen[n] || depth > 4 {
			return
		}
		seen[n] = true
		out = append(out, n)
		for _, ref := range *n.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Phi:
				visit(ref, depth+1)
			case *ssa.BinOp:
				if ref.Op == token.ADD {
					visit(ref, depth+1)
				}
			case *ssa.Convert:
				visit(ref, depth+1)
			}
		}
	}
	for _, n := range countValues(call) {
		visit(n, 0)
	}
	return out
}

// boundCheckCall is a call of a bound check handed a count.
type boundCheckCall struct {
	call  *ssa.Call
	where string
}

// boundCheckCalls returns the calls of bound checks that compare what the
// count yields: CheckAllowance(n, limits.Max).
func boundCheckCalls(call *ssa.Call, bounds boundChecksOf) []boundCheckCall {
	var out []boundCheckCall
	for _, n := range countDerived(call) {
		for _, ref := range *n.Referrers() {
			c, ok := ref.(*ssa.Call)
			if !ok || c.Call.StaticCallee() == nil {
				continue
			}
			fact := bounds[c.Call.StaticCallee().Object()]
			if fact != nil && dataaccess.Arg(&c.Call, fact.Param) == n {
				out = append(out, boundCheckCall{call: c, where: fact.Where})
			}
		}
	}
	return out
}

// boundVerdicts returns the values a caller tests for a bound check's
// verdict: its bool or its error, and the error of a wrapper it is handed
// to as it is (gatefault.ConnectWith(code, CheckAllowance(n, max))).
func boundVerdicts(c *ssa.Call) []ssa.Value {
	verdict := ssa.Value(c)
	if tuple, ok := c.Type().(*types.Tuple); ok {
		verdict = nil
		for _, ref := range *c.Referrers() {
			if ex, ok := ref.(*ssa.Extract); ok && ex.Index == tuple.Len()-1 {
				verdict = ex
			}
		}
		if verdict == nil {
			return nil
		}
	}
	if !ssautil.IsError(verdict.Type()) {
		return []ssa.Value{verdict}
	}
	errs := []ssa.Value{verdict}
	for _, ref := range *verdict.Referrers() {
		if w, ok := ref.(*ssa.Call); ok && ssautil.IsError(w.Type()) {
			errs = append(errs, w)
		}
	}
	var out []ssa.Value // the err != nil the caller branches on
	for _, e := range errs {
		for _, ref := range *e.Referrers() {
			if b, ok := ref.(*ssa.BinOp); ok && (b.Op == token.NEQ || b.Op == token.EQL) && (isNilConst(b.X) || isNilConst(b.Y)) {
				out = append(out, b)
			}
		}
	}
	return out
}

// returnedLimit is a comparison of a count with a limit that a function
// returns as it is, and what it counts.
type returnedLimit struct {
	cmp     *ssa.BinOp
	counted []dataaccess.Resource
}

// returnedLimits returns, by result index, the comparisons of a count
// with a limit that fn returns as they are.
func returnedLimits(fn *ssa.Function, ops []*dataaccess.Op) map[int]*returnedLimit {
	var out map[int]*returnedLimit
	for _, op := range ops {
		at, ok := op.Instr.(*ssa.Call)
		if op.Fn != fn || !ok || op.Kind != apis.Exists {
			continue
		}
		for _, cmp := range limitComparisons(at) {
			for _, ref := range *cmp.Referrers() {
				ret, ok := ref.(*ssa.Return)
				if !ok {
					continue
				}
				for i, r := range ret.Results {
					if r != cmp {
						continue
					}
					if out == nil {
						out = map[int]*returnedLimit{}
					}
					if out[i] == nil {
						out[i] = &returnedLimit{cmp: cmp}
					}
					out[i].counted = append(out[i].counted, op.Resource)
				}
			}
		}
	}
	return out
}

// resultValues returns the values through which the caller reads result
// i of call: the call itself when it has one result, else its extracts.
func resultValues(call *ssa.Call, i int) []ssa.Value {
	if call.Call.Signature().Results().Len() == 1 {
		return []ssa.Value{call}
	}
	return ssautil.Extracts(call, i)
}

// countValues returns the numbers a count yields: its numeric result, or
// the loads of the variables it (or the Scan of its row) fills.
func countValues(call *ssa.Call) []ssa.Value {
	var vals, outs []ssa.Value
	if isNumber(call.Type()) {
		vals = append(vals, call)
	}
	outs = append(outs, outParams(call.Call.Args)...)
	vals = append(vals, rowsLoopCounts(call)...)
	for _, ref := range *call.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Extract:
			if isNumber(ref.Type()) {
				vals = append(vals, ref)
			}
		case *ssa.Call:
			// *sql.Row's Scan is a static call; pgx.Row's an invoke.
			if calleeName(&ref.Call) == "Scan" {
				outs = append(outs, outParams(ref.Call.Args)...)
			}
		}
	}
	for _, out := range outs {
		if p, ok := out.Type().Underlying().(*types.Pointer); ok && isNumber(p.Elem()) {
			vals = append(vals, ssautil.LoadsOf(out)...)
		}
	}
	return append(vals, listLengths(call)...)
}

// listLengths returns the lengths taken of the list a read yields, as
// its result or into a slice it fills: a limit is often checked on the
// rows themselves (sessions, _ := ListActive(user); if len(sessions) >=
// max { ... }), not on a COUNT.
func listLengths(call *ssa.Call) []ssa.Value {
	var lens []ssa.Value
	for _, list := range yieldedSlices(call, isSlice) {
		for _, ref := range *list.Referrers() {
			if n, ok := ref.(*ssa.Call); ok && isLen(n, list) {
				lens = append(lens, n)
			}
		}
	}
	return lens
}

// countsList reports whether a read is a count only by the length of
// the list it returns.
func countsList(op *dataaccess.Op) bool {
	call, ok := op.Instr.(*ssa.Call)
	return ok && op.Kind == apis.Read && rowsLoopCounts(call) == nil && op.CountedResources() == nil && listLengths(call) != nil
}

func isSlice(t types.Type) bool {
	_, ok := t.Underlying().(*types.Slice)
	return ok
}

// againstLimit reports whether the comparison tests n against a limit,
// not against zero or one (which ask whether a row exists at all).
func againstLimit(cmp *ssa.BinOp, n ssa.Value) bool {
	other := cmp.Y
	if cmp.Y == n {
		other = cmp.X
	}
	k, ok := other.(*ssa.Const)
	if !ok {
		return !isLoopIndex(other) // i < len(rows) walks the rows; it limits nothing
	}
	if k.Value == nil {
		return false
	}
	v, exact := constant.Int64Val(constant.ToInt(k.Value))
	return exact && v > 1
}

// isLoopIndex reports whether v is a loop's counter: a phi one of whose
// edges steps the phi itself (i in for i := ...; i < n; i++), or that
// step (a range loop compares the incremented index).
func isLoopIndex(v ssa.Value) bool {
	if step, ok := v.(*ssa.BinOp); ok && (step.Op == token.ADD || step.Op == token.SUB) {
		for _, operand := range []ssa.Value{step.X, step.Y} {
			if phi, ok := operand.(*ssa.Phi); ok && slices.Contains(phi.Edges, v) {
				return true
			}
		}
		return false
	}
	phi, ok := v.(*ssa.Phi)
	if !ok {
		return false
	}
	return slices.ContainsFunc(phi.Edges, func(e ssa.Value) bool {
		step, ok := e.(*ssa.BinOp)
		return ok && (step.Op == token.ADD || step.Op == token.SUB) && (step.X == phi || step.Y == phi)
	})
}

// reportCountLimit reports the count at pos, compared with its limit
// where says, and the insert that consumes the limit.
func reportCountLimit(pass *analysis.Pass, pos token.Pos, count, where string, insert *dataaccess.Op) {
	pass.Report(analysis.Diagnostic{
		Pos: pos,
		Message: fmt.Sprintf("limit race: %s is compared with a limit %s, and the insert at line %d adds to what it counts in a separate step, so two concurrent callers can both count under the limit and both insert: the limit is passed (lock the parent row FOR UPDATE before counting, or count and insert in one SERIALIZABLE transaction)",
			count, where, pass.Fset.Position(insert.Pos()).Line),
		Related: []analysis.RelatedInformation{
			{Pos: insert.Pos(), Message: "the insert both callers run"},
		},
		URL: apis.RuntimeClaimURL,
	})
}

// comparedWhere says where the count meets its limit: a line of the
// function, or the helper that compares and returns the verdict.
func comparedWhere(fset *token.FileSet, r countLimitRace) string {
	if r.cmp == nil {
		return fmt.Sprintf("by %s, whose verdict the caller tests", r.checker)
	}
	at := fset.Position(r.cmp.Pos())
	if r.helper != nil {
		return fmt.Sprintf("inside %s (%s:%d), whose verdict the caller tests", r.helper.Name(), filepath.Base(at.Filename), at.Line)
	}
	return fmt.Sprintf("at line %d", at.Line)
}

// describeCount names the count for the message.
func describeCount(op *dataaccess.Op) string {
	switch {
	case op.SQL != nil && op.SQL.Counts != "":
		return fmt.Sprintf("the count of %s", strings.ReplaceAll(op.SQL.Counts, ",", " and "))
	case op.SQL != nil && op.SQL.Table != "":
		return fmt.Sprintf("the count of %s", op.SQL.Table)
	case countsList(op) && op.Callee != nil:
		return fmt.Sprintf("the number of rows %s returns", op.Callee.Name())
	case op.Callee != nil:
		return fmt.Sprintf("the count %s", op.Callee.Name())
	case countsList(op):
		return "the number of rows read"
	}
	return "the count"
}
