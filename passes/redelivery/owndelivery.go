package redelivery

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// Services often wrap their broker in a queue package of their own: a
// Delivery struct around a Redis stream entry or an SQS message, whose Ack
// method acknowledges it to the broker, handed to handlers registered by
// topic. Such a handler runs once per delivery as surely as one that takes
// the broker's type, but nothing in its signature names a broker.

// Delivery is the fact exported for a type of the program's own whose Ack
// method acknowledges a message to a broker: a function that takes one
// handles a delivered message.
type Delivery struct {
	Ack string // the broker's acknowledgement its Ack makes: "XAck"
}

func (*Delivery) AFact() {}

func (d *Delivery) String() string { return "delivery acked by " + d.Ack }

// Deliveries is the package fact of a package that declares a Delivery
// type, which the fast path of the packages importing it reads.
type Deliveries struct{}

func (*Deliveries) AFact()         {}
func (*Deliveries) String() string { return "declares delivery types" }

// exportDeliveries exports a Delivery fact for each named type of the
// package whose Ack method calls a broker's acknowledgement, directly or
// through a function of the package.
// The package's SSA form is built only when it declares a type with an
// Ack method.
func exportDeliveries(pass *analysis.Pass, model *dataaccess.Result) {
	declared := false
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if ack := interfaceAck(tn); ack != "" {
			pass.ExportObjectFact(tn, &Delivery{Ack: ack})
			declared = true
			continue
		}
		sel := types.NewMethodSet(types.NewPointer(tn.Type())).Lookup(pass.Pkg, "Ack")
		if sel == nil {
			continue
		}
		if ack := brokerAckIn(model.SSA().Pkg.Prog.FuncValue(sel.Obj().(*types.Func)), 0); ack != "" {
			pass.ExportObjectFact(tn, &Delivery{Ack: ack})
			declared = true
		}
	}
	if declared {
		pass.ExportPackageFact(&Deliveries{})
	}
}

// interfaceAck returns the acknowledging method of an interface of the
// program's that a broker client implements (a Kafka-like Message with
// Value() []byte and Commit(ctx) error), or "": one that hands over a
// payload and acknowledges it. Its implementation is out of sight; the
// pair of methods is what a delivered message is.
func interfaceAck(tn *types.TypeName) string {
	iface, ok := tn.Type().Underlying().(*types.Interface)
	if !ok {
		return ""
	}
	ack, payload := "", false
	for i := range iface.NumMethods() {
		m := iface.Method(i)
		sig := m.Type().(*types.Signature)
		switch m.Name() {
		case "Ack", "Commit":
			if sig.Results().Len() <= 1 && (sig.Results().Len() == 0 || ssautil.IsError(sig.Results().At(0).Type())) {
				ack = m.Name()
			}
		case "Value", "Body", "Data", "Payload":
			if sig.Params().Len() == 0 && sig.Results().Len() == 1 && ssautil.IsBytes(sig.Results().At(0).Type()) {
				payload = true
			}
		}
	}
	if !payload {
		return ""
	}
	return ack
}

// maxAckDepth bounds how many of the package's functions brokerAckIn
// follows from an Ack method to the broker's call.
const maxAckDepth = 2

// brokerAckIn returns the broker acknowledgement fn makes, or "".
func brokerAckIn(fn *ssa.Function, depth int) string {
	if fn == nil || depth > maxAckDepth {
		return ""
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if f := dataaccess.Callee(call.Common()); f != nil && apis.IsAck(f) {
				return f.Name()
			}
			if callee := call.Common().StaticCallee(); callee != nil && callee.Pkg == fn.Pkg {
				if ack := brokerAckIn(callee, depth+1); ack != "" {
					return ack
				}
			}
		}
	}
	return ""
}

// ownDeliveryParam returns fn's first parameter whose type is a Delivery
// type, and the redelivery it says, or nil. The receiver does not count:
// the type's own methods (Ack, Body) handle no message.
func ownDeliveryParam(pass *analysis.Pass, fn *ssa.Function) (*ssa.Parameter, string) {
	params := fn.Params
	if fn.Signature.Recv() != nil {
		params = params[1:]
	}
	for _, p := range params {
		n := ssautil.NamedOf(p.Type())
		if n == nil {
			continue
		}
		var d Delivery
		if pass.ImportObjectFact(n.Obj(), &d) {
			return p, fmt.Sprintf("%s acknowledges with %s, and a message it does not acknowledge is delivered again", n.Obj().Name(), d.Ack)
		}
	}
	return nil, ""
}

// importsDeliveries reports whether the package imports one that
// declares a Delivery type.
func importsDeliveries(pass *analysis.Pass) bool {
	for _, imp := range pass.Pkg.Imports() {
		if pass.ImportPackageFact(imp, new(Deliveries)) {
			return true
		}
	}
	return false
}
