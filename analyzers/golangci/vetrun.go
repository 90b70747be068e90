package golangci

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/vettool"
)

// vetRuns runs go vet -vettool=<this executable> -json ./... once per
// module golangci-lint lints, and keeps the findings by file.
type vetRuns struct {
	exe  string   // this executable, the vet tool
	args []string // the settings, as the vet tool's flags
	mu   sync.Mutex
	runs map[string]*vetRun // by module root directory
}

// vetRun is one module's go vet run, done by the first package that needs
// it while the others wait.
type vetRun struct {
	once   sync.Once
	byFile map[string][]finding
	err    error
}

// finding is one diagnostic of go vet -json, with the check that made it.
type finding struct {
	check string
	diagnostic
}

// diagnostic is the part of a diagnostic of go vet -json that golangci-lint
// reports: no related locations (golangci-lint turns each into an issue of
// its own, counting every finding twice; the messages already name the
// other half of the race).
type diagnostic struct {
	Posn           string         `json:"posn"`
	Message        string         `json:"message"`
	SuggestedFixes []suggestedFix `json:"suggested_fixes"`
}

type suggestedFix struct {
	Message   string     `json:"message"`
	TextEdits []textEdit `json:"edits"`
}

// textEdit replaces the bytes [Start, End) of Filename.
type textEdit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

func newVetRuns(exe string, args []string) *vetRuns {
	return &vetRuns{exe: exe, args: args, runs: map[string]*vetRun{}}
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
	byFile, err := v.module(root)
	if err != nil {
		return nil, err
	}
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

// module returns the findings of the module at root, running go vet on it
// the first time.
func (v *vetRuns) module(root string) (map[string][]finding, error) {
	v.mu.Lock()
	r := v.runs[root]
	if r == nil {
		r = &vetRun{}
		v.runs[root] = r
	}
	v.mu.Unlock()
	r.once.Do(func() { r.byFile, r.err = v.vet(root) })
	return r.byFile, r.err
}

// vet runs go vet on every package of the module at root. Packages that do
// not build are golangci-lint's to report (it type-checks them itself):
// go vet's complaints about them are not an error here, unless go vet
// found nothing to report at all.
func (v *vetRuns) vet(root string) (map[string][]finding, error) {
	args := slices.Concat([]string{"vet", "-vettool=" + v.exe, "-json"}, v.args, []string{"./..."})
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), vetToolEnv+"=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var exit *exec.ExitError
	if runErr != nil && !errors.As(runErr, &exit) {
		return nil, fmt.Errorf("idemvet: go vet: %w", runErr)
	}
	byFile := map[string][]finding{}
	seen := map[string]bool{}
	analysed := false
	err := vettool.DecodeJSON(&stdout, func(pkg, check string, raw json.RawMessage) error {
		analysed = true
		var failure struct{ Error string }
		if json.Unmarshal(raw, &failure) == nil && failure.Error != "" {
			return nil // the check failed on this package: go vet said so on stderr
		}
		var diags []diagnostic
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
			byFile[file] = append(byFile[file], finding{check, d})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("idemvet: reading go vet's output: %w", err)
	}
	if runErr != nil && !analysed && !strings.Contains(stderr.String(), "\n# ") && !strings.HasPrefix(stderr.String(), "# ") {
		return nil, fmt.Errorf("idemvet: go vet in %s: %v\n%s", root, runErr, strings.TrimSpace(stderr.String()))
	}
	return byFile, nil
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
