package keyscope

import (
	"fmt"
	"go/token"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/sqlclass"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A schemaText is SQL DDL the package holds: an embedded .sql file or a
// string constant.
type schemaText struct {
	text string
	pos  token.Pos // where to report: the embedding variable or the string
	file string    // the .sql file's name, or "" for a Go string
}

// uniqueKey is one unique column set of a table, with the text it is
// declared in.
type uniqueKey struct {
	sqlclass.UniqueKey
	src *schemaText
}

// checkSchemas reports a unique constraint or index on an idempotency-key
// column without an owner column, on a table that has an owner column:
// two owners cannot use the same key, and a lookup by the key finds the
// other owner's row. Tables are merged across the package's scripts, so a
// migration that adds the index to a table an earlier one created counts.
func checkSchemas(pass *analysis.Pass, embedded []dataaccess.EmbeddedSQL) {
	var texts []*schemaText
	for _, e := range embedded {
		texts = append(texts, &schemaText{text: e.Text, pos: e.Var.Pos(), file: e.Path})
	}
	texts = append(texts, schemaStrings(pass)...)
	columns := map[string][]string{}
	var order []string
	uniques := map[string][]uniqueKey{}
	for _, t := range texts {
		for _, tbl := range sqlclass.Schemas(t.text) {
			if _, seen := columns[tbl.Name]; !seen {
				order = append(order, tbl.Name)
			}
			columns[tbl.Name] = append(columns[tbl.Name], tbl.Columns...)
			for _, u := range tbl.Unique {
				uniques[tbl.Name] = append(uniques[tbl.Name], uniqueKey{u, t})
			}
		}
	}
	for _, table := range order {
		ownerCol := ""
		for _, c := range columns[table] {
			if apis.IsOwnerColumn(c) {
				ownerCol = c
				break
			}
		}
		if ownerCol == "" {
			continue // one tenant, or an owner the table does not record
		}
		for _, u := range uniques[table] {
			if keyCol := keyOnly(table, u.Columns); keyCol != "" {
				report(pass, table, keyCol, ownerCol, u)
			}
		}
	}
}

// keyOnly returns the idempotency-key column of a unique column set that
// has no owner column, or "".
func keyOnly(table string, cols []string) string {
	keyCol := ""
	for _, c := range cols {
		if apis.IsOwnerColumn(c) {
			return ""
		}
		if apis.IsIdempotencyKeyColumn(table, c) {
			keyCol = c
		}
	}
	return keyCol
}

func report(pass *analysis.Pass, table, keyCol, ownerCol string, u uniqueKey) {
	where := ""
	if u.src.file != "" {
		line := 1 + strings.Count(u.src.text[:u.Offset], "\n")
		where = fmt.Sprintf("%s:%d: ", filepath.Base(u.src.file), line)
	}
	pass.Report(analysis.Diagnostic{
		Pos: u.src.pos,
		Message: fmt.Sprintf("%sunique (%s) on %s makes the idempotency key unique across owners though the table records %s: one owner's key blocks or replays another's (make it unique (%s, %s); %s)",
			where, strings.Join(u.Columns, ", "), table, ownerCol, ownerCol, keyCol, fixHint),
		URL: apis.RuntimeClaimURL,
	})
}

// schemaStrings returns the package's DDL strings as schema texts, each
// reported at its own position.
func schemaStrings(pass *analysis.Pass) []*schemaText {
	var out []*schemaText
	for _, d := range dataaccess.DDLStrings(pass) {
		out = append(out, &schemaText{text: d.Text, pos: d.Pos})
	}
	return out
}
