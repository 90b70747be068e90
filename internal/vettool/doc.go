// Package vettool runs idemvet's checks the way go vet runs a vet tool:
// one package per process, facts passed between packages through files,
// results kept in the go build cache. It holds both halves: Serve answers
// the go command as its vet or fix tool, and Run starts go vet with a
// given executable as the tool and collects what go vet -json prints.
// The standalone command and the golangci-lint plugin both run the checks
// this way, so that their memory stays that of the largest package and
// their findings are the vet form's.
//
// A third-party package, which go vet hands the tool only so that its
// importers get its types and facts, is served without unitchecker: its
// types, function bodies skipped, and the facts about methods its own
// imports carry (depunit.go).
package vettool
