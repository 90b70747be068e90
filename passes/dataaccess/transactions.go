package dataaccess

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
)

// SameTx reports whether two handles belong to one transaction: the same
// value, or fields of one transaction value (ent's tx.Order and
// tx.IdempotencyKey, committed by tx.Commit()).
func SameTx(a, b Handle) bool {
	if a.Same(b) {
		return true
	}
	return a.Path.Valid() && a.Path.Base == b.Path.Base &&
		a.Kind == apis.HandleTx && b.Kind == apis.HandleTx
}

// TxOf returns the transaction a handle belongs to: sqlc's q.WithTx(tx)
// runs on tx.
func TxOf(h Handle) Handle {
	if c, ok := h.Path.Base.(*ssa.Call); ok && h.Path.Fields == "" {
		if f := callee(&c.Call); f != nil && f.Name() == "WithTx" && len(c.Call.Args) == 2 {
			return Handle{Path: rootPath(c.Call.Args[1]), Kind: apis.HandleTx}
		}
	}
	return h
}

// BeginOf returns the call in fn that opened the transaction whose value
// is base (tx, err := db.BeginTx(...)), or nil when fn did not open it.
func BeginOf(base ssa.Value, fn *ssa.Function) ssa.Instruction {
	if x, ok := base.(*ssa.Extract); ok {
		base = x.Tuple
	}
	c, ok := base.(*ssa.Call)
	if !ok || c.Parent() != fn {
		return nil
	}
	return c
}
