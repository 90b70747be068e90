// Package golangci is idemvet's golangci-lint v2 module plugin. Build a
// custom golangci-lint containing it with `golangci-lint custom` and a
// .custom-gcl.yml naming module github.com/idemvet/idemvet and import
// github.com/idemvet/idemvet/analyzers/golangci, then enable the linter
// idemvet in .golangci.yml:
//
//	linters:
//	  enable: [idemvet]
//	  settings:
//	    custom:
//	      idemvet:
//	        type: module
//	        settings:
//	          disable: [attemptkey]
//	          exists: [Store.HasKey]
//
// The settings are analyzers.Settings; a key it does not know is an error.
//
// The checks do not run inside golangci-lint's process. golangci-lint runs
// every analyzer that exports facts on every dependency, loaded from
// source, with the whole program in memory; the checks would build SSA
// there too. Instead the plugin's one analyzer runs go vet once per module
// with the golangci-lint executable itself as the vet tool (see vetrun.go),
// so the checks run one package per process, as in the standalone and vet
// forms, with the same findings, and golangci-lint itself needs only the
// files' syntax to place them.
package golangci

import (
	"fmt"
	"os"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/analyzers"
	"github.com/idemvet/idemvet/internal/vettool"
)

// vetToolEnv is set in the environment of the go vet the plugin starts,
// which passes it on to the vet tool: this executable, which then serves
// the vet tool protocol instead of running golangci-lint.
const vetToolEnv = "IDEMVET_GOLANGCI_VETTOOL"

func init() {
	if os.Getenv(vetToolEnv) != "" {
		vettool.Serve(os.Args[1:], false) // does not return
	}
	register.Plugin("idemvet", New)
}

// New builds the plugin from the raw settings golangci-lint read from its
// configuration.
func New(rawSettings any) (register.LinterPlugin, error) {
	settings, err := register.DecodeSettings[analyzers.Settings](rawSettings)
	if err != nil {
		return nil, fmt.Errorf("idemvet: %w (the settings are: %s)", err, strings.Join(analyzers.SettingNames(), ", "))
	}
	args, err := settings.Args()
	if err != nil {
		return nil, fmt.Errorf("idemvet: %w", err)
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("idemvet: %w", err)
	}
	return plugin{runs: newVetRuns(exe, args)}, nil
}

type plugin struct{ runs *vetRuns }

// BuildAnalyzers returns the one analyzer that reports, for each package
// golangci-lint lints, what go vet found in its files.
func (p plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{{
		Name: "idemvet",
		Doc:  "unsafe deduplication and idempotency patterns: check-then-act races, claims committed apart from their work, keys minted per attempt, statements on an aborted transaction, acks before the commit",
		Run:  p.runs.report,
	}}, nil
}

// GetLoadMode asks for syntax only: the checks run in go vet's processes,
// and placing their findings needs the files' positions.
func (plugin) GetLoadMode() string { return register.LoadModeSyntax }
