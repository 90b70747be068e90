package dataaccess

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
)

// ErrorsIs returns the arguments of errors.Is(err, target) when c is a
// call of it.
func ErrorsIs(c *ssa.CallCommon) (err, target ssa.Value, ok bool) {
	f := c.StaticCallee()
	if f == nil || f.Pkg == nil || !isErrorsPackage[f.Pkg.Pkg.Path()] || f.Name() != "Is" || len(c.Args) != 2 {
		return nil, nil, false
	}
	return c.Args[0], c.Args[1], true
}

// isErrorsPackage names the packages whose Is is the standard library's
// errors.Is, or a drop-in for it that services import in its place.
var isErrorsPackage = map[string]bool{
	"errors":                        true,
	"github.com/pkg/errors":         true,
	"golang.org/x/xerrors":          true,
	"github.com/cockroachdb/errors": true,
	"github.com/go-faster/errors":   true,
	"emperror.dev/errors":           true,
	"github.com/rotisserie/eris":    true,
}

// ComparedWithGlobal returns, for errors.Is(err, ErrX) or err == ErrX (or
// !=, the variable on either side), the error compared and the
// package-level variable it is compared with.
func ComparedWithGlobal(instr ssa.Instruction) (err ssa.Value, sentinel *ssa.Global, ok bool) {
	var x, y ssa.Value
	switch c := instr.(type) {
	case *ssa.Call:
		if x, y, ok = ErrorsIs(&c.Call); !ok {
			return nil, nil, false
		}
	case *ssa.BinOp:
		if c.Op != token.EQL && c.Op != token.NEQ {
			return nil, nil, false
		}
		x, y = c.X, c.Y
		if _, isGlobal := LoadedGlobal(x); isGlobal {
			x, y = y, x
		}
	default:
		return nil, nil, false
	}
	sentinel, ok = LoadedGlobal(y)
	return x, sentinel, ok
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

// IsNotFoundSentinel reports whether v is a package-level error that means
// "no such row or key".
func IsNotFoundSentinel(v ssa.Value) bool {
	v = Unwrap(v)
	if k, ok := v.(*ssa.Const); ok {
		// go-redis declares Nil as a constant of its error type.
		n, named := types.Unalias(k.Type()).(*types.Named)
		return named && n.Obj().Pkg() != nil && strings.Contains(n.Obj().Pkg().Path(), "redis") &&
			k.Value != nil && k.Value.Kind() == constant.String && strings.HasSuffix(constant.StringVal(k.Value), "nil")
	}
	g, ok := LoadedGlobal(v)
	if !ok || g.Pkg == nil {
		return false
	}
	name := g.Name()
	switch {
	case name == "ErrNoRows", name == "ErrRecordNotFound":
		return true
	case name == "Nil" && apis.IsRedis(g.Pkg.Pkg.Path()):
		return true
	}
	return namesNotFound(name)
}

// namesNotFound reports whether an error's name says nothing was found:
// ErrNotFound, sql.ErrNoRows, os.ErrNotExist, mongo.ErrNoDocuments,
// ent.NotFoundError.
func namesNotFound(name string) bool {
	return strings.Contains(name, "NotFound") || strings.Contains(name, "NoRows") || strings.Contains(name, "NotExist") ||
		strings.Contains(name, "NoDocuments")
}
