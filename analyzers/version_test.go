package analyzers

import (
	"runtime/debug"
	"testing"
)

func TestVersionOf(t *testing.T) {
	vcs := []debug.BuildSetting{{Key: "vcs.revision", Value: "a8e7f65e050b"}}
	dirty := append(vcs[:1:1], debug.BuildSetting{Key: "vcs.modified", Value: "true"})
	for _, tc := range []struct {
		name string
		info debug.BuildInfo
		want string
	}{
		{"module download", debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v0.1.0"}, Settings: vcs}, "v0.1.0"},
		{"checkout", debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"}, Settings: vcs}, "devel a8e7f65e050b"},
		{"checkout with changes", debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"}, Settings: dirty}, "devel a8e7f65e050b+dirty"},
		// Near misses: no revision to give, so it says so.
		{"-buildvcs=false", debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"}}, "devel (no VCS information)"},
		{"linked into golangci-lint from a directory", debug.BuildInfo{
			Main:     debug.Module{Path: "example.com/golangci-lint-custom", Version: "(devel)"},
			Deps:     []*debug.Module{{Path: modulePath, Version: "(devel)"}},
			Settings: vcs, // golangci-lint's revision, not idemvet's
		}, "devel (no VCS information)"},
		{"linked into golangci-lint at a version", debug.BuildInfo{
			Main: debug.Module{Path: "example.com/golangci-lint-custom", Version: "(devel)"},
			Deps: []*debug.Module{{Path: modulePath, Version: "v0.2.0"}},
		}, "v0.2.0"},
	} {
		if got := versionOf(&tc.info); got != tc.want {
			t.Errorf("%s: versionOf = %q, want %q", tc.name, got, tc.want)
		}
	}
}
