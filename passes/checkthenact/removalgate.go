package checkthenact

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A row found, deleted by a statement whose outcome nobody reads, and
// then announced (a webhook event, a notification, a message) is
// announced once per caller, not once per removal: two logouts of one
// session both find it, both delete it (the second removes nothing) and
// both emit session.deleted. The token-reuse check covers rows named for
// a one-time token; this one covers any row whose removal is announced.
// The delete must report whether it removed the row, and only the caller
// whose delete did should announce.

// removalAnnounced returns the delete that removes the row read loads
// without telling who removed it, and the announcement that follows on
// the same path, or nils.
func removalAnnounced(read *dataaccess.Op, ops []*dataaccess.Op) (remove, announce *dataaccess.Op) {
	if read.Kind != apis.Read || namesOneTimeToken(read) || readSerialised(read, ops) || makesFunc(read) {
		return nil, nil
	}
	readAt, ok := read.Instr.(*ssa.Call)
	if !ok {
		return nil, nil
	}
	records := withPhis(recordValues(read))
	after := onPresentPath(read, readAt)
	for _, d := range ops {
		at, ok := after(d)
		if !ok || d.Kind != apis.Delete || makesFunc(d) {
			continue
		}
		if _, consumes := consumption(read, d, records, nil); !consumes {
			continue
		}
		if held, _ := mutexHeldAcross(readAt, at); held {
			continue
		}
		for _, a := range ops {
			actAt, ok := after(a)
			if !ok || !announces(a) || makesFunc(a) || dataaccess.SameResource(read.Resource, a.Resource) || !ssautil.Before(at, actAt) || !onOnePath(a, d, read.Fn) || winnerGates(d, actAt) {
				continue
			}
			return d, a
		}
	}
	return nil, nil
}

// makesFunc reports whether op's call returns a function (a handler
// factory: r.Delete("/user", handlers.DeleteUser())): its summary speaks
// for the function it builds, which the route table only registers.
func makesFunc(op *dataaccess.Op) bool {
	c := op.Call()
	if c == nil {
		return false
	}
	res := c.Signature().Results()
	for i := range res.Len() {
		if _, ok := res.At(i).Type().Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}

// announceWords name the tables of an outbox: rows written to be sent on,
// once each (an events or messages table may be the domain's own).
var announceWords = []string{"webhook", "outbox", "notification"}

// announces reports whether op tells the world outside: an external
// effect (an HTTP call, a publish, a mail, a push onto a work queue), or
// an insert into an outbox table (webhook events, notifications).
func announces(op *dataaccess.Op) bool {
	if op.Kind == apis.Effect || op.Summary != nil && op.Summary.Acts {
		return true
	}
	if !op.Kind.IsWrite() || op.Kind == apis.Delete {
		return false
	}
	tables := slices.Concat(op.Resource.Tables, []string{op.Resource.Table})
	return slices.ContainsFunc(tables, func(t string) bool {
		return t != "" && slices.ContainsFunc(announceWords, func(w string) bool { return strings.Contains(strings.ToLower(t), w) })
	})
}

func reportRemovalAnnounced(pass *analysis.Pass, read, remove, announce *dataaccess.Op) {
	line := func(op *dataaccess.Op) int { return pass.Fset.Position(op.Pos()).Line }
	pass.Report(analysis.Diagnostic{
		Pos: read.Pos(),
		Message: fmt.Sprintf("removal race: the row read here is deleted by %s at line %d, whose outcome no branch tests, so two requests can both find it, both delete it and both reach %s at line %d: the removal is announced twice (announce only when the delete removed the row: test its rows affected, or lock the row with SELECT ... FOR UPDATE first)",
			describeAct(remove), line(remove), describeAct(announce), line(announce)),
		Related: []analysis.RelatedInformation{
			{Pos: remove.Pos(), Message: "the delete that does not tell who removed the row"},
			{Pos: announce.Pos(), Message: "the announcement both requests make"},
		},
		URL: apis.RuntimeClaimURL,
	})
}
