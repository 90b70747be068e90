// Package sqllayers: what the model makes of xorm, pop, go-pg, squirrel
// and goqu calls, and of SQL kept in .sql files.
package sqllayers

import (
	"context"
	"database/sql"
	"embed"

	sq "github.com/Masterminds/squirrel"
	"github.com/doug-martin/goqu/v9"
	"github.com/doug-martin/goqu/v9/exp"
	"github.com/go-pg/pg/v10"
	"github.com/gobuffalo/pop/v6"
	"xorm.io/xorm"
)

type User struct {
	ID    int64
	Email string
}

func xormOps(engine *xorm.Engine, s *xorm.Session, email string) {
	engine.Where("email = ?", email).Get(&User{})                                        // want `exists user pool`
	engine.Table("accounts").Count()                                                     // want `exists account pool`
	s.Where("email = ?", email).ForUpdate().Get(&User{})                                 // want `exists user unknown locks`
	engine.Insert(&User{Email: email})                                                   // want `insert user pool`
	engine.Exec("INSERT INTO users (email) VALUES (?) ON CONFLICT DO NOTHING", email)    // want `conditional insert user pool`
	engine.SQL("SELECT id FROM users WHERE email = ? FOR UPDATE", email).Get(new(int64)) // want `exists user pool locks`
	engine.Transaction(func(*xorm.Session) (any, error) { return nil, nil })             // want `begin  pool`
	s.Commit()                                                                           // want `commit  unknown`
}

func popOps(tx *pop.Connection, email string) {
	tx.Where("email = ?", email).First(&User{})                                       // want `read user unknown`
	tx.Where("email = ?", email).Exists(&User{})                                      // want `exists user unknown`
	tx.Create(&User{Email: email})                                                    // want `insert user unknown`
	tx.Save(&User{ID: 1, Email: email})                                               // want `conditional insert user unknown`
	tx.RawQuery("INSERT INTO users (email) VALUES (?) ON CONFLICT DO NOTHING").Exec() // want `conditional insert user unknown`
}

func gopgOps(db *pg.DB, email string) {
	db.Model(&User{}).Where("email = ?", email).Exists()                    // want `exists user unknown`
	db.Model(&User{}).Where("email = ?", email).For("UPDATE").Select()      // want `read user unknown locks`
	db.Model(&User{Email: email}).Insert()                                  // want `insert user unknown`
	db.Model(&User{Email: email}).OnConflict("(email) DO NOTHING").Insert() // want `conditional insert user unknown`
	db.Exec("INSERT INTO users (email) VALUES (?)", email)                  // want `insert user pool`
}

func builderOps(ctx context.Context, db *sql.DB, gdb *goqu.Database, email string) {
	sq.Select("count(*)").From("users").Where("email = ?", email).RunWith(db).QueryRowContext(ctx)                  // want `exists user pool`
	sq.Insert("users").Columns("email").Values(email).RunWith(db).ExecContext(ctx)                                  // want `insert user pool`
	sq.Insert("users").Columns("email").Values(email).Suffix("ON CONFLICT DO NOTHING").RunWith(db).ExecContext(ctx) // want `conditional insert user pool`
	q, args, _ := sq.Select("id").From("users").Where("email = ?", email).Suffix("FOR UPDATE").ToSql()
	db.QueryRowContext(ctx, q, args...)                                                          // want `read user pool locks-for-the-statement`
	gdb.From("users").Where(goqu.Ex{"email": email}).ScanStruct(&User{})                         // want `insert  unknown` `read user pool`
	gdb.From(goqu.T("users")).ForUpdate(exp.Wait).Count()                                        // want `exists user pool locks-for-the-statement`
	gdb.Insert("users").Rows(User{Email: email}).Executor().Exec()                               // want `insert user pool`
	goqu.Insert("users").Rows(User{Email: email}).OnConflict(goqu.DoNothing()).Executor().Exec() // want `conditional insert user unknown`
}

//go:embed queries/insert_order.sql
var insertOrder string

//go:embed queries/claim_order.sql
var claimOrder string

//go:embed queries/*.sql
var queryFS embed.FS

// queries is a goyesql-style name → text map, filled from the embedded
// files at start-up.
var queries = parseQueries(queryFS)

func parseQueries(fs embed.FS) map[string]string { return nil }

func fileOps(ctx context.Context, db *sql.DB, key string) {
	db.ExecContext(ctx, insertOrder, key)                 // want `insert order pool`
	db.ExecContext(ctx, claimOrder, key)                  // want `conditional insert order pool`
	db.QueryRowContext(ctx, queries["find-user"], key)    // want `read user pool`
	db.ExecContext(ctx, queries["insert-user"], key)      // want `insert user pool`
	db.ExecContext(ctx, queries["insert-user-once"], key) // want `conditional insert user pool`
	db.ExecContext(ctx, queries["no-such-query"], key)
	b, _ := queryFS.ReadFile("queries/claim_order.sql")
	db.ExecContext(ctx, string(b), key) // want `conditional insert order pool`
}
