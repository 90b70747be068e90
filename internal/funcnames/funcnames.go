// Package funcnames is the flag value for the lists of names users give
// idemvet on the command line and in golangci-lint settings (-exists,
// -retry, -keyheaders, ...), and the way a function is matched by them.
package funcnames

import (
	"fmt"
	"go/token"
	"go/types"
	"regexp"
	"strings"
)

// List is a flag.Value holding comma-separated names.
type List struct{ names []string }

func (l *List) String() string { return strings.Join(l.names, ",") }

// Set replaces the list with the comma-separated names in s.
func (l *List) Set(s string) error {
	l.names = l.names[:0]
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			l.names = append(l.names, n)
		}
	}
	return nil
}

// Names returns the listed names.
func (l *List) Names() []string { return l.names }

// Empty reports whether no name is listed.
func (l *List) Empty() bool { return len(l.names) == 0 }

// Matches reports whether f is listed: by its qualified name
// (example.com/store.Store.HasKey, pointer receivers without '*') or by a
// suffix of it that starts after a dot or a slash (Store.HasKey, HasKey,
// store.Store.HasKey).
func (l *List) Matches(f *types.Func) bool {
	if l.Empty() {
		return false
	}
	q := Qualified(f)
	for _, n := range l.names {
		if q == n || strings.HasSuffix(q, "."+n) || strings.HasSuffix(q, "/"+n) {
			return true
		}
	}
	return false
}

// Qualified spells f as pkgpath.Recv.Name or pkgpath.Name.
func Qualified(f *types.Func) string {
	if sig, ok := f.Type().(*types.Signature); ok && sig.Recv() != nil {
		t := sig.Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
			return n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + f.Name()
		}
	}
	return f.Pkg().Path() + "." + f.Name()
}

// Normalize turns a function name as users write it into the form Matches
// compares: methods written the way Go people write them, (*T).M, (T).M,
// *T.M and pkg.(*T).M, become T.M and pkg.T.M. A name that cannot match
// any function (empty segments, spaces, a last segment that is no
// identifier) is an error, so that a typo is reported rather than
// matching nothing in silence.
func Normalize(name string) (string, error) {
	path, rest := "", name
	if i := strings.LastIndex(name, "/"); i >= 0 {
		path, rest = name[:i+1], name[i+1:]
	}
	rest = receiverForm.ReplaceAllString(rest, "$1")
	rest = strings.ReplaceAll(rest, ".*", ".")
	rest = strings.TrimPrefix(rest, "*")
	if strings.ContainsAny(path, " \t()*") || strings.Contains(path, "//") || path == "/" {
		return "", fmt.Errorf("%q is not a function name: bad package path %q", name, path)
	}
	parts := strings.Split(rest, ".")
	for i, p := range parts {
		// With a path, the first segment is the package's last element,
		// which may hold characters no identifier has (my-pkg).
		if path != "" && i == 0 && p != "" && !strings.ContainsAny(p, " \t()*") {
			continue
		}
		if !token.IsIdentifier(p) {
			return "", fmt.Errorf("%q is not a function name: %q is not an identifier (write pkg.Func, Type.Method, (*Type).Method or example.com/pkg.Type.Method)", name, p)
		}
	}
	if path != "" && len(parts) < 2 {
		return "", fmt.Errorf("%q is not a function name: a package path must be followed by .Func or .Type.Method", name)
	}
	return path + rest, nil
}

// receiverForm matches a parenthesized receiver type, (*T) or (T).
var receiverForm = regexp.MustCompile(`\(\*?([^()*]+)\)`)
