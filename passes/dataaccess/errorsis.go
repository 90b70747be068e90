package dataaccess

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// ErrorsIs returns the arguments of errors.Is(err, target) when c is a
// call of it.
func ErrorsIs(c *ssa.CallCommon) (err, target ssa.Value, ok bool) {
	f := c.StaticCallee()
	if f == nil || f.Pkg == nil || f.Pkg.Pkg.Path() != "errors" || f.Name() != "Is" || len(c.Args) != 2 {
		return nil, nil, false
	}
	return c.Args[0], c.Args[1], true
}

// LoadedGlobal returns the package-level variable v was loaded from: the
// sentinel of errors.Is(err, sql.ErrNoRows) or err == ErrTaken.
func LoadedGlobal(v ssa.Value) (*ssa.Global, bool) {
	load, ok := Unwrap(v).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil, false
	}
	g, ok := load.X.(*ssa.Global)
	return g, ok
}
