package vettool

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

func TestTuneGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	env := map[string]string{}
	if got := tuneGC(func(k string) string { return env[k] }); got != unitGCPercent {
		t.Errorf("GOGC unset: set %d, want %d", got, unitGCPercent)
	}
	if cur := debug.SetGCPercent(unitGCPercent); cur != unitGCPercent {
		t.Errorf("GOGC unset: the collector's target is %d, want %d", cur, unitGCPercent)
	}
	env["GOGC"] = "50"
	debug.SetGCPercent(100)
	if got := tuneGC(func(k string) string { return env[k] }); got != -1 {
		t.Errorf("GOGC=50 set by the user: tuneGC set %d, want it left alone", got)
	}
	if cur := debug.SetGCPercent(100); cur != 100 {
		t.Errorf("GOGC=50 set by the user: the collector's target moved to %d", cur)
	}
}

// TestTargetLoweredForLargeHeap: once a collection finds a large live
// heap, the target falls to the runtime's default.
func TestTargetLoweredForLargeHeap(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	tuneGC(func(string) string { return "" })
	held := make([]byte, largeUnitHeap/2+8<<20)
	for i := range held {
		held[i] = 1
	}
	var cur uint64
	for deadline := time.Now().Add(5 * time.Second); cur != 100 && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		runtime.GC() // the target is set on the collector's goroutine, after it
		cur = gcPercent()
	}
	if cur != 100 {
		t.Errorf("live heap over %d MiB: target %d, want 100", largeUnitHeap/2>>20, cur)
	}
	runtime.KeepAlive(held)
}

// gcPercent reads the collector's target without setting it.
func gcPercent() uint64 {
	sample := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(sample)
	return sample[0].Value.Uint64()
}

func TestGCPercentFor(t *testing.T) {
	for _, c := range []struct {
		live uint64
		want int
	}{
		{0, unitGCPercent},
		{10 << 20, unitGCPercent},
		{53 << 20, unitGCPercent},
		{64 << 20, 150},
		{80 << 20, 100},
		{500 << 20, 100},
	} {
		if got := gcPercentFor(c.live); got != c.want {
			t.Errorf("gcPercentFor(%d MiB) = %d, want %d", c.live>>20, got, c.want)
		}
	}
}
