package checkthenact

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A balance or quota checked by a read, then taken by a relative update
// in a separate step, races like a status gate: two callers both read
// enough, both pass `if token.RemainQuota < quota { refuse }`, and both
// run UPDATE ... SET remain_quota = remain_quota - $1. The balance is
// overdrawn. The take is safe when it tests the balance itself (UPDATE
// ... WHERE remain_quota >= $1, rows affected read), when the read locks
// the row, or when the transaction serialises the two.

// limitRace is one such race: the read, the comparison that refuses, and
// the relative update of the read's row that the comparison let through.
type limitRace struct {
	read  *dataaccess.Op
	cmp   *ssa.BinOp
	field string
	take  *dataaccess.Op
	// act is the take, or what runs for both callers before a take that
	// tests the quantity itself (a user created before the invitation's
	// guarded decrement).
	act *dataaccess.Op
}

// limitGateRaces reports, for every read not already reported, a
// comparison of a quantity it loaded that refuses on one side and leads
// to a relative update of the same row on the other.
func limitGateRaces(pass *analysis.Pass, judge *Judge, reported map[*dataaccess.Op]bool) {
	ops := judge.model.Ops
	for _, read := range ops {
		if reported[read] || !read.Kind.IsCheck() || judge.NoTwin(read) || judge.FreshKey(read) {
			continue
		}
		if r, ok := limitRaceOf(read, ops); ok {
			reportLimitRace(pass, r)
			reported[read] = true
		}
	}
}

func limitRaceOf(read *dataaccess.Op, ops []*dataaccess.Op) (limitRace, bool) {
	at, ok := read.Instr.(*ssa.Call)
	if !ok || readSerialised(read, ops) {
		return limitRace{}, false // a locked row holds the second caller until the first took
	}
	records := withPhis(recordValues(read)) // inv assigned in one case of a switch, its ID taken after it
	for _, q := range quantities(read) {
		for _, cmp := range orderings(q.v) {
			for _, test := range ifsOf(cmp) {
				if !ssautil.Before(at, test) {
					continue
				}
				g := gate{read: read, ifi: test, field: q.field, fn: read.Fn, at: at, records: records}
				for _, w := range ops {
					if !takes(w) || !throughOneArm(test, w, read.Fn) || !sameRow(read, records, q.field, w) {
						continue
					}
					region := armOf(test, w, read.Fn)
					act := w
					if a := duplicableAct(g, w, ops, wayTo(region, w.Instr, read.Fn)); a != nil && actedBeforeGuard(g, a, w) {
						act = a // a guarded take refuses the second caller only after this
					}
					if gateSerialised(g, w, act, ops, region) {
						continue
					}
					return limitRace{read: read, cmp: cmp, field: q.field, take: w, act: act}, true
				}
			}
		}
	}
	return limitRace{}, false
}

// quantities returns the numbers a read loads: numeric (or decimal) fields of the
// record it returns or fills, and a numeric result of its own (a helper's
// GetUserQuota(id) (int64, error), a repository interface's
// GetBalance).
func quantities(read *dataaccess.Op) []stateValue {
	var out []stateValue
	for _, sv := range stateValues(read) {
		if isAmount(sv) {
			out = append(out, sv)
		}
	}
	call := read.Instr.(*ssa.Call)
	if dataaccess.KeyValue(read) {
		out = append(out, storedNumbers(call)...)
	}
	if read.Kind == apis.Read && (read.Summary != nil || read.Resource.Repo != nil && read.Callee != nil && passutil.IsInterfaceMethod(read.Callee)) {
		for _, ref := range *call.Referrers() {
			if e, ok := ref.(*ssa.Extract); ok && isNumber(e.Type()) {
				out = append(out, stateValue{v: e})
			}
		}
	}
	return out
}

// isAmount reports whether a loaded value is a number (or a decimal) not
// named for a time: a quantity a take or a write back can change.
func isAmount(sv stateValue) bool {
	return (isNumber(sv.v.Type()) || isDecimal(sv.v.Type())) && !namedForTime(sv.field)
}

