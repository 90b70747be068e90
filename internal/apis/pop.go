package apis

// gobuffalo/pop v6: a *Connection (the database, or a transaction inside
// Transaction's callback) and the *Query its Where/RawQuery/Q return.
// First, Last and Find fail with an error wrapping sql.ErrNoRows when no
// row matches; All fills a slice, empty when none does; Exists returns a
// bool and Count an int. Save inserts a model whose ID is zero and updates
// one whose ID is set, as gorm's does.

const pkgPop = "github.com/gobuffalo/pop/v6"

func init() {
	register(
		row(pkgPop, "*", "First", Read), row(pkgPop, "*", "Last", Read),
		row(pkgPop, "*", "Find", Read), row(pkgPop, "*", "All", Read),
		row(pkgPop, "Query", "Exists", Exists), row(pkgPop, "*", "Count", Exists),
		row(pkgPop, "Connection", "Create", Insert), row(pkgPop, "Connection", "ValidateAndCreate", Insert),
		row(pkgPop, "Connection", "Save", Insert), row(pkgPop, "Connection", "ValidateAndSave", Insert),
		row(pkgPop, "Connection", "Update", Update), row(pkgPop, "Connection", "ValidateAndUpdate", Update),
		row(pkgPop, "Connection", "UpdateColumns", Update), row(pkgPop, "Query", "UpdateQuery", Update),
		row(pkgPop, "Connection", "Destroy", Delete), row(pkgPop, "Query", "Delete", Delete),
		builtRow(pkgPop, "Query", "Exec", FromSQL), builtRow(pkgPop, "Query", "ExecWithCount", FromSQL),
		txFuncRow(pkgPop, "Connection", "Transaction", 0),
		row(pkgPop, "Connection", "NewTransaction", Begin), row(pkgPop, "Connection", "NewTransactionContext", Begin),
	)
	parts(pkgPop, []string{"Connection", "Query"}, map[string]Part{"RawQuery": PartRaw})
}

// SaveUpserts reports whether pkg's Save method updates a record whose
// primary key is set instead of inserting it: gorm (v1, v2) and pop.
func SaveUpserts(pkg string) bool { return IsGorm(pkg) || pkg == pkgPop }
