package apis

// go-zero's stores: sqlx.SqlConn (the database) and sqlx.Session (a
// transaction inside TransactCtx's callback) run SQL text; sqlc.CachedConn
// wraps a SqlConn with a cache, runs SQL itself through its NoCache
// methods, and otherwise calls back a func that runs it on the conn (the
// goctl models' Insert and FindOneByX: their statements are classified in
// that func). Lookups fail with sqlx.ErrNotFound (sqlc.ErrNotFound is the
// same value) when no row matches.

const (
	pkgGoZeroSqlx = "github.com/zeromicro/go-zero/core/stores/sqlx"
	pkgGoZeroSqlc = "github.com/zeromicro/go-zero/core/stores/sqlc"
)

func init() {
	handles(HandlePool, pkgGoZeroSqlx, "SqlConn")
	handles(HandleTx, pkgGoZeroSqlx, "Session")
	for _, recv := range []string{"SqlConn", "Session"} {
		register(
			sqlRow(pkgGoZeroSqlx, recv, "Exec", 0), sqlRow(pkgGoZeroSqlx, recv, "ExecCtx", 1),
			sqlRow(pkgGoZeroSqlx, recv, "QueryRow", 1), sqlRow(pkgGoZeroSqlx, recv, "QueryRowCtx", 2),
			sqlRow(pkgGoZeroSqlx, recv, "QueryRowPartial", 1), sqlRow(pkgGoZeroSqlx, recv, "QueryRowPartialCtx", 2),
			sqlRow(pkgGoZeroSqlx, recv, "QueryRows", 1), sqlRow(pkgGoZeroSqlx, recv, "QueryRowsCtx", 2),
			sqlRow(pkgGoZeroSqlx, recv, "QueryRowsPartial", 1), sqlRow(pkgGoZeroSqlx, recv, "QueryRowsPartialCtx", 2),
		)
	}
	register(
		txFuncRow(pkgGoZeroSqlx, "SqlConn", "Transact", 0), txFuncRow(pkgGoZeroSqlx, "SqlConn", "TransactCtx", 1),
		sqlRow(pkgGoZeroSqlc, "CachedConn", "ExecNoCache", 0), sqlRow(pkgGoZeroSqlc, "CachedConn", "ExecNoCacheCtx", 1),
		sqlRow(pkgGoZeroSqlc, "CachedConn", "QueryRowNoCache", 1), sqlRow(pkgGoZeroSqlc, "CachedConn", "QueryRowNoCacheCtx", 2),
		sqlRow(pkgGoZeroSqlc, "CachedConn", "QueryRowsNoCache", 1), sqlRow(pkgGoZeroSqlc, "CachedConn", "QueryRowsNoCacheCtx", 2),
		txFuncRow(pkgGoZeroSqlc, "CachedConn", "Transact", 0), txFuncRow(pkgGoZeroSqlc, "CachedConn", "TransactCtx", 1),
	)
}
