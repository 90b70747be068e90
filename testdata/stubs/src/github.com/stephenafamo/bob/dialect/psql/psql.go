// Package psql is a minimal stub of github.com/stephenafamo/bob/dialect/psql.
package psql

import "github.com/stephenafamo/bob"

type SelectQuery struct{ bob.Expression }
type InsertQuery struct{ bob.Expression }

type Expression struct{ bob.Expression }

func (e Expression) EQ(target bob.Expression) Expression { return e }

func Quote(ss ...string) Expression { return Expression{} }
func Arg(args ...any) Expression    { return Expression{} }
func Select(queryMods ...bob.Mod[*SelectQuery]) bob.BaseQuery[*SelectQuery] {
	return bob.BaseQuery[*SelectQuery]{}
}
func Insert(queryMods ...bob.Mod[*InsertQuery]) bob.BaseQuery[*InsertQuery] {
	return bob.BaseQuery[*InsertQuery]{}
}
