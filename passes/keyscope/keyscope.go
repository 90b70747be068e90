package keyscope

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

var Analyzer = &analysis.Analyzer{
	Name:      "keyscope",
	Doc:       Doc,
	URL:       "https://github.com/idemvet/idemvet/blob/main/passes/keyscope/README.md",
	Requires:  []*analysis.Analyzer{dataaccess.Analyzer},
	FactTypes: []analysis.Fact{(*LooksUpUnscoped)(nil)},
	Run:       run,
}

// LooksUpUnscoped marks a function that has no owner in scope and looks
// an idempotency key up by the key alone: a caller that has the owner is
// reported at its call.
type LooksUpUnscoped struct {
	Table, Column string
}

func (*LooksUpUnscoped) AFact() {}

func (f *LooksUpUnscoped) String() string {
	return fmt.Sprintf("looks up %s.%s unscoped", f.Table, f.Column)
}

func run(pass *analysis.Pass) (any, error) {
	embedded := dataaccess.EmbeddedSQLFiles(pass)
	if !mayHoldKeys(pass, len(embedded) > 0) {
		return nil, nil
	}
	owners := newOwners(pass)
	checkSchemas(pass, embedded)
	checkClaimKeys(pass, owners)
	model := pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result)
	if model.Modelled() {
		checkLookups(pass, model, owners)
		checkRedisKeys(pass, model, owners)
	}
	return nil, nil
}

// mayHoldKeys is the fast path: a package whose code and strings never
// mention an idempotency or dedup key, that embeds no .sql file and calls
// no function known to look keys up has no key to scope.
func mayHoldKeys(pass *analysis.Pass, embedsSQL bool) bool {
	if passutil.IsDependencyCode(pass) {
		return false
	}
	if embedsSQL || passutil.RefersToFactObject(pass, nil) {
		return true
	}
	for _, file := range pass.Files {
		found := false
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				found = found || mentionsKey(n.Name)
			case *ast.BasicLit:
				found = found || n.Kind == token.STRING && mentionsKey(n.Value)
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// mentionsKey reports whether a name or text mentions idempotency keys,
// or the runtime claim package's Key.
func mentionsKey(s string) bool {
	s = strings.ToLower(s)
	return strings.Contains(s, "idem") || strings.Contains(s, "dedup") || strings.Contains(s, "request_key") ||
		strings.Contains(s, apis.RuntimeClaimPkg)
}

// constString returns the constant string value of an expression.
func constString(pass *analysis.Pass, e ast.Expr) (string, bool) {
	tv, ok := pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// fixHint is what every message ends with: how the runtime scopes a key.
const fixHint = "github.com/idemvet/idemvet/runtime/claim scopes every key by Key.Scope"
