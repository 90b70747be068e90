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
package golangci

import (
	"fmt"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/analyzers"
)

func init() {
	register.Plugin("idemvet", New)
}

// New builds the plugin from the raw settings golangci-lint read from its
// configuration.
func New(rawSettings any) (register.LinterPlugin, error) {
	settings, err := register.DecodeSettings[analyzers.Settings](rawSettings)
	if err != nil {
		return nil, fmt.Errorf("idemvet: %w (the settings are: %s)", err, strings.Join(analyzers.SettingNames(), ", "))
	}
	if err := settings.Apply(); err != nil {
		return nil, fmt.Errorf("idemvet: %w", err)
	}
	selected, err := settings.Analyzers()
	if err != nil {
		return nil, fmt.Errorf("idemvet: %w", err)
	}
	for i, a := range selected {
		selected[i] = withoutRelated(a)
	}
	return plugin{selected}, nil
}

type plugin struct{ analyzers []*analysis.Analyzer }

func (p plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) { return p.analyzers, nil }

// GetLoadMode asks for type information: the checks need types and SSA.
func (plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
