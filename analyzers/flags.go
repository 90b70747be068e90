package analyzers

import (
	"flag"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// RegisterFlags defines on fs the settings that name functions and
// headers (-exists, -insert, -claim, -retry, -keyheaders), each forwarding
// to the flag of every analyzer that uses it. The command calls it before
// multichecker.Main, which then parses and lists them with its own, so
// they work standalone and through go vet -vettool and go fix -fixtool.
// Selecting checks needs nothing here: multichecker already has -NAME.
func RegisterFlags(fs *flag.FlagSet) { registerFlags(fs, checks) }

func registerFlags(fs *flag.FlagSet, checks []*analysis.Analyzer) {
	fs.BoolVar(&reportSuppressed, "suppressed", false, "report the findings that //idemvet:ignore suppresses, marked as suppressed (what -sarif records)")
	fs.BoolVar(&reportBudgetCuts, "budgetcuts", false, "report where an analysis stopped at a budget, as notes (what the standalone form counts)")
	var s Settings
	for _, nf := range s.nameFlags() {
		if targets := flagTargets(checks, nf.flag); len(targets) > 0 {
			fs.Var(&forwardFlag{setting: nf.flag, targets: targets}, nf.flag, targets[0].Usage)
		}
	}
}

// forwardFlag sets every flag it holds to the value it is given, once the
// names are checked and normalized as the settings are.
type forwardFlag struct {
	setting string
	targets []*flag.Flag
}

func (f *forwardFlag) String() string {
	if f == nil || len(f.targets) == 0 { // the zero value, which package flag prints defaults with
		return ""
	}
	return f.targets[0].Value.String()
}

func (f *forwardFlag) Set(value string) error {
	names, err := normalizeNames(f.setting, splitNames(value))
	if err != nil {
		return err
	}
	value = strings.Join(names, ",")
	for _, target := range f.targets {
		if err := target.Value.Set(value); err != nil {
			return err
		}
	}
	return nil
}
