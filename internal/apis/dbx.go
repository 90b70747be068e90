package apis

// pocketbase/dbx: a *DB or *Tx embeds the Builder interface that services
// (and pocketbase's app.DB()) hold. NewQuery(text) starts a *Query from
// SQL text with {:name} placeholders that Bind fills; Insert(table, cols),
// Update(table, cols, where) and Delete(table, where) build one; and
// Select(cols...).From(t).Where(dbx.HashExp{...}) builds a *SelectQuery.
// Execute runs the statement and returns (sql.Result, error); One, All,
// Row and Column read rows, One and Row failing with sql.ErrNoRows when
// none matches. Upsert and Model queries are not modelled.

const pkgDbx = "github.com/pocketbase/dbx"

func init() {
	register(
		builtRow(pkgDbx, "Query", "Execute", FromSQL),
		builtRow(pkgDbx, "Query", "One", FromSQL), builtRow(pkgDbx, "Query", "All", FromSQL),
		builtRow(pkgDbx, "Query", "Row", FromSQL), builtRow(pkgDbx, "Query", "Column", FromSQL),
		builtRow(pkgDbx, "SelectQuery", "One", FromSQL), builtRow(pkgDbx, "SelectQuery", "All", FromSQL),
		builtRow(pkgDbx, "SelectQuery", "Row", FromSQL), builtRow(pkgDbx, "SelectQuery", "Column", FromSQL),
		row(pkgDbx, "DB", "Begin", Begin), row(pkgDbx, "DB", "BeginTx", Begin),
		row(pkgDbx, "Tx", "Commit", Commit), row(pkgDbx, "Tx", "Rollback", Rollback),
		txFuncRow(pkgDbx, "DB", "Transactional", 0), txFuncRow(pkgDbx, "DB", "TransactionalContext", 2),
	)
	handles(HandlePool, pkgDbx, "DB")
	handles(HandleTx, pkgDbx, "Tx")
	parts(pkgDbx, []string{"DB", "Tx", "Builder", "BaseBuilder", "StandardBuilder", "PgsqlBuilder", "MysqlBuilder", "SqliteBuilder"}, map[string]Part{
		"NewQuery": PartRaw, "Select": PartSelect,
		"Insert": PartInsert, "Update": PartUpdate, "Delete": PartDelete,
	})
	parts(pkgDbx, []string{"SelectQuery"}, map[string]Part{"From": PartFrom, "Where": PartWhere, "AndWhere": PartWhere})
}
