// Command golangci-lint-idemvet is golangci-lint v2 with the idemvet module
// plugin compiled in: what `golangci-lint custom` builds from a
// .custom-gcl.yml naming github.com/idemvet/idemvet, built here from the
// module proxy alone (golangci-lint custom clones golangci-lint from
// GitHub). It is a module of its own, so that idemvet's own module never
// requires golangci-lint; its go.mod points at the idemvet checkout it
// sits in. From a checkout:
//
//	cd cmd/golangci-lint-idemvet
//	go build -o "$(go env GOPATH)/bin/golangci-lint-idemvet" .
//
// Then run golangci-lint-idemvet run ./... in a module whose .golangci.yml
// enables the idemvet linter (see README.md). To track another
// golangci-lint release, go get github.com/golangci/golangci-lint/v2@VERSION
// here; golangci-lint's own module plugin API decides which releases work.
package main

import (
	"fmt"
	"os"
	"runtime/debug"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	// The plugin registers itself as the module linter "idemvet", which a
	// configuration enables under linters.settings.custom.idemvet.
	_ "github.com/idemvet/idemvet/analyzers/golangci"
)

func main() {
	if err := commands.Execute(buildInfo()); err != nil {
		fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}

// buildInfo names the golangci-lint release compiled in, as its own
// --version would, marked as carrying the plugin.
func buildInfo() commands.BuildInfo {
	info := commands.BuildInfo{Version: "unknown", Commit: "?", Date: "(unknown)", GoVersion: "unknown"}
	if bi, ok := debug.ReadBuildInfo(); ok {
		info.GoVersion = bi.GoVersion
		for _, dep := range bi.Deps {
			if dep.Path == "github.com/golangci/golangci-lint/v2" {
				info.Version = dep.Version + "+idemvet"
			}
		}
	}
	return info
}
