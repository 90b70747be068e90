package redelivery

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// handler is code that runs once per delivered message: a function that
// takes the message (amqp091.Delivery, *kgo.Record, *river.Job[T]), or the
// part of a function that runs after it receives one (a loop over a
// Deliveries channel, over ReadMessage or PollFetches results).
type handler struct {
	fn *ssa.Function
	// arrivals are the instructions that receive a message; nil when the
	// message is a parameter and the whole body handles it.
	arrivals []ssa.Instruction
	// msgs are the message values: the parameter, or what the arrivals
	// yield.
	msgs map[ssa.Value]bool
	// redelivery says what delivers the message again.
	redelivery string
	// byName is set for a task function registered by name, whose
	// parameters are the task's arguments.
	byName bool
	// cut is set when a walk back to the message's id stopped at
	// maxDepth while one write was judged: the write may be keyed by it.
	cut bool
	// webhook is set for an HTTP handler that receives a webhook
	// (webhooks.go).
	webhook bool
}

// handlerOf returns fn as a handler, or nil when fn handles no message.
func handlerOf(pass *analysis.Pass, fn *ssa.Function) *handler {
	if p := ssautil.MessageParam(fn); p != nil {
		if produces(p) {
			return nil
		}
		return &handler{fn: fn, msgs: map[ssa.Value]bool{p: true}, redelivery: redeliveryOf(p.Type())}
	}
	if p, redelivery := ownDeliveryParam(pass, fn); p != nil {
		return &handler{fn: fn, msgs: map[ssa.Value]bool{p: true}, redelivery: redelivery}
	}
	var h *handler
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			v, ok := instr.(ssa.Value)
			if !ok || ssautil.MessageOf(v.Type()) == nil || !received(v) || produces(v) {
				continue
			}
			if h == nil {
				h = &handler{fn: fn, msgs: map[ssa.Value]bool{}, redelivery: redeliveryOf(v.Type())}
			}
			h.arrivals = append(h.arrivals, instr)
			h.msgs[v] = true
		}
	}
	return h
}

// received reports whether v is a message the function receives, not one
// it builds to publish: a receive from a channel (for d := range
// deliveries), a result of the broker's own API (ReadMessage,
// FetchMessage, iter.Next), an element of a slice it returned
// (ReceiveMessage's Messages, fetches.Records()), either called through
// an interface that mirrors it or handed on by a helper (see brokerCall),
// or a type assertion (a confluent Poll event).
func received(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.UnOp:
		if v.Op == token.ARROW {
			return !autoAcked(v.X)
		}
		if elem, ok := v.X.(*ssa.IndexAddr); ok && v.Op == token.MUL {
			return fromBroker(elem.X, 0) // for _, r := range fetches.Records()
		}
	case *ssa.Extract:
		if recv, ok := v.Tuple.(*ssa.UnOp); ok && recv.Op == token.ARROW {
			return !autoAcked(recv.X)
		}
		if _, ok := v.Tuple.(*ssa.TypeAssert); ok {
			return true // case *kafka.Message: in a switch on Poll's event
		}
		if sel, ok := v.Tuple.(*ssa.Select); ok {
			ch := selectedChannel(sel, v.Index)
			return ch != nil && !autoAcked(ch) // case msg := <-claim.Messages(): in a loop beside ctx.Done()
		}
		return fromBroker(v, 0)
	case *ssa.Call:
		return fromBroker(v, 0)
	case *ssa.TypeAssert:
		return true
	case *ssa.IndexAddr:
		return fromBroker(v.X, 0)
	case *ssa.Index:
		return fromBroker(v.X, 0)
	}
	return false
}

// selectedChannel returns the channel whose receive yields result i of a
// select (index, recvOk, then one value per receiving case), or nil.
func selectedChannel(sel *ssa.Select, i int) ssa.Value {
	k := i - 2
	for _, st := range sel.States {
		if st.Dir != types.RecvOnly {
			continue
		}
		if k == 0 {
			return st.Chan
		}
		k--
	}
	return nil
}

