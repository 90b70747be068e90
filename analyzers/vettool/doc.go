// Package vettool runs idemvet's checks the way go vet runs a vet tool:
// one package per process, facts passed between packages through files,
// results kept in the go build cache. It holds both halves: Serve answers
// the go command as its vet or fix tool, and VetListingOnFailure, DecodeJSON
// and ReadErrors run go vet and read what it prints.
// RunUnit analyses one unit in the calling process, as unitchecker does
// in a process of its own (unit.go, facts.go): the golangci-lint plugin's
// worker processes serve go vet's units that way, one after another,
// handed over by the shim in ./forward.
// The standalone command and the golangci-lint plugin both run the checks
// this way, so that their memory stays that of the largest package and
// their findings are the vet form's.
//
// A third-party package, which go vet hands the tool only so that its
// importers get its types and facts, is served without unitchecker: its
// types, function bodies skipped, and the facts about methods its own
// imports carry (depunit.go).
package vettool
