package golangci

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/analyzers/vettool"
)

// vetRuns runs go vet -vettool=<this executable, or an installed idemvet>
// -json once per module golangci-lint lints, on the packages it lints
// there, and keeps the findings by file.
type vetRuns struct {
	tool vetTool
	args []string // the settings, as the vet tool's flags
	// linted holds the directories golangci-lint was asked to lint
	// (lintedDirs); nil means every package of each module.
	linted []string
	mu     sync.Mutex
	runs   map[string]*vetRun // by module root directory
}

// vetRun is one module's go vet run: done before golangci-lint loads any
// package (vetBeforeLoading), or, when New was not given a run command
// line, by the first package that needs it while the others wait.
type vetRun struct {
	once   sync.Once
	result vetResult
	err    error
}

// vetResult is what one go vet run found.
type vetResult struct {
	byFile map[string][]finding
	// broken maps the directory of a package go vet could not analyse to
	// its first error. (In golangci-lint's syntax mode a pass has no
	// types.Package to name it by.)
	broken map[string]string
	// failed maps the directory of a package to the checks that failed on
	// it and why: go vet -json prints a check's error among the results,
	// not on stderr, so without this the package would pass in silence.
	failed map[string][]string
}

// finding is one diagnostic of go vet -json, with the check that made it.
// Its related locations are not reported: golangci-lint turns each into
// an issue of its own, counting every finding twice, and the messages
// already name the other half of the race.
type finding struct {
	check string
	vettool.Diagnostic
}

func newVetRuns(tool vetTool, args, linted []string) *vetRuns {
	return &vetRuns{tool: tool, args: args, linted: linted, runs: map[string]*vetRun{}}
}

// report is the analyzer's Run: it reports the findings in the pass's
// files.
func (v *vetRuns) report(pass *analysis.Pass) (any, error) {
	if len(pass.Files) == 0 {
		return nil, nil
	}
	first := pass.Fset.File(pass.Files[0].Pos()).Name()
	root, err := moduleRoot(filepath.Dir(first))
	if err != nil {
		return nil, err
	}
	res, err := v.module(root)
	if err != nil {
		return nil, err
	}
	if msg := res.broken[filepath.Dir(first)]; msg != "" {
		// Only golangci-lint's linters that type-check would say so
		// otherwise; with idemvet alone the package would pass in silence.
		pass.Report(analysis.Diagnostic{
			Pos:      pass.Files[0].Package,
			Category: "idemvet",
			Message:  "idemvet: this package could not be analysed: " + msg,
		})
	}
	for _, msg := range res.failed[filepath.Dir(first)] {
		pass.Report(analysis.Diagnostic{
			Pos:      pass.Files[0].Package,
			Category: "idemvet",
			Message:  "idemvet: a check failed on this package, which it did not analyse: " + msg,
		})
	}
	byFile := res.byFile
	for _, f := range pass.Files {
		file := pass.Fset.File(f.Pos())
		for _, fd := range byFile[file.Name()] {
			if d, ok := fd.toDiagnostic(file); ok {
				pass.Report(d)
			}
		}
	}
	return nil, nil
}

// vetBeforeLoading runs go vet to the end on each module that holds one of
// dirs (the directories golangci-lint lints), before golangci-lint loads
// any package. golangci-lint's loader lists the packages' compiled files,
// and on a cold build cache that runs cgo, C compilation included, on
// every cgo package the linted packages import (net, os/user,
// go-sqlite3: 60 s on dex); go vet builds the same packages. Run side by
// side, the two compile them twice on the same cores (1.2 to 1.4 times go
// vet's wall on dex); run first, go vet leaves each package's compiled
// files in the build cache, where the loader finds them (1 s on dex). The
// analyzer then reads the finished run.
func (v *vetRuns) vetBeforeLoading(dirs []string) {
	for _, dir := range dirs {
		root, err := moduleRoot(strings.TrimSuffix(dir, "/..."))
		if err != nil {
			continue // the analyzer reports it when a package there is linted
		}
		_, _ = v.module(root) // the analyzer reads the result and its error
	}
}

