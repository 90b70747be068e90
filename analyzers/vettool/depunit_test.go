package vettool

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/passes/ctrlflow"
	"golang.org/x/tools/go/gcexportdata"

	"github.com/idemvet/idemvet/internal/testfiles"
)

// depUnit writes the configuration of a VetxOnly unit for the package in
// dir (its files written from files) and returns the configuration's path
// and where the unit's vetx file goes.
func depUnit(t *testing.T, dir, importPath, moduleVersion string, files map[string]string, vetx map[string]string) (cfgFile, out string) {
	t.Helper()
	testfiles.Write(t, dir, files)
	var goFiles []string
	importMap := map[string]string{}
	for name := range files {
		goFiles = append(goFiles, filepath.Join(dir, name))
	}
	for path := range vetx {
		importMap[path] = path
	}
	out = filepath.Join(t.TempDir(), "vet.out")
	cfg := map[string]any{
		"ID": importPath, "ImportPath": importPath, "Dir": dir, "GoFiles": goFiles,
		"ImportMap": importMap, "PackageVetx": vetx, "GoVersion": "go1.22",
		"ModulePath": "example.com/lib", "ModuleVersion": moduleVersion,
		"VetxOnly": true, "VetxOutput": out,
	}
	data, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfgFile = filepath.Join(t.TempDir(), "vet.cfg")
	if err := os.WriteFile(cfgFile, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return cfgFile, out
}

// The body of Broken does not type-check: a unit that skips bodies does
// not see it, the full unit would fail on it.
var baseFiles = map[string]string{"base.go": `package base

type Logger struct{}

func (*Logger) Fatal(string) { panic("fatal") }

func Exit() { panic("exit") }

func Broken() { undefined() }
`}

var libFiles = map[string]string{"lib.go": `package lib

import "example.com/base"

type Svc struct{ Log *base.Logger }

func New() *Svc { return &Svc{Log: new(base.Logger)} }
`}

// writeBaseVetx serves base's unit and adds to its vetx file the facts the
// full unit would carry: Fatal and Exit do not return.
func writeBaseVetx(t *testing.T, root string) string {
	t.Helper()
	cfgFile, out := depUnit(t, filepath.Join(root, "vendor/example.com/base"), "example.com/base", "v1.0.0", baseFiles, nil)
	if !serveDependencyUnit(cfgFile) {
		t.Fatal("base: the vendored package's unit was left to unitchecker")
	}
	exported, _, err := (&vetxFiles{paths: map[string]string{"example.com/base": out}, read: map[string][]byte{}}).sections("example.com/base")
	if err != nil {
		t.Fatal(err)
	}
	registerFactTypes()
	noReturn := ctrlflow.Analyzer.FactTypes[0]
	var facts bytes.Buffer
	if err := gob.NewEncoder(&facts).Encode([]vetxFact{
		{PkgPath: "example.com/base", Object: "Logger.M0", Fact: noReturn},
		{PkgPath: "example.com/base", Object: "Exit", Fact: noReturn},
	}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, vetxFile(exported, facts.Bytes()), 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestDependencyUnit(t *testing.T) {
	root := t.TempDir()
	baseVetx := writeBaseVetx(t, root)

	cfgFile, out := depUnit(t, filepath.Join(root, "vendor/example.com/lib"), "example.com/lib", "v1.0.0", libFiles,
		map[string]string{"example.com/base": baseVetx})
	if !serveDependencyUnit(cfgFile) {
		t.Fatal("lib: the vendored package's unit was left to unitchecker")
	}
	v := &vetxFiles{paths: map[string]string{"example.com/lib": out}, read: map[string][]byte{}}
	exported, factData, err := v.sections("example.com/lib")
	if err != nil {
		t.Fatal(err)
	}

	// The types: lib's API, with base's Logger reachable through it.
	pkg, err := gcexportdata.Read(bytes.NewReader(append([]byte("i"), exported...)), token.NewFileSet(), map[string]*types.Package{}, "example.com/lib")
	if err != nil {
		t.Fatal(err)
	}
	svc, _ := pkg.Scope().Lookup("Svc").(*types.TypeName)
	if svc == nil || pkg.Scope().Lookup("New") == nil {
		t.Fatalf("lib's types lack Svc or New: %v", pkg.Scope().Names())
	}
	if got := svc.Type().Underlying().(*types.Struct).Field(0).Type().String(); got != "*example.com/base.Logger" {
		t.Errorf("Svc.Log has type %s", got)
	}

	// The facts: base's method fact passed on, its function fact not
	// (lib's importers that call base.Exit import base).
	var facts []vetxFact
	if err := gob.NewDecoder(bytes.NewReader(factData)).Decode(&facts); err != nil {
		t.Fatal(err)
	}
	if len(facts) != 1 || facts[0].PkgPath != "example.com/base" || facts[0].Object != "Logger.M0" {
		t.Errorf("lib's facts = %+v, want base's Logger.M0 only", facts)
	}
}

func TestDependencyUnitLeftToUnitchecker(t *testing.T) {
	root := t.TempDir()
	for _, tc := range []struct {
		name, dir, version string
		vetxOnly           bool
	}{
		{"main module", "lib", "", true},
		// Say, go vet run inside the module cache.
		{"main module in a dependency's directory", "vendor/example.com/lib", "", true},
		{"module replaced by a directory", "lib", "v1.0.0", true},
		{"vetted, not only for facts", "vendor/example.com/lib", "v1.0.0", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfgFile, out := depUnit(t, filepath.Join(root, tc.name, tc.dir), "example.com/lib", tc.version, baseFiles, nil)
			if !tc.vetxOnly {
				data, _ := os.ReadFile(cfgFile)
				var cfg map[string]any
				if err := json.Unmarshal(data, &cfg); err != nil {
					t.Fatal(err)
				}
				cfg["VetxOnly"] = false
				data, _ = json.Marshal(cfg)
				if err := os.WriteFile(cfgFile, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if serveDependencyUnit(cfgFile) {
				t.Fatal("served as a dependency unit")
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("a vetx file was written")
			}
		})
	}
}

// A unit whose import cannot be read is left to unitchecker, which says
// so the way go vet expects.
func TestDependencyUnitBadImport(t *testing.T) {
	root := t.TempDir()
	bad := filepath.Join(t.TempDir(), "bad.vetx")
	if err := os.WriteFile(bad, []byte("not a vetx file"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfgFile, out := depUnit(t, filepath.Join(root, "vendor/example.com/lib"), "example.com/lib", "v1.0.0", libFiles,
		map[string]string{"example.com/base": bad})
	if serveDependencyUnit(cfgFile) {
		t.Fatal("served despite an unreadable import")
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a vetx file was written")
	}
}

// runtime's unit needs only its types (typesOnlyStd); another package of
// the standard library keeps its full unit, whose noReturn facts its
// importers need (os.Exit).
func TestRuntimeUnitTypesOnly(t *testing.T) {
	for _, tc := range []struct {
		path   string
		served bool
	}{
		{"runtime", true},
		{"os", false},
		{"runtime/debug", false},
	} {
		t.Run(tc.path, func(t *testing.T) {
			cfgFile, out := depUnit(t, filepath.Join(t.TempDir(), "src", tc.path), tc.path, "", baseFiles, nil)
			if got := serveDependencyUnit(cfgFile); got != tc.served {
				t.Fatalf("served as a dependency unit = %v, want %v", got, tc.served)
			}
			if _, err := os.Stat(out); (err == nil) != tc.served {
				t.Errorf("vetx file written = %v, want %v", err == nil, tc.served)
			}
		})
	}
}
