package volatiledup

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// dedupKey reports whether a memory's key names one request, message or
// event: it is built from a field, parameter or accessor named for an id
// or a key (msg.ID, eventID, d.MessageId, GetId(), an "Idempotency-Key"
// header), or from any field of a broker message. A memory keyed by
// anything else (a URL, a topic, a user name) is a cache of computed
// values or of setup done, not a record of which deliveries were handled.
func dedupKey(v ssa.Value) bool { return idKey(v, 6) }

func idKey(v ssa.Value, depth int) bool {
	if v == nil || depth == 0 {
		return false
	}
	v = dataaccess.Unwrap(v)
	switch x := v.(type) {
	case *ssa.Parameter:
		return idName(x.Name()) || isMessage(x.Type())
	case *ssa.FieldAddr:
		return idName(ssautil.FieldName(x.X.Type(), x.Field)) || isMessage(x.X.Type())
	case *ssa.Field:
		return idName(ssautil.FieldName(x.X.Type(), x.Field)) || isMessage(x.X.Type())
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if stored := dataaccess.StoredOnce(x.X); stored != nil {
				return idKey(stored, depth-1)
			}
		}
		return idKey(x.X, depth-1)
	case *ssa.Convert:
		return idKey(x.X, depth-1)
	case *ssa.Slice:
		return idKey(x.X, depth-1)
	case *ssa.BinOp: // "refund:" + id
		return x.Op == token.ADD && (idKey(x.X, depth-1) || idKey(x.Y, depth-1))
	case *ssa.Phi:
		for _, e := range x.Edges {
			if idKey(e, depth-1) {
				return true
			}
		}
	case *ssa.Extract:
		return idKey(x.Tuple, depth-1)
	case *ssa.Call:
		return idCall(x, depth)
	}
	return false
}

// idCall reports whether a call yields an id: an accessor named for one
// (m.ID(), GetEventId()), a header or attribute read under an id-like
// name (r.Header.Get("Idempotency-Key")), or a key builder (fmt.Sprintf,
// a helper) of which some argument is an id.
func idCall(call *ssa.Call, depth int) bool {
	c := call.Common()
	if f := dataaccess.Callee(c); f != nil && idName(strings.TrimPrefix(f.Name(), "Get")) {
		return true
	}
	for _, a := range c.Args {
		if k, ok := a.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String && idName(constant.StringVal(k.Value)) {
			return true
		}
	}
	if c.IsInvoke() {
		return false
	}
	for _, a := range c.Args {
		if elems := dataaccess.VariadicElems(a); len(elems) > 0 { // fmt.Sprintf's ...any
			for _, elem := range elems {
				if idKey(elem, depth-1) {
					return true
				}
			}
			continue
		}
		if idKey(a, depth-1) {
			return true
		}
	}
	return false
}

// idName reports whether a name says it identifies one thing: one of its
// words (split at camel case, '_', '-' and spaces) is id, uuid, guid,
// nonce, idempotency or dedup (eventID, message_id, Idempotency-Key,
// MessageId; not paid, valid or width), or it is a key of a request,
// message or event (key, msgKey, dedupKey; not apiKey, cacheKey or
// secretKey, which name credentials and computed values).
func idName(name string) bool {
	ws := words(name)
	for i, w := range ws {
		switch w {
		case "id", "ids", "uuid", "guid", "nonce", "idempotency", "dedup", "dedupe":
			return true
		case "key", "keys":
			if i == 0 || keyOwners[ws[i-1]] {
				return true
			}
		}
	}
	return false
}

// keyOwners are the words before "key" that make it the key of one
// request, message or piece of work.
var keyOwners = map[string]bool{
	"idempotency": true, "dedup": true, "dedupe": true, "message": true, "msg": true,
	"event": true, "evt": true, "request": true, "req": true, "delivery": true,
	"job": true, "task": true, "op": true, "operation": true, "txn": true,
	"transaction": true, "payment": true, "order": true, "webhook": true,
}

// words splits a name into lower-case words at case changes ("eventID"
// is event, id; "MessageId" is message, id) and at '_', '-' and spaces.
func words(name string) []string {
	var out []string
	var cur []rune
	rs := []rune(name)
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for i, r := range rs {
		switch {
		case r == '_' || r == '-' || r == ' ' || r == '.' || r == ':':
			flush()
			continue
		case unicode.IsUpper(r) && i > 0 && (unicode.IsLower(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1]) && unicode.IsUpper(rs[i-1])):
			flush()
		}
		cur = append(cur, r)
	}
	flush()
	return out
}

// isMessage reports whether t is (a pointer to) a broker's delivered
// message: any field of one identifies the delivery.
func isMessage(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && apis.IsMessageType(n.Obj().Pkg().Path(), n.Obj().Name())
}