// module returns the findings of the module at root, running go vet on it
// the first time.
func (v *vetRuns) module(root string) (vetResult, error) {
	r := v.runFor(root)
	r.once.Do(func() { r.result, r.err = v.vet(root) })
	return r.result, r.err
}

// runFor returns the module's run, done or not, making it the first time.
func (v *vetRuns) runFor(root string) *vetRun {
	v.mu.Lock()
	defer v.mu.Unlock()
	r := v.runs[root]
	if r == nil {
		r = &vetRun{}
		v.runs[root] = r
	}
	return r
}

// vet runs go vet on every package golangci-lint lints in the module at
// root that loads (go vet refuses to run at all when one does not: a
// dependency the module proxy refuses, say), listing the packages only
// when go vet fails (vettool.VetListingOnFailure). A package that does not
// load or build is reported on that package, not as an error of the run,
// unless go vet printed neither JSON nor any package's errors.
func (v *vetRuns) vet(root string) (vetResult, error) {
	patterns := []string{"./..."}
	if v.linted != nil {
		patterns = patternsIn(root, v.linted)
	}
	var (
		res         vetResult
		reported    bool
		unexplained string
		failed      error
	)
	vet := func(targets []string) (bool, error) {
		res, reported, unexplained, failed = vetResult{byFile: map[string][]finding{}, broken: map[string]string{}, failed: map[string][]string{}}, false, "", nil
		if len(targets) == 0 {
			return false, nil
		}
		var err error
		reported, unexplained, failed, err = v.vetOnce(root, targets, res)
		return failed != nil, err
	}
	list, err := vettool.VetListingOnFailure(root, patterns, v.args, nil, vet)
	if err != nil {
		return vetResult{}, fmt.Errorf("idemvet: %w", err)
	}
	if failed != nil && !reported && !list.Explains() {
		return vetResult{}, fmt.Errorf("idemvet: go vet in %s: %v\n%s", root, failed, strings.TrimSpace(unexplained))
	}
	if list != nil {
		for _, p := range list.Roots {
			if msg := list.LoadErrors[p.ImportPath]; msg != "" {
				res.broken[p.Dir] = "does not load: " + strings.Join(strings.Fields(msg), " ")
			} else if msg := list.TestErrors[p.ImportPath]; msg != "" {
				res.broken[p.Dir] = "its tests do not load: " + strings.Join(strings.Fields(msg), " ")
			} else if i := slices.IndexFunc(p.Deps, list.IsBroken); i >= 0 {
				res.broken[p.Dir] = "imports " + p.Deps[i] + ", which does not load"
			}
		}
	}
	return res, nil
}

