package testfiles

import (
	"os"
	"path/filepath"
	"testing"
)

// startUserCache is the user cache directory as the test process started
// with, before tests point XDG_CACHE_HOME elsewhere.
var startUserCache, startUserCacheErr = os.UserCacheDir()

// CacheWithoutIdemvet returns a build cache for the tests that need one
// the golangci-lint plugin finds cold: it never holds idemvet's own
// packages, since nothing builds idemvet into it (the plugin, seeing its
// command would compile, builds the shim instead, which needs only the
// standard library). It is kept between runs under the user cache, beside
// the golangci-lint build, and shared by every such test, so that the
// packages the shim and the linted code import, which an empty cache
// would compile in each test on every run, are compiled once. The go
// command trims entries it has not used for days.
func CacheWithoutIdemvet(t testing.TB) string {
	t.Helper()
	if startUserCacheErr != nil {
		t.Fatal(startUserCacheErr)
	}
	dir := filepath.Join(startUserCache, "idemvet", "gocache-without-idemvet")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}
