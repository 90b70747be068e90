package golangci

import (
	"sync/atomic"
	"testing"
	"time"
)

// admitted reports whether enter returns within a short wait, and the
// call that ends the unit it admitted (nil if it did not return).
func admitted(a *admission) (bool, chan func()) {
	got := make(chan func(), 1)
	go func() { got <- a.enter() }()
	select {
	case leave := <-got:
		got <- leave
		return true, got
	case <-time.After(100 * time.Millisecond):
		return false, got
	}
}

func TestUnitsRunTogetherWhileHeapIsSmall(t *testing.T) {
	a := newAdmission(func() uint64 { return crowdedHeap - 1 })
	leaveFirst := a.enter()
	defer leaveFirst()
	ok, second := admitted(a)
	if !ok {
		t.Fatal("a second unit waited although the heap is under crowdedHeap")
	}
	(<-second)()
}

func TestUnitWaitsWhileHeapIsCrowded(t *testing.T) {
	var live atomic.Uint64
	live.Store(crowdedHeap + 1)
	a := newAdmission(live.Load)
	leaveFirst := a.enter()
	ok, second := admitted(a)
	if ok {
		t.Fatal("a second unit started beside a running one although the heap is crowded")
	}
	leaveFirst()
	select {
	case leave := <-second:
		leave()
	case <-time.After(5 * time.Second):
		t.Fatal("the waiting unit was not let in when the running one finished")
	}
	// Alone, a unit starts however crowded the heap is: nothing would
	// free it otherwise.
	if ok, only := admitted(a); !ok {
		t.Fatal("a unit with none running waited")
	} else {
		(<-only)()
	}
}
