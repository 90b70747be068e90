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
}

// ListPackages lists, in dir, the packages the patterns match, tolerating
// errors so that one broken package does not stop the rest from being
// analysed; unitArgs are the vet tool's flags, whose -tags apply. The go
// command's warnings (a pattern that matched nothing) go to warnings.
func ListPackages(dir string, patterns, unitArgs []string, warnings io.Writer) (*PackageList, error) {
	args := []string{"list", "-e", "-json=ImportPath,Dir,Error,DepsErrors,Deps"}
	for _, a := range unitArgs {
		if strings.HasPrefix(a, "-tags=") {
			args = append(args, a)
		}
	}
	var stdout bytes.Buffer
	cmd := exec.Command("go", slices.Concat(args, patterns)...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = &stdout, warnings
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	list := &PackageList{LoadErrors: map[string]string{}}
	dec := json.NewDecoder(&stdout)
	for {
		var p Listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list: %w", err)
		}
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
	return list, nil
}

// Analysable returns what to hand go vet: the patterns themselves when
// every package loads, otherwise the import paths of the roots that load
// and import nothing that does not (go vet refuses to run at all when any
// package fails to load).
func (l *PackageList) Analysable(patterns []string) []string {
	if len(l.LoadErrors) == 0 {
		return patterns
	}
	var good []string
	for _, p := range l.Roots {
		if !l.IsBroken(p.ImportPath) && !slices.ContainsFunc(p.Deps, l.IsBroken) {
			good = append(good, p.ImportPath)
		}
	}
	return good
}

// IsBroken reports whether the package at path does not load.
func (l *PackageList) IsBroken(path string) bool { return l.LoadErrors[path] != "" }
