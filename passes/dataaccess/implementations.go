package dataaccess

import (
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// Services reach their storage through interfaces of their own (a
// UserDatabase field, a store.Store, sqlc's Querier). Within one module
// the implementations of such an interface are usually few and visible:
// the concrete store lives in a package the caller imports, or in the
// caller's own package. A call through the interface then does what those
// implementations do, when they all do the same.

// implementations finds the concrete methods that may run for a call of
// an interface method, among the types of this package and of the
// packages of the same module it imports, directly or not.
type implementations struct {
	// types are the named, non-generic, non-interface types of those
	// packages, gathered once per pass.
	types []*types.TypeName
	// satisfying caches, per interface, the types (or their pointers)
	// that implement it: an interface of many methods is asked about
	// each, and testing every type against it is the costly step.
	satisfying map[*types.Named][]implementer
	// methods caches, per interface method and receiver interface, the
	// concrete methods found.
	methods map[implKey][]*types.Func
}

// implementer is a type that implements an interface, T or *T, with the
// package that declares T (whose unexported methods it may have).
type implementer struct {
	t   types.Type
	pkg *types.Package
}

type implKey struct {
	iface  *types.Named
	method string
}

// newImplementations gathers the candidate types of pkg's module.
func newImplementations(pkg *types.Package, module string) *implementations {
	impls := &implementations{methods: map[implKey][]*types.Func{}, satisfying: map[*types.Named][]implementer{}}
	seen := map[*types.Package]bool{}
	var walk func(p *types.Package)
	walk = func(p *types.Package) {
		if seen[p] || !inModule(p.Path(), module) {
			return
		}
		seen[p] = true
		for _, name := range p.Scope().Names() {
			tn, ok := p.Scope().Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			n, ok := tn.Type().(*types.Named)
			if !ok || n.TypeParams().Len() > 0 || types.IsInterface(n) {
				continue
			}
			impls.types = append(impls.types, tn)
		}
		for _, imp := range p.Imports() {
			walk(imp)
		}
	}
	walk(pkg)
	return impls
}

// of returns the concrete methods implementing method of iface.
func (impls *implementations) of(iface *types.Named, method string) []*types.Func {
	key := implKey{iface, method}
	if fns, ok := impls.methods[key]; ok {
		return fns
	}
	var fns []*types.Func
	for _, impl := range impls.implementing(iface) {
		obj, _, _ := types.LookupFieldOrMethod(impl.t, false, impl.pkg, method)
		if f, ok := obj.(*types.Func); ok {
			fns = append(fns, f.Origin())
		}
	}
	impls.methods[key] = fns
	return fns
}

// implementing returns the types that implement iface, each as T or *T.
func (impls *implementations) implementing(iface *types.Named) []implementer {
	if found, ok := impls.satisfying[iface]; ok {
		return found
	}
	var found []implementer
	it := iface.Underlying().(*types.Interface)
	for _, tn := range impls.types {
		t := tn.Type()
		if !types.Implements(t, it) {
			t = types.NewPointer(t)
			if !types.Implements(t, it) {
				continue
			}
		}
		found = append(found, implementer{t, tn.Pkg()})
	}
	impls.satisfying[iface] = found
	return found
}

// moduleOf returns the module path of the analysed package: the one the
// driver reports, or, when it reports none (GOPATH-style test data), the
// package path's repository root (github.com/owner/repo, or its first
// element).
func moduleOf(modulePath, pkgPath string) string {
	if modulePath != "" {
		return modulePath
	}
	parts := strings.Split(pkgPath, "/")
	if strings.Contains(parts[0], ".") && len(parts) >= 3 {
		return strings.Join(parts[:3], "/")
	}
	return parts[0]
}

// inModule reports whether a package path belongs to module.
func inModule(pkgPath, module string) bool {
	return pkgPath == module || strings.HasPrefix(pkgPath, module+"/")
}

// implSummary returns the summary shared by every in-module
// implementation of the interface method f called on recv that has one,
// or nil when none has one, they disagree, or the interface is not the
// module's own.
func (m *modeler) implSummary(recv ssa.Value, f *types.Func) *Summary {
	iface := ssautil.NamedOf(recv.Type())
	if iface == nil || !types.IsInterface(iface) || iface.Obj().Pkg() == nil {
		return nil
	}
	return m.implSummaryOf(iface, f.Name())
}

// implSummaryOf returns the summary shared by the in-module
// implementations of iface's method that have one (see implSummary).
func (m *modeler) implSummaryOf(iface *types.Named, method string) *Summary {
	module := m.module()
	if !inModule(iface.Obj().Pkg().Path(), module) || m.inGOROOT(iface.Obj().Pos()) {
		return nil
	}
	if m.impls == nil {
		m.impls = newImplementations(m.pass.Pkg, module)
	}
	var shared *Summary
	for _, impl := range m.impls.of(iface, method) {
		s := m.summaryOf(impl)
		switch {
		case s == nil:
		case shared == nil:
			shared = s
		case !reflect.DeepEqual(shared, s):
			return nil
		}
	}
	return shared
}

// An interface and its implementations often live in one package, the
// implementations unexported (type emailPersister struct, returned by
// NewEmailPersister as an EmailPersister): a dependent's export data need
// not hold those types, so it finds none. The declaring package, which
// sees them, publishes on each method of its interfaces the summary its
// implementations share, and a call through the interface elsewhere
// reads it as a call of the method itself.

// exportInterfaceSummaries exports, on each method an interface of this
// package declares, the summary its implementations share.
func (m *modeler) exportInterfaceSummaries() {
	scope := m.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		iface, ok := tn.Type().(*types.Named)
		if !ok || !types.IsInterface(iface) || iface.TypeParams().Len() > 0 {
			continue
		}
		it := iface.Underlying().(*types.Interface)
		for i := range it.NumExplicitMethods() {
			f := it.ExplicitMethod(i)
			if s := m.implSummaryOf(iface, f.Name()); s != nil {
				passutil.ExportObjectFact(m.pass, f, s)
			}
		}
	}
}

func (m *modeler) module() string {
	path := ""
	if m.pass.Module != nil {
		path = m.pass.Module.Path
	}
	return moduleOf(path, m.pass.Pkg.Path())
}

// interfaceReceiver returns the interface value a call invokes a method
// of, directly (s.repo.Exists(ctx, k)) or through a method value bound to
// it (f := s.repo.Exists; f(ctx, k)), or nil.
func interfaceReceiver(c *ssa.CallCommon) ssa.Value {
	if c.IsInvoke() {
		return c.Value
	}
	if r := boundReceiver(c); r != nil && types.IsInterface(r.Type()) {
		return r
	}
	return nil
}
