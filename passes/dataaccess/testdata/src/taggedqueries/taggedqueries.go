// Package taggedqueries: a statement a goyesql loader prepared into a
// struct field is the section of the module's .sql files its `query` tag
// names.
package taggedqueries

import "database/sql"

type Queries struct {
	GetSubscriber    *sql.Stmt `query:"taggedqueries-get-subscriber"`
	InsertSubscriber *sql.Stmt `query:"taggedqueries-insert-subscriber"`
	UpsertSubscriber *sql.Stmt `query:"taggedqueries-upsert-subscriber"`
	Missing          *sql.Stmt `query:"taggedqueries-no-such-section"`
	Untagged         *sql.Stmt
	// Promoted is a statement type that embeds *sql.Stmt, as sqlx's does.
	Promoted *Stmt `query:"taggedqueries-insert-subscriber"`
}

type Stmt struct{ *sql.Stmt }

func run(q *Queries, email string) {
	q.GetSubscriber.QueryRow(email)    // want `read subscriber unknown`
	q.InsertSubscriber.QueryRow(email) // want `insert subscriber unknown`
	q.UpsertSubscriber.Exec(email)     // want `conditional insert subscriber unknown`
	q.Promoted.Exec(email)             // want `insert subscriber unknown`
	// Near misses: no section of that name, no tag.
	q.Missing.Exec(email)
	q.Untagged.Exec(email)
}
