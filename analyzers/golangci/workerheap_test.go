package golangci

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/idemvet/idemvet/internal/gcwatch"
)

// eventually polls cond for a few seconds: cleanups run on a goroutine of
// their own after a collection.
func eventually(cond func() bool) bool {
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		runtime.GC()
		if cond() {
			return true
		}
	}
	return false
}

func currentMemoryLimit() int64 { return debug.SetMemoryLimit(-1) }

// TestHeapCapLiftedForLargeUnit: each unit starts under smallUnitMemory
// (here no go command's size is known); a collection that finds a small
// live heap keeps the cap, one that finds more than three quarters of it
// lifts it, and the next unit has it again.
func TestHeapCapLiftedForLargeUnit(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetMemoryLimit(currentMemoryLimit())
	p := &heapPolicy{}
	gcwatch.AfterEachCollection(p.collected)

	p.unitStarts(0)
	if got := currentMemoryLimit(); got != smallUnitMemory {
		t.Fatalf("limit at a unit's start %d, want %d", got, smallUnitMemory)
	}
	runtime.GC()
	runtime.GC()
	time.Sleep(50 * time.Millisecond)
	if got := currentMemoryLimit(); got != smallUnitMemory {
		t.Errorf("small live heap: limit %d after collections, want the cap kept", got)
	}

	large := make([]byte, smallUnitMemory/4*3+8<<20)
	for i := range large {
		large[i] = 1
	}
	if !eventually(func() bool { return currentMemoryLimit() == math.MaxInt64 }) {
		t.Errorf("live heap over three quarters of the cap: limit %d, want lifted", currentMemoryLimit())
	}
	runtime.KeepAlive(large)

	p.unitStarts(0)
	if got := currentMemoryLimit(); got != smallUnitMemory {
		t.Errorf("next unit: limit %d, want the cap again", got)
	}
}

// TestUserMemoryLimitStands: with GOMEMLIMIT set, workers leave the
// runtime's limit as the user set it.
func TestUserMemoryLimitStands(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "1GiB")
	defer debug.SetMemoryLimit(currentMemoryLimit())
	debug.SetMemoryLimit(1 << 30)
	p := newHeapPolicy()
	p.unitStarts(0)
	if got := currentMemoryLimit(); got != 1<<30 {
		t.Errorf("limit %d with GOMEMLIMIT=1GiB, want it left at 1 GiB", got)
	}
}

// TestHeapCapFollowsGoCommand: a unit's cap is the go command's peak
// memory when that is larger than smallUnitMemory. The test process plays
// the go command.
func TestHeapCapFollowsGoCommand(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetMemoryLimit(currentMemoryLimit())
	if peakMemory(os.Getpid()) == 0 {
		t.Skip("no /proc here: the cap is smallUnitMemory alone")
	}
	grown := make([]byte, 2*smallUnitMemory)
	for i := range grown {
		grown[i] = 1
	}
	runtime.KeepAlive(grown)
	peak := peakMemory(os.Getpid())
	if peak < 2*smallUnitMemory {
		t.Fatalf("peak memory %d after touching %d bytes", peak, 2*smallUnitMemory)
	}
	p := &heapPolicy{}
	p.unitStarts(os.Getpid())
	if got := currentMemoryLimit(); got < peak || got > peakMemory(os.Getpid()) {
		t.Errorf("cap %d, want the go command's peak, %d", got, peak)
	}
	// Near misses: no process, or one that is gone.
	for _, pid := range []int{0, -1, 1 << 30} {
		if got := peakMemory(pid); got != 0 {
			t.Errorf("peakMemory(%d) = %d, want 0", pid, got)
		}
	}
}
