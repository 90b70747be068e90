package dataaccess

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// keyHole stands for the value a key template is built from. Constants
// are spelled quoted (constant.Value.ExactString), so the byte never
// occurs in their spelling.
const keyHole = "\x00"

// keyTemplate spells key as a template of the one value isHole matches:
// constants as themselves, that value as keyHole, and the concatenations
// and pure key functions (fmt.Sprintf, a same-package key builder) that
// combine them. A helper that reads "idem:donation:"+key hands its caller
// the template, and the caller's own SET of "idem:donation:"+key names
// the same entry. ok is false when key mixes in anything else or never
// uses the value.
func keyTemplate(key ssa.Value, isHole func(ssa.Value) bool) (string, bool) {
	form, ok := spellKey(key, isHole, 8)
	return form, ok && strings.Contains(form, keyHole)
}

func spellKey(v ssa.Value, isHole func(ssa.Value) bool, depth int) (string, bool) {
	if v == nil || depth == 0 {
		return "", false
	}
	if isHole(v) {
		return keyHole, true
	}
	v = throughLocals(v) // a key assigned to a local once, or captured by a closure
	if isHole(v) {
		return keyHole, true
	}
	// A field of the value (a store's upsert that keys the hash by
	// d.TenantID and d.ID of the record it is handed).
	if p := rootPath(v); p.Valid() && p.Fields != "" && isHole(p.Base) {
		return keyHole + p.Fields, true
	}
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value == nil {
			return "", false
		}
		return x.Value.ExactString(), true
	case *ssa.BinOp:
		if x.Op != token.ADD {
			return "", false
		}
		l, okL := spellKey(x.X, isHole, depth-1)
		r, okR := spellKey(x.Y, isHole, depth-1)
		return "(" + l + "+" + r + ")", okL && okR
	case *ssa.Call:
		f := x.Call.StaticCallee()
		if f == nil || !isPureKeyFunc(f) && !isKeyBuilder(f) {
			return "", false
		}
		args := x.Call.Args
		recv := ""
		if f.Signature.Recv() != nil {
			// A key method of the store (s.destinationKey(tenant, id))
			// builds the same key on the store whose method the caller
			// and its helper both are.
			if !isOwnReceiver(args[0]) {
				return "", false
			}
			recv, args = "recv;", args[1:]
		}
		spelled, ok := spellArgs(args, isHole, depth-1)
		return f.String() + "(" + recv + spelled + ")", ok
	case *ssa.Slice: // the variadic ...any of fmt.Sprintf
		elems := variadicElems(x)
		if elems == nil {
			return "", false
		}
		args, ok := spellArgs(elems, isHole, depth-1)
		return "[" + args + "]", ok
	}
	return "", false
}

// isOwnReceiver reports whether v is the receiver of the method it is
// used in.
func isOwnReceiver(v ssa.Value) bool {
	p, ok := rootPath(v).Base.(*ssa.Parameter)
	if !ok || rootPath(v).Fields != "" {
		return false
	}
	fn := p.Parent()
	return fn.Signature.Recv() != nil && len(fn.Params) > 0 && fn.Params[0] == p
}

func spellArgs(args []ssa.Value, isHole func(ssa.Value) bool, depth int) (string, bool) {
	parts := make([]string, len(args))
	for i, a := range args {
		s, ok := spellKey(a, isHole, depth)
		if !ok {
			return "", false
		}
		parts[i] = s
	}
	return strings.Join(parts, ","), true
}

// sameKey reports whether two keyed operations name one entry. A key
// with a template (Resource.KeyForm, from a helper that builds the key
// from what its caller passes) matches a key spelled by the same
// template around an equal value.
func sameKey(a, b Resource) bool {
	switch {
	case a.KeyForm == "" && b.KeyForm == "":
		return SameValue(a.Key, b.Key)
	case a.KeyForm != "" && b.KeyForm != "":
		return a.KeyForm == b.KeyForm && SameValue(a.Key, b.Key)
	case b.KeyForm != "":
		a, b = b, a
	}
	// The value the template is built around, or the local it was passed
	// in (a record spilled to the stack: the caller's d and its copy).
	around := rootPath(a.Key)
	isHole := func(v ssa.Value) bool {
		p := rootPath(v)
		return SameValue(v, a.Key) || p.Fields == "" && around.Fields == "" && p.Equal(around)
	}
	form, ok := keyTemplate(b.Key, isHole)
	return ok && form == a.KeyForm
}
