package vettool

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
)

// Listed is one package the patterns match, as go list -e sees it.
type Listed struct {
	ImportPath string
	Dir        string
	// ForTest is set on a test variant: the package whose tests it holds.
	ForTest    string
	Error      *struct{ Err string }
	DepsErrors []struct {
		ImportStack []string
		Err         string
	}
	Deps []string
}

// PackageList is what the patterns match.
type PackageList struct {
	Roots []Listed
	// LoadErrors maps each package that cannot be loaded (a missing
	// import, a syntax error), root or dependency, to its error.
	LoadErrors map[string]string
	// TestErrors maps each root that loads but whose tests do not (a
	// _test.go file imports a module the proxy refuses) to the error. go
	// vet analyses a package with its tests, so it cannot analyse that
	// root; the packages importing it are not affected.
	TestErrors map[string]string
}

// ListImportPaths returns the import paths of the packages the patterns
// match in dir (those go vet analyses as its roots), tolerating errors as
// ListPackages does; unitArgs' -tags apply.
func ListImportPaths(dir string, patterns, unitArgs []string) (map[string]bool, error) {
	stdout, _, err := goList(dir, []string{"-f", "{{.ImportPath}}"}, patterns, unitArgs)
	if err != nil {
		return nil, err
	}
	paths := map[string]bool{}
	for _, line := range strings.Split(stdout.String(), "\n") {
		if line != "" {
			paths[line] = true
		}
	}
	return paths, nil
}

// goList runs go list -e with flags on the patterns in dir, with the vet
// tool's -tags (from unitArgs), and returns what it printed.
func goList(dir string, flags, patterns, unitArgs []string) (stdout, stderr *bytes.Buffer, err error) {
	args := slices.Concat([]string{"list", "-e"}, flags)
	for _, a := range unitArgs {
		if strings.HasPrefix(a, "-tags=") {
			args = append(args, a)
		}
	}
	stdout, stderr = new(bytes.Buffer), new(bytes.Buffer)
	cmd := exec.Command("go", slices.Concat(args, patterns)...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		// What the go command said is the reason (a go.mod that needs a
		// newer Go, a module the proxy refuses), not its exit status.
		return nil, nil, fmt.Errorf("go list: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	return stdout, stderr, nil
}

// ListPackages lists, in dir, the packages the patterns match, tolerating
// errors so that one broken package does not stop the rest from being
// analysed; unitArgs are the vet tool's flags, whose -tags apply. The go
// command's warnings (a pattern that matched nothing) go to warnings.
func ListPackages(dir string, patterns, unitArgs []string, warnings io.Writer) (*PackageList, error) {
	// EmbedFiles is asked for only for its errors: go list resolves
	// //go:embed patterns only when a field needs them, and a pattern that
	// matches nothing (a web UI not built yet) is an error go vet stops on.
	stdout, stderr, err := goList(dir, []string{"-test", "-json=ImportPath,Dir,ForTest,Error,DepsErrors,Deps,EmbedFiles"}, patterns, unitArgs)
	if err != nil {
		return nil, err
	}
	if _, err := warnings.Write(stderr.Bytes()); err != nil {
		return nil, err
	}
	list := &PackageList{LoadErrors: map[string]string{}, TestErrors: map[string]string{}}
	roots := map[string]bool{}
	dec := json.NewDecoder(stdout)
	for {
		var p Listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list: %w", err)
		}
		// -test lists, after each root, its test binary (ROOT.test) and
		// its test variants, which carry the errors of its tests.
		testOf := p.ForTest
		if main, ok := strings.CutSuffix(p.ImportPath, ".test"); ok && roots[main] {
			testOf = main
		}
		if testOf != "" {
			if msg := p.firstError(); msg != "" && list.TestErrors[testOf] == "" {
				list.TestErrors[testOf] = msg
			}
			continue
		}
		roots[p.ImportPath] = true
		if p.Error != nil {
			list.LoadErrors[p.ImportPath] = p.Error.Err
		}
		for _, e := range p.DepsErrors {
			if n := len(e.ImportStack); n > 0 {
				list.LoadErrors[e.ImportStack[n-1]] = e.Err
			}
		}
		list.Roots = append(list.Roots, p)
	}
	// go list does not always name the package whose import failed: a
	// root importing a module the proxy refuses may carry the error in
	// DepsErrors with another root's import stack, and list no broken
	// dependency. Such a root does not load either; go vet would refuse
	// to run with it among its targets.
	for _, p := range list.Roots {
		if msg := p.firstError(); msg != "" && !list.IsBroken(p.ImportPath) && !slices.ContainsFunc(p.Deps, list.IsBroken) {
			list.LoadErrors[p.ImportPath] = msg
		}
	}
	return list, nil
}

// firstError returns the package's own error, or else the first error of
// its dependencies, or "".
func (p *Listed) firstError() string {
	if p.Error != nil {
		return p.Error.Err
	}
	if len(p.DepsErrors) > 0 {
		return p.DepsErrors[0].Err
	}
	return ""
}

// Analysable returns what to hand go vet: the patterns themselves when
// every package and its tests load, otherwise the import paths of the
// roots that load, with their tests, and import nothing that does not (go
// vet refuses to run at all when any package fails to load).
func (l *PackageList) Analysable(patterns []string) []string {
	if len(l.LoadErrors) == 0 && len(l.TestErrors) == 0 {
		return patterns
	}
	var good []string
	for _, p := range l.Roots {
		if !l.IsBroken(p.ImportPath) && l.TestErrors[p.ImportPath] == "" && !slices.ContainsFunc(p.Deps, l.IsBroken) {
			good = append(good, p.ImportPath)
		}
	}
	return good
}

// IsBroken reports whether the package at path does not load.
func (l *PackageList) IsBroken(path string) bool { return l.LoadErrors[path] != "" }

// VetListingOnFailure runs vet on the targets and lists the packages only
// if go vet failed: listing costs seconds on a large module (4 s on
// kubernetes's 979 packages), and a run where every package loads and
// type-checks needs nothing it says. After a failure the listing says
// which packages do not load, whose tests do not, and who imports them.
// go vet refuses to run at all when a target or a dependency does not
// load, so vet then runs again on the targets that do (what it analysed
// the first time comes from the build cache). A root whose tests alone do
// not load is skipped by go vet, which analyses the rest: that first run
// is complete, and running it again would cost a second go vet (2 s on
// hatchet's 309 packages, whose one such test imports a module the proxy
// refuses).
//
// vet runs go vet in dir on the targets it is given, replacing what an
// earlier call collected, and reports whether go vet failed; given no
// targets it collects nothing. list is the listing when the caller
// already has one. The listing is returned, or nil when none was needed.
func VetListingOnFailure(dir string, targets, unitArgs []string, list *PackageList, vet func(targets []string) (failed bool, err error)) (*PackageList, error) {
	failed, err := vet(targets)
	if err != nil || !failed || list != nil {
		return list, err
	}
	if list, err = ListPackages(dir, targets, unitArgs, io.Discard); err != nil {
		return nil, err
	}
	if len(list.LoadErrors) == 0 {
		return list, nil
	}
	if analysable := list.Analysable(targets); !slices.Equal(analysable, targets) {
		if _, err := vet(analysable); err != nil {
			return nil, err
		}
	}
	return list, nil
}

// Explains reports whether the listing (nil when there was none) names a
// package that does not load, or whose tests do not: what makes go vet
// fail without a package's errors of its own.
func (l *PackageList) Explains() bool {
	return l != nil && (len(l.LoadErrors) > 0 || len(l.TestErrors) > 0)
}
