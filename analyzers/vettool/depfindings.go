package vettool

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"
)

// DepFindingsFlag is the unit flag the standalone form passes: a unit go
// vet runs only for its package's facts (a dependency of the packages
// asked for) analyses and prints its findings as the package's own unit
// would.
//
// Why: go vet caches a unit's output under a key that does not say
// whether the unit was the package's own or a dependency's (cmd/go 1.26,
// Builder.vet), and a dependency's unit prints nothing. So after
// `idemvet ./a`, a later run on a package ./a imports replays that empty
// output: the package reads as clean without having been looked at. With
// this flag both kinds of unit print the same, either serves the other,
// and the standalone form keeps the findings of the packages its patterns
// name (ListImportPaths). The flag keys the cache apart from the vet
// form's, whose units are unchanged.
const DepFindingsFlag = "depfindings"

// WantsDepFindings reports whether the tool's arguments set the flag.
func WantsDepFindings(args []string) bool {
	return slices.ContainsFunc(args, func(a string) bool {
		a = strings.TrimPrefix(a, "-")
		return a == "-"+DepFindingsFlag+"=true" || a == DepFindingsFlag+"=true" || a == DepFindingsFlag || a == "-"+DepFindingsFlag
	})
}

// fullUnitConfig returns the configuration file of a unit that analyses
// cfgFile's package in full: cfgFile itself unless go vet asked for facts
// only of a package of the user's (the standard library's units stay
// facts-only: no pattern of the user's names them, and their findings
// would be dropped). The copy is written beside cfgFile, in the unit's
// own work directory.
func fullUnitConfig(cfgFile string) (string, error) {
	unit, err := readUnitConfig(cfgFile)
	if err != nil {
		return "", err
	}
	if !userDependency(unit) {
		return cfgFile, nil
	}
	// The copy keeps every field the go command wrote, known to
	// unitchecker.Config or not.
	data, err := os.ReadFile(cfgFile)
	if err != nil {
		return "", err
	}
	var cfg map[string]any
	if err := json.Unmarshal(data, &cfg); err != nil {
		return "", fmt.Errorf("cannot decode JSON config file %s: %w", cfgFile, err)
	}
	cfg["VetxOnly"] = false
	data, err = json.Marshal(cfg)
	if err != nil {
		return "", err
	}
	full := strings.TrimSuffix(cfgFile, ".cfg") + ".full.cfg"
	return full, os.WriteFile(full, data, 0o666)
}

// userDependency reports whether go vet runs the unit only for the facts
// of a package of the user's module (not the standard library's), which
// DepFindingsFlag analyses in full.
func userDependency(cfg *unitchecker.Config) bool {
	return cfg.VetxOnly && cfg.ModulePath != ""
}
