package analyzers

import (
	"flag"
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// fakeCheck stands in for a real check: it reports every call of act.
var fakeCheck = &analysis.Analyzer{
	Name:     "fake",
	Doc:      "report calls of act",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		insp.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
			call := n.(*ast.CallExpr)
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "act" {
				pass.Reportf(call.Pos(), "act called")
			}
		})
		return nil, nil
	},
}

func TestDirectives(t *testing.T) {
	wrapped := withDirectives(fakeCheck, []string{"fake", "other"})
	analysistest.Run(t, analysistest.TestData(), wrapped, "directives")
}

func TestDirectiveProblemsReportedOnce(t *testing.T) {
	// Only fake, the first check and the one closest to the misspellings,
	// reports them: other stays silent about directives it is not named in.
	for _, tc := range []struct{ name, want string }{
		{"fak", "fake"},
		{"othre", "other"},
		{"zz", "fake"},
	} {
		if got := closest(tc.name, []string{"fake", "other"}); got != tc.want {
			t.Errorf("closest(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestWrappedHasNoFlags checks the one flag scheme: the wrapped check
// exposes no flag of its own (drivers would add it as -flagged.opt), while
// the settings still reach the check's flag.
func TestWrappedHasNoFlags(t *testing.T) {
	check := &analysis.Analyzer{Name: "flagged", Doc: "has a flag", Run: fakeCheck.Run}
	value := check.Flags.String("exists", "", "an option")
	wrapped := withDirectives(check, []string{"flagged"})
	wrapped.Flags.VisitAll(func(f *flag.Flag) {
		t.Errorf("the wrapped check has flag -%s", f.Name)
	})
	if err := (&Settings{Exists: NameList{"Seen"}}).apply([]*analysis.Analyzer{check}); err != nil {
		t.Fatal(err)
	}
	if *value != "Seen" {
		t.Errorf("the setting did not reach the check's flag: %q", *value)
	}
	if wrapped.URL != DocURL("flagged") {
		t.Errorf("URL = %q", wrapped.URL)
	}
}
