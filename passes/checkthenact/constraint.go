package checkthenact

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A conditional insert (ON CONFLICT DO NOTHING, INSERT IGNORE) lets one of
// two twins through only when a unique constraint makes the twin's row
// conflict. Offered on a table without one, the fix compiles, silences the
// finding and leaves the race: both rows are stored. So the fix is offered
// only where the module's schema declares a unique key within the columns
// the check looks the row up by; otherwise the message says what is
// missing, with the statement that adds it.

// uniqueCover returns the unique key of the insert's table that the
// check's columns cover (the ON CONFLICT target), or, when there is none
// or it cannot be told, a note for the message saying why no fix is
// offered.
func uniqueCover(pass *analysis.Pass, check, write *dataaccess.Op) (target []string, note string) {
	if write.SQL == nil || write.SQL.Table == "" {
		return nil, "no fix: the insert's table cannot be told, so neither can whether a unique constraint makes a conditional insert pick one winner"
	}
	table := write.SQL.Table
	var cols []string
	if check.SQL != nil && check.SQL.MatchColumns != "" && sameTable(check.SQL.Table, table) {
		cols = strings.Split(check.SQL.MatchColumns, ",")
	}
	if len(cols) == 0 {
		return nil, fmt.Sprintf("no fix: a conditional insert picks one winner only under a unique constraint on %s covering what the check looks up, and which columns those are cannot be told", table)
	}
	index := createIndex(table, cols)
	answer := schemaOf(pass, table)
	switch {
	case answer.Unread:
		return nil, fmt.Sprintf("no fix: the module's schema scripts are too many to read here; a conditional insert picks one winner only under a unique constraint on %s (%s): %s", table, strings.Join(cols, ", "), index)
	case answer.Table == nil:
		return nil, fmt.Sprintf("no fix: no schema idemvet reads declares %s (it reads the module's .sql files, the DDL strings in its Go code, and its ORM models), and a conditional insert picks one winner only under a unique constraint on %s (%s); check the database has one (%s)", table, table, strings.Join(cols, ", "), index)
	}
	partial := false
	for _, u := range answer.Table.Unique {
		if !subset(u.Columns, cols) {
			continue
		}
		if u.Partial {
			partial = true
			continue
		}
		return u.Columns, ""
	}
	if partial {
		return nil, fmt.Sprintf("no fix: the unique index on %s in %s is partial, and ON CONFLICT must repeat its WHERE clause to use it", table, answer.Table.File)
	}
	return nil, fmt.Sprintf("no fix: %s declares no unique constraint on %s (%s), so a conditional insert would store both rows; add one first (%s), or claim the key with runtime/claim", answer.Table.File, table, strings.Join(cols, ", "), index)
}

// subset reports whether every column of key is among cols: a unique key
// on fewer columns than the check looks up by still lets one twin in.
func subset(key, cols []string) bool {
	for _, c := range key {
		if !slices.Contains(cols, c) {
			return false
		}
	}
	return len(key) > 0
}

func sameTable(a, b string) bool {
	unqualified := func(t string) string {
		if i := strings.LastIndexByte(t, '.'); i >= 0 {
			return t[i+1:]
		}
		return t
	}
	return unqualified(a) == unqualified(b)
}

// createIndex is the statement that adds the missing unique key without
// locking out writes.
func createIndex(table string, cols []string) string {
	name := strings.ReplaceAll(table, ".", "_") + "_" + strings.Join(cols, "_") + "_key"
	return fmt.Sprintf("CREATE UNIQUE INDEX CONCURRENTLY %s ON %s (%s)", name, table, strings.Join(cols, ", "))
}

// schemaOf returns what the module's schema says of table, from the
// package's model (which reads the package's own declarations once).
func schemaOf(pass *analysis.Pass, table string) dataaccess.SchemaAnswer {
	return pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result).TableSchema(table)
}
