package golangci

import (
	"runtime/metrics"
	"sync"
)

// crowdedHeap is the live heap (as of the last collection) above which a
// unit waits for the others being served to finish rather than start
// beside them. golangci-lint holds about 30 MB of its own; a service's
// largest unit (an ent-generated package) adds about 55 MB, and a second
// unit beside it raised the process's peak by up to 15 MB more, with no
// time saved on 2 cores, where that unit is short and the large one keeps
// a core busy.
const crowdedHeap = 64 << 20

// admission lets go vet's units into this process: any number while the
// heap is small, one at a time once it is crowded.
type admission struct {
	mu       sync.Mutex
	finished *sync.Cond
	running  int
	liveHeap func() uint64
}

func newAdmission(liveHeap func() uint64) *admission {
	a := &admission{liveHeap: liveHeap}
	a.finished = sync.NewCond(&a.mu)
	return a
}

// enter waits until a unit may start, and returns the call that ends it.
func (a *admission) enter() (leave func()) {
	a.mu.Lock()
	for a.running > 0 && a.liveHeap() > crowdedHeap {
		a.finished.Wait()
	}
	a.running++
	a.mu.Unlock()
	return func() {
		a.mu.Lock()
		a.running--
		a.mu.Unlock()
		a.finished.Broadcast()
	}
}

// liveHeapBytes is the heap the last collection found live.
func liveHeapBytes() uint64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	return sample[0].Value.Uint64()
}
