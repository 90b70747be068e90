package vettool

import (
	"os"
	"runtime/debug"

	"github.com/idemvet/idemvet/internal/gcwatch"
)

// unitGCPercent is the garbage collector's target for a unit's process
// while its live heap is small, where the runtime's default is 100. A
// unit is a short process whose heap is mostly its dependencies' types,
// read at the start and live to the end, so collections in between find
// little garbage: at 200 the units of kubernetes (979 packages) and
// hatchet spent 9-10% less CPU than at 100.
const unitGCPercent = 200

// largeUnitHeap is the heap a unit's process may grow to before its
// target is lowered towards the runtime's default. At 200 the heap grows
// to three times what is live, and a large unit's process outgrew go
// vet's largest: hatchet's pkg/repository (about 100 MB live) peaked at
// 230-270 MiB against go vet's 141 MiB; 190-205 MiB at 100, and the same
// with this bound (at 192 MiB, 205-215 MiB).
const largeUnitHeap = 160 << 20

// TuneUnitGC sets the collector target of a process that analyses units,
// one at a time: a vet tool's, or a golangci-lint plugin's unit worker.
func TuneUnitGC() { tuneGC(os.Getenv) }

// tuneGC sets the unit's collector target, and lowers it after each
// collection as the live heap grows, unless the user's GOGC (which getenv
// returns) already says what it should be; it reports the target it set,
// or -1.
func tuneGC(getenv func(string) string) int {
	if getenv("GOGC") != "" {
		return -1
	}
	debug.SetGCPercent(unitGCPercent)
	current := unitGCPercent // only the collector's goroutine reads it past here
	gcwatch.AfterEachCollection(func() {
		if next := gcPercentFor(gcwatch.LiveHeap()); next != current {
			current = next
			debug.SetGCPercent(next)
		}
	})
	return unitGCPercent
}

// gcPercentFor is the target at which a heap of live bytes grows to
// largeUnitHeap before the next collection, within [100, unitGCPercent]:
// 200 up to 53 MiB live, 100 from 80 MiB.
func gcPercentFor(live uint64) int {
	if live == 0 {
		return unitGCPercent
	}
	if live >= largeUnitHeap/2 {
		return 100
	}
	return min(unitGCPercent, int(100*(largeUnitHeap-live)/live))
}
