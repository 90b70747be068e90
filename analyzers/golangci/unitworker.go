package golangci

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/analyzers"
	"github.com/idemvet/idemvet/analyzers/vettool"
	"github.com/idemvet/idemvet/analyzers/vettool/forward"
)

// unitWorkerEnv, set in the environment of a process of this executable,
// makes it a unit worker (unitpool.go) instead of golangci-lint; its value
// is the plugin's settings as JSON, so that the worker runs the checks the
// configuration chose.
const unitWorkerEnv = "IDEMVET_GOLANGCI_UNITWORKER"

// serveUnitsAsWorker is a worker's whole life: it reads go vet's units
// from stdin, one forward.Request each, analyses each in turn, and writes
// each forward.Response to stdout, until stdin ends (the pool closed it,
// or golangci-lint's process died). It does not return.
func serveUnitsAsWorker(settings string) {
	// The responses own stdout; anything else printed goes to stderr.
	responses := os.Stdout
	os.Stdout = os.Stderr
	err := serveUnits(settings, os.Stdin, responses)
	if err != nil {
		fmt.Fprintln(os.Stderr, "idemvet unit worker:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// serveUnits answers the requests read from in on out with the checks
// settings chooses.
func serveUnits(settings string, in io.Reader, out io.Writer) error {
	checks, err := workerChecks(settings)
	if err != nil {
		return err
	}
	vettool.TuneUnitGC()
	heap := newHeapPolicy()
	requests, responses := json.NewDecoder(in), json.NewEncoder(out)
	for {
		var req forward.Request
		if err := requests.Decode(&req); errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return fmt.Errorf("reading a unit: %w", err)
		}
		heap.unitStarts(req.Parent)
		if err := responses.Encode(runUnit(req, checks)); err != nil {
			return fmt.Errorf("answering a unit: %w", err)
		}
	}
}

// workerChecks decodes the settings the pool passed and returns the checks
// they choose, applied as the plugin applies them in its own process.
func workerChecks(settings string) ([]*analysis.Analyzer, error) {
	var s analyzers.Settings
	if err := json.Unmarshal([]byte(settings), &s); err != nil {
		return nil, fmt.Errorf("$%s: %w", unitWorkerEnv, err)
	}
	if err := s.Apply(); err != nil {
		return nil, err
	}
	return s.Analyzers()
}

// runUnit analyses the unit whose configuration file is the request's last
// argument, as go vet's vet tool would in the request's directory.
func runUnit(req forward.Request, checks []*analysis.Analyzer) forward.Response {
	cfg, unit := vettool.UnitConfig(req.Args)
	if !unit {
		return forward.Response{Stderr: fmt.Appendf(nil, "idemvet unit worker: %q is not a unit (want a .cfg file last)\n", req.Args), Exit: 2}
	}
	if !filepath.IsAbs(cfg) {
		cfg = filepath.Join(req.Dir, cfg)
	}
	var stdout, stderr bytes.Buffer
	exit := vettool.RunUnit(cfg, vettool.WantsDepFindings(req.Args), checks, &stdout, &stderr)
	return forward.Response{Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), Exit: exit}
}
