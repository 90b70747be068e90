package vettool

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"encoding/gob"
	"fmt"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
	"golang.org/x/tools/go/gcexportdata"

	"github.com/idemvet/idemvet/analyzers"
	"github.com/idemvet/idemvet/internal/passutil"
)

// go vet runs the tool on every package below the ones it vets, so that
// their importers get their types and facts (a "VetxOnly" unit). A
// third-party package (passutil.IsThirdParty) gets none of idemvet's facts:
// every check's fast path skips it (passutil.IsDependencyCode), and
// ctrlflow's noReturn facts, which shape the SSA form of the user's code,
// matter for the standard library (os.Exit, log.Fatal, t.Fatal), which
// keeps the full unit. So a third-party unit needs only its package's
// types, which do not depend on function bodies: it is type-checked
// without them and no analyzer runs. Most units of a service are
// third-party, and each costs a fraction of what go vet's own unit, which
// runs its fact analyzers on every dependency, costs. The price: a
// third-party function that never returns (one that always panics) is not
// known to stop its caller. Facts about methods still pass through, so
// (*log.Logger).Fatal called through a third-party package's field is.
//
// The file written is unitchecker's vetx format, which the units of the
// user's packages read: "vetx", the lengths of the two sections as
// little-endian uint32, the package's types in indexed export format (what
// gcexportdata.Write writes, without its leading 'i'), then the facts.

// serveDependencyUnit answers the unit configured in cfgFile when it is
// the VetxOnly unit of a third-party package, and reports whether it did.
// Anything unexpected (a type error, an unreadable import) leaves the unit
// to unitchecker, which reports it as go vet expects.
func serveDependencyUnit(cfgFile string) bool {
	cfg, err := readUnitConfig(cfgFile)
	return err == nil && serveDependency(cfg)
}

// serveDependency answers the unit cfg describes when it is the VetxOnly
// unit of a third-party package (or of runtime), and reports whether it
// did.
func serveDependency(cfg *unitchecker.Config) bool {
	if !cfg.VetxOnly || cfg.VetxOutput == "" {
		return false
	}
	if !passutil.IsThirdParty(cfg.GoFiles[0], &analysis.Module{Path: cfg.ModulePath, Version: cfg.ModuleVersion}) && !typesOnlyStd(cfg.ImportPath) {
		return false
	}
	vetx := &vetxFiles{paths: cfg.PackageVetx, read: map[string][]byte{}}
	exported, err := exportTypes(cfg, vetx)
	if err != nil {
		return false
	}
	facts, err := vetx.methodFacts()
	if err != nil {
		return false
	}
	return os.WriteFile(cfg.VetxOutput, vetxFile(exported, facts), 0o666) == nil
}

// typesOnlyStd reports whether a standard-library package's unit needs
// only its types, as a third-party one: runtime, whose full unit is the
// largest of all (about 56 MB of live heap, more than a service's largest
// generated package) and whose facts no user's code needs: the functions
// of its that never return are known to ctrlflow by name (Goexit,
// fatalthrow, fatalpanic, exit), and the others are unexported.
func typesOnlyStd(path string) bool { return path == "runtime" }

