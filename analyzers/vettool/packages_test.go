package vettool

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// listingModule writes a module whose package sound has a printf mistake
// plain go vet reports, and whose package testonly loads but has a test
// importing a package that does not exist.
func listingModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":                       "module example.com/m\n\ngo 1.22\n",
		"sound/sound.go":               "package sound\n\nimport \"fmt\"\n\nfunc F() { fmt.Printf(\"%d\\n\", \"not a number\") }\n",
		"testonly/testonly.go":         "package testonly\n\nfunc G() int { return 1 }\n",
		"testonly/testonly_test.go":    "package testonly\n\nimport \"example.com/m/nosuchtest\"\n\nvar _ = nosuchtest.Y\n",
		"testonlyuser/testonlyuser.go": "package testonlyuser\n\nimport \"example.com/m/testonly\"\n\nvar X = testonly.G()\n",
	}
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestGoVetGoesOnPastTestsThatDoNotLoad checks the go command behaves as
// VetListingOnFailure assumes: a root whose tests do not load fails go vet
// but does not stop it analysing the other packages.
func TestGoVetGoesOnPastTestsThatDoNotLoad(t *testing.T) {
	dir := listingModule(t)
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("go vet passed; want it to fail on testonly's test:\n%s", out)
	}
	if !strings.Contains(string(out), "nosuchtest") || !strings.Contains(string(out), "sound.go:5") {
		t.Errorf("go vet said neither the test's load error and sound's printf mistake, or only one:\n%s", out)
	}
}

// TestVetListingOnFailure checks that a failed vet is followed by a
// listing, and by a second vet only when a package that does not load
// kept go vet from running at all.
func TestVetListingOnFailure(t *testing.T) {
	env := []string{"GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off"}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	targets := []string{"./..."}
	// vetsOf runs VetListingOnFailure in dir with a vet that fails when
	// given failing, and returns the targets of each vet it ran.
	vetsOf := func(dir string, failing bool) ([][]string, *PackageList) {
		var calls [][]string
		list, err := VetListingOnFailure(dir, targets, nil, nil, func(targets []string) (bool, error) {
			calls = append(calls, targets)
			return failing, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return calls, list
	}

	dir := listingModule(t)
	calls, list := vetsOf(dir, true)
	if len(calls) != 1 || list == nil || list.TestErrors["example.com/m/testonly"] == "" {
		t.Errorf("tests that do not load: vet ran on %v (want one vet), listing %v (want testonly's test error)", calls, list != nil)
		if list != nil {
			t.Logf("test errors: %v", list.TestErrors)
		}
	}
	// Near miss: a vet that passes needs no listing.
	if calls, list := vetsOf(dir, false); len(calls) != 1 || list != nil {
		t.Errorf("passing vet: vet ran on %v, listing %v; want one vet and no listing", calls, list != nil)
	}
	// Near miss: a package that does not load stops go vet, so vet runs
	// again on the packages that load, without testonly either.
	missing := filepath.Join(dir, "missing", "missing.go")
	if err := os.MkdirAll(filepath.Dir(missing), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(missing, []byte("package missing\n\nimport \"example.com/m/nosuch\"\n\nvar X = nosuch.Y\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	calls, _ = vetsOf(dir, true)
	want := []string{"example.com/m/sound", "example.com/m/testonlyuser"}
	if len(calls) != 2 || !slices.Equal(calls[1], want) {
		t.Errorf("a package that does not load: vet ran on %v; want ./... then %v", calls, want)
	}
}

// TestListPackagesSaysWhy checks that a listing the go command refuses
// fails with what the go command said, not only its exit status.
func TestListPackagesSaysWhy(t *testing.T) {
	t.Setenv("GOTOOLCHAIN", "local")
	t.Setenv("GOFLAGS", "-mod=mod")
	dir := listingModule(t)
	if _, err := ListPackages(dir, []string{"./..."}, nil, io.Discard); err != nil {
		t.Fatalf("a module that lists: %v", err)
	}
	// Near miss: the same module asking for a Go no toolchain has.
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 9.99\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ListPackages(dir, []string{"./..."}, nil, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "requires go >= 9.99") {
		t.Errorf("a module needing Go 9.99: error %v, want the go command's reason", err)
	}
}
