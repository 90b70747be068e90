package testfiles

import (
	"os"
	"testing"
)

// The end-to-end tiers of .ci/test.sh (.ci/README.md, "Tests"): without
// IDEMVET_E2E the end-to-end tests skip, saying so; IDEMVET_E2E=1 runs
// those a contributor needs; IDEMVET_E2E=all runs every test, as CI does
// (.ci/run sets it, and CI=true counts the same), so there none skips.

// EndToEnd skips t unless IDEMVET_E2E is 1 or all, or CI=true: the test
// builds or analyses the real libraries, minutes on a fresh machine.
func EndToEnd(t testing.TB) {
	t.Helper()
	if e2e := os.Getenv("IDEMVET_E2E"); e2e != "1" && e2e != "all" && os.Getenv("CI") != "true" {
		t.Skip("slow end-to-end test: set IDEMVET_E2E=1 to run it (CI does)")
	}
}

// FullEndToEnd skips t unless IDEMVET_E2E=all or CI=true: an end-to-end
// test of what a change to the checks rarely breaks and that costs a
// minute or more of CPU (the whole suite over std, older toolchains, the
// pre-commit hook's install, a cache shared between machines, the go vet
// form and golangci-lint over the real libraries, every configuration
// setting again). IDEMVET_E2E=1, a contributor's command, leaves them out
// to stay under 8 minutes on two cores with one busy.
func FullEndToEnd(t testing.TB) {
	t.Helper()
	if os.Getenv("IDEMVET_E2E") != "all" && os.Getenv("CI") != "true" {
		t.Skip("slow end-to-end test of the full tier: set IDEMVET_E2E=all to run it (CI does)")
	}
}
