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
// The checks do not run as golangci-lint's analyzers. golangci-lint runs
// every analyzer that exports facts on every dependency, loaded from
// source, with the whole program in memory; the checks would build SSA
// there too. Instead the plugin's one analyzer runs go vet once per module
// (see vetrun.go), whose vet tool is a small shim built from the plugin's
// own source (buildtool.go) that hands each package's unit back to this
// process (unitserver.go; the golangci-lint executable itself is the tool
// when the shim cannot be built). So the checks see one package at a time
// with its dependencies' types and facts from go vet, as in the standalone
// and vet forms, with the same findings and go vet's result cache, and
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
	"github.com/idemvet/idemvet/analyzers/vettool"
)

// vetToolEnv is set in the environment of the go vet the plugin starts,
// which passes it on to the vet tool: this executable, which then serves
// the vet tool protocol instead of running golangci-lint.
const vetToolEnv = "IDEMVET_GOLANGCI_VETTOOL"

func init() {
	if os.Getenv(vetToolEnv) != "" {
		vettool.Serve(os.Args[1:], false) // does not return
	}
	if settings, ok := os.LookupEnv(unitWorkerEnv); ok {
		serveUnitsAsWorker(settings) // does not return
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
	if err := settings.Apply(); err != nil {
		return nil, fmt.Errorf("idemvet: %w", err)
	}
	if _, err := settings.Analyzers(); err != nil {
		return nil, fmt.Errorf("idemvet: %w", err)
	}
	tool, err := chooseVetTool(settings)
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
// one the plugin builds.
const installedToolEnv = "IDEMVET_VETTOOL"

// chooseVetTool returns the vet tool go vet is to run: $IDEMVET_VETTOOL when
// it is an idemvet of this plugin's version; otherwise idemvet built from
// the plugin's source (buildtool.go), when it is built already or its
// build needs only a link. On a build cache without the packages of the
// checks (go/types, x/tools, the passes: 24 s of CPU to compile), the
// plugin does not build it: go vet runs the shim, which hands each unit to
// this process, whose workers check it as settings say (unitpool.go). That
// costs no compilation go vet does not do anyway. When
// neither can be built, go vet runs this executable, which starts slowly:
// the package initialisation of golangci-lint's linters takes about 0.1 s
// of CPU, and go vet starts its tool once per package, dependencies
// included.
func chooseVetTool(settings analyzers.Settings) (vetTool, error) {
	path := os.Getenv(installedToolEnv)
	if path == "" {
		if tool, err := idemvetCommand.built(true); err == nil {
			return vetTool{path: tool}, nil
		}
		if tool, err := forwardingTool(settings); err == nil {
			return tool, nil
		}
		exe, err := os.Executable()
		return vetTool{path: exe, session: func() ([]string, func(), error) {
			return []string{vetToolEnv + "=1"}, func() {}, nil
		}}, err
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
	// session, when set, starts what one go vet run of the tool needs
	// and returns the environment go vet is to pass the tool, and the
	// function that ends it once go vet is done.
	session func() (env []string, end func(), err error)
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
