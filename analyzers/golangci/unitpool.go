package golangci

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"

	"github.com/idemvet/idemvet/analyzers/vettool/forward"
)

// unitPool analyses go vet's units in worker processes of this executable
// (unitworker.go), started as units arrive, at most size of them, each
// analysing one unit at a time and kept for the next.
//
// Workers, not goroutines of golangci-lint's process: units there share
// one heap, whose collector then works for all of them at once. On
// kubernetes (979 packages, warm build cache, 2 cores) that took 1.85
// times go vet's wall under a 128 MiB memory limit (half the CPU went to
// the collector) and 1.35 times without one, where go vet's own processes
// for each unit (idemvet linked) took 0.82 times; and on dex the shared
// heap peaked at 1.58 times go vet's largest process. A worker's heap holds
// one unit, collected at the vet tool's target (vettool.TuneUnitGC), as
// in go vet's processes, without a process start per unit.
type unitPool struct {
	exe string   // this executable
	env []string // its environment as a worker
	// slots holds a token per unit being analysed; a unit waits for one,
	// so no more than cap(slots) workers ever run.
	slots chan struct{}

	mu     sync.Mutex
	idle   []*unitWorker
	closed bool
}

// newUnitPool returns a pool of workers of exe that run the checks
// settings (the plugin's, as JSON) choose; it starts none yet.
func newUnitPool(exe string, settings []byte, size int) *unitPool {
	env := append(os.Environ(), unitWorkerEnv+"="+string(settings))
	return &unitPool{exe: exe, env: env, slots: make(chan struct{}, size)}
}

// run analyses one unit in a worker and returns what the vet tool would
// have printed. A worker that fails (it died, say, out of memory) fails
// only this unit, as a vet tool's process would, and is not reused.
func (p *unitPool) run(req forward.Request) forward.Response {
	p.slots <- struct{}{}
	defer func() { <-p.slots }()
	w, err := p.take()
	if err != nil {
		return forward.Response{Stderr: fmt.Appendf(nil, "idemvet: starting a unit worker: %v\n", err), Exit: 1}
	}
	resp, err := w.run(req)
	if err != nil {
		return forward.Response{Stderr: fmt.Appendf(nil, "idemvet: the worker analysing this unit failed: %v (%v)\n", err, w.kill()), Exit: 1}
	}
	p.put(w)
	return resp
}

// take returns an idle worker, or a new one.
func (p *unitPool) take() (*unitWorker, error) {
	p.mu.Lock()
	if n := len(p.idle); n > 0 {
		w := p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.mu.Unlock()
		return w, nil
	}
	p.mu.Unlock()
	return startUnitWorker(p.exe, p.env)
}

// put keeps w for the next unit, or ends it once the pool is closed.
func (p *unitPool) put(w *unitWorker) {
	p.mu.Lock()
	if !p.closed {
		p.idle = append(p.idle, w)
		p.mu.Unlock()
		return
	}
	p.mu.Unlock()
	_ = w.end()
}

// close ends the workers once go vet is done with them.
func (p *unitPool) close() {
	p.mu.Lock()
	idle := p.idle
	p.idle, p.closed = nil, true
	p.mu.Unlock()
	for _, w := range idle {
		_ = w.end()
	}
}

// unitWorker is one worker process and the pipes to it.
type unitWorker struct {
	cmd       *exec.Cmd
	stdin     io.WriteCloser
	requests  *json.Encoder
	responses *json.Decoder
}

func startUnitWorker(exe string, env []string) (*unitWorker, error) {
	cmd := exec.Command(exe)
	cmd.Env = env
	cmd.Stderr = os.Stderr // a crash's trace, for the user to see
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &unitWorker{cmd: cmd, stdin: stdin, requests: json.NewEncoder(stdin), responses: json.NewDecoder(stdout)}, nil
}

// run hands the worker one unit and waits for its answer.
func (w *unitWorker) run(req forward.Request) (forward.Response, error) {
	var resp forward.Response
	if err := w.requests.Encode(req); err != nil {
		return resp, fmt.Errorf("sending the unit: %w", err)
	}
	if err := w.responses.Decode(&resp); err != nil {
		return resp, fmt.Errorf("reading its answer: %w", err)
	}
	return resp, nil
}

// end closes the worker's stdin, which it takes as the end of its work,
// and waits for it to exit.
func (w *unitWorker) end() error {
	_ = w.stdin.Close()
	return w.cmd.Wait()
}

// kill ends a worker that failed and returns how it exited.
func (w *unitWorker) kill() error {
	_ = w.cmd.Process.Kill()
	_ = w.stdin.Close()
	return w.cmd.Wait()
}
