package vettool

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"io"
	"os"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
	"golang.org/x/tools/go/gcexportdata"

	"github.com/idemvet/idemvet/analyzers"
)

// RunUnit analyses, in this process, the unit go vet -json describes in
// cfgFile, as unitchecker would in a process of its own: it writes the
// unit's vetx file, prints the checks' findings as go vet -json expects,
// and returns the tool's exit status; depFindings is DepFindingsFlag's
// value. The golangci-lint plugin's workers serve go vet's units this way, one after another, so that go vet needs
// no vet tool built with the checks in it; unitchecker itself cannot, as
// it exits the process. A panic in a check becomes the unit's error, not the process's
// end.
func RunUnit(cfgFile string, depFindings bool, checks []*analysis.Analyzer, stdout, stderr io.Writer) (exit int) {
	defer func() {
		if r := recover(); r != nil {
			_, _ = fmt.Fprintf(stderr, "idemvet: internal error in %s: %v\n%s", cfgFile, r, debug.Stack())
			exit = 1
		}
	}()
	cfg, err := readUnitConfig(cfgFile)
	if err != nil {
		_, _ = fmt.Fprintln(stderr, "idemvet:", err)
		return 1
	}
	if serveDependency(cfg) {
		return 0
	}
	if depFindings && userDependency(cfg) {
		cfg.VetxOnly = false // a dependency of the user's prints its findings (DepFindingsFlag)
	}
	if cfg.Stdout != "" {
		f, err := os.Create(cfg.Stdout)
		if err != nil {
			_, _ = fmt.Fprintln(stderr, "idemvet:", err)
			return 1
		}
		defer func() { _ = f.Close() }()
		stdout = f
	}
	fset := token.NewFileSet()
	results, err := analyseUnit(fset, cfg, checks)
	if err != nil {
		if cfg.VetxOnly {
			return 1
		}
		// go vet prints a type or syntax error as it is, as unitchecker
		// does; anything else is the tool's.
		var typeErr types.Error
		var syntaxErr *scanner.Error
		var syntaxErrs scanner.ErrorList
		if errors.As(err, &typeErr) || errors.As(err, &syntaxErr) || errors.As(err, &syntaxErrs) {
			_, _ = fmt.Fprintln(stderr, err)
		} else {
			_, _ = fmt.Fprintln(stderr, "idemvet:", err)
		}
		return 1
	}
	if cfg.VetxOnly {
		return 0
	}
	if err := printJSON(stdout, fset, cfg.ID, results); err != nil {
		_, _ = fmt.Fprintln(stderr, "idemvet:", err)
		return 1
	}
	return 0
}

func readUnitConfig(cfgFile string) (*unitchecker.Config, error) {
	data, err := os.ReadFile(cfgFile)
	if err != nil {
		return nil, err
	}
	cfg := new(unitchecker.Config)
	if err := json.Unmarshal(data, cfg); err != nil {
		return nil, fmt.Errorf("cannot decode JSON config file %s: %w", cfgFile, err)
	}
	if len(cfg.GoFiles) == 0 {
		return nil, fmt.Errorf("package has no files: %s", cfg.ImportPath)
	}
	return cfg, nil
}

// checkResult is what one root check found in the unit.
type checkResult struct {
	check       *analysis.Analyzer
	diagnostics []analysis.Diagnostic
	err         error
}

