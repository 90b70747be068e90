package dataaccess

import (
	"go/constant"
	"go/token"
	"go/types"
	"regexp"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
)

// A generic helper names its table with a parameter, concatenated into
// its SQL (`"SELECT EXISTS (SELECT 1 FROM " + table + " WHERE sku = $1)"`),
// and each caller passes a constant: isListed(ctx, "waitlist", sku,
// email). The statement's table is then the caller's constant, and the
// summary says which parameter carries it (Summary.TableArg).

// A gorm helper does the same with the model: RecordExists(&User{},
// "username", name) runs Model(table) on its interface parameter, and the
// caller's &User{} names the table.

// modelHole returns the interface parameter an ORM chain's Model call
// takes its model from, or nil.
func modelHole(v ssa.Value) *ssa.Parameter {
	param := boundParam(Unwrap(v))
	if param == nil || !types.IsInterface(param.Type()) {
		return nil
	}
	return param
}

// tableArgName returns the table a caller's argument for a summary's
// TableArg names: a constant string, or a model value (&User{}).
func tableArgName(v ssa.Value) (string, bool) {
	if t, ok := constString(v); ok {
		return normalizeTable(t), true
	}
	if t := modelName(v); t != "" {
		return t, true
	}
	return "", false
}

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

// boundParam returns the parameter v is, also when the function keeps
// it in a variable or a closure captures it (rootPath reads through
// both), or nil.
func boundParam(v ssa.Value) *ssa.Parameter {
	p := rootPath(v)
	if p.Fields != "" {
		return nil
	}
	param, _ := p.Base.(*ssa.Parameter)
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