// storedNumbers returns the number a key-value read yields, converted by
// its command (go-redis's Get(ctx, k).Int(), Int64, Float64; an IntCmd's
// Val or Result; rueidis's AsInt64) or by a reply helper (redigo's
// redis.Int(conn.Do("GET", k))): a counter a limit is compared with.
func storedNumbers(call *ssa.Call) []stateValue {
	var out []stateValue
	for _, conv := range numberConversions(call) {
		if isNumber(conv.Type()) {
			out = append(out, stateValue{v: conv})
		}
		for _, use := range *conv.Referrers() {
			if e, ok := use.(*ssa.Extract); ok && e.Index == 0 && isNumber(e.Type()) {
				out = append(out, stateValue{v: e})
			}
		}
	}
	return out
}

// numberConversions returns the calls that turn a key-value read's
// reply into a number: a method of the reply, or a reply helper given it.
func numberConversions(call *ssa.Call) []*ssa.Call {
	out := dataaccess.ReplyConversions(call)
	for _, ref := range *call.Referrers() {
		conv, ok := ref.(*ssa.Call)
		if !ok || conv.Call.Signature().Recv() == nil || len(conv.Call.Args) == 0 || conv.Call.Args[0] != call {
			continue
		}
		switch calleeName(&conv.Call) {
		case "Int", "Int64", "Uint64", "Float64", "Val", "Result", "AsInt64", "AsUint64", "AsFloat64", "ToInt64", "ToFloat64":
			out = append(out, conv)
		}
	}
	return out
}

// namedForTime reports whether a numeric field holds a time (ExpiresAt,
// CreatedTime, a Unix deadline): a test of it says whether the row is
// still valid, not how much of it is left to take.
func namedForTime(field string) bool {
	f := strings.ToLower(field)
	return strings.HasSuffix(field, "At") || strings.Contains(f, "time") || strings.Contains(f, "expir") || strings.Contains(f, "date") || strings.Contains(f, "deadline")
}

// isDecimal reports whether t is a decimal number type (shopspring's
// decimal.Decimal and its kind), whose arithmetic is methods: Add, Sub.
func isDecimal(t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	return ok && named.Obj().Name() == "Decimal"
}

func isNumber(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsFloat) != 0
}

// orderings returns the ordering comparisons of v (<, <=, >, >=): a
// balance against a price, a count of uses against a limit.
func orderings(v ssa.Value) []*ssa.BinOp {
	var cmps []*ssa.BinOp
	for _, ref := range *v.Referrers() {
		if cmp, ok := ref.(*ssa.BinOp); ok {
			switch cmp.Op {
			case token.LSS, token.LEQ, token.GTR, token.GEQ:
				cmps = append(cmps, cmp)
			}
		}
	}
	return cmps
}

// sameRow reports whether the write takes from the row the read loaded:
// its table, keyed like the read or by a value of the record; a helper
// handed the record; or a repository method named for the field the
// quantity came from.
func sameRow(read *dataaccess.Op, records []ssa.Value, field string, w *dataaccess.Op) bool {
	return dataaccess.SameResource(read.Resource, w.Resource) && (dataaccess.SameInput(read, w) || derivedFromRecord(records, w)) ||
		savesRecordRead(records, w) || writesField(read, field, w)
}

// quantityName names a quantity for a message: its field, or the value a
// helper's or repository's numeric read returns (GetBalance's result).
func quantityName(read *dataaccess.Op, field string) string {
	switch {
	case field != "":
		return field
	case read.Callee != nil && (read.Summary != nil || read.Resource.Repo != nil):
		return fmt.Sprintf("the value of %s", read.Callee.Name())
	}
	return "a quantity"
}

// writesField reports whether w is a method of the read's repository,
// keyed alike, named for the field the quantity came from: UpdateBalance
// after GetAccount's Balance, DecreaseStock after GetProduct's Stock. Its
// name's entity is a column of the row read, not another table.
func writesField(read *dataaccess.Op, field string, w *dataaccess.Op) bool {
	if i := strings.LastIndexByte(field, '.'); i >= 0 {
		field = field[i+1:]
	}
	return field != "" && w.Callee != nil && strings.Contains(w.Callee.Name(), field) &&
		read.Resource.Repo != nil && w.Resource.Repo != nil && types.Identical(read.Resource.Repo, w.Resource.Repo) &&
		dataaccess.SameInput(read, w)
}

// savesRecordRead reports whether w is a helper that writes back the
// record it is handed (Summary.SavesParam) and is handed the record read:
// its row whatever tables the helper's other writes name (casdoor's
// UpdateUser(id, user, columns), which also adds rows of its own).
func savesRecordRead(records []ssa.Value, w *dataaccess.Op) bool {
	call := w.Call()
	if w.Summary == nil || w.Summary.SavesParam < 0 || call == nil {
		return false
	}
	p := dataaccess.RootPath(dataaccess.Arg(call, w.Summary.SavesParam))
	return p.Valid() && slices.Contains(records, p.Base)
}

