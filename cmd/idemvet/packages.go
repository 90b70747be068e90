package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/idemvet/idemvet/analyzers/vettool"
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
		// Importers of a package whose tests alone do not load, or do not
		// type-check, are analysed: they need the package, not its tests.
		testsOnly := l.LoadErrors[path] == "" && (l.TestErrors[path] != "" && vetBroken[path] == "" || inTestFile(vetBroken[path]))
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

// notInModule matches what the go command says when the working
// directory belongs to no module: "." fails to load, "./..." matches
// nothing the main module holds.
var notInModule = regexp.MustCompile(`go\.mod file not found[^\n]*|directory prefix \. does not contain (?:main module|modules listed in go\.work)[^\n]*`)

// outsideModule returns the go command's words when they say the run is
// outside any module, or "". texts are what it printed; l is the listing,
// whose patterns that matched nothing carry the same words.
func outsideModule(l *vettool.PackageList, texts ...string) string {
	if l != nil {
		for _, p := range l.Roots {
			if p.Dir == "" && p.Error != nil {
				texts = append(texts, p.Error.Err)
			}
		}
	}
	for _, t := range texts {
		if m := notInModule.FindString(t); m != "" {
			return m
		}
	}
	return ""
}

// reportUnmatched writes a line for each pattern that names no package (a
// directory or import path that does not exist) and takes it out of the
// listing's load errors, where go list put it; a pattern the go command
// warned matched no packages was reported in its own words. It reports
// whether any pattern matched nothing.
func reportUnmatched(l *vettool.PackageList, patterns []string, goMessages string, w *strings.Builder) bool {
	unmatched := noPackagesMatched(goMessages)
	if l == nil {
		return unmatched
	}
	for _, p := range l.Roots {
		if p.Error == nil {
			continue
		}
		msg := strings.Join(strings.Fields(p.Error.Err), " ")
		switch {
		case p.Dir == "" && slices.Contains(patterns, p.ImportPath):
			fmt.Fprintf(w, "idemvet: pattern %s matches no package: %s\n", p.ImportPath, msg)
		case strings.HasPrefix(msg, "no Go files in "):
			hint := ""
			if slices.Equal(patterns, []string{"."}) {
				hint = " (packages default to \".\"; ./... names every package of the module)"
			}
			fmt.Fprintf(w, "idemvet: %s matches no package: %s%s\n", p.ImportPath, msg, hint)
		default:
			continue
		}
		delete(l.LoadErrors, p.ImportPath)
		unmatched = true
	}
	return unmatched
}

// reportCoverage writes, after a run in which some packages could not be
// analysed, how many of the packages the patterns matched were analysed,
// so that a run that analysed few or none never reads as clean.
func reportCoverage(res *results, w *strings.Builder) {
	l := res.listed
	if l == nil {
		return
	}
	vetBroken := func(path string) bool { return res.broken[path] != "" }
	// A package go vet could not type-check only in its _test.go files is
	// not analysed, but its importers, which build it without them, are.
	brokenForImporters := func(path string) bool { return vetBroken(path) && !inTestFile(res.broken[path]) }
	total, skipped := 0, 0
	for _, p := range l.Roots {
		if p.Dir == "" {
			continue // a pattern, not a package
		}
		total++
		path := p.ImportPath
		if l.IsBroken(path) || l.TestErrors[path] != "" || vetBroken(path) || res.failed[path] != "" ||
			slices.ContainsFunc(p.Deps, l.IsBroken) || slices.ContainsFunc(p.Deps, brokenForImporters) {
			skipped++
		}
	}
	if skipped > 0 {
		fmt.Fprintf(w, "idemvet: %d of %d packages analysed; %d could not be (above)\n", total-skipped, total, skipped)
	}
}

// noPackagesMatched reports whether the go command said a pattern matched
// no packages (a warning; with nothing else to vet, go vet fails).
func noPackagesMatched(goMessages string) bool {
	return strings.Contains(goMessages, "matched no packages")
}

// testFileError matches a type error go vet reports in a test file
// ("pkg/cache/driver_test.go:11:18: undefined: Set").
var testFileError = regexp.MustCompile(`^(?:vet: )?\S+_test\.go:\d+`)

// inTestFile reports whether go vet's errors for a package are in its
// _test.go files.
func inTestFile(msg string) bool { return testFileError.MatchString(strings.TrimSpace(msg)) }
