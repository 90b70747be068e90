package analyzers

import (
	"encoding/json"
	"flag"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// fakeSuite builds two checks that share a helper pass owning -exists, as
// the real checks share dataaccess, and one check owning -retry itself.
func fakeSuite() (checks []*analysis.Analyzer, exists, retry *string) {
	helper := &analysis.Analyzer{Name: "helper", Doc: "helper", Run: fakeCheck.Run}
	exists = helper.Flags.String("exists", "", "existence checks")
	one := &analysis.Analyzer{Name: "one", Doc: "one", Run: fakeCheck.Run, Requires: []*analysis.Analyzer{helper}}
	two := &analysis.Analyzer{Name: "two", Doc: "two", Run: fakeCheck.Run, Requires: []*analysis.Analyzer{helper}}
	retry = two.Flags.String("retry", "", "retry helpers")
	return []*analysis.Analyzer{one, two}, exists, retry
}

func TestApply(t *testing.T) {
	checks, exists, retry := fakeSuite()
	s := Settings{Exists: NameList{"Store.HasKey", "Seen"}, Retry: NameList{"Do"}}
	if err := s.apply(checks); err != nil {
		t.Fatal(err)
	}
	if *exists != "Store.HasKey,Seen" || *retry != "Do" {
		t.Errorf("after Apply: exists=%q retry=%q", *exists, *retry)
	}
	// A later Apply replaces, rather than adds to, what an earlier one set.
	if err := (&Settings{}).apply(checks); err != nil {
		t.Fatal(err)
	}
	if *exists != "" || *retry != "" {
		t.Errorf("after empty Apply: exists=%q retry=%q", *exists, *retry)
	}
	// A setting nothing in the build consumes is an error, not a no-op.
	err := (&Settings{KeyHeaders: NameList{"X-Key"}}).apply(checks)
	if err == nil || !strings.Contains(err.Error(), `"keyheaders"`) {
		t.Errorf("unconsumed setting: err = %v", err)
	}
}

func TestSelect(t *testing.T) {
	checks, _, _ := fakeSuite()
	suite := wrapAll(append(checks, &analysis.Analyzer{Name: "three", Doc: "three", Run: fakeCheck.Run}))
	for _, tc := range []struct {
		settings Settings
		want     []string
		err      string
	}{
		{Settings{}, []string{"one", "two", "three"}, ""},
		{Settings{Enable: NameList{"two"}}, []string{"two"}, ""},
		{Settings{Disable: NameList{"two"}}, []string{"one", "three"}, ""},
		// As with -one -two=false: once a check is enabled, only enabled ones run.
		{Settings{Enable: NameList{"one"}, Disable: NameList{"two"}}, []string{"one"}, ""},
		{Settings{Enable: NameList{"one"}, Disable: NameList{"one"}}, nil, `check "one" is both enabled and disabled`},
		{Settings{Disable: NameList{"tow"}}, nil, `unknown check "tow"; the checks are one, two, three`},
	} {
		got, err := tc.settings.selectFrom(suite)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%+v: err = %v, want %s", tc.settings, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%+v: %v", tc.settings, err)
			continue
		}
		var names []string
		for _, a := range got {
			names = append(names, a.Name)
		}
		if !slices.Equal(names, tc.want) {
			t.Errorf("%+v selects %v, want %v", tc.settings, names, tc.want)
		}
	}
}

func TestNameListJSON(t *testing.T) {
	var s Settings
	if err := json.Unmarshal([]byte(`{"exists": ["a", "b"], "claim": "c, d,", "insert": []}`), &s); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s.Exists, NameList{"a", "b"}) || !reflect.DeepEqual(s.Claim, NameList{"c", "d"}) || len(s.Insert) != 0 {
		t.Errorf("decoded %+v", s)
	}
	if err := json.Unmarshal([]byte(`{"exists": 3}`), &s); err == nil {
		t.Error("a number decoded as a name list")
	}
}

func TestSettingNames(t *testing.T) {
	want := []string{"enable", "disable", "exists", "insert", "claim", "retry", "keyheaders"}
	if got := SettingNames(); !slices.Equal(got, want) {
		t.Errorf("SettingNames() = %v, want %v", got, want)
	}
	// Every name-list setting has a flag of the same name.
	var s Settings
	var flags []string
	for _, nf := range s.nameFlags() {
		flags = append(flags, nf.flag)
	}
	if !slices.Equal(flags, want[2:]) {
		t.Errorf("name flags %v, want %v", flags, want[2:])
	}
}

func TestRegisterFlags(t *testing.T) {
	checks, exists, retry := fakeSuite()
	fs := flag.NewFlagSet("idemvet", flag.ContinueOnError)
	registerFlags(fs, checks)
	if err := fs.Parse([]string{"-exists=Store.HasKey, Seen", "-retry", "Do"}); err != nil {
		t.Fatal(err)
	}
	if *exists != "Store.HasKey,Seen" || *retry != "Do" {
		t.Errorf("after flags: exists=%q retry=%q", *exists, *retry)
	}
	if fs.Lookup("keyheaders") != nil {
		t.Error("-keyheaders registered though no analyzer uses it")
	}
	// The settings and the flags reach the same analyzer flag.
	if err := (&Settings{Exists: NameList{"Other"}}).apply(checks); err != nil {
		t.Fatal(err)
	}
	if got := fs.Lookup("exists").Value.String(); got != "Other" {
		t.Errorf("-exists reads %q after Apply", got)
	}
}

func TestNamesNormalized(t *testing.T) {
	checks, exists, _ := fakeSuite()
	fs := flag.NewFlagSet("idemvet", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	registerFlags(fs, checks)
	if err := fs.Parse([]string{"-exists=(*Store).HasKey,*Store.Seen"}); err != nil {
		t.Fatal(err)
	}
	if *exists != "Store.HasKey,Store.Seen" {
		t.Errorf("-exists=(*Store).HasKey,*Store.Seen sets %q", *exists)
	}
	if err := fs.Parse([]string{"-exists=Store..HasKey"}); err == nil {
		t.Error("-exists=Store..HasKey accepted")
	}
	if err := (&Settings{Exists: NameList{"Store.HasKey()"}}).apply(checks); err == nil {
		t.Error("setting exists: Store.HasKey() accepted")
	}
}
