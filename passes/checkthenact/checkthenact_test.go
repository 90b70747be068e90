package checkthenact_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/goldentest"
	"github.com/idemvet/idemvet/passes/checkthenact"
)

func TestCheckThenAct(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), checkthenact.Analyzer,
		"sqlcheck", "pgxcheck", "gormcheck", "redischeck", "memcheck",
		"entcheck", "entgates", "scheduledtasks", "buncheck", "sqlxcheck", "repocheck", "startupmain", "startuplib", "startuplib/migrations", "startuplib/initialize", "startuplib/initiatives", "genericdecor/decorator", "genericdecor/app", "statusgate", "shapes", "webcachecheck", "passedgates", "gormv1check", "ifaceimport", "ifaceresolve", "fieldsql", "outcomes", "heldbycallers", "nocallers",
		"findorcreate", "unstar", "limits/allowance", "limits", "marks", "totpcodes", "totpcodes/mfa", "stalesaves", "stalesaves/popaccounts", "stalesaves/bunposts", "xormcheck", "legacypaths", "flowerrors", "buildercheck", "popcheck", "gopgcheck", "sqlfilescheck", "objectapi", "startuplifecycle", "freshkeys", "dupsentinel", "zerorecords", "startupregistry", "querylayers", "namedqueries", "tokenreuse", "firstorinit", "rowsloops", "helpertokens", "bootloop", "buscheck", "bindings", "nextkeys", "crossgate", "guardedcheck", "lostupdates", "gozerocheck", "ignoredclaims", "notexists", "childchecks", "cachewrap/cache", "cachewrap", "layered/store", "layered/api", "workflowsteps", "activityfeed", "replaykeys", "storedlookups", "sqlclocks/db", "sqlclocks", "swallowedduplicates", "sqlcgates/ledger", "sqlcgates", "idemmiddleware", "countersbehind", "tableparams", "kvcommands", "reservations/store", "reservations/api", "firstcomers", "updateelseinsert", "dbxcheck", "sqlizerwrap", "validators", "floors", "putrecords", "poolpicks", "poolpicks/sqlitestore", "ledgers", "ifacenids", "ownerlookups", "cartlines", "baskets", "enginelocks", "cachefills", "tracedsqlc", "missingsets", "tablenames", "latestlocks", "getters", "closuredup", "restatehandlers", "requestrecords/middleware", "requestrecords/billing", "requestrecords", "cliactions/cmd/admin", "scans", "drivertables/kv", "drivertables", "unanswered/store", "unanswered/service", "upserted", "unseenstores/service")
}

func TestSuggestedFixes(t *testing.T) {
	goldentest.EveryGoldenFixed(t, analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), checkthenact.Analyzer, "fixes", "fixesmysql", "fixesnodriver", "fixesbuilders", "fixesent", "fixesxorm", "fixesbun", "fixesreturning", "fixesgoddl/store", "legacypaths", "outcomes", "shapes"))
}

func TestFixedCodeCompiles(t *testing.T) {
	goldentest.Compiles(t, analysistest.TestData(), "fixes", "fixesmysql", "fixesbuilders", "fixesent", "fixesxorm", "fixesbun", "fixesreturning", "fixesgoddl/store", "legacypaths", "outcomes", "shapes")
}

// TestFixedReadmeExampleIsSilent applies the fix to the README's WRONG
// example (and its database/sql twin, in the golden file) and runs the analyzer on the result: it must
// report nothing, and the charge must run only where the insert added the
// row. A fix that only silenced the check would leave the charge ungated,
// which the analyzer reports as an act the insert's outcome does not gate.
func TestFixedReadmeExampleIsSilent(t *testing.T) {
	golden, err := os.ReadFile(filepath.Join(analysistest.TestData(), "src", "fixes", "readme.go.golden"))
	if err != nil {
		t.Fatal(err)
	}
	fixed := regexp.MustCompile(" // want `[^`]*`").ReplaceAllString(string(golden), "")
	// The file's last function has no fix (its e-mail runs before the
	// insert) and is still reported; the fixed functions come before it.
	fixed, _, _ = strings.Cut(fixed, "// No fix: the effect runs before the insert")
	if !strings.Contains(fixed, "inserted.RowsAffected() == 1 {\n\t\t\tcharge(ctx, amount)") {
		t.Fatalf("the fixed README example does not gate the charge on rows affected:\n%s", fixed)
	}
	dir := t.TempDir()
	pkg := filepath.Join(dir, "src", "readmefixed")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, stub := range []string{"github.com", "gorm.io", "entgo.io"} {
		target, err := filepath.Abs(filepath.Join(analysistest.TestData(), "src", stub))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, filepath.Join(dir, "src", stub)); err != nil {
			t.Fatal(err)
		}
	}
	src := strings.Replace(fixed, "package fixes", "package readmefixed", 1)
	if err := os.WriteFile(filepath.Join(pkg, "readme.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, checkthenact.Analyzer, "readmefixed")
}
