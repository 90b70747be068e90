// Package sm is a minimal stub of github.com/stephenafamo/bob/dialect/psql/sm.
package sm

import (
	"github.com/stephenafamo/bob"
	"github.com/stephenafamo/bob/dialect/psql"
)

func From(table any) bob.Mod[*psql.SelectQuery]             { return nil }
func Where(e bob.Expression) bob.Mod[*psql.SelectQuery]     { return nil }
func ForUpdate(tables ...string) bob.Mod[*psql.SelectQuery] { return nil }
