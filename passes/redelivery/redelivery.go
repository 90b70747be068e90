package redelivery

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

var Analyzer = &analysis.Analyzer{
	Name:     "redelivery",
	Doc:      Doc,
	URL:      "https://github.com/idemvet/idemvet/blob/main/passes/redelivery/README.md",
	Requires: []*analysis.Analyzer{dataaccess.Analyzer},
	Run:      run,
	// Delivery types are known across packages: a queue package of the
	// program's own declares one, its consumers' handlers take it.
	FactTypes: []analysis.Fact{(*Delivery)(nil), (*Deliveries)(nil)},
}

func run(pass *analysis.Pass) (any, error) {
	model := pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result)
	exportDeliveries(pass, model)
	if !mayHandle(pass) {
		return nil, nil
	}
	if !model.Modelled() {
		return nil, nil // no data access: nothing a handler could write
	}
	var handlers []*handler
	for _, fn := range model.SSA().SrcFuncs {
		if h := handlerOf(pass, fn); h != nil {
			handlers = append(handlers, h)
		} else if h := webhookHandler(fn); h != nil {
			handlers = append(handlers, h)
		}
	}
	handlers = append(handlers, taskHandlers(pass, model)...)
	reported := map[*dataaccess.Op]bool{}
	var cuts passutil.Cuts
	for _, h := range handlers {
		if passutil.InTestFile(pass.Fset, h.fn.Pos()) {
			continue // a test's handler runs once, on the test's own message
		}
		ops := h.opsOf(model)
		keyed := keyedWrites(ops)
		for _, w := range ops {
			h.cut = false
			if reported[w.op] || !h.doubles(w) || w.op.Kind == apis.Effect && claimedFirst(ops, w) || h.webhook && readGates(ops, w) {
				continue
			}
			records := append(h.claimsBefore(ops, w), keyedBefore(keyed, w)...)
			rec, field, stopped := h.perDeliveryRecord(records)
			if stopped {
				continue
			}
			reported[w.op] = true
			switch {
			case field == "" || rec.op == w.op:
				report(pass, h, w)
			case !reported[rec.op]:
				// One diagnostic for the record, whatever else it gates.
				reported[rec.op] = true
				reportDeliveryKey(pass, h, rec, field, w)
			}
			if h.cut {
				// The write may be keyed by the message's id after all.
				cuts.Add(h.fn.Pos(), fmt.Sprintf("message-id steps %d", maxDepth))
			}
		}
	}
	for _, cut := range cuts.List() {
		pass.Report(cut.Diagnostic())
	}
	return nil, nil
}

// mayHandle is the fast path: a package that imports no broker or job
// queue package, and names no function for a webhook it receives, has no
// message handler.
func mayHandle(pass *analysis.Pass) bool {
	if passutil.IsDependencyCode(pass) {
		return false
	}
	for _, imp := range pass.Pkg.Imports() {
		if apis.IsMessagePackage(imp.Path()) {
			return true
		}
	}
	return pass.ImportPackageFact(pass.Pkg, new(Deliveries)) || importsDeliveries(pass) || declaresWebhookReceiver(pass)
}

func report(pass *analysis.Pass, h *handler, w write) {
	what := describe(w.op)
	msg := fmt.Sprintf("%s runs again for every delivery of the message: %s, and no dedup record of the message's id is claimed in the same transaction first (claim it and gate the write on the claim, as runtime/inbox does)",
		what, h.redelivery)
	d := analysis.Diagnostic{Pos: w.op.Pos(), Message: msg, URL: apis.RuntimeInboxURL}
	if at := h.arrivalPos(); at.IsValid() {
		d.Related = []analysis.RelatedInformation{{Pos: at, Message: "the message arrives here, once per delivery"}}
	}
	pass.Report(d)
}

// reportDeliveryKey reports a dedup record keyed by a field that changes
// with every delivery, at the record: the write it gates runs again.
func reportDeliveryKey(pass *analysis.Pass, h *handler, rec write, field string, w write) {
	msg := fmt.Sprintf("this dedup record is keyed by %s: a redelivered message finds no record under its new key, and the write it gates at line %d runs again (%s); key the record by the message's own id (its MessageId, the event's id)",
		field, pass.Fset.Position(w.op.Pos()).Line, h.redelivery)
	d := analysis.Diagnostic{Pos: rec.op.Pos(), Message: msg, URL: apis.RuntimeInboxURL}
	d.Related = []analysis.RelatedInformation{{Pos: w.op.Pos(), Message: "the write the record does not keep from running again"}}
	pass.Report(d)
}

// describe names the write for the message.
func describe(op *dataaccess.Op) string {
	switch {
	case op.Kind == apis.Effect:
		return fmt.Sprintf("%s, a call that leaves the process,", op.Callee.Name())
	case op.Summary != nil && op.Callee != nil:
		if !op.Summary.DoublesWrite {
			return fmt.Sprintf("%s, inserting a row keyed by a value minted per run,", op.Callee.Name())
		}
		return fmt.Sprintf("%s, which adds a row or adds to a value on every run,", op.Callee.Name())
	case op.Resource.Key != nil:
		return fmt.Sprintf("the key-value increment %s", op.Callee.Name())
	case op.Kind == apis.Insert && dataaccess.MintedInput(op) != nil:
		return "an insert keyed by a value minted per run"
	case op.Kind == apis.Insert:
		return "an insert whose key the database mints"
	}
	return "a relative update (the new value computed from the old one)"
}

// arrivalPos returns where the message enters the handler: its
// parameter, or the first receive.
func (h *handler) arrivalPos() (pos token.Pos) {
	if len(h.arrivals) > 0 {
		if x, ok := h.arrivals[0].(*ssa.Extract); ok {
			return x.Tuple.Pos() // m, err := r.FetchMessage(ctx)
		}
		return h.arrivals[0].Pos()
	}
	for v := range h.msgs {
		return v.Pos()
	}
	return pos
}
