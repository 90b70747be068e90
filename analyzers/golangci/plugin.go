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
// (see vetrun.go) with idemvet's command, built from the plugin's own
// source, as the vet tool (buildtool.go; the golangci-lint executable
// itself when that cannot be built), so the checks run one package per
// process, as in the standalone and vet forms, with the same findings, and
// golangci-lint itself needs only the files' syntax to place them.
package golangci

import (
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/mod/semver"
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
	tool, err := chooseVetTool()
	if err != nil {
		return nil, fmt.Errorf("idemvet: %w", err)
	}
	cwd, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("idemvet: %w", err)
	}
	linted, isRun := lintedDirs(os.Args[1:], cwd) // nil when not a run: the whole module
	runs := newVetRuns(tool, args, linted)
	if isRun {
		runs.vetBeforeLoading(linted)
	}
	return plugin{runs: runs}, nil
}

// installedToolEnv names an installed idemvet for go vet to run instead of
// one built from the plugin's source. Each package go vet analyses,
// dependencies included, starts the vet tool once; golangci-lint's binary
// spends about 0.1 s of CPU starting (the package initialisation of its
// linters), idemvet's 5 ms, which on a few hundred packages is most of the
// run.
const installedToolEnv = "IDEMVET_VETTOOL"

// chooseVetTool returns the vet tool go vet is to run: $IDEMVET_VETTOOL when it
// is an idemvet of this plugin's version; otherwise idemvet built from the
// plugin's source (see buildtool.go), or, when that cannot be built, this
// executable.
func chooseVetTool() (vetTool, error) {
	path := os.Getenv(installedToolEnv)
	if path == "" {
		if built, err := builtVetTool(); err == nil {
			return vetTool{path: built}, nil
		}
		exe, err := os.Executable()
		return vetTool{path: exe, self: true}, err
	}
	out, err := exec.Command(path, "-V=full").Output()
	if err != nil {
		return vetTool{}, fmt.Errorf("%s=%s is not idemvet: asked for its version (-V=full): %w", installedToolEnv, path, err)
	}
	// "idemvet version v0.3.0 buildID=...", or "devel..." from a checkout.
	fields := strings.Fields(string(out))
	if len(fields) < 3 || fields[0] != "idemvet" || fields[1] != "version" {
		return vetTool{}, fmt.Errorf("%s=%s is not idemvet (it says %q)", installedToolEnv, path, strings.TrimSpace(string(out)))
	}
	if mine := analyzers.Version(); semver.IsValid(mine) && semver.IsValid(fields[2]) && fields[2] != mine {
		return vetTool{}, fmt.Errorf("%s=%s is idemvet %s; this plugin is %s", installedToolEnv, path, fields[2], mine)
	}
	return vetTool{path: path}, nil
}

// vetTool is the executable go vet runs on each package.
type vetTool struct {
	path string
	// self is set when it is this executable, which then needs vetToolEnv
	// to serve go vet rather than run golangci-lint.
	self bool
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
