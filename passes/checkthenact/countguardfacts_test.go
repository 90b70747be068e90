package checkthenact

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestCountGuardFacts asserts the facts another package's callers read:
// KeepLastColumn refuses at the floor and EnsureUnderQuota at a limit;
// CountColumns, which only counts, and WarnNearQuota, which lets every
// caller through, carry none.
func TestCountGuardFacts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), countGuardFacts, "floors/guard", "limits/quotaguard")
}
