package golangci

import (
	"bytes"
	"encoding/json"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/idemvet/idemvet/analyzers"
	"github.com/idemvet/idemvet/analyzers/vettool"
	"github.com/idemvet/idemvet/analyzers/vettool/forward"
)

// unitServer takes the units go vet hands the shim and has a pool of
// workers of this executable analyse them (unitpool.go): one package at a
// time per worker, as in a vet tool's process, with none of a separate
// tool's build (about 24 s of CPU on an empty build cache, a tenth of go
// vet's run on a service) and no process start per unit.
type unitServer struct {
	settings []byte // the plugin's settings, as JSON, for the workers
	// asked holds this executable's answers, as the vet tool, to go vet's
	// questions about the tool (-V=full, which keys go vet's result cache
	// by this executable's content; -flags), each asked once.
	mu    sync.Mutex
	asked map[string]forward.Response
}

// forwardingTool returns the vet tool that hands go vet's units to this
// process's workers, which check them as settings say: the shim, whose
// each go vet run starts a server on a Unix socket of its own.
func forwardingTool(settings analyzers.Settings) (vetTool, error) {
	shim, err := shimCommand.built(false)
	if err != nil {
		return vetTool{}, err
	}
	encoded, err := json.Marshal(settings)
	if err != nil {
		return vetTool{}, err
	}
	s := &unitServer{settings: encoded, asked: map[string]forward.Response{}}
	return vetTool{path: shim, session: s.listen}, nil
}

// listen serves units on a new socket until the returned end is called,
// and returns the environment that names the socket to the shim.
func (s *unitServer) listen() (env []string, end func(), err error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, nil, err
	}
	dir, err := os.MkdirTemp("", "idemvet-")
	if err != nil {
		return nil, nil, err
	}
	socket := filepath.Join(dir, "units.sock")
	l, err := net.Listen("unix", socket)
	if err != nil {
		_ = os.RemoveAll(dir)
		return nil, nil, err
	}
	// go vet runs as many units at once as the go command has cores.
	pool := newUnitPool(exe, s.settings, runtime.GOMAXPROCS(0))
	go forward.Serve(l, func(req forward.Request) forward.Response {
		if _, unit := vettool.UnitConfig(req.Args); unit {
			return pool.run(req)
		}
		return s.askSelf(exe, req.Args)
	})
	return []string{forward.SocketEnv + "=" + socket}, func() {
		_ = l.Close()
		pool.close()
		_ = os.RemoveAll(dir)
	}, nil
}

// askSelf answers a question about the vet tool as this executable does
// when go vet runs it as one (see vetToolEnv).
func (s *unitServer) askSelf(exe string, args []string) forward.Response {
	key := strings.Join(args, "\x00")
	s.mu.Lock()
	defer s.mu.Unlock()
	if resp, ok := s.asked[key]; ok {
		return resp
	}
	var resp forward.Response
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), vetToolEnv+"=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		resp.Exit = 1
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			resp.Exit = exit.ExitCode()
		}
	}
	resp.Stdout, resp.Stderr = stdout.Bytes(), stderr.Bytes()
	if resp.Exit == 0 {
		s.asked[key] = resp
	}
	return resp
}
