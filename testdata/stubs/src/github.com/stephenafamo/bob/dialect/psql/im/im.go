// Package im is a minimal stub of github.com/stephenafamo/bob/dialect/psql/im.
package im

import (
	"github.com/stephenafamo/bob"
	"github.com/stephenafamo/bob/dialect/psql"
	"github.com/stephenafamo/bob/mods"
)

func Into(name any, columns ...string) bob.Mod[*psql.InsertQuery] { return nil }
func Values(clauses ...bob.Expression) bob.Mod[*psql.InsertQuery] { return nil }
func OnConflict(columns ...any) mods.Conflict[*psql.InsertQuery]  { return nil }
