package dataaccess

import "golang.org/x/tools/go/ssa"

// SQLText is sqlText for the checks: the SQL text a value holds when it
// can be seen (constants, concatenations, fmt.Sprintf with a constant
// format).
func SQLText(v ssa.Value) (string, bool) { return sqlText(v) }

// Arg returns the value a call passes for the callee's i'th parameter,
// receiver excluded (the index convention of apis rows and Summary).
func Arg(c *ssa.CallCommon, i int) ssa.Value { return arg(c, i) }

// ClauseName names the gorm clause a Clauses argument is (OnConflict,
// Locking, Insert), or "" for anything else.
func ClauseName(v ssa.Value) string { return clauseName(v) }

// IsResultOf reports whether v is a result of the call write, taken out of
// its tuple or through the φ-nodes that merge it with other values.
func IsResultOf(v ssa.Value, write ssa.Instruction) bool { return isResultOf(v, write) }
