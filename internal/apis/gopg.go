package apis

// go-pg v10 (github.com/go-pg/pg/v10): db.Model(&x) returns an orm.Query
// whose Select/First fail with pg.ErrNoRows when nothing matches, Exists
// returns a bool and Count an int; Insert is conditional when the chain
// has OnConflict("... DO NOTHING"/"DO UPDATE"), which the model reads
// from the chain like bun's On. Raw SQL goes through Exec, Query and
// QueryOne on the DB (its methods are declared on the embedded baseDB)
// or a Tx.

const (
	pkgGoPg    = "github.com/go-pg/pg/v10"
	pkgGoPgORM = "github.com/go-pg/pg/v10/orm"
)

func init() {
	register(
		row(pkgGoPgORM, "Query", "Select", Read), row(pkgGoPgORM, "Query", "First", Read),
		row(pkgGoPgORM, "Query", "Last", Read), row(pkgGoPgORM, "Query", "SelectAndCount", Read),
		row(pkgGoPgORM, "Query", "Exists", Exists), row(pkgGoPgORM, "Query", "Count", Exists),
		row(pkgGoPgORM, "Query", "Insert", Insert), row(pkgGoPgORM, "Query", "Update", Update),
		row(pkgGoPgORM, "Query", "UpdateNotZero", Update), row(pkgGoPgORM, "Query", "Delete", Delete),
		row(pkgGoPgORM, "Query", "CreateTable", Schema),
	)
	for _, recv := range []string{"baseDB", "Tx"} {
		register(
			sqlRow(pkgGoPg, recv, "Exec", 0), sqlRow(pkgGoPg, recv, "ExecContext", 1),
			sqlRow(pkgGoPg, recv, "ExecOne", 0), sqlRow(pkgGoPg, recv, "ExecOneContext", 1),
			sqlRow(pkgGoPg, recv, "Query", 1), sqlRow(pkgGoPg, recv, "QueryContext", 2),
			sqlRow(pkgGoPg, recv, "QueryOne", 1), sqlRow(pkgGoPg, recv, "QueryOneContext", 2),
			txFuncRow(pkgGoPg, recv, "RunInTransaction", 1),
		)
	}
	register(
		row(pkgGoPg, "baseDB", "Begin", Begin), row(pkgGoPg, "baseDB", "BeginContext", Begin),
		row(pkgGoPg, "Tx", "Commit", Commit), row(pkgGoPg, "Tx", "CommitContext", Commit),
		row(pkgGoPg, "Tx", "Rollback", Rollback), row(pkgGoPg, "Tx", "RollbackContext", Rollback),
	)
	handles(HandlePool, pkgGoPg, "DB", "Conn", "baseDB") // baseDB: the DB and Conn methods are declared on it
	handles(HandleTx, pkgGoPg, "Tx")
}
