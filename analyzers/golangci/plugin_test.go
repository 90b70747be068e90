package golangci

import (
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/analyzers"
)

func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin("idemvet")
	if err != nil {
		t.Fatal(err)
	}
	// golangci-lint passes the settings as YAML decoded into maps.
	p, err := newPlugin(map[string]any{"disable": []any{}, "exists": []any{"Store.HasKey"}})
	if err != nil {
		t.Fatal(err)
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %q", p.GetLoadMode())
	}
	got, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(analyzers.All()) {
		t.Errorf("%d analyzers, want the whole suite (%d)", len(got), len(analyzers.All()))
	}
	if err := (&analyzers.Settings{}).Apply(); err != nil { // leave the flags as found
		t.Fatal(err)
	}
}

func TestNoSettings(t *testing.T) {
	if _, err := New(nil); err != nil {
		t.Errorf("no settings: %v", err)
	}
}

func TestBadSettings(t *testing.T) {
	for _, tc := range []struct {
		settings any
		want     string
	}{
		{map[string]any{"exist": []any{"Store.HasKey"}}, `unknown field "exist" (the settings are: enable, disable, exists,`},
		{map[string]any{"enable": []any{"nosuchcheck"}}, `unknown check "nosuchcheck"; the checks are`},
		{map[string]any{"insert": 3}, "want a list of names or a comma-separated string"},
	} {
		_, err := New(tc.settings)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "idemvet: ") {
			t.Errorf("New(%v): err = %v, want it to start with idemvet: and contain %q", tc.settings, err, tc.want)
		}
	}
}

// relatedCheck reports a diagnostic with a related location.
var relatedCheck = &analysis.Analyzer{
	Name: "related",
	Doc:  "report the package clause with a related location",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			pass.Report(analysis.Diagnostic{
				Pos:     f.Package,
				Message: "finding",
				Related: []analysis.RelatedInformation{{Pos: f.Name.Pos(), Message: "other half"}},
			})
		}
		return nil, nil
	},
}

func TestWithoutRelated(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), withoutRelated(relatedCheck), "p")
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if len(d.Related) > 0 {
				t.Errorf("diagnostic %q kept its related locations", d.Message)
			}
		}
	}
}
