package dataaccess

import (
	"fmt"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
)

// Path names a value by where it lives: a base value and the struct fields
// selected from it. Two loads of s.db in one function, or a pool captured
// by a closure and the same pool in its parent, have equal paths although
// they are different SSA values.
type Path struct {
	Base   ssa.Value
	Fields string // ".<index>" per selected field, outermost last
}

// Valid reports whether the path names anything.
func (p Path) Valid() bool { return p.Base != nil }

// Equal reports whether two valid paths name the same location.
func (p Path) Equal(q Path) bool { return p.Valid() && p.Base == q.Base && p.Fields == q.Fields }

// types returns the type of the path's base and of each field it
// selects on the way to what it names, base first; it stops where a
// selection is not a struct field the type has.
func (p Path) types() []types.Type {
	t := p.Base.Type()
	out := []types.Type{t}
	for _, f := range strings.Split(p.Fields, ".")[1:] {
		i, err := strconv.Atoi(f)
		if ptr, ok := t.Underlying().(*types.Pointer); ok {
			t = ptr.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if err != nil || !ok || i >= st.NumFields() {
			break
		}
		t = st.Field(i).Type()
		out = append(out, t)
	}
	return out
}

func (p Path) String() string {
	if !p.Valid() {
		return "<none>"
	}
	return p.Base.Name() + p.Fields
}

// rootPath strips conversions, loads, field selections, closure captures
// and builder chains (db.WithContext(ctx).Where(...)) from v.
func rootPath(v ssa.Value) Path {
	var fields []string
	for range 64 { // bounded: SSA chains are acyclic but may be long
		switch x := v.(type) {
		case nil:
			return Path{}
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.ChangeInterface:
			v = x.X
			continue
		case *ssa.TypeAssert:
			v = x.X
			continue
		case *ssa.Field:
			fields = append(fields, fmt.Sprintf(".%d", x.Field))
			v = x.X
			continue
		case *ssa.FieldAddr:
			fields = append(fields, fmt.Sprintf(".%d", x.Field))
			v = x.X
			continue
		case *ssa.UnOp:
			if x.Op == token.MUL {
				if stored := singleStore(x.X); stored != nil {
					v = stored
				} else {
					v = x.X
				}
				continue
			}
		case *ssa.FreeVar:
			if b := binding(x); b != nil {
				v = b
				continue
			}
		case *ssa.Call:
			if r := chainReceiver(x); r != nil {
				v = r
				continue
			}
			if h := wrappedHandle(x); h != nil {
				v = h
				continue
			}
			if recv, field, ok := GetterField(x); ok { // u.GetName() is u.Name
				fields = append(fields, fmt.Sprintf(".%d", field))
				v = recv
				continue
			}
		}
		break
	}
	// A parameter spilled to a local (its address taken, as for ldapUser
	// in f(ldapUser.Name); g(ldapUser)) is still that parameter.
	if alloc, ok := v.(*ssa.Alloc); ok {
		if p, ok := singleStore(alloc).(*ssa.Parameter); ok {
			v = p
		}
	}
	// fields were collected innermost first; print outermost last.
	for i, j := 0, len(fields)-1; i < j; i, j = i+1, j-1 {
		fields[i], fields[j] = fields[j], fields[i]
	}
	return Path{Base: v, Fields: strings.Join(fields, "")}
}

// wrappedHandle returns the argument of a constructor that only wraps it
// (sqlc's gadb.New(tx) returns &Queries{db: tx}): a function of one
// parameter whose result points to a struct with a field of the
// parameter's type. The queries run on the wrapper run on the argument.
func wrappedHandle(call *ssa.Call) ssa.Value {
	f := call.Call.StaticCallee()
	if f == nil || f.Signature.Recv() != nil || f.Signature.Params().Len() != 1 || f.Signature.Results().Len() != 1 {
		return nil
	}
	st, ok := ssautil.DerefStruct(f.Signature.Results().At(0).Type())
	if !ok {
		return nil
	}
	param := f.Signature.Params().At(0).Type()
	for i := range st.NumFields() {
		if types.Identical(st.Field(i).Type(), param) {
			return call.Call.Args[0]
		}
	}
	return nil
}

// throughLocals strips conversions from v and reads through the local
// variables it was loaded from, when each is assigned exactly once.
func throughLocals(v ssa.Value) ssa.Value {
	for range 8 {
		v = Unwrap(v)
		load, ok := v.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			return v
		}
		stored := singleStore(load.X)
		if stored == nil {
			return v
		}
		v = stored
	}
	return v
}