// exportTypes type-checks the unit's package, bodies skipped, and returns
// its types in indexed export format.
func exportTypes(cfg *unitchecker.Config, vetx *vetxFiles) ([]byte, error) {
	fset := token.NewFileSet()
	files, err := parseFiles(fset, cfg.GoFiles, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var firstErr error
	conf := types.Config{
		Importer:         &vetxImporter{cfg: cfg, vetx: vetx, fset: fset, packages: map[string]*types.Package{}},
		Sizes:            types.SizesFor("gc", build.Default.GOARCH),
		GoVersion:        cfg.GoVersion,
		IgnoreFuncBodies: true,
		Error: func(err error) {
			if firstErr == nil {
				firstErr = err
			}
		},
	}
	pkg, _ := conf.Check(cfg.ImportPath, fset, files, nil)
	if firstErr != nil {
		return nil, firstErr
	}
	return exportedTypes(fset, pkg)
}

// vetxImporter imports a unit's dependencies from the types in their vetx
// files, as unitchecker does.
type vetxImporter struct {
	cfg      *unitchecker.Config
	vetx     *vetxFiles
	fset     *token.FileSet
	packages map[string]*types.Package
}

func (imp *vetxImporter) Import(importPath string) (*types.Package, error) {
	path, ok := imp.cfg.ImportMap[importPath]
	if !ok {
		return nil, fmt.Errorf("can't resolve import %q", importPath)
	}
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	if pkg, ok := imp.packages[path]; ok && pkg.Complete() {
		return pkg, nil
	}
	exported, _, err := imp.vetx.sections(path)
	if err != nil {
		return nil, err
	}
	return gcexportdata.Read(bytes.NewReader(append([]byte("i"), exported...)), imp.fset, imp.packages, path)
}

// vetxFiles reads the vetx files of a unit's direct imports, each once.
type vetxFiles struct {
	paths map[string]string // import path -> file, from the unit's config
	read  map[string][]byte
}

// sections returns the types and facts sections of path's vetx file.
func (v *vetxFiles) sections(path string) (exported, facts []byte, err error) {
	data, ok := v.read[path]
	if !ok {
		file, ok := v.paths[path]
		if !ok {
			return nil, nil, fmt.Errorf("no vetx file for %q", path)
		}
		if data, err = os.ReadFile(file); err != nil {
			return nil, nil, err
		}
		v.read[path] = data
	}
	if len(data) < 12 || string(data[:4]) != "vetx" {
		return nil, nil, fmt.Errorf("vetx file for %q: bad header", path)
	}
	typesLen := uint64(binary.LittleEndian.Uint32(data[4:8]))
	factsLen := uint64(binary.LittleEndian.Uint32(data[8:12]))
	if 12+typesLen+factsLen > uint64(len(data)) {
		return nil, nil, fmt.Errorf("vetx file for %q: truncated", path)
	}
	return data[12 : 12+typesLen], data[12+typesLen : 12+typesLen+factsLen], nil
}

// A vetxFact is one fact as unitchecker encodes it (gob matches fields by
// name): the package of the object, the object's path in that package
// (empty for a package fact), and the fact.
type vetxFact struct {
	PkgPath string
	Object  string
	Fact    analysis.Fact
}

// methodFacts returns the facts the unit's direct imports carry about
// methods and fields, encoded for the unit's own vetx file. unitchecker
// passes those on to importers (a fact about a package-level function
// comes only from the package that declares it, which its callers
// import), so that a call to (*log.Logger).Fatal through a third-party
// package's field is still known not to return.
func (v *vetxFiles) methodFacts() ([]byte, error) {
	registerFactTypes()
	type key struct{ pkg, obj, fact string }
	keyOf := func(f vetxFact) key { return key{f.PkgPath, f.Object, fmt.Sprintf("%T", f.Fact)} }
	seen := map[key]bool{}
	var kept []vetxFact
	for path := range v.paths {
		_, data, err := v.sections(path)
		if err != nil {
			return nil, err
		}
		if len(data) == 0 {
			continue
		}
		var facts []vetxFact
		if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&facts); err != nil {
			return nil, fmt.Errorf("facts of %q: %w", path, err)
		}
		for _, f := range facts {
			// An object path with a dot leads from a package-level
			// type to a method or field.
			k := keyOf(f)
			if strings.Contains(f.Object, ".") && !seen[k] {
				seen[k] = true
				kept = append(kept, f)
			}
		}
	}
	if len(kept) == 0 {
		return nil, nil
	}
	// The file's content keys its importers' results in the build
	// cache: the same facts must give the same bytes.
	slices.SortFunc(kept, func(a, b vetxFact) int {
		ka, kb := keyOf(a), keyOf(b)
		return cmp.Or(strings.Compare(ka.pkg, kb.pkg), strings.Compare(ka.obj, kb.obj), strings.Compare(ka.fact, kb.fact))
	})
	var out bytes.Buffer
	if err := gob.NewEncoder(&out).Encode(kept); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// registerFactTypes registers with gob the fact types of the suite and
// of the analyzers it requires, as unitchecker does before decoding.
var registerFactTypes = sync.OnceFunc(func() { registerFactsOf(analyzers.All()) })

// registerFactsOf registers with gob the fact types of the analyzers and
// of those they require (registering a type again is harmless).
func registerFactsOf(list []*analysis.Analyzer) {
	for _, a := range analyzers.WithRequired(list) {
		for _, f := range a.FactTypes {
			gob.Register(f)
		}
	}
}

func vetxFile(exported, facts []byte) []byte {
	var out bytes.Buffer
	out.WriteString("vetx")
	out.Write(binary.LittleEndian.AppendUint32(nil, uint32(len(exported))))
	out.Write(binary.LittleEndian.AppendUint32(nil, uint32(len(facts))))
	out.Write(exported)
	out.Write(facts)
	return out.Bytes()
}
