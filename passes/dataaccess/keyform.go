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
	v = Unwrap(v)
	if isHole(v) {
		return keyHole, true
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
		if f == nil || !isPureKeyFunc(f) {
			return "", false
		}
		args, ok := spellArgs(x.Call.Args, isHole, depth-1)
		return f.String() + "(" + args + ")", ok
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
	form, ok := keyTemplate(b.Key, func(v ssa.Value) bool { return SameValue(v, a.Key) })
	return ok && form == a.KeyForm
}
