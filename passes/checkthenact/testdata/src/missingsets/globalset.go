package missingsets

import (
	"context"
	"database/sql"
)

// pending is a package-level set. go/ssa lists no loads of a package
// variable, so each use loads the map afresh and the deletes and the range
// do not meet: the race below is not reported (a known miss). The analysis
// must still run: netmaker's logic package, with such a set, made it
// panic.
var pending = map[string]bool{}

// The same race with the set kept in a package variable: missed, but no
// failure.
func EnsurePendingTags(ctx context.Context, db *sql.DB, names []string) error {
	found, err := findTags(ctx, db, names)
	if err != nil {
		return err
	}
	for _, n := range names {
		pending[n] = true
	}
	for _, t := range found {
		delete(pending, t.Name)
	}
	for n := range pending {
		if err := insertTag(ctx, db, n); err != nil {
			return err
		}
	}
	return nil
}
