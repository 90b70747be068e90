package attemptkey

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A flow follows one value (a minted key, a delivery handle, a parameter)
// forward through the SSA form of a function and the closures it makes:
// through conversions, string building, fmt and strings functions, struct
// fields and captured variables, to the key sinks it reaches.
type flow struct {
	a     *checker
	start *ssa.Function
	dedup bool // also look for deduplication sinks (processed sets)
	// stop holds the header phis of a retry loop: past them the value is
	// the one of the previous attempt.
	stop map[*ssa.Phi]bool
	// persists reports whether a variable keeps its value from one
	// attempt to the next.
	persists func(addr ssa.Value) bool

	from   map[ssa.Value]ssa.Value           // each value reached, and the one it came from
	stores map[ssa.Value]*ssa.Store          // addresses reached by a store
	fields map[fieldKey]bool                 // struct fields a value was stored into
	entry  map[*ssa.Function]ssa.Instruction // closures: the MakeClosure in start
	work   []ssa.Value

	hits     []hit
	returned map[*ssa.Return]bool // returns of start that carry the value
}

type fieldKey struct {
	base  ssa.Value
	field int
}

// A hit is a sink the value reaches.
type hit struct {
	sink
	instr ssa.Instruction // the sink
	val   ssa.Value       // the value it uses
	at    ssa.Instruction // the instruction of start that leads to it
}

func (a *checker) newFlow(start *ssa.Function, dedup bool) *flow {
	// Most flows end after a few values; the maps for stores, fields,
	// closures and returns are made on first use.
	return &flow{a: a, start: start, dedup: dedup, from: map[ssa.Value]ssa.Value{}, persists: outlives}
}

func put[K comparable, V any](m *map[K]V, k K, v V) {
	if *m == nil {
		*m = map[K]V{}
	}
	(*m)[k] = v
}

// run follows the sources to their sinks.
func (fl *flow) run(sources ...ssa.Value) []hit {
	for _, s := range sources {
		fl.reach(s, nil)
	}
	for len(fl.work) > 0 {
		v := fl.work[len(fl.work)-1]
		fl.work = fl.work[:len(fl.work)-1]
		fl.visit(v)
	}
	return fl.hits
}

func (fl *flow) reach(v, from ssa.Value) {
	if _, seen := fl.from[v]; seen || v == nil {
		return
	}
	fl.from[v] = from
	fl.work = append(fl.work, v)
}

func (fl *flow) sink(instr ssa.Instruction, v ssa.Value, s sink) {
	if s.dedup && !fl.dedup {
		return
	}
	at := instr
	if e, ok := fl.entry[instr.Parent()]; ok {
		at = e
	}
	fl.hits = append(fl.hits, hit{sink: s, instr: instr, val: v, at: at})
}

func (fl *flow) visit(v ssa.Value) {
	refs := v.Referrers()
	if refs == nil {
		return
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface, *ssa.ChangeInterface,
			*ssa.TypeAssert, *ssa.Slice, *ssa.Field:
			fl.reach(r.(ssa.Value), v)
		case *ssa.Index:
			if r.X == v {
				fl.reach(r, v)
			}
		case *ssa.IndexAddr:
			if r.X == v {
				fl.reach(r, v)
			}
		case *ssa.FieldAddr:
			// A whole value stored here (an Alloc of a minted struct).
			if _, whole := fl.stores[v]; whole || fl.isBuffer(v) {
				fl.reach(r, v)
			}
		case *ssa.UnOp:
			if r.Op != token.ARROW {
				fl.reach(r, v)
			}
		case *ssa.BinOp:
			switch r.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			default:
				fl.reach(r, v)
			}
		case *ssa.Phi:
			if !fl.stop[r] {
				fl.reach(r, v)
			}
		case *ssa.Extract:
			if !ssautil.IsError(r.Type()) {
				fl.reach(r, v)
			}
		case *ssa.Store:
			if r.Val == v {
				fl.store(r, v)
			}
		case *ssa.MapUpdate:
			fl.mapUpdate(r, v)
		case *ssa.Lookup:
			if r.Index == v {
				if s, ok := fl.a.opSink(r, v); ok {
					fl.sink(r, v, s)
				} else if boolSetLookup(r, v) {
					fl.sink(r, v, sink{what: "a processed set", dedup: true})
				}
			}
		case *ssa.Call:
			fl.call(r, v)
		case *ssa.MakeClosure:
			fl.closure(r, v)
		case *ssa.Return:
			if r.Parent() == fl.start {
				put(&fl.returned, r, true)
			}
		}
	}
}

