package apis

// Row tables for SQL drivers: database/sql, pgx v5 (Conn, pgxpool, Tx; v4
// through aliases.go) and sqlx. The kind of a query call comes from its SQL text.

const (
	pkgSQL     = "database/sql"
	pkgPgx     = "github.com/jackc/pgx/v5"
	pkgPgxpool = "github.com/jackc/pgx/v5/pgxpool"
	pkgPgconn  = "github.com/jackc/pgx/v5/pgconn"
	pkgSqlx    = "github.com/jmoiron/sqlx"

	pkgPgx4     = "github.com/jackc/pgx/v4"
	pkgPgxpool4 = "github.com/jackc/pgx/v4/pgxpool"
)

func init() {
	// database/sql: DB and Conn autocommit, Tx is a transaction.
	handles(HandlePool, pkgSQL, "DB", "Conn")
	handles(HandleTx, pkgSQL, "Tx")
	for _, recv := range []string{"DB", "Tx", "Conn"} {
		register(
			sqlRow(pkgSQL, recv, "Exec", 0), sqlRow(pkgSQL, recv, "ExecContext", 1),
			sqlRow(pkgSQL, recv, "Query", 0), sqlRow(pkgSQL, recv, "QueryContext", 1),
			sqlRow(pkgSQL, recv, "QueryRow", 0), sqlRow(pkgSQL, recv, "QueryRowContext", 1),
		)
	}
	// A prepared statement runs the SQL it was prepared with, on the
	// handle that prepared it.
	for _, name := range []string{"Exec", "ExecContext", "Query", "QueryContext", "QueryRow", "QueryRowContext"} {
		register(preparedRow(pkgSQL, "Stmt", name))
	}
	for _, name := range []string{"Get", "GetContext", "Select", "SelectContext", "QueryRowx", "QueryRowxContext",
		"Queryx", "QueryxContext", "Exec", "ExecContext", "MustExec", "MustExecContext"} {
		register(preparedRow(pkgSqlx, "Stmt", name), preparedRow(pkgSqlx, "NamedStmt", name))
	}
	register(
		row(pkgSQL, "DB", "Begin", Begin), row(pkgSQL, "DB", "BeginTx", Begin),
		row(pkgSQL, "Conn", "BeginTx", Begin),
		row(pkgSQL, "Tx", "Commit", Commit), row(pkgSQL, "Tx", "Rollback", Rollback),
	)

	// pgx v5: Conn and Pool autocommit; Tx (interface), pgxpool.Tx are
	// transactions. Begin on a Tx opens a savepoint, still inside the tx.
	handles(HandlePool, pkgPgx, "Conn")
	handles(HandlePool, pkgPgxpool, "Pool", "Conn")
	handles(HandleTx, pkgPgx, "Tx")
	handles(HandleTx, pkgPgxpool, "Tx")
	for _, t := range []struct{ pkg, recv string }{
		{pkgPgx, "Conn"}, {pkgPgx, "Tx"}, {pkgPgxpool, "Pool"}, {pkgPgxpool, "Conn"}, {pkgPgxpool, "Tx"},
	} {
		register(
			sqlRow(t.pkg, t.recv, "Exec", 1), sqlRow(t.pkg, t.recv, "Query", 1), sqlRow(t.pkg, t.recv, "QueryRow", 1),
			row(t.pkg, t.recv, "Begin", Begin), row(t.pkg, t.recv, "BeginTx", Begin),
		)
	}
	for _, t := range []struct{ pkg, recv string }{{pkgPgx, "Tx"}, {pkgPgxpool, "Tx"}} {
		register(row(t.pkg, t.recv, "Commit", Commit), row(t.pkg, t.recv, "Rollback", Rollback))
	}
	register(txFuncRow(pkgPgx, "", "BeginFunc", 2), txFuncRow(pkgPgx, "", "BeginTxFunc", 3))
	// pgx v4 (an alias of v5 otherwise, see aliases.go) runs a func in a
	// transaction through methods of its handles rather than functions.
	for _, t := range []struct{ pkg, recv string }{
		{pkgPgx4, "Conn"}, {pkgPgx4, "Tx"}, {pkgPgxpool4, "Pool"}, {pkgPgxpool4, "Conn"}, {pkgPgxpool4, "Tx"},
	} {
		register(txFuncRow(t.pkg, t.recv, "BeginFunc", 1), txFuncRow(t.pkg, t.recv, "BeginTxFunc", 2))
	}
	register(sqlRow(pkgPgconn, "PgConn", "Exec", 1))

	// sqlx: DB and Tx wrap database/sql's (whose promoted methods match the
	// database/sql rows) and add scanning helpers.
	handles(HandlePool, pkgSqlx, "DB", "Conn")
	handles(HandleTx, pkgSqlx, "Tx")
	for _, recv := range []string{"DB", "Tx", "Conn"} {
		register(
			sqlRow(pkgSqlx, recv, "Get", 1), sqlRow(pkgSqlx, recv, "GetContext", 2),
			sqlRow(pkgSqlx, recv, "Select", 1), sqlRow(pkgSqlx, recv, "SelectContext", 2),
			sqlRow(pkgSqlx, recv, "QueryRowx", 0), sqlRow(pkgSqlx, recv, "QueryRowxContext", 1),
			sqlRow(pkgSqlx, recv, "Queryx", 0), sqlRow(pkgSqlx, recv, "QueryxContext", 1),
			sqlRow(pkgSqlx, recv, "MustExec", 0), sqlRow(pkgSqlx, recv, "MustExecContext", 1),
			sqlRow(pkgSqlx, recv, "NamedExec", 0), sqlRow(pkgSqlx, recv, "NamedExecContext", 1),
			sqlRow(pkgSqlx, recv, "NamedQuery", 0), sqlRow(pkgSqlx, recv, "NamedQueryContext", 1),
		)
	}
	// Its interfaces (QueryerContext, ExecerContext and the Ext and
	// ExtContext that embed them) are how a repository takes either a DB
	// or a Tx, and its functions take one of them.
	register(
		sqlRow(pkgSqlx, "Queryer", "Query", 0), sqlRow(pkgSqlx, "Queryer", "Queryx", 0), sqlRow(pkgSqlx, "Queryer", "QueryRowx", 0),
		sqlRow(pkgSqlx, "QueryerContext", "QueryContext", 1), sqlRow(pkgSqlx, "QueryerContext", "QueryxContext", 1),
		sqlRow(pkgSqlx, "QueryerContext", "QueryRowxContext", 1),
		sqlRow(pkgSqlx, "Execer", "Exec", 0), sqlRow(pkgSqlx, "ExecerContext", "ExecContext", 1),
		sqlRow(pkgSqlx, "", "Get", 2), sqlRow(pkgSqlx, "", "GetContext", 3),
		sqlRow(pkgSqlx, "", "Select", 2), sqlRow(pkgSqlx, "", "SelectContext", 3),
		sqlRow(pkgSqlx, "", "NamedExec", 1), sqlRow(pkgSqlx, "", "NamedExecContext", 2),
	)
	register(
		row(pkgSqlx, "DB", "Beginx", Begin), row(pkgSqlx, "DB", "BeginTxx", Begin),
		row(pkgSqlx, "DB", "MustBegin", Begin), row(pkgSqlx, "DB", "MustBeginTx", Begin),
		row(pkgSqlx, "Conn", "BeginTxx", Begin),
	)
}
