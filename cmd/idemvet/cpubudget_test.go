package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/idemvet/idemvet/internal/testfiles"
)

// maxRealWorldCPURatio is the CPU budget: the CPU seconds (user+system,
// the go command's and every vet-tool process's) of go vet
// -vettool=idemvet over testdata/realworld, divided by plain go vet's on
// the same packages in the same run. Recorded on 2026-12-04 at 2cf1599 on the
// shared 2-core development machine (load average about 40) with
//
//	IDEMVET_E2E=1 nice -n 10 go test ./cmd/idemvet -run '^$' -bench RealWorldCPU -benchtime 2x
//
// which measured 0.77× (40.2 s against 52.0 s a run): idemvet's units of
// third-party packages are type-checked only, where go vet runs its
// analyzers on every dependency. Every package of the module passes the
// checks' fast paths, so the budget guards what the checks cost where
// they work (a fast path that leaks is dataaccess's TestFastPath*); it
// leaves about twice the recorded figure for a shared machine's noise.
const maxRealWorldCPURatio = 1.5

// BenchmarkRealWorldCPU measures what the checks cost against go vet on
// the real-library module, both arms in every iteration, alternating
// which goes first, and fails when the ratio of their CPU seconds exceeds
// maxRealWorldCPURatio. CPU time rather than wall time: a shared
// machine's load slows both arms' wall time, far less their CPU time.
func BenchmarkRealWorldCPU(b *testing.B) {
	testfiles.EndToEnd(b)
	dir, err := filepath.Abs(realworldDir)
	if err != nil {
		b.Fatal(err)
	}
	downloadModuleDeps(b, dir)
	bin := idemvetBinary(b)
	gocmd := goCommand(b)
	// One unmeasured run of each warms the build cache: both arms then
	// compile nothing and pay only for their analysis.
	cpuOf(b, dir, gocmd, "vet", "-json", "./...")
	cpuOf(b, dir, gocmd, "vet", "-json", "-vettool="+bin, "./...")

	var vet, idemvet time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// A flag that changes every run keeps go vet's result cache
		// from answering either arm: go vet ignores -all and -source,
		// and a key header names no function of the module.
		plain := func() {
			vet += cpuOf(b, dir, gocmd, "vet", "-json", fmt.Sprintf("-all=%t", i%2 == 0), fmt.Sprintf("-source=%t", i%4 < 2), "./...")
		}
		tool := func() {
			idemvet += cpuOf(b, dir, gocmd, "vet", "-json", "-vettool="+bin, fmt.Sprintf("-keyheaders=X-Bench-%d-%d", os.Getpid(), i), "./...")
		}
		if i%2 == 0 {
			plain()
			tool()
		} else {
			tool()
			plain()
		}
	}
	b.StopTimer()
	ratio := idemvet.Seconds() / vet.Seconds()
	b.ReportMetric(vet.Seconds()/float64(b.N), "govet-cpu-s/op")
	b.ReportMetric(idemvet.Seconds()/float64(b.N), "idemvet-cpu-s/op")
	b.ReportMetric(ratio, "cpu-ratio")
	if ratio > maxRealWorldCPURatio {
		b.Fatalf("go vet -vettool=idemvet took %.2f× plain go vet's CPU time on %s (%v against %v over %d runs), over the recorded budget of %.2f×",
			ratio, realworldDir, idemvet, vet, b.N, maxRealWorldCPURatio)
	}
}

// cpuOf runs the command in dir and returns its CPU time, user and
// system, its descendants' included (Linux counts the children a process
// waited for in the usage wait4 reports). With -json, findings do not
// fail go vet: any failure is one.
func cpuOf(b *testing.B, dir string, args ...string) time.Duration {
	b.Helper()
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		b.Fatalf("%v: %v\n%s", args, err, out)
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}
