package keyscope

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// An owner is a value that says whom a request acts for (a merchant,
// tenant, account, user or principal id), as the code names it:
// "merchantID", "req.MerchantID", "auth.TenantID(ctx)".
type owner struct {
	name string
	word string // the owner word: "merchant"
}

// owners finds, once per function declaration, the first owner it has in
// scope.
type owners struct {
	pass  *analysis.Pass
	cache map[ast.Node]*owner
}

func newOwners(pass *analysis.Pass) *owners {
	return &owners{pass: pass, cache: map[ast.Node]*owner{}}
}

// ofFunc returns the owner in scope in fn's outermost enclosing function
// (a closure sees what its enclosing function has), or nil.
func (o *owners) ofFunc(fn *ssa.Function) *owner {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn.Syntax() == nil {
		return nil
	}
	return o.of(fn.Syntax())
}

// of returns the owner in scope in a *ast.FuncDecl or *ast.FuncLit: a
// receiver field, a parameter or a parameter's field, a local, or a call
// of an auth helper that reads one from the request context.
func (o *owners) of(fn ast.Node) *owner {
	if w, ok := o.cache[fn]; ok {
		return w
	}
	w := o.find(fn)
	o.cache[fn] = w
	return w
}

func (o *owners) find(fn ast.Node) *owner {
	var ftype *ast.FuncType
	var body *ast.BlockStmt
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		ftype, body = fn.Type, fn.Body
		if fn.Recv != nil {
			// A service bound to one tenant (s.merchantID) names it
			// with an id; other fields of a receiver are dependencies.
			if w := o.inFields(fn.Recv, true); w != nil {
				return w
			}
		}
	case *ast.FuncLit:
		ftype, body = fn.Type, fn.Body
	default:
		return nil
	}
	if w := o.inFields(ftype.Params, false); w != nil {
		return w
	}
	if body == nil {
		return nil
	}
	var found *owner
	ast.Inspect(body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.Ident:
			if v, ok := o.pass.TypesInfo.Defs[n].(*types.Var); ok && v != nil {
				if word := ownerVar(v.Name(), v.Type(), false); word != "" {
					found = &owner{name: v.Name(), word: word}
				}
			}
		case *ast.CallExpr:
			if f, ok := typeutil.Callee(o.pass.TypesInfo, n).(*types.Func); ok {
				if word := ownerHelper(f); word != "" {
					found = &owner{name: types.ExprString(n), word: word}
				}
			}
		}
		return true
	})
	return found
}

// inFields looks for an owner among parameters (or the receiver) and,
// one level down, their struct fields. With idOnly, only names with an id
// word count (merchantID, not merchant).
func (o *owners) inFields(list *ast.FieldList, idOnly bool) *owner {
	for _, field := range list.List {
		for _, name := range field.Names {
			v, ok := o.pass.TypesInfo.Defs[name].(*types.Var)
			if !ok || v == nil {
				continue
			}
			if word := ownerVar(v.Name(), v.Type(), idOnly); word != "" {
				return &owner{name: v.Name(), word: word}
			}
			st, ok := ssautil.DerefStruct(v.Type())
			if !ok {
				continue
			}
			for f := range st.Fields() {
				if word := ownerVar(f.Name(), f.Type(), true); word != "" {
					return &owner{name: v.Name() + "." + f.Name(), word: word}
				}
			}
		}
	}
	return nil
}

// ownerVar returns the owner word of a variable or field that holds an
// owner's id (merchantID string, TenantId int64, tenant string) or an
// owner record with an ID (user *User), or "". With idOnly, the name must
// end in an id word.
func ownerVar(name string, t types.Type, idOnly bool) string {
	word, hasID := apis.OwnerName(name)
	if word == "" || idOnly && !hasID {
		return ""
	}
	if hasID || isIDType(t) {
		return word
	}
	if st, ok := ssautil.DerefStruct(t); ok {
		for f := range st.Fields() {
			switch f.Name() {
			case "ID", "Id", "UID", "UUID":
				return word // user *User{ID ...}
			}
		}
	}
	return ""
}

// isIDType reports whether t can hold an id: a string, an integer, a
// byte array (uuid.UUID) or a named type over one.
func isIDType(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsString|types.IsInteger) != 0
	case *types.Array:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// ownerHelper returns the owner word of a function that reads the
// request's owner from a context or request (types.GetTenantID(ctx),
// auth.UserFromContext(ctx), middleware.CurrentMerchant(r), tenantOf(r)),
// or "".
func ownerHelper(f *types.Func) string {
	sig := f.Signature()
	if sig.Results().Len() == 0 || !takesRequestContext(sig) {
		return ""
	}
	name := f.Name()
	for _, p := range []string{"Get", "Current", "Must", "Authenticated"} {
		if rest, ok := strings.CutPrefix(name, p); ok && rest != "" {
			name = rest
			break
		}
	}
	for _, s := range []string{"FromContext", "FromCtx", "FromRequest", "FromReq", "From", "Of"} {
		if rest, ok := strings.CutSuffix(name, s); ok && rest != "" {
			name = rest
			break
		}
	}
	word, _ := apis.OwnerName(name)
	return word
}

// takesRequestContext reports whether a signature takes a context: a
// context.Context, an *http.Request, or a framework's Context (gin, echo,
// fiber).
func takesRequestContext(sig *types.Signature) bool {
	for p := range sig.Params().Variables() {
		t := p.Type()
		if ptr, ok := t.(*types.Pointer); ok {
			t = ptr.Elem()
		}
		n, ok := t.(*types.Named)
		if !ok || n.Obj().Pkg() == nil {
			continue
		}
		switch path, name := n.Obj().Pkg().Path(), n.Obj().Name(); {
		case path == "context" && name == "Context", path == "net/http" && name == "Request":
			return true
		case name == "Context" && path != "context":
			return true
		}
	}
	return false
}
