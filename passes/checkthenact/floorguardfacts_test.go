package checkthenact

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestFloorGuardFacts asserts the facts another package's callers read:
// KeepLastColumn refuses at the floor; CountColumns, which only counts,
// carries none.
func TestFloorGuardFacts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), floorGuardFacts, "floors/guard")
}
