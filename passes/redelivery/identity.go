package redelivery

import (
	"go/constant"
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// An insert keyed by the message's own id (its MessageId, a Nats-Msg-Id
// header, the event id in its body) is not repeated by a redelivery: the
// second run hits the key. These functions tell such a value from the
// rest of the message.

// maxDepth bounds the walks back through a value's definitions, counted
// at the steps that branch or may go round a loop (a phi, a call's
// operands, a variable's stores, a closure's binding). A field, element
// or dereference has one operand, defined before it, so however deep an
// envelope nests the event's id (env.Data.Payment.Event.EventID) those
// steps cost nothing.
const maxDepth = 8

// cutAt reports whether a walk at depth has gone past maxDepth, and
// records that it stopped there: the id it was looking for may be
// further back.
func (h *handler) cutAt(depth int) bool {
	if depth <= maxDepth {
		return false
	}
	h.cut = true
	return true
}

// fromMessage reports whether v is the message, a part of it, or a value
// decoded from it (json.Unmarshal(d.Body, &evt) fills evt).
func (h *handler) fromMessage(v ssa.Value, depth int) bool {
	if v == nil || h.cutAt(depth) {
		return false
	}
	v = dataaccess.Unwrap(v)
	if h.msgs[v] {
		return true
	}
	switch x := v.(type) {
	case *ssa.FieldAddr:
		return h.fromMessage(x.X, depth)
	case *ssa.Field:
		return h.fromMessage(x.X, depth)
	case *ssa.UnOp:
		return h.fromMessage(x.X, depth)
	case *ssa.Extract:
		return h.fromMessage(x.Tuple, depth)
	case *ssa.Slice:
		return h.fromMessage(x.X, depth)
	case *ssa.IndexAddr:
		return h.fromMessage(x.X, depth)
	case *ssa.Index:
		return h.fromMessage(x.X, depth)
	case *ssa.Lookup:
		return h.fromMessage(x.X, depth)
	case *ssa.FreeVar:
		return h.fromMessage(dataaccess.Binding(x), depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if h.fromMessage(e, depth+1) {
				return true
			}
		}
	case *ssa.Call:
		for _, a := range callValues(&x.Call) {
			if h.fromMessage(a, depth+1) {
				return true
			}
		}
	case *ssa.Alloc:
		return h.decodedInto(x, depth)
	}
	return false
}

// decodedInto reports whether a local variable is filled from the
// message: stored from it, or passed by address to a call that also takes
// a part of the message (json.Unmarshal(d.Body, &evt), proto.Unmarshal).
func (h *handler) decodedInto(alloc *ssa.Alloc, depth int) bool {
	for _, ref := range *alloc.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr == alloc && h.fromMessage(r.Val, depth+1) {
				return true
			}
		case *ssa.MakeInterface, *ssa.ChangeType, *ssa.Slice:
			for _, use := range *r.(ssa.Value).Referrers() {
				if call, ok := use.(ssa.CallInstruction); ok && h.callFromMessage(call.Common(), r.(ssa.Value), depth) {
					return true
				}
			}
		case ssa.CallInstruction:
			if h.callFromMessage(r.Common(), alloc, depth) {
				return true
			}
		}
	}
	return false
}

// callFromMessage reports whether a call that takes out also takes a part
// of the message.
func (h *handler) callFromMessage(c *ssa.CallCommon, out ssa.Value, depth int) bool {
	for _, a := range callValues(c) {
		if a != out && h.fromMessage(a, depth+1) {
			return true
		}
	}
	return false
}

