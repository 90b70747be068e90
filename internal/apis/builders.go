package apis

// Query builders: squirrel and goqu build the SQL text from a chain of
// method calls instead of taking it as a string. Each builder method adds
// one part of the statement (Part); the terminal call (QueryRow, Exec,
// ScanStruct) or ToSql/ToSQL turns the chain into SQL, which the model
// rebuilds from the parts and classifies like any other SQL text.

const (
	pkgSquirrel = "github.com/Masterminds/squirrel"
	pkgGoqu     = "github.com/doug-martin/goqu/v9"
	pkgGoquExec = "github.com/doug-martin/goqu/v9/exec"
)

// BuiltSQL is the SQLArg of a call whose SQL text is built by the chain
// of builder calls its receiver comes from (sq.Select(...).From("t")...).
const BuiltSQL = -3

// builtRow is a builder's terminal call. kind is FromSQL when the rebuilt
// statement decides it, or a fixed kind (goqu Count) whose table comes
// from the chain.
func builtRow(pkg, recv, name string, kind Kind) Method {
	m := row(pkg, recv, name, kind)
	m.SQLArg = BuiltSQL
	return m
}

// Part is what one builder method adds to the statement its chain builds.
type Part int

const (
	PartNone     Part = iota
	PartSelect        // the select list: sq.Select("1"), goqu Select(...)
	PartFrom          // the table read: From("users")
	PartInsert        // the table inserted into: Insert("t"), Into("t")
	PartUpdate        // the table updated: Update("t")
	PartDelete        // the table deleted from: Delete("t")
	PartWhere         // a condition: Where("status = ?", s)
	PartPrefix        // literal SQL before the statement: Prefix("WITH ...")
	PartSuffix        // literal SQL after it: Suffix("ON CONFLICT DO NOTHING")
	PartRaw           // the whole statement: xorm SQL(q), pop RawQuery(q)
	PartConflict      // ON CONFLICT of either kind: goqu OnConflict(goqu.DoNothing())
	PartLock          // FOR UPDATE: goqu ForUpdate(exp.Wait)
	PartTable         // a function that names a table: goqu.T("users")
)

// BuilderPart returns what the builder method pkg.recv.name adds to the
// statement its chain builds (recv "" for package functions).
func BuilderPart(pkg, recv, name string) Part {
	return builderParts[lookupKey{canonical(pkg), recv, name}]
}

// IsBuilderPkg reports whether path is a package whose calls build SQL.
func IsBuilderPkg(path string) bool { return builderPkgs[canonical(path)] }

var (
	builderParts = map[lookupKey]Part{}
	builderPkgs  = map[string]bool{}
)

// parts records what the builder methods recv.name of pkg add; a package
// of builders is one the tables describe, for the fast path too.
func parts(pkg string, recvs []string, byName map[string]Part) {
	builderPkgs[pkg] = true
	knownPkgs[pkg] = true
	for _, recv := range recvs {
		for name, p := range byName {
			builderParts[lookupKey{pkg, recv, name}] = p
		}
	}
}

func init() {
	// squirrel: package functions and StatementBuilderType start a chain;
	// RunWith names the handle the terminal call runs on.
	parts(pkgSquirrel, []string{"", "StatementBuilderType"}, map[string]Part{
		"Select": PartSelect, "Insert": PartInsert, "Replace": PartInsert,
		"Update": PartUpdate, "Delete": PartDelete,
	})
	parts(pkgSquirrel, []string{"SelectBuilder", "InsertBuilder", "UpdateBuilder", "DeleteBuilder"}, map[string]Part{
		"From": PartFrom, "Into": PartInsert, "Table": PartUpdate,
		"Where": PartWhere, "Prefix": PartPrefix, "Suffix": PartSuffix,
	})
	parts(pkgSquirrel, []string{"SelectBuilder"}, map[string]Part{"Columns": PartSelect})
	for _, recv := range []string{"SelectBuilder", "InsertBuilder", "UpdateBuilder", "DeleteBuilder"} {
		for _, name := range []string{"Exec", "ExecContext", "Query", "QueryContext", "QueryRow", "QueryRowContext", "Scan", "ScanContext"} {
			register(builtRow(pkgSquirrel, recv, name, FromSQL))
		}
	}

	// goqu: goqu.From/Insert/..., a Dialect's and a Database's methods start
	// a chain; a dataset's Executor() runs it.
	parts(pkgGoqu, []string{"", "DialectWrapper", "Database", "TxDatabase"}, map[string]Part{
		"From": PartFrom, "Select": PartSelect, "Insert": PartInsert,
		"Update": PartUpdate, "Delete": PartDelete,
	})
	parts(pkgGoqu, []string{""}, map[string]Part{"T": PartTable})
	parts(pkgGoqu, []string{"SelectDataset", "InsertDataset", "UpdateDataset", "DeleteDataset"}, map[string]Part{
		"From": PartFrom, "Select": PartSelect, "Into": PartInsert, "Table": PartUpdate,
		"Where": PartWhere, "ForUpdate": PartLock, "ForNoKeyUpdate": PartLock,
		"OnConflict": PartConflict,
	})
	parts(pkgGoquExec, nil, nil)
	handles(HandlePool, pkgGoqu, "Database")
	handles(HandleTx, pkgGoqu, "TxDatabase")
	for _, name := range []string{"ScanStruct", "ScanStructContext", "ScanVal", "ScanValContext", "ScanStructs", "ScanStructsContext", "ScanVals", "ScanValsContext"} {
		register(builtRow(pkgGoqu, "SelectDataset", name, FromSQL), builtRow(pkgGoquExec, "QueryExecutor", name, FromSQL))
	}
	for _, name := range []string{"Exec", "ExecContext", "Query", "QueryContext"} {
		register(builtRow(pkgGoquExec, "QueryExecutor", name, FromSQL))
	}
	register(builtRow(pkgGoqu, "SelectDataset", "Count", Exists), builtRow(pkgGoqu, "SelectDataset", "CountContext", Exists))
	for _, recv := range []string{"Database", "TxDatabase"} {
		register(
			sqlRow(pkgGoqu, recv, "Exec", 0), sqlRow(pkgGoqu, recv, "ExecContext", 1),
			sqlRow(pkgGoqu, recv, "ScanStruct", 1), sqlRow(pkgGoqu, recv, "ScanStructContext", 2),
			sqlRow(pkgGoqu, recv, "ScanVal", 1), sqlRow(pkgGoqu, recv, "ScanValContext", 2),
			sqlRow(pkgGoqu, recv, "QueryRow", 0), sqlRow(pkgGoqu, recv, "QueryRowContext", 1),
		)
	}
	register(
		row(pkgGoqu, "Database", "Begin", Begin), row(pkgGoqu, "Database", "BeginTx", Begin),
		txFuncRow(pkgGoqu, "Database", "WithTx", 0),
		row(pkgGoqu, "TxDatabase", "Commit", Commit), row(pkgGoqu, "TxDatabase", "Rollback", Rollback),
	)
}
