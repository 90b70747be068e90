package attemptkey

import (
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// canHoldKey reports whether a field or parameter of type t can carry a
// key: strings, byte slices and arrays, integers, pointers to those and
// interfaces, but not bools or funcs.
func canHoldKey(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsString|types.IsInteger) != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	case *types.Array:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	case *types.Interface:
		return true
	}
	return false
}

// isKeyHeader reports whether v is a constant naming an HTTP header that
// carries an idempotency key.
func (a *checker) isKeyHeader(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.Value != nil && k.Value.Kind() == constant.String && isKeyHeaderName(constant.StringVal(k.Value))
}

// isKeyHeaderName reports whether name is an HTTP header that carries an
// idempotency key.
func isKeyHeaderName(name string) bool {
	if apis.IsIdempotencyKeyHeader(name) {
		return true
	}
	name = strings.TrimSpace(name)
	for _, h := range keyHeaders.Names() {
		if strings.EqualFold(h, name) {
			return true
		}
	}
	return false
}

// fieldSink describes a store into a struct field that holds a key, or "".
func fieldSink(fa *ssa.FieldAddr) string {
	t, f := selected(fa)
	if f == nil {
		return ""
	}
	if apis.IsIdempotencyKeyName(f.Name()) && canHoldKey(f.Type()) {
		return "field " + f.Name()
	}
	// The runtime claim API's claim.Key.Key is a key sink.
	if n := ssautil.NamedOf(t); n != nil && n.Obj().Pkg() != nil &&
		n.Obj().Pkg().Path() == apis.RuntimeClaimPkg && n.Obj().Name() == "Key" && f.Name() == "Key" {
		return "claim.Key"
	}
	return ""
}

// A sink is where a value is used as a key. Key sinks carry an
// idempotency key (a header, a provider field, a claim); with dedup set,
// processed sets (a map of seen keys, a redis key) count as well.
type sink struct {
	what  string
	dedup bool // a processed set only, not an idempotency-key sink
}

// callSink returns the sink a call makes of its argument at index arg
// (into c.Args), if any.
func (a *checker) callSink(instr ssa.CallInstruction, arg int) (sink, bool) {
	c := instr.Common()
	// req.Header.Set("Idempotency-Key", key), resty's SetHeader, ...
	if arg > 0 && a.isKeyHeader(c.Args[arg-1]) {
		return sink{what: "the " + constStr(c.Args[arg-1]) + " header"}, true
	}
	param := paramIndex(c, arg)
	if param < 0 {
		return a.opSink(instr, c.Args[arg])
	}
	sig := c.Signature()
	if param < sig.Params().Len() {
		p := sig.Params().At(param)
		if apis.IsIdempotencyKeyName(p.Name()) && canHoldKey(p.Type()) {
			return sink{what: "parameter " + p.Name()}, true
		}
	}
	if f := dataaccess.Callee(c); f != nil {
		// params.SetIdempotencyKey(key), input.SetClientToken(key)
		if setter, ok := strings.CutPrefix(f.Name(), "Set"); ok && sig.Params().Len() == 1 && apis.IsIdempotencyKeyName(setter) {
			return sink{what: f.Name()}, true
		}
		if k := a.facts.keyFunc(f); k != nil {
			if contains(k.KeyParams, param) {
				return sink{what: "the key parameter of " + f.Name()}, true
			}
			if contains(k.DedupParams, param) {
				return sink{what: "the key parameter of " + f.Name(), dedup: true}, true
			}
		}
	}
	return a.opSink(instr, c.Args[arg])
}

// opSink returns the claim or processed-set operation of the data-access
// model that uses v as its key, if any.
func (a *checker) opSink(instr ssa.Instruction, v ssa.Value) (sink, bool) {
	op := a.model.ByInstr[instr]
	if op == nil {
		return sink{}, false
	}
	claim := op.Kind == apis.Claim || op.Summary != nil && op.Summary.Claim ||
		op.Kind == apis.CondInsert && op.Resource.Key != nil ||
		op.Kind.IsWrite() && apis.IsClaimTable(op.Resource.Table)
	seen := (op.Kind == apis.Exists || op.Kind == apis.Insert) && op.Resource.Key != nil && setLike(op)
	if !claim && !seen {
		return sink{}, false
	}
	if op.Resource.Key != nil && !dataaccess.SameValue(op.Resource.Key, v) {
		return sink{}, false
	}
	what := "a processed set"
	switch {
	case op.Callee != nil:
		what = "the key of " + op.Callee.Name()
	case claim:
		what = "a dedup key"
	}
	return sink{what: what, dedup: !claim}, true
}

// setLike reports whether a keyed store holds "seen" markers rather than
// tracking data by key: a redis key, a sync.Map probe, or a Go map whose
// values are bools, empty structs or times. A map of in-flight deliveries
// kept to ack them later, probed or not, is not a dedup set.
func setLike(op *dataaccess.Op) bool {
	if op.Callee != nil {
		if op.Callee.Pkg() != nil && apis.IsRedis(op.Callee.Pkg().Path()) {
			return true
		}
		return op.Kind == apis.Exists // sync.Map Load
	}
	var m types.Type
	switch x := op.Instr.(type) {
	case *ssa.Lookup:
		m = x.X.Type()
	case *ssa.MapUpdate:
		m = x.Map.Type()
	}
	if m == nil {
		return false
	}
	mt, ok := m.Underlying().(*types.Map)
	if !ok {
		return false
	}
	switch e := mt.Elem().Underlying().(type) {
	case *types.Basic:
		return e.Kind() == types.Bool
	case *types.Struct:
		if e.NumFields() == 0 {
			return true
		}
	}
	n := ssautil.NamedOf(mt.Elem())
	return n != nil && ssautil.IsTime(n)
}

// boolSetLookup reports whether l reads a map[K]bool with v as the key:
// `if seen[tag] {`.
func boolSetLookup(l *ssa.Lookup, v ssa.Value) bool {
	mt, ok := l.X.Type().Underlying().(*types.Map)
	if !ok || l.Index != v {
		return false
	}
	b, ok := mt.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