// storeReaching returns the value that the last assignment before at
// left in a pointer variable assigned more than once (var u *User; u, err
// = find(); if missing { u = &User{...} }): the store nearest at among
// those that dominate it; nil for a variable assigned once (singleStore
// covers it), or when no store dominates at.
func storeReaching(cell *ssa.Alloc, at ssa.Instruction) ssa.Value {
	if _, isPtr := derefType(cell.Type()).Underlying().(*types.Pointer); !isPtr {
		return nil
	}
	var nearest *ssa.Store
	stores := 0
	for _, ref := range *cell.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Addr != cell {
			continue
		}
		stores++
		if !ssautil.Before(st, at) {
			continue
		}
		if nearest == nil || ssautil.Before(nearest, st) {
			nearest = st
		}
	}
	if stores < 2 || nearest == nil {
		return nil
	}
	return nearest.Val
}

// singleStore returns the value stored in a local variable that is
// assigned exactly once, or nil.
func singleStore(addr ssa.Value) ssa.Value {
	if fv, ok := addr.(*ssa.FreeVar); ok {
		if b := binding(fv); b != nil {
			addr = b
		}
	}
	alloc, ok := addr.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var stored ssa.Value
	for _, ref := range *alloc.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == alloc {
			if stored != nil {
				return nil
			}
			stored = st.Val
		}
	}
	return stored
}

// binding returns the value the enclosing function captured for a free
// variable, when the closure is made in exactly one place.
func binding(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	idx := -1
	for i, f := range fn.FreeVars {
		if f == fv {
			idx = i
		}
	}
	parent := fn.Parent()
	if idx < 0 || parent == nil {
		return nil
	}
	var found ssa.Value
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				if found != nil {
					return nil
				}
				found = mc.Bindings[idx]
			}
		}
	}
	return found
}

// chainReceiver returns the receiver of a builder-chain call, one that
// returns the same kind of value it was called on (gorm's Where, bun's
// Model, ent's Create), or nil. Calls that open a transaction are not part
// of a chain: their result is a different handle.
func chainReceiver(c *ssa.Call) ssa.Value {
	f := callee(&c.Call)
	recv := receiver(&c.Call)
	if f == nil || recv == nil || opensTransaction(f.Name()) {
		return nil
	}
	rt, ct := ssautil.NamedOf(recv.Type()), ssautil.NamedOf(c.Type())
	if rt == nil || ct == nil || rt.Obj().Pkg() == nil || ct.Obj().Pkg() != rt.Obj().Pkg() {
		return nil
	}
	return recv
}

// opensTransaction reports whether a method name returns a handle bound
// to a transaction (Begin, BeginTx, Beginx, WithTx, Tx).
func opensTransaction(name string) bool {
	return strings.HasPrefix(name, "Begin") || strings.HasPrefix(name, "MustBegin") ||
		name == "WithTx" || name == "Tx"
}

// StoredOnce is singleStore for the checks: the value stored into a local
// variable that is assigned exactly once, or nil.
func StoredOnce(addr ssa.Value) ssa.Value { return singleStore(addr) }

// Binding is binding for the checks: the value a closure's free variable
// is bound to where the closure is made (in exactly one place), or nil.
func Binding(fv *ssa.FreeVar) ssa.Value { return binding(fv) }

// RootPath is rootPath for the checks: where a value lives, with
// conversions, loads, closure captures and builder chains stripped.
func RootPath(v ssa.Value) Path { return rootPath(v) }

// GetterField returns the record and the field a getter call reads:
// u.GetName() reads field Name of u, as the nil-safe getters of protobuf
// messages and API types with pointer fields do.
func GetterField(call *ssa.Call) (recv ssa.Value, field int, ok bool) {
	return accessorField(call, "Get", 1)
}

// SetterField reads a call of a record's setter (d.SetBuilds(v)): the
// record and the index of the field it sets.
func SetterField(call *ssa.Call) (recv ssa.Value, field int, ok bool) {
	return accessorField(call, "Set", 2)
}

// accessorField reads a call of a record's accessor: a method named
// prefix and one of the record's fields, called with args arguments
// (receiver included). It returns the receiver and the field's index.
func accessorField(call *ssa.Call, prefix string, args int) (recv ssa.Value, field int, ok bool) {
	if len(call.Call.Args) != args {
		return nil, 0, false
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Signature.Recv() == nil {
		return nil, 0, false
	}
	name, ok := strings.CutPrefix(fn.Name(), prefix)
	if !ok || name == "" {
		return nil, 0, false
	}
	recv = call.Call.Args[0]
	st, ok := ssautil.DerefStruct(recv.Type())
	if !ok {
		return nil, 0, false
	}
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return recv, i, true
		}
	}
	return nil, 0, false
}
