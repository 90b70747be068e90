package vettool

import (
	"bytes"
	"cmp"
	"encoding/gob"
	"fmt"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"
)

// factSet holds the facts one unit sees: those its imports' vetx files
// carry, and those its own analyzers export. It follows unitchecker's
// rules, so that a unit run in this process (unit.go) and one run by
// unitchecker read each other's vetx files and see the same facts.
type factSet struct {
	pkg *types.Package
	mu  sync.Mutex
	m   map[factKey]analysis.Fact
}

type factKey struct {
	pkg *types.Package
	obj types.Object // nil for a package fact
	t   reflect.Type
}

// decodeFacts reads the facts of pkg's direct imports, which also carry
// the facts their own imports passed on. known returns an imported
// package by path (those the importer created); a fact about a package or
// an object this unit's types do not reach is dropped.
func decodeFacts(pkg *types.Package, vetx *vetxFiles, known func(path string) *types.Package) (*factSet, error) {
	set := &factSet{pkg: pkg, m: map[factKey]analysis.Fact{}}
	for _, imp := range pkg.Imports() {
		if imp.Path() == "unsafe" {
			continue
		}
		_, data, err := vetx.sections(imp.Path())
		if err != nil {
			return nil, fmt.Errorf("in %s, can't import facts for package %q: %w", pkg.Path(), imp.Path(), err)
		}
		if len(data) == 0 {
			continue
		}
		var facts []vetxFact
		if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&facts); err != nil {
			return nil, fmt.Errorf("decoding facts for %q: %w", imp.Path(), err)
		}
		for _, f := range facts {
			factPkg := known(f.PkgPath)
			if factPkg == nil {
				continue // a package this unit's types never mention
			}
			key := factKey{pkg: factPkg, t: reflect.TypeOf(f.Fact)}
			if f.Object != "" {
				obj, err := objectpath.Object(factPkg, objectpath.Path(f.Object))
				if err != nil {
					continue // not in the export data this unit read
				}
				key.obj = obj
			}
			set.m[key] = f.Fact
		}
	}
	return set, nil
}

func (s *factSet) importFact(key factKey, ptr analysis.Fact) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.m[key]
	if ok {
		reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(v).Elem())
	}
	return ok
}

func (s *factSet) exportFact(key factKey, fact analysis.Fact) {
	s.mu.Lock()
	s.m[key] = fact
	s.mu.Unlock()
}

func (s *factSet) ImportObjectFact(obj types.Object, ptr analysis.Fact) bool {
	return s.importFact(factKey{obj.Pkg(), obj, reflect.TypeOf(ptr)}, ptr)
}

func (s *factSet) ExportObjectFact(obj types.Object, fact analysis.Fact) {
	if obj.Pkg() != s.pkg {
		panic(fmt.Sprintf("in package %s: ExportObjectFact(%s, %T): the object belongs to another package", s.pkg.Path(), obj, fact))
	}
	s.exportFact(factKey{obj.Pkg(), obj, reflect.TypeOf(fact)}, fact)
}

func (s *factSet) ImportPackageFact(pkg *types.Package, ptr analysis.Fact) bool {
	return s.importFact(factKey{pkg: pkg, t: reflect.TypeOf(ptr)}, ptr)
}

func (s *factSet) ExportPackageFact(fact analysis.Fact) {
	s.exportFact(factKey{pkg: s.pkg, t: reflect.TypeOf(fact)}, fact)
}

// objectFacts and packageFacts list the facts of the given types, for a
// pass's AllObjectFacts and AllPackageFacts.
func (s *factSet) objectFacts(types map[reflect.Type]bool) []analysis.ObjectFact {
	s.mu.Lock()
	defer s.mu.Unlock()
	var facts []analysis.ObjectFact
	for k, v := range s.m {
		if k.obj != nil && types[k.t] {
			facts = append(facts, analysis.ObjectFact{Object: k.obj, Fact: v})
		}
	}
	return facts
}

func (s *factSet) packageFacts(types map[reflect.Type]bool) []analysis.PackageFact {
	s.mu.Lock()
	defer s.mu.Unlock()
	var facts []analysis.PackageFact
	for k, v := range s.m {
		if k.obj == nil && types[k.t] {
			facts = append(facts, analysis.PackageFact{Package: k.pkg, Fact: v})
		}
	}
	return facts
}

// encode returns the facts for this unit's vetx file, sorted so that the
// same facts give the same bytes (the file keys its importers' results in
// the build cache). Passed on, as unitchecker does: every fact of this
// package, and imported facts about types and their methods and fields.
// Facts about another package's functions and variables, and its package
// facts, come to an importer from that package itself.
func (s *factSet) encode() ([]byte, error) {
	var enc objectpath.Encoder
	var out []vetxFact
	s.mu.Lock()
	for k, fact := range s.m {
		if k.pkg != s.pkg {
			if k.obj == nil {
				continue
			}
			if _, isType := k.obj.(*types.TypeName); !isType && k.obj.Parent() == k.obj.Pkg().Scope() {
				continue
			}
		}
		var path objectpath.Path
		if k.obj != nil {
			p, err := enc.For(k.obj)
			if err != nil {
				continue // not reachable from the package's API
			}
			path = p
		}
		out = append(out, vetxFact{PkgPath: k.pkg.Path(), Object: string(path), Fact: fact})
	}
	s.mu.Unlock()
	if len(out) == 0 {
		return nil, nil
	}
	slices.SortFunc(out, func(a, b vetxFact) int {
		return cmp.Or(strings.Compare(a.PkgPath, b.PkgPath), strings.Compare(a.Object, b.Object),
			strings.Compare(reflect.TypeOf(a.Fact).String(), reflect.TypeOf(b.Fact).String()))
	})
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(out); err != nil {
		return nil, fmt.Errorf("encoding the facts of %s: %w", s.pkg.Path(), err)
	}
	return buf.Bytes(), nil
}