// vetOnce runs go vet -vettool -json on the targets in the module at root
// and adds what it prints to res. It reports whether go vet printed any
// package's results or errors, the go command's own messages, and go
// vet's exit error when it failed.
func (v *vetRuns) vetOnce(root string, targets []string, res vetResult) (reported bool, unexplained string, failed, err error) {
	// A package first vetted as another's dependency must not be replayed
	// as clean when it is linted itself (vettool.DepFindingsFlag); the
	// findings are kept by file, so a dependency's are never asked for.
	args := slices.Concat([]string{"vet", "-vettool=" + v.tool.path, "-json", "-" + vettool.DepFindingsFlag + "=true"}, v.args, targets)
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	if v.tool.session != nil {
		env, end, err := v.tool.session()
		if err != nil {
			return false, "", nil, fmt.Errorf("starting the vet tool: %w", err)
		}
		defer end()
		cmd.Env = append(os.Environ(), env...)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var exit *exec.ExitError
	if runErr != nil && !errors.As(runErr, &exit) {
		return false, "", nil, fmt.Errorf("go vet: %w", runErr)
	}
	seen := map[string]bool{}
	modPath, _ := modulePath(filepath.Join(root, "go.mod")) // "": failures are not placed
	stderrResults, rest := vettool.SplitStderr(stderr.Bytes())
	_, err = vettool.DecodeJSON(io.MultiReader(&stdout, bytes.NewReader(stderrResults)), func(pkg, check string, raw json.RawMessage) error {
		reported = true
		var failure struct{ Error string }
		if json.Unmarshal(raw, &failure) == nil && failure.Error != "" {
			if dir, ok := packageDir(root, modPath, pkg); ok {
				msg := check + ": " + failure.Error
				if !slices.Contains(res.failed[dir], msg) { // a package and its test variant
					res.failed[dir] = append(res.failed[dir], msg)
				}
			}
			return nil
		}
		var diags []vettool.Diagnostic
		if err := json.Unmarshal(raw, &diags); err != nil {
			return fmt.Errorf("package %s, check %s: %w", pkg, check, err)
		}
		for _, d := range diags {
			file, line, _ := vettool.SplitPosition(d.Posn)
			key := check + "\x00" + d.Posn + "\x00" + d.Message
			if line == 0 || seen[key] { // a package and its test variant share files
				continue
			}
			seen[key] = true
			res.byFile[file] = append(res.byFile[file], finding{check, d})
		}
		return nil
	})
	if err != nil {
		return false, "", nil, fmt.Errorf("reading go vet's output: %w", err)
	}
	broken, other := vettool.ReadErrors(bytes.NewReader(rest))
	for _, errs := range broken {
		// The first error names a file of the package, relative to root
		// or absolute.
		first, _, _ := strings.Cut(errs, "\n")
		file, line, _ := vettool.SplitPosition(strings.TrimSpace(strings.SplitN(first, ": ", 2)[0]))
		if line == 0 {
			continue
		}
		if !filepath.IsAbs(file) {
			file = filepath.Join(root, file)
		}
		res.broken[filepath.Dir(file)] = first
	}
	return reported || len(broken) > 0, other, runErr, nil
}

// toDiagnostic places the finding in file, which golangci-lint parsed; it
// reports false when the position is not in it (the file changed since).
func (f finding) toDiagnostic(file *token.File) (analysis.Diagnostic, bool) {
	_, line, col := vettool.SplitPosition(f.Posn)
	if line < 1 || line > file.LineCount() {
		return analysis.Diagnostic{}, false
	}
	pos := file.LineStart(line)
	if col > 1 && file.Offset(pos)+col-1 <= file.Size() {
		pos += token.Pos(col - 1)
	}
	d := analysis.Diagnostic{
		Pos:      pos,
		Category: f.check,
		// One analyzer stands for all the checks, so golangci-lint does
		// not prefix the check's name: the message does, as in the other
		// forms' "(check)" and as //idemvet:ignore takes it.
		Message: f.check + ": " + f.Message,
	}
fixes:
	for _, sf := range f.SuggestedFixes {
		fix := analysis.SuggestedFix{Message: sf.Message}
		for _, e := range sf.TextEdits {
			if e.Filename != file.Name() || e.Start < 0 || e.Start > e.End || e.End > file.Size() {
				continue fixes // an edit outside this file: leave the fix out
			}
			fix.TextEdits = append(fix.TextEdits, analysis.TextEdit{
				Pos: file.Pos(e.Start), End: file.Pos(e.End), NewText: []byte(e.New),
			})
		}
		d.SuggestedFixes = append(d.SuggestedFixes, fix)
	}
	return d, true
}

// packageDir returns the directory of the package go vet names by id
// ("example.com/m/pay", "example.com/m/pay_test [example.com/m/pay.test]")
// in the module modPath at root.
func packageDir(root, modPath, id string) (string, bool) {
	path, _, _ := strings.Cut(id, " ")
	path = strings.TrimSuffix(path, "_test")
	if modPath == "" || path != modPath && !strings.HasPrefix(path, modPath+"/") {
		return "", false
	}
	return filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(path, modPath))), true
}

// moduleRoot is the directory of the go.mod that governs dir.
func moduleRoot(dir string) (string, error) {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("idemvet: no go.mod in %s or above it", dir)
		}
		d = parent
	}
}
