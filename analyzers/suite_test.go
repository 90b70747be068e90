package analyzers

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// TestChecksDocumented checks the wiring of every registered check: its
// URL names its page, the page exists, and the suite hands out one wrapped
// analyzer per check.
func TestChecksDocumented(t *testing.T) {
	all := All()
	if len(all) == 0 {
		t.Fatal("no checks registered")
	}
	seen := map[string]bool{}
	for i, a := range all {
		if seen[a.Name] {
			t.Errorf("two checks named %s", a.Name)
		}
		seen[a.Name] = true
		if a.Doc == "" {
			t.Errorf("%s has no Doc", a.Name)
		}
		want := "https://github.com/idemvet/idemvet/blob/" + docRef(Version()) + "/passes/" + a.Name + "/README.md"
		if a.URL != want {
			t.Errorf("%s: URL %q, want %q", a.Name, a.URL, want)
		}
		if _, err := os.Stat(filepath.Join("..", "passes", a.Name, "README.md")); err != nil {
			t.Errorf("%s: its documentation page is missing: %v", a.Name, err)
		}
		// One flag scheme: the settings flags, never -check.flag.
		a.Flags.VisitAll(func(f *flag.Flag) {
			t.Errorf("%s: the suite's analyzer has its own flag -%s, which drivers would add as -%s.%s", a.Name, f.Name, a.Name, f.Name)
		})
		if ByName(a.Name) != a || All()[i] != a {
			t.Errorf("%s: the suite returns different analyzers on different calls", a.Name)
		}
	}
	if ByName("nosuchcheck") != nil {
		t.Error("ByName found a check that does not exist")
	}
}

// TestSettingsHaveFlags checks that every setting that names functions or
// headers reaches the flag of an analyzer that uses it.
func TestSettingsHaveFlags(t *testing.T) {
	var s Settings
	for _, nf := range s.nameFlags() {
		if len(flagTargets(checks, nf.flag)) == 0 {
			t.Errorf("setting %q: no registered check or helper pass has a -%s flag", nf.flag, nf.flag)
		}
	}
}
