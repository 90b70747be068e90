package main_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// startUserCache is the user cache directory as the test process started with,
// before tests point XDG_CACHE_HOME elsewhere.
var startUserCache, startUserCacheErr = os.UserCacheDir()

// cacheWithoutIdemvet returns a build cache for the tests that need one
// the plugin finds cold: it never holds idemvet's own packages, since
// nothing builds idemvet into it (the plugin, seeing its command would
// compile, builds the shim instead, which needs only the standard
// library). It is kept between runs under the user cache, beside the
// golangci-lint build, so that the packages the linted code imports,
// which an empty cache would compile on every run, are compiled once.
// The go command trims entries it has not used for days.
func cacheWithoutIdemvet(t *testing.T) string {
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

// freshAnalysis is a setting of this run's own: go vet keys its results
// by the settings, so in a kept cache it analyses afresh rather than
// answering from an earlier run. No code names the header.
func freshAnalysis() string {
	return fmt.Sprintf("keyheaders: [X-Test-Run-%d]", time.Now().UnixNano())
}
