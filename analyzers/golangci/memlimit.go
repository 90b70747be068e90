package golangci

import (
	"os"
	"runtime/debug"
	"sync"
)

// unitMemoryLimit is the soft memory limit of golangci-lint's process
// while it serves go vet's units (unitserver.go). go vet runs as many
// units at once as there are cores; as processes of their own each
// collects its own garbage, but here they share one heap, which the
// collector lets grow to twice what the units hold together. Measured
// with a build cache that held the service's packages but not idemvet's,
// on 2 cores, this process peaked at 2.3 and 2.7 times go vet's largest
// process (hatchet: 336 vs 146 MiB; dex: 290 vs 109 MiB) without a limit,
// and at 1.4 and 1.6 times (205 and 176 MiB) with this one, for 3-5% more
// wall. Lower limits saved no memory, because the units' live heap is
// about this size, and cost up to 1.8 times the wall: the runtime then
// collects continuously, though never with more than half the CPU.
const unitMemoryLimit = 128 << 20

// memoryLimits counts the go vet runs being served, so that the limit is
// set by the first and the process's own restored by the last.
var memoryLimits struct {
	sync.Mutex
	sessions int
	previous int64
}

// limitMemoryWhileServing sets unitMemoryLimit until the returned release
// is called, unless the user set GOMEMLIMIT, which then stands.
func limitMemoryWhileServing() (release func()) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	memoryLimits.Lock()
	defer memoryLimits.Unlock()
	if memoryLimits.sessions == 0 {
		memoryLimits.previous = debug.SetMemoryLimit(unitMemoryLimit)
	}
	memoryLimits.sessions++
	return func() {
		memoryLimits.Lock()
		defer memoryLimits.Unlock()
		memoryLimits.sessions--
		if memoryLimits.sessions == 0 {
			debug.SetMemoryLimit(memoryLimits.previous)
		}
	}
}
