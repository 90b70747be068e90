package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/idemvet/idemvet/internal/vettool"
)

// reportBroken writes one line per package that could not be analysed:
// those that do not load, or whose tests do not, those go vet could not
// analyse (type errors, or the unit failed) and those whose analysis
// returned an error, each with the number of the command line's packages
// left unanalysed because they import it. It reports whether any line
// was written. l is nil when go vet succeeded and no listing was needed.
func reportBroken(l *vettool.PackageList, w *strings.Builder, vetBroken, failed map[string]string) bool {
	if l == nil {
		l = &vettool.PackageList{}
	}
	all := map[string]string{}
	for path, msg := range l.LoadErrors {
		all[path] = "does not load: " + strings.Join(strings.Fields(msg), " ")
	}
	for path, msg := range l.TestErrors {
		if all[path] == "" {
			all[path] = "could not be analysed: its tests do not load: " + strings.Join(strings.Fields(msg), " ")
		}
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
		// Importers of a package whose tests alone do not load are
		// analysed: they need the package, not its tests.
		testsOnly := l.TestErrors[path] != "" && l.LoadErrors[path] == "" && vetBroken[path] == ""
		if n := dependents(l, path); n > 0 && !testsOnly {
			line += fmt.Sprintf(" (%d more package(s) not analysed because they import it)", n)
		}
		fmt.Fprintln(w, line)
	}
	return len(paths) > 0
}

// dependents counts the roots other than path that import path.
func dependents(l *vettool.PackageList, path string) int {
	n := 0
	for _, p := range l.Roots {
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
