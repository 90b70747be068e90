package pgtest

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"sync"
	"testing"
)

// shared is the one server of a test binary, found or started at most once.
var shared struct {
	mu        sync.Mutex
	mainUsed  bool // Main is running: a throwaway server will be stopped.
	resolved  bool
	dsn       string
	err       error
	throwaway *Throwaway
}

// Main runs the tests of a package against a shared server and exits. Call it
// from TestMain. It stops the throwaway server, if it started one, after the
// tests; when no server is available it skips the examples (which cannot skip
// themselves) or, when Required, fails before running anything.
func Main(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	flag.Parse()
	shared.mu.Lock()
	shared.mainUsed = true
	shared.mu.Unlock()
	defer stopShared()

	if _, err := ServerDSN(); err != nil {
		if Required() {
			fmt.Fprintf(os.Stderr, "pgtest: no PostgreSQL server: %v; failing because %s=1 or CI=true\n", err, EnvRequire)
			return 1
		}
		fmt.Fprintf(os.Stderr, "pgtest: no PostgreSQL server (%v): skipping examples; tests will skip with the same reason\n", err)
		skipExamples()
	}
	return m.Run()
}

// skipExamples adds ^Example to -test.skip: an example with an Output
// comment would otherwise fail for want of a database.
func skipExamples() {
	pattern := "^Example"
	if prev := flag.Lookup("test.skip"); prev != nil && prev.Value.String() != "" {
		pattern = prev.Value.String() + "|" + pattern
	}
	_ = flag.Set("test.skip", pattern)
}

// ServerDSN returns the DSN of the shared server's maintenance database,
// resolving it on first use: IDEMVET_PG_DSN if set, otherwise a throwaway
// server when Main is in use. The result, success or failure, is remembered.
func ServerDSN() (string, error) {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.resolved {
		return shared.dsn, shared.err
	}
	shared.resolved = true
	if dsn := os.Getenv(EnvDSN); dsn != "" {
		shared.dsn = dsn
		return dsn, nil
	}
	if !shared.mainUsed {
		// Without Main nobody would stop the server when the binary ends.
		shared.err = errors.New(EnvDSN + " is not set and this package's TestMain does not call pgtest.Main, so no throwaway server can be started")
		return "", shared.err
	}
	srv, err := StartThrowaway()
	if err != nil {
		shared.err = fmt.Errorf("%s is not set and no throwaway server could be started: %w", EnvDSN, err)
		return "", shared.err
	}
	shared.throwaway = srv
	shared.dsn = srv.DSN
	return srv.DSN, nil
}

func stopShared() {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.throwaway != nil {
		if err := shared.throwaway.Stop(); err != nil {
			fmt.Fprintf(os.Stderr, "pgtest: stopping the throwaway server: %v\n", err)
		}
		shared.throwaway = nil
	}
}