// messageID reports whether v is the message's own id, or a value built
// from it (fmt.Sprintf("evt:%s", id), uuid.NewSHA1(ns, []byte(id))): a
// field or method named like an id (MessageId, ID, EventID) of the
// message or of what it decodes to, or a header named so.
func (h *handler) messageID(v ssa.Value, depth int) bool {
	if v == nil || h.cutAt(depth) {
		return false
	}
	v = dataaccess.Unwrap(v)
	switch x := v.(type) {
	case *ssa.FieldAddr:
		return idName(ssautil.FieldName(x.X.Type(), x.Field)) && h.fromMessage(x.X, depth) || h.messageID(x.X, depth)
	case *ssa.Field:
		return idName(ssautil.FieldName(x.X.Type(), x.Field)) && h.fromMessage(x.X, depth) || h.messageID(x.X, depth)
	case *ssa.UnOp:
		return x.Op == token.MUL && h.messageID(x.X, depth)
	case *ssa.Extract:
		return h.messageID(x.Tuple, depth)
	case *ssa.Slice:
		return h.messageID(x.X, depth)
	case *ssa.Lookup:
		return constID(x.Index) && h.fromMessage(x.X, depth)
	case *ssa.FreeVar:
		return h.messageID(dataaccess.Binding(x), depth+1)
	case *ssa.Alloc:
		return h.messageID(dataaccess.StoredOnce(x), depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !h.messageID(e, depth+1) {
				return false
			}
		}
		return len(x.Edges) > 0
	case *ssa.Call:
		return h.callMessageID(&x.Call, depth)
	case *ssa.Parameter:
		return h.byName && h.msgs[x] && taskIDName(x.Name())
	}
	return false
}

// callMessageID reports whether a call returns the message's id: a getter
// named like an id on the message (r.ID(), GetEventId()), a header lookup
// by an id-like name (Headers().Get("Nats-Msg-Id")), or any call of the
// id (formatting, hashing into a name-based uuid).
func (h *handler) callMessageID(c *ssa.CallCommon, depth int) bool {
	vals := callValues(c)
	name := c.Value.Name()
	if c.IsInvoke() {
		name = c.Method.Name()
	} else if f := c.StaticCallee(); f != nil {
		name = f.Name()
	}
	if recv := receiverOf(c); recv != nil && h.fromMessage(recv, depth+1) {
		if idName(strings.TrimPrefix(name, "Get")) {
			return true
		}
		for _, a := range vals[1:] {
			if constID(a) {
				return true
			}
		}
	}
	for _, a := range vals {
		if h.messageID(a, depth+1) {
			return true
		}
	}
	return false
}

// idName reports whether a field, method or header name names an id. A
// Kafka record's Key is a partition key, shared by every message about
// one entity, so it is not one.
// taskIDName reports whether a task function's parameter names the
// operation the task is about (paymentID, order_id, eventID): an id that is
// not an owner's (accountID, userID name whose rows, not which task).
func taskIDName(name string) bool {
	if idName(name) {
		return true
	}
	if owner, _ := apis.OwnerName(name); owner != "" {
		return false
	}
	return apis.IsIDName(name)
}

func idName(name string) bool {
	n := strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(name))
	switch n {
	case "id", "uuid", "msgid", "natsmsgid":
		return true
	}
	for _, s := range []string{"messageid", "eventid", "idempotencykey", "dedupkey", "dedupid", "deduplicationid", "deliveryid",
		"webhookid", "svixid", "githubdelivery"} { // webhook ids: Standard Webhooks' webhook-id, Svix-Id, X-GitHub-Delivery
		if strings.HasSuffix(n, s) {
			return true
		}
	}
	return false
}

// constID reports whether v is a constant string naming an id.
func constID(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.Value != nil && k.Value.Kind() == constant.String && idName(constant.StringVal(k.Value))
}

// callValues returns the receiver (first, when bound or invoked) and the
// arguments of a call.
func callValues(c *ssa.CallCommon) []ssa.Value {
	if c.IsInvoke() {
		return append([]ssa.Value{c.Value}, c.Args...)
	}
	return c.Args
}

// receiverOf returns the receiver of a method call, or nil.
func receiverOf(c *ssa.CallCommon) ssa.Value {
	if c.IsInvoke() {
		return c.Value
	}
	if f := c.StaticCallee(); f != nil && f.Signature.Recv() != nil && len(c.Args) > 0 {
		return c.Args[0]
	}
	return nil
}
