package golangci

import (
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"

	"github.com/idemvet/idemvet/internal/gcwatch"
)

// smallUnitMemory is the least a worker's memory is capped at while its
// unit's live heap is small. A worker carries golangci-lint's own heap
// (about 22 MB, its linters' tables) and pages of its executable (about
// 40 MiB) that a vet tool's process does not, and at the vet tool's
// collector target (vettool.TuneUnitGC: the heap grows to three times what
// is live) dex's largest unit, the ent-generated storage package (77 MB
// live with golangci-lint's share), took a worker to 235-245 MiB, 2.2
// times go vet's largest process (109 MiB, go vet's own process for that
// unit). Collecting a heap that size often is cheap; collecting a large
// one often is not: on kubernetes, whose units hold 100-250 MB, a
// collector target of 50 for every unit took the run from 119 to 305 s.
//
// So the cap is the larger of this and the go command's peak so far (go
// vet's largest process is at least as large: 370 MiB on kubernetes,
// 59 MiB on dex), and it holds only until a collection finds more than
// three quarters of it live; the unit then runs as in a vet tool's
// process.
const smallUnitMemory = 112 << 20

// heapPolicy caps the memory of each unit a worker runs.
type heapPolicy struct {
	mu        sync.Mutex
	liftAbove uint64 // live heap past which the unit's cap is lifted; 0 once lifted
}

// newHeapPolicy returns the worker's policy, or nil when the user set
// GOMEMLIMIT, which then stands.
func newHeapPolicy() *heapPolicy {
	if os.Getenv("GOMEMLIMIT") != "" {
		return nil
	}
	p := &heapPolicy{}
	gcwatch.AfterEachCollection(p.collected)
	return p
}

// unitStarts caps the heap for the next unit, ran by the go command whose
// process is goCommand. (Garbage a lifted unit left is over the cap: the
// collector runs at once, on little live heap.)
func (p *heapPolicy) unitStarts(goCommand int) {
	if p == nil {
		return
	}
	limit := max(smallUnitMemory, peakMemory(goCommand))
	p.mu.Lock()
	defer p.mu.Unlock()
	p.liftAbove = uint64(limit) / 4 * 3
	debug.SetMemoryLimit(limit)
}

// collected lifts the cap once the unit's live heap is too large for it.
func (p *heapPolicy) collected() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.liftAbove > 0 && gcwatch.LiveHeap() > p.liftAbove {
		p.liftAbove = 0
		debug.SetMemoryLimit(math.MaxInt64)
	}
}

// peakMemory is the most resident memory process pid has held, from
// Linux's /proc; 0 where that cannot be read.
func peakMemory(pid int) int64 {
	if pid <= 0 {
		return 0
	}
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(status)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}