// analyseUnit parses and type-checks the unit's package against its
// imports' vetx files, runs the checks (in a VetxOnly unit, only those
// that make or need facts) with the analyzers they require, and writes
// the unit's vetx file.
func analyseUnit(fset *token.FileSet, cfg *unitchecker.Config, checks []*analysis.Analyzer) ([]checkResult, error) {
	files, err := parseFiles(fset, cfg.GoFiles, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	vetx := &vetxFiles{paths: cfg.PackageVetx, read: map[string][]byte{}}
	importer := &vetxImporter{cfg: cfg, vetx: vetx, fset: fset, packages: map[string]*types.Package{}}
	tc := &types.Config{
		Importer:  importer,
		Sizes:     types.SizesFor("gc", build.Default.GOARCH),
		GoVersion: cfg.GoVersion,
	}
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
	pkg, err := tc.Check(cfg.ImportPath, fset, files, info)
	if err != nil {
		return nil, err
	}
	if cfg.VetxOnly {
		checks = slices.DeleteFunc(slices.Clone(checks), func(a *analysis.Analyzer) bool { return !usesFacts(a) })
	}
	registerFactsOf(checks)
	facts, err := decodeFacts(pkg, vetx, func(path string) *types.Package { return importer.packages[path] })
	if err != nil {
		return nil, err
	}
	module := cfg.Module
	if module == nil && cfg.ModulePath != "" {
		module = &analysis.Module{Path: cfg.ModulePath, Version: cfg.ModuleVersion, GoVersion: cfg.GoVersion}
	}
	u := &unitRun{
		fset: fset, files: files, pkg: pkg, info: info, sizes: tc.Sizes, cfg: cfg, module: module, facts: facts,
		done: map[*analysis.Analyzer]*actionResult{}, dependents: countDependents(checks),
	}
	results := make([]checkResult, len(checks))
	for i, check := range checks {
		act := u.run(check)
		results[i] = checkResult{check, act.diagnostics, act.err}
	}
	if cfg.VetxOutput != "" {
		if err := writeUnitVetx(fset, pkg, facts, cfg.VetxOutput); err != nil {
			return nil, fmt.Errorf("type+fact export failed: %w", err)
		}
	}
	return results, nil
}

// parseFiles parses the unit's Go files.
func parseFiles(fset *token.FileSet, names []string, mode parser.Mode) ([]*ast.File, error) {
	files := make([]*ast.File, 0, len(names))
	for _, name := range names {
		f, err := parser.ParseFile(fset, name, nil, mode)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

// usesFacts reports whether the analyzer or one it requires has facts:
// only those run on a unit analysed for its importers.
func usesFacts(a *analysis.Analyzer) bool {
	if len(a.FactTypes) > 0 {
		return true
	}
	return slices.ContainsFunc(a.Requires, usesFacts)
}

// unitRun runs analyzers on one type-checked package, each once, its
// requirements first.
type unitRun struct {
	fset   *token.FileSet
	files  []*ast.File
	pkg    *types.Package
	info   *types.Info
	sizes  types.Sizes
	cfg    *unitchecker.Config
	module *analysis.Module
	facts  *factSet
	done   map[*analysis.Analyzer]*actionResult
	// dependents counts, for each analyzer, those requiring it that have
	// not run yet; at zero its result is dropped (see release).
	dependents map[*analysis.Analyzer]int
}

// countDependents counts, for each analyzer the checks need, the
// analyzers among them that require it.
func countDependents(checks []*analysis.Analyzer) map[*analysis.Analyzer]int {
	counts := map[*analysis.Analyzer]int{}
	for _, a := range analyzers.WithRequired(checks) {
		for _, req := range a.Requires {
			counts[req]++
		}
	}
	return counts
}

// release drops the results of a's requirements that no analyzer still to
// run needs. A golangci-lint worker's heap is capped while it is small
// (analyzers/golangci/workerheap.go), and the largest results are bulky:
// the inspector's index of a
// generated package's syntax is as big as its type information, and is
// needed only while ctrlflow runs.
func (u *unitRun) release(a *analysis.Analyzer) {
	for _, req := range a.Requires {
		u.dependents[req]--
		if u.dependents[req] == 0 {
			u.done[req].result = nil
		}
	}
}

type actionResult struct {
	result      any
	err         error
	diagnostics []analysis.Diagnostic
}

func (u *unitRun) run(a *analysis.Analyzer) *actionResult {
	if act, ok := u.done[a]; ok {
		return act
	}
	act := &actionResult{}
	u.done[a] = act
	inputs := map[*analysis.Analyzer]any{}
	var failed []string
	for _, req := range a.Requires {
		r := u.run(req)
		if r.err != nil {
			failed = append(failed, req.String())
			continue
		}
		inputs[req] = r.result
	}
	if failed != nil {
		slices.Sort(failed)
		act.err = fmt.Errorf("failed prerequisites: %s", strings.Join(failed, ", "))
		u.release(a)
		return act
	}
	factTypes := map[reflect.Type]bool{}
	for _, f := range a.FactTypes {
		factTypes[reflect.TypeOf(f)] = true
	}
	pass := &analysis.Pass{
		Analyzer:          a,
		Fset:              u.fset,
		Files:             u.files,
		OtherFiles:        u.cfg.NonGoFiles,
		IgnoredFiles:      u.cfg.IgnoredFiles,
		Pkg:               u.pkg,
		TypesInfo:         u.info,
		TypesSizes:        u.sizes,
		ResultOf:          inputs,
		Report:            func(d analysis.Diagnostic) { act.diagnostics = append(act.diagnostics, d) },
		ImportObjectFact:  u.facts.ImportObjectFact,
		ExportObjectFact:  u.facts.ExportObjectFact,
		AllObjectFacts:    func() []analysis.ObjectFact { return u.facts.objectFacts(factTypes) },
		ImportPackageFact: u.facts.ImportPackageFact,
		ExportPackageFact: u.facts.ExportPackageFact,
		AllPackageFacts:   func() []analysis.PackageFact { return u.facts.packageFacts(factTypes) },
		Module:            u.module,
		ReadFile:          u.readFile,
	}
	act.result, act.err = a.Run(pass)
	u.release(a)
	return act
}

// readFile reads one of the unit's own files, as a pass may; any other
// file is refused, as in every x/tools driver.
func (u *unitRun) readFile(name string) ([]byte, error) {
	for _, list := range [][]string{u.cfg.GoFiles, u.cfg.NonGoFiles, u.cfg.IgnoredFiles} {
		if slices.Contains(list, name) {
			return os.ReadFile(name)
		}
	}
	return nil, fmt.Errorf("Pass.ReadFile: %s is not among OtherFiles, IgnoredFiles, or names of Files", name)
}

// writeUnitVetx writes the unit's vetx file: its types and the facts its
// importers are to see.
func writeUnitVetx(fset *token.FileSet, pkg *types.Package, facts *factSet, path string) error {
	exported, err := exportedTypes(fset, pkg)
	if err != nil {
		return err
	}
	encoded, err := facts.encode()
	if err != nil {
		return err
	}
	return os.WriteFile(path, vetxFile(exported, encoded), 0o666)
}

// printJSON prints the unit's findings as go vet -json does: the package,
// then each check with its diagnostics or its error.
func printJSON(w io.Writer, fset *token.FileSet, id string, results []checkResult) error {
	byCheck := map[string]any{}
	for _, r := range results {
		switch {
		case r.err != nil:
			byCheck[r.check.Name] = struct {
				Err string `json:"error"`
			}{r.err.Error()}
		case len(r.diagnostics) > 0:
			byCheck[r.check.Name] = jsonDiagnostics(fset, r.diagnostics)
		}
	}
	if len(byCheck) == 0 {
		return nil
	}
	data, err := json.MarshalIndent(map[string]any{id: byCheck}, "", "\t")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

func jsonDiagnostics(fset *token.FileSet, diags []analysis.Diagnostic) []Diagnostic {
	out := make([]Diagnostic, 0, len(diags))
	for _, d := range diags {
		jd := Diagnostic{Posn: fset.Position(d.Pos).String(), Message: d.Message}
		for _, r := range d.Related {
			jd.Related = append(jd.Related, RelatedInformation{Posn: fset.Position(r.Pos).String(), Message: r.Message})
		}
		for _, fix := range d.SuggestedFixes {
			sf := SuggestedFix{Message: fix.Message}
			for _, e := range fix.TextEdits {
				start := fset.Position(e.Pos)
				sf.TextEdits = append(sf.TextEdits, TextEdit{
					Filename: start.Filename, Start: start.Offset, End: fset.Position(e.End).Offset, New: string(e.NewText),
				})
			}
			jd.SuggestedFixes = append(jd.SuggestedFixes, sf)
		}
		out = append(out, jd)
	}
	return out
}

// exportedTypes returns pkg's types in indexed export format, as a vetx
// file holds them (gcexportdata.Write's output without its leading 'i').
func exportedTypes(fset *token.FileSet, pkg *types.Package) ([]byte, error) {
	var out bytes.Buffer
	if err := gcexportdata.Write(&out, fset, pkg); err != nil {
		return nil, err
	}
	return bytes.TrimPrefix(out.Bytes(), []byte("i")), nil
}