// takes reports whether op takes from what a row holds: a relative update
// (SET n = n - $1, gorm.Expr, xorm Decr), or a helper whose body runs one.
func takes(op *dataaccess.Op) bool {
	if op.Summary != nil {
		return op.Kind == apis.Update && op.Summary.NonIdempotent && op.Summary.Writes
	}
	return op.Kind == apis.Update && dataaccess.NonIdempotent(op)
}

// throughOneArm reports whether the write runs only on one side of the
// test: reachable through one successor of the branch and not the other,
// which refuses.
func throughOneArm(test *ssa.If, w *dataaccess.Op, fn *ssa.Function) bool {
	return onlyOn(test, -1, w, fn)
}

// armsReaching reports which successors of the test reach w (located in
// fn, through the call that runs it when w is in a callee): its true and
// its false one. ok is false when w is not in the test's function.
func armsReaching(test *ssa.If, w *dataaccess.Op, fn *ssa.Function) (viaTrue, viaFalse, ok bool) {
	loc, found := locate(w.Instr, fn)
	if !found || test.Parent() != loc.Parent() {
		return false, false, false
	}
	succs := test.Block().Succs
	return ssautil.BlockReaches(succs[0], loc), ssautil.BlockReaches(succs[1], loc), true
}

// armOf returns the successor of the test the write runs after, when the
// test is its only way in (a region for gateSerialised), or none.
func armOf(test *ssa.If, w *dataaccess.Op, fn *ssa.Function) []*ssa.BasicBlock {
	loc, ok := locate(w.Instr, fn)
	if !ok {
		return nil
	}
	for _, s := range test.Block().Succs {
		if len(s.Preds) == 1 && ssautil.BlockReaches(s, loc) && len(s.Instrs) > 0 {
			return []*ssa.BasicBlock{s}
		}
	}
	return nil
}

func reportLimitRace(pass *analysis.Pass, r limitRace) {
	what := quantityName(r.read, r.field)
	line := func(pos token.Pos) int { return pass.Fset.Position(pos).Line }
	if dataaccess.KeyValue(r.read) {
		pass.Report(analysis.Diagnostic{
			Pos: r.read.Pos(),
			Message: fmt.Sprintf("limit race: the counter read here is compared at line %d, and %s at line %d adds to it in a separate step, so two concurrent callers can both find it under the limit, both pass the test and both add: the limit is passed (increment first and test the value the increment returns, refusing and undoing it when over the limit; or test and increment in one script)",
				line(r.cmp.Pos()), describeAct(r.take), line(r.take.Pos())),
			Related: []analysis.RelatedInformation{
				{Pos: r.take.Pos(), Message: "the increment both callers run"},
			},
		})
		return
	}
	if r.act != r.take {
		pass.Report(analysis.Diagnostic{
			Pos: r.read.Pos(),
			Message: fmt.Sprintf("limit race: %s read here is compared at line %d, and %s at line %d runs before the take at line %d, which tests the quantity itself, so two concurrent callers can both pass the test and both make it: the take refuses the second only after (take first and act only when the take changed a row)",
				what, line(r.cmp.Pos()), describeAct(r.act), line(r.act.Pos()), line(r.take.Pos())),
			Related: []analysis.RelatedInformation{
				{Pos: r.act.Pos(), Message: "what both callers run before the take"},
				{Pos: r.take.Pos(), Message: "the guarded take, too late to refuse it"},
			},
			URL: apis.RuntimeClaimURL,
		})
		return
	}
	pass.Report(analysis.Diagnostic{
		Pos: r.read.Pos(),
		Message: fmt.Sprintf("limit race: %s read here is compared at line %d, and %s at line %d takes from it in a separate step, so two concurrent callers can both read enough, both pass the test and both take: the limit is passed (take it in one step: UPDATE ... SET n = n - $1 WHERE id = $2 AND n >= $1, refusing when no row changed; or read the row FOR UPDATE in the transaction that takes)",
			what, line(r.cmp.Pos()), describeAct(r.take), line(r.take.Pos())),
		Related: []analysis.RelatedInformation{
			{Pos: r.take.Pos(), Message: "the relative update both callers run"},
		},
		URL: apis.RuntimeClaimURL,
	})
}
