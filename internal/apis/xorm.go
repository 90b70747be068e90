package apis

// xorm (xorm.io/xorm): an Engine (or EngineGroup, which embeds it) and the
// Sessions its chain methods return. Get and Exist return (has bool, err),
// Count an int64; Insert is unconditional (xorm has no conflict clause:
// ON CONFLICT comes only through raw SQL). Raw SQL goes through Exec and
// Query with the text as the first of the variadic sqlOrArgs, or through
// SQL(text) followed by Get/Find, which the model reads from the chain.

const pkgXorm = "xorm.io/xorm"

func init() {
	// Rows on any receiver in the package: *Engine, *Session and the
	// Interface/EngineInterface interfaces services hold them by.
	register(
		row(pkgXorm, "*", "Get", Exists), row(pkgXorm, "*", "Exist", Exists),
		row(pkgXorm, "*", "Count", Exists),
		row(pkgXorm, "*", "Find", Read),
		row(pkgXorm, "*", "Insert", Insert), row(pkgXorm, "*", "InsertOne", Insert),
		row(pkgXorm, "*", "InsertMulti", Insert),
		row(pkgXorm, "*", "Update", Update), row(pkgXorm, "*", "Delete", Delete),
		sqlRow(pkgXorm, "*", "Exec", 0), sqlRow(pkgXorm, "*", "Query", 0),
		sqlRow(pkgXorm, "*", "QueryString", 0), sqlRow(pkgXorm, "*", "QueryInterface", 0),
		row(pkgXorm, "Session", "Begin", Begin),
		row(pkgXorm, "Session", "Commit", Commit), row(pkgXorm, "Session", "Rollback", Rollback),
		txFuncRow(pkgXorm, "Engine", "Transaction", 0),
		row(pkgXorm, "*", "Sync", Schema), row(pkgXorm, "*", "Sync2", Schema),
		row(pkgXorm, "*", "CreateTables", Schema),
	)
	handles(HandlePool, pkgXorm, "Engine", "EngineGroup")
	parts(pkgXorm, []string{"Engine", "Session"}, map[string]Part{"SQL": PartRaw})
}
