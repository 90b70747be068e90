package golangci

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/idemvet/idemvet/analyzers"
	"github.com/idemvet/idemvet/analyzers/vettool/forward"
	"github.com/idemvet/idemvet/internal/testfiles"
)

// The workers a pool starts in these tests are this test binary: its
// package's init serves units when unitWorkerEnv is set.

// TestForwardedUnitsFindings runs go vet through the shim on a module with
// one check-then-insert race: the workers report it, and, with the check
// disabled in the plugin's settings, do not (so the settings reach them).
func TestForwardedUnitsFindings(t *testing.T) {
	dir := t.TempDir()
	testfiles.Write(t, dir, map[string]string{
		"go.mod":     "module example.com/pay\n\ngo 1.22\n",
		"pay/pay.go": testfiles.CheckThenInsert,
	})
	for _, tc := range []struct {
		settings analyzers.Settings
		want     int
	}{
		{analyzers.Settings{}, 1},
		{analyzers.Settings{Disable: analyzers.NameList{"checkthenact"}}, 0},
	} {
		tool, err := forwardingTool(tc.settings)
		if err != nil {
			t.Fatal(err)
		}
		// The settings also reach go vet as flags, as in New: they key its
		// result cache. The workers take them from their environment.
		args, err := tc.settings.Args()
		if err != nil {
			t.Fatal(err)
		}
		res, err := newVetRuns(tool, args, nil).module(dir)
		if err != nil {
			t.Fatal(err)
		}
		found := res.byFile[filepath.Join(dir, "pay", "pay.go")]
		if len(found) != tc.want || len(res.broken) > 0 {
			t.Errorf("settings %+v: findings %+v, broken %v; want %d finding(s) in pay.go", tc.settings, found, res.broken, tc.want)
		}
		for _, f := range found {
			if f.check != "checkthenact" {
				t.Errorf("finding by %s, want checkthenact", f.check)
			}
		}
	}
}

func testPool(t *testing.T, size int) *unitPool {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := newUnitPool(exe, []byte("{}"), size)
	t.Cleanup(p.close)
	return p
}

// notAUnit is a request a worker answers without analysing anything: a
// configuration file that is not there.
func notAUnit(dir string) forward.Request {
	return forward.Request{Args: []string{"missing.cfg"}, Dir: dir}
}

// TestPoolSize: units arriving at once share at most size workers, which
// the pool keeps for the units after them.
func TestPoolSize(t *testing.T) {
	p := testPool(t, 2)
	dir := t.TempDir()
	var wg sync.WaitGroup
	for range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp := p.run(notAUnit(dir))
			// The worker's answer: RunUnit could not read the file.
			if resp.Exit == 0 || !strings.Contains(string(resp.Stderr), filepath.Join(dir, "missing.cfg")) {
				t.Errorf("answer %d %q, want a failure naming the missing file", resp.Exit, resp.Stderr)
			}
		}()
	}
	wg.Wait()
	if n := len(p.idle); n < 1 || n > 2 {
		t.Errorf("%d idle workers after the units, want 1 or 2", n)
	}
	pids := map[int]bool{}
	for _, w := range p.idle {
		pids[w.cmd.Process.Pid] = true
	}
	p.run(notAUnit(dir))
	if w := p.idle[len(p.idle)-1]; !pids[w.cmd.Process.Pid] {
		t.Errorf("a new worker (pid %d) served the next unit; want one of %v reused", w.cmd.Process.Pid, pids)
	}
}

// TestWorkerDeathFailsOnlyItsUnit: a worker that dies fails the unit it
// had, and the next unit gets a new worker.
func TestWorkerDeathFailsOnlyItsUnit(t *testing.T) {
	p := testPool(t, 1)
	dir := t.TempDir()
	p.run(notAUnit(dir))
	dead := p.idle[0]
	if err := dead.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	resp := p.run(notAUnit(dir))
	if resp.Exit == 0 || !strings.Contains(string(resp.Stderr), "the worker analysing this unit failed") {
		t.Errorf("unit on a dead worker: %d %q, want a failure saying the worker failed", resp.Exit, resp.Stderr)
	}
	if len(p.idle) != 0 {
		t.Errorf("the dead worker was kept")
	}
	resp = p.run(notAUnit(dir))
	if !strings.Contains(string(resp.Stderr), "missing.cfg") || len(p.idle) != 1 || p.idle[0] == dead {
		t.Errorf("next unit: %d %q, idle %v; want a new worker's answer", resp.Exit, resp.Stderr, p.idle)
	}
}

// TestClosedPoolEndsWorkers: closing the pool ends its idle workers (their
// stdin closes and they exit), and a worker busy at the time ends when its
// unit is done.
func TestClosedPoolEndsWorkers(t *testing.T) {
	p := testPool(t, 2)
	dir := t.TempDir()
	p.run(notAUnit(dir))
	idle := p.idle[0]
	busy, err := startUnitWorker(p.exe, p.env) // as if mid-unit
	if err != nil {
		t.Fatal(err)
	}
	p.close()
	if idle.cmd.ProcessState == nil || !idle.cmd.ProcessState.Success() {
		t.Errorf("idle worker after close: %v, want exited with status 0", idle.cmd.ProcessState)
	}
	p.put(busy)
	if busy.cmd.ProcessState == nil || !busy.cmd.ProcessState.Success() || len(p.idle) != 0 {
		t.Errorf("worker returned to a closed pool: %v, idle %d; want it ended", busy.cmd.ProcessState, len(p.idle))
	}
}