// fromBroker reports whether v is, or is a part of, the result of a call
// into a broker's package, or of a call that hands one on.
func fromBroker(v ssa.Value, depth int) bool {
	switch x := v.(type) {
	case *ssa.Call:
		return brokerCall(x, 0, depth)
	case *ssa.Extract:
		call, ok := x.Tuple.(*ssa.Call)
		return ok && brokerCall(call, x.Index, depth)
	case *ssa.Field:
		return fromBroker(x.X, depth)
	case *ssa.FieldAddr:
		return fromBroker(x.X, depth)
	case *ssa.UnOp:
		return x.Op == token.MUL && fromBroker(x.X, depth)
	case *ssa.Slice:
		return fromBroker(x.X, depth)
	}
	return false
}

// maxHelpers bounds how many helpers deep fromBroker follows a received
// message back to the broker. A field, dereference or slice step has one
// operand, defined before it, so only the calls can go round.
const maxHelpers = 3

// brokerCall reports whether result i of call is what a broker delivered:
// the call is a broker's method (ReceiveMessage, FetchMessage), or a
// method of the program's own interface that mirrors one (an SQSAPI
// interface holding ReceiveMessage, so that tests can fake the client),
// or a function of this package whose returns hand on such a result
// (func receive(...) ([]types.Message, error) { out, err :=
// api.ReceiveMessage(...); return out.Messages, err }). A constructor
// (asynq.NewTask) builds a message to send.
func brokerCall(call *ssa.Call, i, depth int) bool {
	f := dataaccess.Callee(&call.Call)
	if f == nil || strings.HasPrefix(f.Name(), "New") {
		return false
	}
	if brokerMethod(f) {
		return true
	}
	fn := call.Call.StaticCallee()
	return fn != nil && depth < maxHelpers && returnsReceived(fn, i, depth+1)
}

// returnsReceived reports whether every return of fn that gives result i
// a value (not nil, on an error path) gives one the broker delivered.
func returnsReceived(fn *ssa.Function, i, depth int) bool {
	found := false
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || i >= len(ret.Results) {
			continue
		}
		if k, ok := ret.Results[i].(*ssa.Const); ok && k.IsNil() {
			continue
		}
		if !fromBroker(ret.Results[i], depth) {
			return false
		}
		found = true
	}
	return found
}

// brokerMethod reports whether f is a function or method of a broker's
// package, or the method of an interface that mirrors one: a method of
// the same name and results that a type of the broker's package has, with
// a type of that package in its signature. Programs put the part of the
// client they call behind an interface of their own, to fake it in tests.
func brokerMethod(f *types.Func) bool {
	if f.Pkg() != nil && apis.IsMessagePackage(f.Pkg().Path()) {
		return true
	}
	sig := f.Type().(*types.Signature)
	recv := sig.Recv()
	if recv == nil || !types.IsInterface(recv.Type()) {
		return false
	}
	for _, pkg := range brokerPackages(sig) {
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			t := tn.Type()
			if !types.IsInterface(t) {
				t = types.NewPointer(t)
			}
			obj, _, _ := types.LookupFieldOrMethod(t, false, pkg, f.Name())
			m, ok := obj.(*types.Func)
			if ok && types.Identical(m.Type().(*types.Signature).Results(), sig.Results()) {
				return true
			}
		}
	}
	return false
}

// brokerPackages returns the brokers' packages that declare a type in
// sig's parameters or results (*sqs.ReceiveMessageOutput, kafka.Message,
// <-chan amqp.Delivery).
func brokerPackages(sig *types.Signature) []*types.Package {
	var out []*types.Package
	for _, vars := range []*types.Tuple{sig.Params(), sig.Results()} {
		for i := range vars.Len() {
			n := namedIn(vars.At(i).Type())
			if n == nil || n.Obj().Pkg() == nil || !apis.IsMessagePackage(n.Obj().Pkg().Path()) {
				continue
			}
			out = append(out, n.Obj().Pkg())
		}
	}
	return out
}

// namedIn returns the named type t is or holds through a channel,
// pointers and slices (<-chan amqp.Delivery, []*sqs.Message), or nil.
func namedIn(t types.Type) *types.Named {
	if ch, ok := types.Unalias(t).(*types.Chan); ok {
		t = ch.Elem()
	}
	return ssautil.ElemNamed(t)
}

