// Command idemvet reports unsafe deduplication and idempotency patterns in
// Go code: existence checks racing their inserts, idempotency claims
// committed apart from the work they guard, keys minted per attempt.
//
// Run it standalone (idemvet ./...), as go vet -vettool=PATH, or as go fix
// -fixtool=PATH, where PATH is the installed binary, for example
// $(go env GOPATH)/bin/idemvet. The flags -exists, -insert, -claim,
// -retry and -keyheaders name the project's own functions and headers,
// with the same meaning as the golangci-lint plugin's settings and the
// keys of a .idemvet.yml file, which is looked for in the working
// directory and the directories above it; -NAME and -NAME=false select
// checks. A finding judged safe is silenced with
// //idemvet:ignore <check> <reason>.
//
// The standalone form runs go vet with itself as the vet tool: one package
// per process, facts passed through files, results cached by the go build
// cache, so memory stays that of the largest package and a second run
// re-analyses only what changed. Its exit status is
//
//	0  every package analysed, nothing found
//	1  idemvet could not run (bad flag, bad setting, not in a Go module,
//	   go command failed)
//	3  findings; every package analysed
//	4  some packages could not be analysed (one line each), no findings
//	   in the rest
//	5  findings, and some packages could not be analysed
//	6  a pattern named no package; the rest is analysed
//
// With no package arguments it analyses ".", as go vet does.
//
// With -json, findings go to standard output and do not change the exit
// status (0 or 4). With -fix, the mechanical fixes are applied, the
// findings left are printed and counted, and the status is 3 while any
// remain; -fix -diff prints the fixes as a diff instead, then the
// findings the diff does not fix, with the same status.
package main

import (
	"os"

	"github.com/idemvet/idemvet/analyzers/vettool"
)

func main() {
	args := os.Args[1:]
	if vettool.IsInvocation(args) {
		vettool.Serve(args, true) // does not return
	}
	os.Exit(standalone(args, os.Stdout, os.Stderr))
}
