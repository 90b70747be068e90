package gcwatch

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

func TestAfterEachCollection(t *testing.T) {
	var calls atomic.Int32
	AfterEachCollection(func() { calls.Add(1) })
	for deadline := time.Now().Add(5 * time.Second); calls.Load() < 3 && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		runtime.GC() // cleanups run on a goroutine of their own after it
	}
	if calls.Load() < 3 {
		t.Fatalf("called %d times over several collections, want one per collection", calls.Load())
	}
}

func TestLiveHeapSeesWhatIsHeld(t *testing.T) {
	runtime.GC()
	before := LiveHeap()
	held := make([]byte, 64<<20)
	for i := range held {
		held[i] = 1
	}
	runtime.GC()
	if after := LiveHeap(); after < before+60<<20 {
		t.Errorf("live heap %d after holding 64 MiB, %d before", after, before)
	}
	runtime.KeepAlive(held)
}
