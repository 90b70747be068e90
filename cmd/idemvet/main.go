// Command idemvet reports unsafe deduplication and idempotency patterns in
// Go code: existence checks racing their inserts, idempotency claims
// committed apart from the work they guard, keys minted per attempt.
//
// Run it standalone (idemvet ./...), as go vet -vettool=$(which idemvet),
// or as go fix -fixtool=$(which idemvet). The flags -exists, -insert,
// -claim, -retry and -keyheaders name the project's own functions and
// headers, with the same meaning as the golangci-lint plugin's settings;
// -NAME and -NAME=false select checks. A finding judged safe is silenced
// with //idemvet:ignore <check> <reason>.
package main

import (
	"flag"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/idemvet/idemvet/analyzers"
)

func main() {
	analyzers.RegisterFlags(flag.CommandLine)
	multichecker.Main(analyzers.All()...)
}