// isBuffer reports whether v is a source buffer (the array crypto/rand
// filled), whose elements are all minted.
func (fl *flow) isBuffer(v ssa.Value) bool {
	from, ok := fl.from[v]
	return ok && from == nil
}

// store follows a value stored to memory: into a key field (a sink), into
// a struct field (followed field by field), or into a variable.
func (fl *flow) store(st *ssa.Store, v ssa.Value) {
	switch addr := st.Addr.(type) {
	case *ssa.FieldAddr:
		if what := fieldSink(addr); what != "" {
			fl.sink(st, v, sink{what: what})
		}
		key := fieldKey{addr.X, addr.Field}
		if fl.fields[key] {
			return
		}
		put(&fl.fields, key, true)
		refs := addr.X.Referrers()
		if refs == nil {
			return
		}
		for _, r := range *refs {
			if fa, ok := r.(*ssa.FieldAddr); ok && fa.Field == addr.Field {
				put(&fl.stores, ssa.Value(fa), st)
				fl.reach(fa, v)
			}
		}
	case *ssa.IndexAddr:
		// An element of an array or slice (the ...any of fmt.Sprintf).
		put(&fl.stores, addr.X, st)
		fl.reach(addr.X, v)
	default:
		put(&fl.stores, st.Addr, st)
		fl.reach(st.Addr, v)
	}
}

// mapUpdate checks a map write: a value under an idempotency header name,
// or a key written into a processed set.
func (fl *flow) mapUpdate(u *ssa.MapUpdate, v ssa.Value) {
	if u.Value == v && fl.a.isKeyHeader(u.Key) {
		fl.sink(u, v, sink{what: "the " + constStr(u.Key) + " header"})
	}
	if u.Key == v {
		if s, ok := fl.a.opSink(u, v); ok {
			fl.sink(u, v, s)
		}
	}
}

// call checks a call that takes the value: a sink, or a function whose
// result carries it on.
func (fl *flow) call(call *ssa.Call, v ssa.Value) {
	c := &call.Call
	for i, arg := range c.Args {
		if arg != v {
			continue
		}
		if s, ok := fl.a.callSink(call, i); ok {
			fl.sink(call, v, s)
		}
		if fl.passes(c, i) {
			fl.reach(call, v)
		}
	}
	if c.IsInvoke() && c.Value == v && fl.keepsValue(c) {
		fl.reach(call, v)
	}
}

// passes reports whether the result of a call carries its argument at
// index i (into c.Args).
func (fl *flow) passes(c *ssa.CallCommon, i int) bool {
	if b, ok := c.Value.(*ssa.Builtin); ok {
		return b.Name() == "append"
	}
	f := dataaccess.Callee(c)
	if f == nil || f.Pkg() == nil {
		return false
	}
	if i == 0 && receiverOf(c) == c.Args[0] && !c.IsInvoke() {
		return fl.keepsValue(c)
	}
	sig := f.Type().(*types.Signature)
	switch f.Pkg().Path() {
	case "fmt", "strings", "strconv", "bytes", "encoding/hex", "encoding/base64", "encoding/base32",
		"path", "path/filepath", "net/url", "crypto/sha256", "crypto/sha1", "crypto/sha512", "crypto/md5":
		return sig.Results().Len() > 0
	}
	if k := fl.a.facts.keyFunc(f); k != nil {
		return contains(k.Passes, paramIndex(c, i))
	}
	// uuid.Must(uuid.NewRandom()), ulid.MustNew: the value passes through.
	if strings.HasPrefix(f.Name(), "Must") && sig.Results().Len() == 1 {
		return true
	}
	// stripe.String(key), aws.String(key), ptr.To(key): a pointer to it;
	// aws.ToString(handle), lo.FromPtr: the value pointed to.
	if sig.Params().Len() == 1 && sig.Results().Len() == 1 {
		in, out := sig.Params().At(0).Type(), sig.Results().At(0).Type()
		if p, ok := out.(*types.Pointer); ok {
			return types.Identical(p.Elem(), in) || isTypeParam(in)
		}
		if p, ok := in.(*types.Pointer); ok {
			return types.Identical(p.Elem(), out) || isTypeParam(out)
		}
	}
	return false
}

func isTypeParam(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.TypeParam)
	return ok
}

