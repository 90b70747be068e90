package apis

// Row table for scany (github.com/georgysavva/scany): package functions
// that run a query on the handle they are given and scan the rows into
// dst. The kind comes from the SQL text; an absent row is the error
// pgxscan.NotFound / sqlscan.NotFound reports.

func init() {
	for _, pkg := range []string{
		"github.com/georgysavva/scany/v2/pgxscan", "github.com/georgysavva/scany/v2/sqlscan",
		"github.com/georgysavva/scany/pgxscan", "github.com/georgysavva/scany/sqlscan",
	} {
		// Get(ctx, db, dst, query, args...), Select(ctx, db, dst, query, args...)
		register(sqlRow(pkg, "", "Get", 3), sqlRow(pkg, "", "Select", 3))
	}
}
