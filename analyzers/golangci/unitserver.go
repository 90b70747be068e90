package golangci

import (
	"bytes"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/vettool"
	"github.com/idemvet/idemvet/internal/vettool/forward"
)

// unitServer runs, in golangci-lint's process, the units go vet hands the
// shim: the checks analyse each package here, one package at a time per
// unit as in a vet tool's process, with none of a separate tool's build
// (about 24 s of CPU on an empty build cache, a tenth of go vet's run on a
// service) or start-up.
type unitServer struct {
	checks []*analysis.Analyzer
	// asked holds this executable's answers, as the vet tool, to go vet's
	// questions about the tool (-V=full, which keys go vet's result cache
	// by this executable's content; -flags), each asked once.
	mu    sync.Mutex
	asked map[string]forward.Response
}

// forwardingTool returns the vet tool that hands go vet's units to this
// process, checked with checks: the shim, whose each go vet run starts a
// server on a Unix socket of its own.
func forwardingTool(checks []*analysis.Analyzer) (vetTool, error) {
	shim, err := shimCommand.built(false)
	if err != nil {
		return vetTool{}, err
	}
	s := &unitServer{checks: checks, asked: map[string]forward.Response{}}
	return vetTool{path: shim, session: s.listen}, nil
}

// listen serves units on a new socket until the returned end is called,
// and returns the environment that names the socket to the shim.
func (s *unitServer) listen() (env []string, end func(), err error) {
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
	release := limitMemoryWhileServing()
	go forward.Serve(l, s.handle)
	return []string{forward.SocketEnv + "=" + socket}, func() {
		release()
		_ = l.Close()
		_ = os.RemoveAll(dir)
	}, nil
}

func (s *unitServer) handle(req forward.Request) forward.Response {
	if n := len(req.Args); n > 0 && strings.HasSuffix(req.Args[n-1], ".cfg") {
		cfg := req.Args[n-1]
		if !filepath.IsAbs(cfg) {
			cfg = filepath.Join(req.Dir, cfg)
		}
		var stdout, stderr bytes.Buffer
		exit := vettool.RunUnit(cfg, s.checks, &stdout, &stderr)
		return forward.Response{Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), Exit: exit}
	}
	return s.askSelf(req.Args)
}

// askSelf answers a question about the vet tool as this executable does
// when go vet runs it as one (see vetToolEnv).
func (s *unitServer) askSelf(args []string) forward.Response {
	key := strings.Join(args, "\x00")
	s.mu.Lock()
	defer s.mu.Unlock()
	if resp, ok := s.asked[key]; ok {
		return resp
	}
	var resp forward.Response
	exe, err := os.Executable()
	if err != nil {
		return forward.Response{Stderr: []byte("idemvet: " + err.Error() + "\n"), Exit: 1}
	}
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
