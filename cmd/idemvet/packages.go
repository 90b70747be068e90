package main

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

// listed is one package named on the command line, as go list -e sees it.
type listed struct {
	ImportPath string
	Error      *struct{ Err string }
	DepsErrors []struct {
		ImportStack []string
		Err         string
	}
	Deps []string
}

// packageList is what the command line's patterns match.
type packageList struct {
	roots []listed
	// loadErrors maps each package that cannot be loaded (a missing
	// import, a syntax error), root or dependency, to its error.
	loadErrors map[string]string
}

// listPackages lists the packages the patterns match, tolerating errors so
// that one broken package does not stop the rest from being analysed. The
// go command's warnings (a pattern that matched nothing) go to warnings.
func listPackages(patterns, unitArgs []string, warnings io.Writer) (*packageList, error) {
	args := []string{"list", "-e", "-json=ImportPath,Error,DepsErrors,Deps"}
	for _, a := range unitArgs {
		if strings.HasPrefix(a, "-tags=") {
			args = append(args, a)
		}
	}
	var stdout bytes.Buffer
	cmd := exec.Command("go", slices.Concat(args, patterns)...)
	cmd.Stdout, cmd.Stderr = &stdout, warnings
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	list := &packageList{loadErrors: map[string]string{}}
	dec := json.NewDecoder(&stdout)
	for {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list: %w", err)
		}
		if p.Error != nil {
			list.loadErrors[p.ImportPath] = p.Error.Err
		}
		for _, e := range p.DepsErrors {
			if n := len(e.ImportStack); n > 0 {
				list.loadErrors[e.ImportStack[n-1]] = e.Err
			}
		}
		list.roots = append(list.roots, p)
	}
	return list, nil
}

// analysable returns what to hand go vet: the patterns themselves when
// every package loads, otherwise the import paths of the roots that load
// and import nothing that does not (go vet refuses to run at all when any
// package fails to load).
func (l *packageList) analysable(patterns []string) []string {
	if len(l.loadErrors) == 0 {
		return patterns
	}
	var good []string
	for _, p := range l.roots {
		if l.loadErrors[p.ImportPath] == "" && !slices.ContainsFunc(p.Deps, l.isBroken) {
			good = append(good, p.ImportPath)
		}
	}
	return good
}

func (l *packageList) isBroken(path string) bool { return l.loadErrors[path] != "" }

// reportBroken writes one line per package that could not be analysed:
// those that do not load, those go vet could not analyse (type errors,
// or the unit failed) and those whose analysis returned an error, each with the number of the command line's
// packages left unanalysed because they import it. It reports whether
// any line was written.
func (l *packageList) reportBroken(w *strings.Builder, vetBroken, failed map[string]string) bool {
	all := map[string]string{}
	for path, msg := range l.loadErrors {
		all[path] = "does not load: " + strings.Join(strings.Fields(msg), " ")
	}
	for path, msg := range vetBroken {
		all[path] = "could not be analysed: " + msg
	}
	for path, msg := range failed {
		if all[path] == "" {
			all[path] = "analysis failed: " + msg
		}
	}
	paths := make([]string, 0, len(all))
	for p := range all {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, path := range paths {
		line := fmt.Sprintf("idemvet: %s %s", path, firstLine(all[path]))
		if n := l.dependents(path); n > 0 {
			line += fmt.Sprintf(" (%d more package(s) not analysed because they import it)", n)
		}
		fmt.Fprintln(w, line)
	}
	return len(paths) > 0
}

// dependents counts the roots other than path that import path.
func (l *packageList) dependents(path string) int {
	n := 0
	for _, p := range l.roots {
		if p.ImportPath != path && slices.Contains(p.Deps, path) {
			n++
		}
	}
	return n
}

// firstLine shortens a multi-line error to its first line and a count.
func firstLine(msg string) string {
	lines := strings.Split(strings.TrimSpace(msg), "\n")
	if len(lines) == 1 {
		return lines[0]
	}
	return fmt.Sprintf("%s (and %d more line(s))", lines[0], len(lines)-1)
}
