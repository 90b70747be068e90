package golangci

import (
	"runtime/debug"
	"testing"
)

// currentMemoryLimit reads the limit without changing it.
func currentMemoryLimit() int64 { return debug.SetMemoryLimit(-1) }

func TestMemoryLimitWhileServing(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "")
	before := currentMemoryLimit()
	first := limitMemoryWhileServing()
	second := limitMemoryWhileServing() // a second go vet run at once
	if got := currentMemoryLimit(); got != unitMemoryLimit {
		t.Fatalf("limit while serving = %d, want %d", got, unitMemoryLimit)
	}
	first()
	if got := currentMemoryLimit(); got != unitMemoryLimit {
		t.Fatalf("limit after one of two runs ended = %d, want %d still", got, unitMemoryLimit)
	}
	second()
	if got := currentMemoryLimit(); got != before {
		t.Fatalf("limit after both runs ended = %d, want the process's own %d", got, before)
	}
}

func TestUserMemoryLimitStands(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "1GiB")
	before := currentMemoryLimit()
	release := limitMemoryWhileServing()
	defer release()
	if got := currentMemoryLimit(); got != before {
		t.Fatalf("limit with GOMEMLIMIT set = %d, want it left at %d", got, before)
	}
}
