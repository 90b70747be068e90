package golangci

import (
	"debug/buildinfo"
	"os/exec"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
)

// TestBuiltToolKeepsGOFLAGS: the idemvet the plugin builds is built with
// the user's GOFLAGS (a -tags, here, as -buildvcs=false would be), so
// that it is the executable the user's own go build makes and go vet's
// result cache, keyed by the tool's hash, answers for both; the user's
// module settings (-mod=vendor, -modfile), which name files of the
// user's module, are not applied to the plugin's source.
func TestBuiltToolKeepsGOFLAGS(t *testing.T) {
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	// XDG_CACHE_HOME moves go's build cache too: keep that one, which
	// holds idemvet's packages, so that the build is a link.
	t.Setenv("GOCACHE", strings.TrimSpace(string(gocache)))
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	const tag = "idemvet_goflags_test"
	t.Setenv("GOFLAGS", "-mod=vendor -modfile=/nonexistent/go.mod -tags="+tag)

	tool, err := idemvetCommand.built(false)
	if err != nil {
		t.Fatal(err)
	}
	info, err := buildinfo.ReadFile(tool)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(info.Settings, debug.BuildSetting{Key: "-tags", Value: tag}) {
		t.Errorf("the built tool's build settings %v lack -tags=%s from GOFLAGS", info.Settings, tag)
	}

	// Another GOFLAGS, another executable: not the one built above.
	root, err := pluginSource()
	if err != nil {
		t.Fatal(err)
	}
	before, err := sourceIdentity(root)
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOFLAGS", "-tags="+tag+",another")
	if after, err := sourceIdentity(root); err != nil || after == before {
		t.Errorf("GOFLAGS changed, but the tool's cache directory did not (%s, %v): the plugin would reuse the tool built with the old one", after, err)
	}
}
