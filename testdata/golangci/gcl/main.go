// Command gcl is golangci-lint v2 with the idemvet module plugin compiled in:
// what `golangci-lint custom` would build from .custom-gcl.yml, built here
// from the module proxy alone (custom clones golangci-lint from GitHub).
package main

import (
	"fmt"
	"os"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	// The plugin registers itself as the module linter "idemvet", which a
	// configuration enables under linters.settings.custom.idemvet.
	_ "github.com/idemvet/idemvet/analyzers/golangci"
)

func main() {
	info := commands.BuildInfo{Version: "2.15.0-idemvet", Commit: "?", Date: "(unknown)", GoVersion: "unknown"}
	if err := commands.Execute(info); err != nil {
		fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}
