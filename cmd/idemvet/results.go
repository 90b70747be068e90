package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/idemvet/idemvet/analyzers"
	"github.com/idemvet/idemvet/analyzers/vettool"
)

// results are the findings and failures of a go vet -json run.
type results struct {
	// tree is the findings as go vet -json prints them, merged over every
	// package: package ID, then check, then the diagnostics.
	tree map[string]map[string][]json.RawMessage
	// suppressed is the same for the findings //idemvet:ignore silenced,
	// which units report only under -suppressed (for -sarif).
	suppressed map[string]map[string][]json.RawMessage
	// cuts are where an analysis stopped at a budget.
	cuts budgetCuts
	// broken maps a package go vet could not type-check to its errors.
	broken map[string]string
	// failed maps a package whose analysis returned an error to it.
	failed map[string]string
	// listed is what go list said of the packages, when the run needed
	// it (a failure to explain); nil otherwise.
	listed *vettool.PackageList
	// units counts the packages (and test variants) go vet analysed.
	units int
	// goMessages is what the go command said of its own (a pattern that
	// matched no packages).
	goMessages string
	// roots are the import paths of the packages the patterns name; the
	// output of any other (a dependency's unit, under -depfindings) is
	// dropped. nil keeps every package's.
	roots map[string]bool
}

// isRoot reports whether the package go vet printed as pkg (a test
// variant too) is one the patterns name.
func (r *results) isRoot(pkg string) bool {
	path := vettool.PackagePath(pkg)
	return r.roots == nil || r.roots[path] || r.roots[strings.TrimSuffix(path, "_test")]
}

// readFindings collects the findings go vet -json prints. A diagnostic
// seen before (a package and its test variant share files) is kept once.
func (r *results) readFindings(stream io.Reader) error {
	if r.tree == nil {
		r.tree = map[string]map[string][]json.RawMessage{}
		r.suppressed = map[string]map[string][]json.RawMessage{}
	}
	seen := map[string]bool{}
	units, err := vettool.DecodeJSON(stream, func(pkg, check string, raw json.RawMessage) error {
		if !r.isRoot(pkg) {
			return nil
		}
		var failure struct{ Error string }
		if json.Unmarshal(raw, &failure) == nil && failure.Error != "" {
			r.fail(pkg, check+": "+failure.Error)
			return nil
		}
		var diags []json.RawMessage
		if err := json.Unmarshal(raw, &diags); err != nil {
			return fmt.Errorf("package %s, check %s: %w", pkg, check, err)
		}
		for _, d := range diags {
			if r.cuts.add(pkg, d) {
				continue
			}
			key := check + "\x00" + string(d)
			if seen[key] {
				continue
			}
			seen[key] = true
			tree := r.tree
			var category struct{ Category string }
			if json.Unmarshal(d, &category) == nil && category.Category == analyzers.SuppressedCategory {
				tree = r.suppressed
			}
			if tree[pkg] == nil {
				tree[pkg] = map[string][]json.RawMessage{}
			}
			tree[pkg][check] = append(tree[pkg][check], d)
		}
		return nil
	})
	r.units += units
	return err
}

func (r *results) fail(pkg, msg string) {
	if r.failed == nil {
		r.failed = map[string]string{}
	}
	pkg = vettool.PackagePath(pkg)
	if r.failed[pkg] == "" {
		r.failed[pkg] = msg
	}
}

// readErrors records the packages go vet could not analyse, from its
// standard error, and returns the go command's own lines.
func (r *results) readErrors(stream io.Reader) string {
	broken, other := vettool.ReadErrors(stream)
	for pkg, msg := range broken {
		if r.broken == nil {
			r.broken = map[string]string{}
		}
		r.broken[pkg] = msg
	}
	return other
}

func (r *results) count() int {
	n := 0
	for _, checks := range r.tree {
		for _, diags := range checks {
			n += len(diags)
		}
	}
	return n
}

// dropFixable removes the findings that carry a mechanical fix and
// returns how many it removed: after -fix -diff, what is left to print is
// what the diff does not fix.
func (r *results) dropFixable() int {
	dropped := 0
	for _, checks := range r.tree {
		for check, diags := range checks {
			kept := diags[:0]
			for _, raw := range diags {
				var f struct {
					SuggestedFixes []json.RawMessage `json:"suggested_fixes"`
				}
				if json.Unmarshal(raw, &f) == nil && len(f.SuggestedFixes) > 0 {
					dropped++
					continue
				}
				kept = append(kept, raw)
			}
			checks[check] = kept
		}
	}
	return dropped
}

// printJSON prints the merged findings as one JSON object, in go vet's
// schema.
func (r *results) printJSON(w io.Writer) error {
	tree := r.tree
	if tree == nil {
		tree = map[string]map[string][]json.RawMessage{}
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// reported is one diagnostic of a check, with its position split.
type reported struct {
	check string
	vettool.Diagnostic
	Category  string `json:"category"`
	file      string
	line, col int
}

// findings returns the findings in file and line order, with those
// //idemvet:ignore suppressed when withSuppressed is set. A finding that
// does not decode is left out with a line in bad.
func (r *results) findings(withSuppressed bool, bad *strings.Builder) []reported {
	trees := []map[string]map[string][]json.RawMessage{r.tree}
	if withSuppressed {
		trees = append(trees, r.suppressed)
	}
	var all []reported
	for _, tree := range trees {
		for _, checks := range tree {
			for check, diags := range checks {
				for _, raw := range diags {
					f := reported{check: check}
					if err := json.Unmarshal(raw, &f); err != nil {
						fmt.Fprintf(bad, "idemvet: a finding of %s: %v\n", check, err)
						continue
					}
					f.file, f.line, f.col = vettool.SplitPosition(f.Posn)
					all = append(all, f)
				}
			}
		}
	}
	slices.SortFunc(all, func(a, b reported) int {
		if c := strings.Compare(a.file, b.file); c != 0 {
			return c
		}
		if a.line != b.line {
			return a.line - b.line
		}
		if a.col != b.col {
			return a.col - b.col
		}
		return strings.Compare(a.check, b.check)
	})
	return all
}

// writeText writes each finding as "file:line:col: message (check)", in
// file and line order, with its related locations indented below it the
// way go vet prints them. Paths are relative to the working directory
// when inside it.
func (r *results) writeText(w *strings.Builder) {
	cwd, _ := os.Getwd()
	for _, f := range r.findings(false, w) {
		fmt.Fprintf(w, "%s: %s (%s)\n", relative(cwd, f.Posn), f.Message, f.check)
		for _, rel := range f.Related {
			fmt.Fprintf(w, "%s: \t%s\n", relative(cwd, rel.Posn), rel.Message)
		}
	}
}

// relative shortens an absolute position to one relative to dir, as go
// vet prints them, when it lies inside dir.
func relative(dir, posn string) string {
	if dir == "" || !filepath.IsAbs(posn) {
		return posn
	}
	rel, err := filepath.Rel(dir, posn)
	if err != nil || strings.HasPrefix(rel, "..") {
		return posn
	}
	return rel
}
