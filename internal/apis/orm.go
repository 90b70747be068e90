package apis

// Row tables for ORMs and query builders: gorm and bun. Their calls chain
// builder methods; the terminal call decides the kind, and the model pass
// reads modifiers (gorm Clauses, bun On/Ignore/For) from the chain.

const (
	pkgGorm       = "gorm.io/gorm"
	pkgGormClause = "gorm.io/gorm/clause"
	pkgGormV1     = "github.com/jinzhu/gorm"
	pkgBun        = "github.com/uptrace/bun"
)

// IsGorm reports whether path is gorm v2's or v1's package.
func IsGorm(path string) bool { return path == pkgGorm || path == pkgGormV1 }

// HasGormClauses reports whether path is gorm v2's package, whose
// Clauses take clause.OnConflict; v1 has no clause package.
func HasGormClauses(path string) bool { return path == pkgGorm }

// GormClausePkg is the import path of gorm's clause package, whose
// OnConflict and Locking values make a chain atomic or locking.
const GormClausePkg = pkgGormClause

func init() {
	// gorm v2 and its predecessor github.com/jinzhu/gorm (v1) share the
	// chainable *DB API and its meaning.
	for _, pkg := range []string{pkgGorm, pkgGormV1} {
		register(
			row(pkg, "DB", "First", Read), row(pkg, "DB", "Take", Read),
			row(pkg, "DB", "Last", Read), row(pkg, "DB", "Find", Read),
			row(pkg, "DB", "Count", Exists),
			row(pkg, "DB", "Create", Insert), row(pkg, "DB", "CreateInBatches", Insert),
			row(pkg, "DB", "Save", Insert),
			row(pkg, "DB", "Update", Update), row(pkg, "DB", "Updates", Update),
			row(pkg, "DB", "UpdateColumn", Update), row(pkg, "DB", "UpdateColumns", Update),
			row(pkg, "DB", "Delete", Delete),
			sqlRow(pkg, "DB", "Exec", 0), sqlRow(pkg, "DB", "Raw", 0),
			row(pkg, "DB", "Begin", Begin),
			row(pkg, "DB", "Commit", Commit), row(pkg, "DB", "Rollback", Rollback),
			txFuncRow(pkg, "DB", "Transaction", 0),
			row(pkg, "DB", "AutoMigrate", Schema),
			row(pkg, "DB", "FirstOrCreate", FindOrCreate),
			// FirstOrInit fills the record from its conditions when no row
			// matches, without inserting and without an error: a read
			// whose "absent" is the zero primary key.
			row(pkg, "DB", "FirstOrInit", Read),
			// Rows runs the chain's SELECT and hands back its rows, which
			// the caller counts or scans in a loop.
			row(pkg, "DB", "Rows", Read),
		)
	}

	handles(HandlePool, pkgBun, "DB", "Conn")
	handles(HandleTx, pkgBun, "Tx")
	register(
		row(pkgBun, "SelectQuery", "Exists", Exists), row(pkgBun, "SelectQuery", "Count", Exists),
		row(pkgBun, "SelectQuery", "Scan", Read), row(pkgBun, "SelectQuery", "ScanAndCount", Read),
		row(pkgBun, "InsertQuery", "Exec", Insert), row(pkgBun, "InsertQuery", "Scan", Insert),
		row(pkgBun, "UpdateQuery", "Exec", Update), row(pkgBun, "UpdateQuery", "Scan", Update),
		row(pkgBun, "DeleteQuery", "Exec", Delete), row(pkgBun, "DeleteQuery", "Scan", Delete),
		sqlRow(pkgBun, "DB", "NewRaw", 0), sqlRow(pkgBun, "Tx", "NewRaw", 0),
		sqlRow(pkgBun, "Tx", "ExecContext", 1), sqlRow(pkgBun, "Tx", "QueryContext", 1),
		sqlRow(pkgBun, "Tx", "QueryRowContext", 1),
		row(pkgBun, "DB", "Begin", Begin), row(pkgBun, "DB", "BeginTx", Begin),
		row(pkgBun, "Tx", "Commit", Commit), row(pkgBun, "Tx", "Rollback", Rollback),
		txFuncRow(pkgBun, "DB", "RunInTx", 2),
		// bun.IDB is the interface services keep in their stores (a DB,
		// a Conn or a Tx behind one field).
		txFuncRow(pkgBun, "IDB", "RunInTx", 2), txFuncRow(pkgBun, "Conn", "RunInTx", 2),
		row(pkgBun, "IDB", "BeginTx", Begin), row(pkgBun, "Conn", "BeginTx", Begin),
		row(pkgBun, "CreateTableQuery", "Exec", Schema), row(pkgBun, "CreateIndexQuery", "Exec", Schema),
	)
}

// Ent describes a call on ent-generated code, which lives in the user's
// own module: builders named <Entity>Query, <Entity>Create, ... It returns
// the kind and the entity name, or ok=false.
func Ent(recvType, method string) (kind Kind, entity string, ok bool) {
	if recvType == "Tx" { // the generated transaction type
		switch method {
		case "Commit":
			return Commit, "", true
		case "Rollback":
			return Rollback, "", true
		}
	}
	for _, s := range entSuffixes {
		if len(recvType) <= len(s.suffix) || recvType[len(recvType)-len(s.suffix):] != s.suffix {
			continue
		}
		for _, m := range s.methods {
			if m == method {
				return s.kind, recvType[:len(recvType)-len(s.suffix)], true
			}
		}
	}
	return None, "", false
}

// Longer suffixes first: "UpsertOne" must win over "One"-less matches and
// "CreateBulk" over "Create".
var entSuffixes = []struct {
	suffix  string
	kind    Kind
	methods []string
}{
	{"UpsertOne", CondInsert, []string{"Exec", "ExecX", "ID", "IDX"}},
	{"UpsertBulk", CondInsert, []string{"Exec", "ExecX"}},
	{"CreateBulk", Insert, []string{"Save", "SaveX", "Exec", "ExecX"}},
	{"Create", Insert, []string{"Save", "SaveX", "Exec", "ExecX"}},
	{"UpdateOne", Update, []string{"Save", "SaveX", "Exec", "ExecX"}},
	{"Update", Update, []string{"Save", "SaveX", "Exec", "ExecX"}},
	{"DeleteOne", Delete, []string{"Exec", "ExecX"}},
	{"Delete", Delete, []string{"Exec", "ExecX"}},
	{"Query", Exists, []string{"Exist", "ExistX", "Count", "CountX"}},
	{"Query", Read, []string{"Only", "OnlyX", "First", "FirstX", "OnlyID", "OnlyIDX", "FirstID", "FirstIDX"}},
	// The entity client's Get(ctx, id) is Query().Where(ID).Only(ctx).
	{"Client", Read, []string{"Get", "GetX"}},
}

// EntPkg is the import path whose presence marks a package as ent code.
const EntPkg = "entgo.io/ent"
