package dataaccess

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// fromLibraryInterface classifies a call through an interface of the
// application's own that a library type of the tables implements, when
// the module has no implementation of it: gogs's Engine interface (Get,
// Insert, Delete, Exec, Where ...) is satisfied by *xorm.Engine and
// *xorm.Session, and e.Get(&Watch{...}) is xorm's Get. The library types
// tried are those of the known packages the interface's own methods
// mention (Where returns *xorm.Session), so an interface that names no
// library type is left to the name rules.
func (m *modeler) fromLibraryInterface(op *Op, c *ssa.CallCommon, f *types.Func) bool {
	iface, ok := c.Value.Type().Underlying().(*types.Interface)
	if !ok || !m.isAppInterface(f) {
		return false
	}
	impls, ok := m.libraryImpls[iface]
	if !ok {
		impls = libraryImplementations(iface)
		if m.libraryImpls == nil {
			m.libraryImpls = map[*types.Interface][]*types.Named{}
		}
		m.libraryImpls[iface] = impls
	}
	for _, t := range impls {
		obj := t.Obj()
		if row, known := apis.Lookup(obj.Pkg().Path(), obj.Name(), f.Name()); known {
			m.fromRow(op, c, row)
			return op.Kind != apis.None
		}
	}
	return false
}

// libraryImplementations returns the named types of the known packages
// that iface's method signatures mention whose values or pointers
// implement iface, in the order of their packages' paths and names.
func libraryImplementations(iface *types.Interface) []*types.Named {
	var pkgs []*types.Package
	for i := 0; i < iface.NumMethods(); i++ {
		sig := iface.Method(i).Type().(*types.Signature)
		for _, tuple := range []*types.Tuple{sig.Params(), sig.Results()} {
			for j := 0; j < tuple.Len(); j++ {
				if p := knownPackageOf(tuple.At(j).Type()); p != nil && !slices.Contains(pkgs, p) {
					pkgs = append(pkgs, p)
				}
			}
		}
	}
	slices.SortFunc(pkgs, func(a, b *types.Package) int { return strings.Compare(a.Path(), b.Path()) })
	var impls []*types.Named
	for _, p := range pkgs {
		for _, name := range p.Scope().Names() {
			tn, ok := p.Scope().Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() {
				continue
			}
			n, ok := tn.Type().(*types.Named)
			if !ok || types.IsInterface(n) {
				continue
			}
			if types.Implements(n, iface) || types.Implements(types.NewPointer(n), iface) {
				impls = append(impls, n)
			}
		}
	}
	return impls
}

// knownPackageOf returns the package of the named type t is, or points
// to, or holds in a slice, when the tables know that package.
func knownPackageOf(t types.Type) *types.Package {
	n := ssautil.ElemNamed(t)
	if n == nil || n.Obj().Pkg() == nil || !apis.KnownPackage(n.Obj().Pkg().Path()) {
		return nil
	}
	return n.Obj().Pkg()
}
