// Command idemvet reports unsafe deduplication and idempotency patterns in
// Go code: existence checks racing their inserts, idempotency claims
// committed apart from the work they guard, keys minted per attempt.
//
// Run it standalone (idemvet ./...), as go vet -vettool=$(which idemvet),
// or as go fix -fixtool=$(which idemvet).
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/idemvet/idemvet/analyzers"
)

func main() { multichecker.Main(analyzers.All()...) }
