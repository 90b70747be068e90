package apis

// bob (github.com/stephenafamo/bob): a query is built by a dialect's
// starter with query mods as arguments, not by a method chain:
//
//	psql.Insert(im.Into("keys", "id"), im.Values(psql.Arg(id)), im.OnConflict("id").DoNothing())
//
// The model reads the mods like a builder chain's calls (Part); the query
// runs through bob.One/All/Cursor/Exec(ctx, exec, q) or its own Exec. The
// code bob generates from a schema is not modelled.

const pkgBob = "github.com/stephenafamo/bob"

func init() {
	register(
		sqlRow(pkgBob, "", "One", 2), sqlRow(pkgBob, "", "All", 2),
		sqlRow(pkgBob, "", "Cursor", 2), sqlRow(pkgBob, "", "Exec", 2),
		builtRow(pkgBob, "BaseQuery", "Exec", FromSQL),
	)
	// Conflict's DoNothing/DoUpdate and the dialects' From and lock chains
	// only carry a mod on.
	parts(pkgBob, nil, nil)
	parts(pkgBob+"/mods", nil, nil)
	for _, d := range []string{"psql", "mysql", "sqlite"} {
		dialect := pkgBob + "/dialect/" + d
		parts(dialect, []string{""}, map[string]Part{
			"Select": PartSelect, "Insert": PartInsert, "Update": PartUpdate, "Delete": PartDelete,
			"RawQuery": PartRaw,
		})
		parts(dialect+"/dialect", nil, nil)
		parts(dialect+"/sm", []string{""}, map[string]Part{
			"Columns": PartSelect, "From": PartFrom, "Where": PartWhere,
			"ForUpdate": PartLock, "ForNoKeyUpdate": PartLock,
		})
		parts(dialect+"/im", []string{""}, map[string]Part{
			"Into": PartInsert, "OnConflict": PartConflict, "Ignore": PartConflict,
		})
		parts(dialect+"/um", []string{""}, map[string]Part{"Table": PartUpdate, "Where": PartWhere})
		parts(dialect+"/dm", []string{""}, map[string]Part{"From": PartDelete, "Where": PartWhere})
	}
}
