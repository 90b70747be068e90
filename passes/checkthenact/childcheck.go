package checkthenact

import (
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A record read with its children and asked whether it has one
// (u.HasRole(r), user.HasProvider(p), org.HasMember(id)) is an existence
// check on the child: two callers both find the role missing and both
// add it, and the second add is a duplicate row or a unique violation
// answered with a 500.

// childRace is one such race: the read of the parent, the question about
// the child, and the insert of the child on its "missing" branch.
type childRace struct {
	read   *dataaccess.Op
	has    *ssa.Call
	insert *dataaccess.Op
}

// childChecks reports, for every read, a question about a child of the
// record it loaded whose "missing" branch inserts that child; at the
// question when the read was reported already (reported: a gate's or a
// limit's read; raced: a check-then-act's).
func childChecks(pass *analysis.Pass, judge *Judge, reported, raced map[*dataaccess.Op]bool) {
	ops := judge.model.Ops
	asked := map[*ssa.Call]bool{} // two reads merged into one record: one race
	for _, read := range ops {
		if !read.Kind.IsCheck() || read.Locks || judge.NoTwin(read) || judge.FreshKey(read) {
			continue
		}
		if r, ok := childRaceOf(read, ops, judge.callers); ok && !asked[r.has] {
			asked[r.has] = true
			// A read already reported for its own race (no user, then
			// register one) is named at the question, a race on
			// another row.
			reportChildRace(pass, r, reported[read] || raced[read])
			reported[read] = true
		}
	}
}

func childRaceOf(read *dataaccess.Op, ops []*dataaccess.Op, callers *callers) (childRace, bool) {
	if serialisesAbsence(read, ops) || callers.lockedFirst(read, ops) || lockedByHelper(read) {
		return childRace{}, false
	}
	for _, rec := range recordValues(read) {
		for _, has := range childQuestions(rec) {
			noun := childNoun(has)
			for _, test := range ifsOf(has) {
				for _, w := range ops {
					if w.Kind != apis.Insert || !onMissingArm(test, w, read.Fn) || !addsChild(w, noun) || guarded(read, w, ops) {
						continue
					}
					return childRace{read: read, has: has, insert: w}, true
				}
			}
		}
	}
	return childRace{}, false
}

// childQuestions returns the calls of the record's own methods that ask,
// given an argument, whether it has a child: HasRole(name),
// HasProvider(p), ContainsMember(id).
func childQuestions(rec ssa.Value) []*ssa.Call {
	receivers := []ssa.Value{rec}
	receivers = append(receivers, ssautil.LoadsOf(rec)...)
	// user = byProvider.Result, then user = byEmail.Result: the record
	// asked is the variable both reads merge into.
	for _, r := range receivers {
		for _, ref := range *r.Referrers() {
			if phi, ok := ref.(*ssa.Phi); ok {
				receivers = append(receivers, phi)
			}
		}
	}
	var out []*ssa.Call
	for _, r := range receivers {
		for _, ref := range *r.Referrers() {
			call, ok := ref.(*ssa.Call)
			if !ok || len(call.Call.Args) < 2 || call.Call.Args[0] != r || !ssautil.ReturnsBool(call) {
				continue
			}
			if fn := call.Call.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && childNoun(call) != "" {
				out = append(out, call)
			}
		}
	}
	return out
}

// childNoun returns the child a question names, lower-cased and
// singular: "role" for HasRole, "member" for ContainsMembers; "" when
// the method's name asks no such question.
func childNoun(call *ssa.Call) string {
	name := call.Call.StaticCallee().Name()
	for _, verb := range []string{"Has", "Contains", "Includes"} {
		if rest, ok := strings.CutPrefix(name, verb); ok && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z' {
			return strings.TrimSuffix(strings.ToLower(rest), "s")
		}
	}
	return ""
}

// onMissingArm reports whether w runs only when the question answered
// false: reachable from the test's false successor and not its true one.
func onMissingArm(test *ssa.If, w *dataaccess.Op, fn *ssa.Function) bool {
	viaTrue, viaFalse, ok := armsReaching(test, w, fn)
	return ok && viaFalse && !viaTrue
}

// addsChild reports whether the insert names the child: its table
// (user_roles), its callee (AddRole, RegisterUserProvider) or the message
// it dispatches.
func addsChild(w *dataaccess.Op, noun string) bool {
	names := []string{w.Resource.Table, dataaccess.DispatchedMessage(w)}
	if w.SQL != nil {
		names = append(names, w.SQL.Table)
	}
	if w.Callee != nil && w.Callee.Pkg() != nil && !apis.KnownPackage(w.Callee.Pkg().Path()) {
		names = append(names, w.Callee.Name())
	}
	for _, n := range names {
		if n != "" && strings.Contains(strings.ToLower(strings.ReplaceAll(n, "_", "")), noun) {
			return true
		}
	}
	return false
}

func reportChildRace(pass *analysis.Pass, r childRace, atQuestion bool) {
	line := func(pos token.Pos) int { return pass.Fset.Position(pos).Line }
	pos, asked := r.read.Pos(), fmt.Sprintf("the record read here is asked %s at line %d", r.has.Call.StaticCallee().Name(), line(r.has.Pos()))
	if atQuestion {
		pos, asked = r.has.Pos(), fmt.Sprintf("the record read at line %d is asked %s here", line(r.read.Pos()), r.has.Call.StaticCallee().Name())
	}
	pass.Report(analysis.Diagnostic{
		Pos: pos,
		Message: fmt.Sprintf("check-then-act race: %s, and the insert at line %d adds what it lacks in a separate step, so two concurrent callers can both find it missing and both add it (make it one step: INSERT ... ON CONFLICT DO NOTHING on a unique key, or runtime/claim)",
			asked, line(r.insert.Pos())),
		Related: []analysis.RelatedInformation{
			{Pos: r.insert.Pos(), Message: "the insert both callers run"},
		},
		URL: apis.RuntimeClaimURL,
	})
}