// keepsValue reports whether a method called on the value returns it in
// another form: id.String(), t.UnixNano(), sb.String(). A coarse time
// (t.Year(), t.Format("2006-01-02")) or a comparison does not.
func (fl *flow) keepsValue(c *ssa.CallCommon) bool {
	f := dataaccess.Callee(c)
	if f == nil {
		return false
	}
	sig := f.Type().(*types.Signature)
	if sig.Results().Len() == 0 || ssautil.IsError(sig.Results().At(0).Type()) {
		return false
	}
	if recv := recvNamed(f); recv != nil && recv.Obj().Pkg() != nil {
		path := recv.Obj().Pkg().Path()
		if path == "time" {
			return recv.Obj().Name() == "Time" && timeMethodKeeps(c, f.Name())
		}
		if isSourcePackage(path) {
			switch f.Name() {
			case "Version", "Variant", "Time", "Timestamp", "Compare", "Equal", "IsZero", "IsNil",
				"Counter", "Pid", "Machine", "Domain", "ID", "ClockSequence", "NodeID":
				return false
			}
			return true
		}
	}
	switch f.Name() {
	case "String", "Bytes", "Text":
		return true
	}
	return false
}

// closure follows the value into a function literal that captures it.
func (fl *flow) closure(mc *ssa.MakeClosure, v ssa.Value) {
	fn := mc.Fn.(*ssa.Function)
	for i, b := range mc.Bindings {
		if b != v || i >= len(fn.FreeVars) {
			continue
		}
		if _, ok := fl.entry[fn]; !ok {
			if e, ok := fl.entry[mc.Parent()]; ok {
				put(&fl.entry, fn, e)
			} else {
				put(&fl.entry, fn, ssa.Instruction(mc))
			}
		}
		fl.reach(fn.FreeVars[i], v)
	}
}

// conditional reports whether the value reaches the sink of h only on
// some paths: through a phi that merges it with another value (`if key ==
// "" { key = uuid.NewString() }`), or through a variable that outlives the
// attempt and is assigned conditionally. A key kept across attempts that
// way is minted once per operation, not once per attempt.
func (fl *flow) conditional(h hit) bool {
	if st, ok := h.instr.(*ssa.Store); ok && fillsDefault(st) {
		return true
	}
	for v := h.val; v != nil; v = fl.from[v] {
		if st := fl.stores[v]; st != nil && fillsDefault(st) {
			return true
		}
		if phi, ok := v.(*ssa.Phi); ok {
			for _, e := range phi.Edges {
				if _, reached := fl.from[e]; !reached {
					return true
				}
			}
		}
		if st := fl.stores[v]; st != nil && fl.persists(st.Addr) {
			sinkBlock := h.at.Block()
			if st.Block().Parent() == sinkBlock.Parent() && !st.Block().Dominates(sinkBlock) {
				return true
			}
		}
	}
	return false
}

// fillsDefault reports whether a store only fills an empty variable or
// field: it runs under a test that the same address holds nil, "" or 0
// (`if p.IdempotencyKey == nil { p.IdempotencyKey = ... }`). A key set
// that way is kept by the next attempt.
func fillsDefault(st *ssa.Store) bool {
	for d := st.Block().Idom(); d != nil; d = d.Idom() {
		ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
			continue
		}
		x, y := cmp.X, cmp.Y
		if _, isConst := x.(*ssa.Const); isConst {
			x, y = y, x
		}
		k, isConst := y.(*ssa.Const)
		load, isLoad := x.(*ssa.UnOp)
		if isConst && isZero(k) && isLoad && load.Op == token.MUL && dataaccess.SameValue(load.X, st.Addr) {
			return true
		}
	}
	return false
}

// isZero reports whether k is nil, "", 0 or false.
func isZero(k *ssa.Const) bool {
	if k.Value == nil {
		return true
	}
	switch k.Value.Kind() {
	case constant.String:
		return constant.StringVal(k.Value) == ""
	case constant.Int, constant.Float:
		return constant.Sign(k.Value) == 0
	case constant.Bool:
		return !constant.BoolVal(k.Value)
	}
	return false
}

// outlives reports whether a stored-to variable lives beyond one call of
// the function that stores to it: a captured variable, a global, or what
// a pointer parameter points to.
func outlives(addr ssa.Value) bool {
	switch addr.(type) {
	case *ssa.FreeVar, *ssa.Global, *ssa.Parameter:
		return true
	}
	return false
}

func constStr(v ssa.Value) string {
	if k, ok := v.(*ssa.Const); ok && k.Value != nil {
		return strings.Trim(k.Value.ExactString(), `"`)
	}
	return ""
}
