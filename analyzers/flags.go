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
	var s Settings
	for _, nf := range s.nameFlags() {
		if targets := flagTargets(checks, nf.flag); len(targets) > 0 {
			fs.Var(forwardFlag(targets), nf.flag, targets[0].Usage)
		}
	}
}

// forwardFlag sets every flag it holds to the value it is given.
type forwardFlag []*flag.Flag

func (f forwardFlag) String() string {
	if len(f) == 0 { // the zero value, which package flag prints defaults with
		return ""
	}
	return f[0].Value.String()
}

func (f forwardFlag) Set(value string) error {
	value = strings.Join(splitNames(value), ",")
	for _, target := range f {
		if err := target.Value.Set(value); err != nil {
			return err
		}
	}
	return nil
}
