package summaries

import (
	"context"
	_ "embed" // the helpers' SQL lives in .sql files

	sq "github.com/Masterminds/squirrel"
)

//go:embed sql/insert_item.sql
var insertItem string

//go:embed sql/claim_item.sql
var claimItem string

// A helper whose INSERT is kept in a .sql file is an insert for its callers.
func (s *Store) AddItem(ctx context.Context, guid string) error { // want AddItem:"^insert table=\"item\""
	_, err := s.db.ExecContext(ctx, insertItem, guid)
	return err
}

// Near miss: the file's INSERT has ON CONFLICT DO NOTHING.
func (s *Store) ClaimItem(ctx context.Context, guid string) error { // want ClaimItem:"^conditional insert table=\"item\""
	_, err := s.db.ExecContext(ctx, claimItem, guid)
	return err
}

// A helper whose INSERT squirrel builds is an insert for its callers.
func (s *Store) AddLabel(ctx context.Context, name string) error { // want AddLabel:"^insert table=\"label\""
	_, err := sq.Insert("labels").Columns("name").Values(name).RunWith(s.db).ExecContext(ctx)
	return err
}

// Near miss: the chain's suffix makes it conditional.
func (s *Store) ClaimLabel(ctx context.Context, name string) error { // want ClaimLabel:"^conditional insert table=\"label\""
	_, err := sq.Insert("labels").Columns("name").Values(name).Suffix("ON CONFLICT DO NOTHING").RunWith(s.db).ExecContext(ctx)
	return err
}

// A generic helper names its table with a parameter: each caller's
// constant is the table (tablearg= says which parameter).
func (s *Store) existsIn(ctx context.Context, table, id string) (bool, error) { // want existsIn:"^exists .*tablearg=1$"
	var ok bool
	err := s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM `+table+` WHERE id = $1)`, id).Scan(&ok)
	return ok, err
}

// Near miss: the parameter is a column's value, not the table.
func (s *Store) existsNamed(ctx context.Context, name string) (bool, error) { // want existsNamed:"^exists .*saves=-1$"
	var ok bool
	err := s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM plans WHERE name = '`+name+`')`).Scan(&ok)
	return ok, err
}
