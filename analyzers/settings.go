package analyzers

import (
	"encoding/json"
	"flag"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/funcnames"
)

// Settings configure the suite. The golangci-lint plugin decodes them from
// linters.settings.custom.idemvet.settings; the command takes the same
// names as flags, so a configuration means the same thing in both places:
//
//	enable: [a, b]     -a -b          run only these checks
//	disable: [c]       -c=false       run every check but these
//	exists: [f, g]     -exists=f,g    and likewise insert, claim, retry,
//	                                  keyheaders
type Settings struct {
	Enable  NameList `json:"enable"`
	Disable NameList `json:"disable"`
	// Exists, Insert and Claim name the project's own functions that check
	// whether a key exists, insert one unconditionally, or claim one
	// atomically. A name is a qualified function name
	// (example.com/store.Store.HasKey) or a dot-separated suffix of one
	// (Store.HasKey, HasKey).
	Exists NameList `json:"exists"`
	Insert NameList `json:"insert"`
	Claim  NameList `json:"claim"`
	// Retry names functions that run a closure again on failure.
	Retry NameList `json:"retry"`
	// KeyHeaders names extra HTTP headers that carry an idempotency key.
	KeyHeaders NameList `json:"keyheaders"`
}

// A NameList is a list of names, written as a list or, as on the command
// line, a comma-separated string.
type NameList []string

// UnmarshalJSON accepts ["a", "b"] and "a,b".
func (l *NameList) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		*l = splitNames(s)
		return nil
	}
	var list []string
	if err := json.Unmarshal(data, &list); err != nil {
		return fmt.Errorf("want a list of names or a comma-separated string, got %s", data)
	}
	*l = list
	return nil
}

func splitNames(s string) NameList {
	var names NameList
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	return names
}

// SettingNames lists the settings' keys, as written in a configuration.
func SettingNames() []string {
	t := reflect.TypeFor[Settings]()
	names := make([]string, t.NumField())
	for i := range names {
		names[i] = t.Field(i).Tag.Get("json")
	}
	return names
}

// nameFlags pairs each list of function or header names with the flag,
// defined by the analyzer that uses the names, that it sets.
func (s *Settings) nameFlags() []nameFlag {
	return []nameFlag{
		{"exists", &s.Exists},
		{"insert", &s.Insert},
		{"claim", &s.Claim},
		{"retry", &s.Retry},
		{"keyheaders", &s.KeyHeaders},
	}
}

type nameFlag struct {
	flag  string
	names *NameList
}

// normalizeNames checks the names given to a setting, so that a name that
// cannot match anything is an error rather than silence, and spells
// methods the way the checks match them ((*T).M becomes T.M).
func normalizeNames(setting string, names []string) ([]string, error) {
	out := make([]string, len(names))
	for i, n := range names {
		if setting == "keyheaders" {
			if !isHeaderName(n) {
				return nil, fmt.Errorf("setting %q: %q is not an HTTP header name", setting, n)
			}
			out[i] = n
			continue
		}
		norm, err := funcnames.Normalize(n)
		if err != nil {
			return nil, fmt.Errorf("setting %q: %w", setting, err)
		}
		out[i] = norm
	}
	return out, nil
}

// isHeaderName reports whether s is a header field name (RFC 9110 token).
func isHeaderName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("!#$%&'*+-.^_`|~", r)) {
			return false
		}
	}
	return true
}

// Apply sets the analyzer flags the settings correspond to. Flags are
// global to the process, like the analyzers that own them: the last Apply
// wins.
func (s *Settings) Apply() error { return s.apply(checks) }

func (s *Settings) apply(checks []*analysis.Analyzer) error {
	for _, nf := range s.nameFlags() {
		targets := flagTargets(checks, nf.flag)
		if len(targets) == 0 {
			if len(*nf.names) > 0 {
				return fmt.Errorf("setting %q: no check in this build of idemvet uses it", nf.flag)
			}
			continue
		}
		names, err := normalizeNames(nf.flag, *nf.names)
		if err != nil {
			return err
		}
		value := strings.Join(names, ",")
		for _, f := range targets {
			if err := f.Value.Set(value); err != nil {
				return fmt.Errorf("setting %q: %w", nf.flag, err)
			}
		}
	}
	return nil
}

// Analyzers returns the checks the settings select, as the command's
// -NAME and -NAME=false flags would: if any check is enabled, exactly
// those; otherwise all but the disabled ones.
func (s *Settings) Analyzers() ([]*analysis.Analyzer, error) { return s.selectFrom(suite()) }

func (s *Settings) selectFrom(suite []*analysis.Analyzer) ([]*analysis.Analyzer, error) {
	names := checkNames(suite)
	for _, n := range slices.Concat(s.Enable, s.Disable) {
		if !slices.Contains(names, n) {
			return nil, fmt.Errorf("unknown check %q; the checks are %s", n, strings.Join(names, ", "))
		}
		if slices.Contains(s.Enable, n) && slices.Contains(s.Disable, n) {
			return nil, fmt.Errorf("check %q is both enabled and disabled", n)
		}
	}
	var selected []*analysis.Analyzer
	for _, a := range suite {
		if len(s.Enable) > 0 && slices.Contains(s.Enable, a.Name) ||
			len(s.Enable) == 0 && !slices.Contains(s.Disable, a.Name) {
			selected = append(selected, a)
		}
	}
	return selected, nil
}

// flagTargets returns the flags with the given name of the checks and
// every analyzer they require. The drivers expose only the flags of the
// checks themselves (as -check.flag), so the flags of a shared helper pass
// such as dataaccess reach users only through the suite.
func flagTargets(checks []*analysis.Analyzer, name string) []*flag.Flag {
	var targets []*flag.Flag
	for _, a := range WithRequired(checks) {
		if f := a.Flags.Lookup(name); f != nil {
			targets = append(targets, f)
		}
	}
	return targets
}

// WithRequired returns the checks and every analyzer they require,
// directly or not, each once, in depth-first order.
func WithRequired(checks []*analysis.Analyzer) []*analysis.Analyzer {
	var all []*analysis.Analyzer
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		all = append(all, a)
		for _, req := range a.Requires {
			visit(req)
		}
	}
	for _, check := range checks {
		visit(check)
	}
	return all
}
