package dataaccess

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// SQLText is sqlText for the checks: the SQL text a value holds when it
// can be seen (constants, concatenations, fmt.Sprintf with a constant
// format).
func SQLText(v ssa.Value) (string, bool) { return sqlText(v) }

// Arg returns the value a call passes for the callee's i'th parameter,
// receiver excluded (the index convention of apis rows and Summary).
func Arg(c *ssa.CallCommon, i int) ssa.Value { return arg(c, i) }

// SingleStore returns the value stored in a local variable that is
// assigned exactly once, or nil (see singleStore).
func SingleStore(addr ssa.Value) ssa.Value { return singleStore(addr) }

// LiteralFieldStores returns the values stored into the named fields (all
// of them when none is named) of the struct literal v is or is loaded
// from (see literalFieldStores).
func LiteralFieldStores(v ssa.Value, names ...string) []ssa.Value {
	return literalFieldStores(v, names...)
}

// ClauseName names the gorm clause a Clauses argument is (OnConflict,
// Locking, Insert), or "" for anything else.
func ClauseName(v ssa.Value) string { return clauseName(v) }

// IsResultOf reports whether v is a result of the call write, taken out of
// its tuple or through the φ-nodes that merge it with other values.
func IsResultOf(v ssa.Value, write ssa.Instruction) bool { return isResultOf(v, write) }

// ChainModels returns the values an ORM chain's Model calls are given
// before op runs (bun's db.NewSelect().Model(o).Where(...).Scan(ctx),
// go-pg's db.Model(&o).Select()): the record the query fills.
func ChainModels(op *Op) []ssa.Value {
	if op.Call() == nil {
		return nil
	}
	var out []ssa.Value
	for c := chainCall(op.Call()); c != nil; c = chainCall(c) {
		if f := callee(c); f != nil && f.Name() == "Model" && arg(c, 0) != nil {
			out = append(out, Unwrap(arg(c, 0)))
		}
	}
	return out
}

// FieldStores returns the values stored into the fields of the composite
// literal alloc holds (see fieldStores).
func FieldStores(alloc *ssa.Alloc) []ssa.Value { return fieldStores(alloc) }

// RecordParam returns the index, receiver excluded, of f's first record
// parameter, or -1 (see recordParam).
func RecordParam(f *types.Func) int { return recordParam(f) }

// DeclaringInterface returns the interface that declares method f, or
// nil (see declaringInterface).
func DeclaringInterface(f *types.Func) *types.Interface { return declaringInterface(f) }
