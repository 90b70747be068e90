package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// A command is one way of vetting the module, with its measured runs.
type command struct {
	name    string
	vettool string // "" for go vet's own analyzers
	runs    []sample
}

// A sample is one run. Peak RSS is the largest resident set of the go
// command or any process it waited for (Linux reports the maximum over
// the reaped descendants); CPU is user plus system time of all of them.
type sample struct {
	wall, cpu time.Duration
	peakRSS   int64 // bytes
}

type bench struct {
	dir, pattern string
	// nonce tells every go vet invocation apart; see args.
	nonce uint16
}

// args builds the go vet command line. go vet caches its results, keyed
// by the tool and the flags passed to it, so a repeated run would measure
// the cache. Every invocation therefore passes a different list of the
// deprecated flags -all and -source, which both tools accept and ignore:
// eight of them, each one of four spellings, encode a 16-bit nonce. That
// makes every package's vet action (dependencies included, for their
// facts) run again, for both commands alike, while compiled export data
// stays cached.
func (b *bench) args(c *command) []string {
	b.nonce++
	args := []string{"vet"}
	spellings := [...]string{"-all=false", "-all=true", "-source=false", "-source=true"}
	for n, i := b.nonce, 0; i < 8; n, i = n/4, i+1 {
		args = append(args, spellings[n%4])
	}
	if c.vettool != "" {
		args = append(args, "-vettool="+c.vettool)
	}
	return append(args, b.pattern)
}

// warm compiles the module and its dependencies and runs each command
// once unmeasured, so the measured runs compare analysis, not compilation.
func (b *bench) warm(cmds ...*command) error {
	log.Printf("warming the build cache: go build %s", b.pattern)
	if err := run(b.dir, "go", "build", b.pattern); err != nil {
		return err
	}
	for _, c := range cmds {
		log.Printf("warming %s", c.name)
		if _, err := b.vet(c); err != nil {
			return err
		}
	}
	return nil
}

func (b *bench) measure(c *command) error {
	s, err := b.vet(c)
	if err != nil {
		return err
	}
	c.runs = append(c.runs, s)
	log.Printf("%-24s wall %6.1fs  cpu %6.1fs  peak RSS %5d MiB", c.name, s.wall.Seconds(), s.cpu.Seconds(), s.peakRSS>>20)
	return nil
}

// vet runs go vet once. Findings make go vet exit 1, which is fine here;
// any other failure, or a panic in an analyzer, is not.
func (b *bench) vet(c *command) (sample, error) {
	cmd := exec.Command("go", b.args(c)...)
	cmd.Dir = b.dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if strings.Contains(stderr.String(), "panic:") || (err != nil && cmd.ProcessState.ExitCode() != 1) {
		return sample{}, fmt.Errorf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, firstLines(stderr.String(), 40))
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return sample{
		wall:    wall,
		cpu:     time.Duration(ru.Utime.Nano() + ru.Stime.Nano()),
		peakRSS: int64(ru.Maxrss) << 10, // Linux reports KiB
	}, nil
}

// run runs a command that must succeed, showing its output if it fails.
func run(dir, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, firstLines(string(out), 40))
	}
	return nil
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines[n] = "..."
	}
	return strings.Join(lines, "\n")
}