// autoAcked reports whether ch is the channel of an AMQP consumer that
// acks on delivery (Consume(queue, tag, true, ...)): the broker forgets
// each message as it sends it and never delivers it again.
func autoAcked(ch ssa.Value) bool {
	if x, ok := ch.(*ssa.Extract); ok {
		ch = x.Tuple
	}
	call, ok := ch.(*ssa.Call)
	if !ok {
		return false
	}
	f := dataaccess.Callee(&call.Call)
	if f == nil || f.Name() != "Consume" || !brokerMethod(f) {
		return false
	}
	autoAck, ok := dataaccess.Arg(&call.Call, 2).(*ssa.Const)
	return ok && autoAck.Value != nil && autoAck.Value.String() == "true"
}

// produces reports whether a function hands a message (its parameter, a
// value it got) to the broker to send (WriteMessages, Publish, Produce,
// Enqueue): it builds messages, it does not handle them.
func produces(v ssa.Value) bool {
	for _, call := range callsTaking(v) {
		f := dataaccess.Callee(call.Common())
		if f == nil || !brokerMethod(f) {
			continue
		}
		for _, verb := range []string{"Publish", "Produce", "Write", "Send", "Enqueue", "Insert"} {
			if strings.Contains(f.Name(), verb) {
				return true
			}
		}
	}
	return false
}

// callsTaking returns the calls that take v as an argument, directly or
// as an element of a variadic argument (w.WriteMessages(ctx, m)).
func callsTaking(v ssa.Value) []ssa.CallInstruction {
	var calls []ssa.CallInstruction
	for _, ref := range *v.Referrers() {
		switch r := ref.(type) {
		case ssa.CallInstruction:
			calls = append(calls, r)
		case *ssa.Store:
			elem, ok := r.Addr.(*ssa.IndexAddr)
			if !ok || r.Val != v {
				continue
			}
			for _, use := range *elem.X.Referrers() {
				if sl, ok := use.(*ssa.Slice); ok {
					for _, u := range *sl.Referrers() {
						if call, ok := u.(ssa.CallInstruction); ok {
							calls = append(calls, call)
						}
					}
				}
			}
		}
	}
	return calls
}

func redeliveryOf(t types.Type) string {
	n := ssautil.MessageOf(t)
	r, _ := apis.MessageRedelivery(n.Obj().Pkg().Path(), n.Obj().Name())
	return r
}

// handles reports whether instr, an instruction of h's function, runs
// once per message.
func (h *handler) handles(instr ssa.Instruction) bool {
	if h.arrivals == nil {
		return true
	}
	for _, a := range h.arrivals {
		if ssautil.Reachable(a, instr) {
			return true
		}
	}
	return false
}

// bodies returns h's function and the function literals it runs, each
// with the instruction of h's function that makes it (nil for the
// function itself). Literals that take a message are handlers of their
// own; those handed to idemvet's runtime run behind its inbox claim.
func (h *handler) bodies() map[*ssa.Function]ssa.Instruction {
	out := map[*ssa.Function]ssa.Instruction{h.fn: nil}
	var add func(fn *ssa.Function, at ssa.Instruction)
	add = func(fn *ssa.Function, at ssa.Instruction) {
		for _, anon := range fn.AnonFuncs {
			ref := makerOf(anon)
			if ref == nil || ssautil.MessageParam(anon) != nil || toRuntime(anon, ref) {
				continue
			}
			where := at
			if where == nil {
				where = ref
			}
			out[anon] = where
			add(anon, where)
		}
	}
	add(h.fn, nil)
	return out
}

// makerOf returns the instruction of anon's parent that makes the
// closure or refers to the literal.
func makerOf(anon *ssa.Function) ssa.Instruction {
	for _, b := range anon.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == anon {
				return instr
			}
			for _, op := range instr.Operands(nil) {
				if *op == anon {
					return instr
				}
			}
		}
	}
	return nil
}

// toRuntime reports whether the literal is passed to idemvet's runtime
// (inbox.Process, amqpinbox.Handle), which claims the message first.
func toRuntime(anon *ssa.Function, maker ssa.Instruction) bool {
	v, ok := maker.(ssa.Value)
	if !ok {
		v = anon
	}
	uses := []ssa.Instruction{maker}
	if refs := v.Referrers(); refs != nil {
		uses = append(uses, *refs...)
	}
	for _, use := range uses {
		call, ok := use.(ssa.CallInstruction)
		if !ok {
			continue
		}
		f := dataaccess.Callee(call.Common())
		if f != nil && f.Pkg() != nil && apis.IsRuntimePackage(f.Pkg().Path()) {
			return true
		}
	}
	return false
}
