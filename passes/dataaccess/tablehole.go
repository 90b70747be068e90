package dataaccess

import (
	"go/constant"
	"go/token"
	"regexp"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
)

// A generic helper names its table with a parameter, concatenated into
// its SQL (`"SELECT EXISTS (SELECT 1 FROM " + table + " WHERE sku = $1)"`),
// and each caller passes a constant: isListed(ctx, "waitlist", sku,
// email). The statement's table is then the caller's constant, and the
// summary says which parameter carries it (Summary.TableArg).

// tableWord matches text that ends where a table name follows.
var tableWord = regexp.MustCompile(`(?i)\b(from|into|update|join)\s*$`)

// tableHole returns the string parameter that SQL text v concatenates
// right after FROM, INTO, UPDATE or JOIN, or nil. A closure's captured
// variable counts as the parameter its function binds to it.
func tableHole(v ssa.Value) *ssa.Parameter {
	parts := concatenated(Unwrap(v), nil, 8)
	for i, p := range parts {
		param := boundParam(p)
		if param == nil || !ssautil.IsString(param.Type()) || i == 0 {
			continue
		}
		k, ok := parts[i-1].(*ssa.Const)
		if ok && k.Value != nil && k.Value.Kind() == constant.String && tableWord.MatchString(constant.StringVal(k.Value)) {
			return param
		}
	}
	return nil
}

// concatenated returns the operands of a chain of string +, in order.
func concatenated(v ssa.Value, out []ssa.Value, depth int) []ssa.Value {
	if b, ok := v.(*ssa.BinOp); ok && b.Op == token.ADD && depth > 0 {
		out = concatenated(Unwrap(b.X), out, depth-1)
		return concatenated(Unwrap(b.Y), out, depth-1)
	}
	return append(out, v)
}

// boundParam returns v as a parameter of its function, or, for a variable
// a closure captures, the parameter of the enclosing function that every
// closure made of it binds.
func boundParam(v ssa.Value) *ssa.Parameter {
	switch x := v.(type) {
	case *ssa.Parameter:
		return x
	case *ssa.UnOp:
		// A parameter the function or a closure keeps in a variable (a
		// closure captures it by reference): the parameter stored there.
		if x.Op == token.MUL {
			return storedParam(x.X)
		}
	case *ssa.FreeVar:
		fn := x.Parent()
		i := slices.Index(fn.FreeVars, x)
		if i < 0 || fn.Parent() == nil {
			return nil
		}
		var bound *ssa.Parameter
		for _, b := range fn.Parent().Blocks {
			for _, instr := range b.Instrs {
				mc, ok := instr.(*ssa.MakeClosure)
				if !ok || mc.Fn != fn || i >= len(mc.Bindings) {
					continue
				}
				p := boundParam(mc.Bindings[i])
				if p == nil || bound != nil && bound != p {
					return nil
				}
				bound = p
			}
		}
		return bound
	}
	return nil
}

// storedParam returns the parameter a variable holds: the one value
// stored into it (t0 = new string (table); *t0 = table), also through
// the free variable a closure binds it to.
func storedParam(addr ssa.Value) *ssa.Parameter {
	if fv, ok := addr.(*ssa.FreeVar); ok {
		fn := fv.Parent()
		i := slices.Index(fn.FreeVars, fv)
		if i < 0 || fn.Parent() == nil {
			return nil
		}
		for _, b := range fn.Parent().Blocks {
			for _, instr := range b.Instrs {
				if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn && i < len(mc.Bindings) {
					return storedParam(mc.Bindings[i])
				}
			}
		}
		return nil
	}
	alloc, ok := addr.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var param *ssa.Parameter
	for _, ref := range *alloc.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Addr != alloc {
			continue
		}
		p, ok := st.Val.(*ssa.Parameter)
		if !ok || param != nil {
			return nil // assigned something else, or more than once
		}
		param = p
	}
	return param
}

// tableArgOf returns one more than the index (receiver excluded) of the
// parameter of fn that every op of fn naming its table by a parameter
// uses, or 0.
func tableArgOf(fn *ssa.Function, ops []*Op) int {
	var hole *ssa.Parameter
	for _, op := range ops {
		if op.TableHole == nil {
			continue
		}
		if hole != nil && hole != op.TableHole {
			return 0
		}
		hole = op.TableHole
	}
	if hole == nil {
		return 0
	}
	return paramOf(fn, hole) + 1
}
