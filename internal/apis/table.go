package apis

// Method is one row of a library table: a function or method and what a
// call to it does.
type Method struct {
	Pkg  string // import path of the declaring package
	Recv string // receiver type name without '*'; "" for a package function
	Name string // function or method name
	Kind Kind
	// SQLArg is the index (receiver excluded) of the SQL text argument when
	// Kind is FromSQL; KeyArg the index of a key argument (redis, claims).
	// Both are -1 when absent.
	SQLArg int
	KeyArg int
	// TxFuncArg is the index of a func argument whose first non-context
	// parameter is a transaction handle (gorm Transaction, pgx.BeginFunc,
	// bun RunInTx), or -1.
	TxFuncArg int
	// CommandArg is the index of the redis command a FromCommand call
	// sends (see FromCommand), or -1.
	CommandArg int
}

// HandleKind tells whether a database handle runs statements in
// autocommit mode or inside an open transaction.
type HandleKind int

const (
	HandleUnknown HandleKind = iota
	HandlePool               // each statement commits on its own
	HandleTx                 // statements join an open transaction
)

func (h HandleKind) String() string {
	switch h {
	case HandlePool:
		return "pool"
	case HandleTx:
		return "tx"
	}
	return "unknown"
}

// Lookup finds the row for a callee. recv is the receiver's named type
// name ("" for functions). Rows with Recv "*" match any receiver in Pkg.
func Lookup(pkg, recv, name string) (Method, bool) {
	for _, p := range []string{pkg, canonical(pkg)} {
		if m, ok := index[lookupKey{p, recv, name}]; ok {
			return m, true
		}
		if recv != "" {
			if m, ok := index[lookupKey{p, "*", name}]; ok {
				return m, true
			}
		}
	}
	return Method{}, false
}

// KnownPackage reports whether a package path is one whose API the tables
// describe; the checks use it for their fast path.
func KnownPackage(path string) bool { return knownPkgs[canonical(path)] }

// KnownByCall reports whether a package the tables know is evidence of
// data access only where the code calls one of its rows. Nearly every
// service package imports net/http (for its handlers' types) or sync (for
// a mutex), while the tables know only their clients' requests (an
// effect) and sync.Map: importing them says nothing about what the
// package does. The other packages the tables know are imported to reach
// a store, a queue or a provider.
func KnownByCall(path string) bool { return byCallPkgs[path] }

var byCallPkgs = map[string]bool{"net/http": true, "sync": true}

type lookupKey struct{ pkg, recv, name string }

var (
	index     = make(map[lookupKey]Method, 2560)
	knownPkgs = make(map[string]bool, 320)
)

func register(rows ...Method) {
	for _, r := range rows {
		index[lookupKey{r.Pkg, r.Recv, r.Name}] = r
		knownPkgs[r.Pkg] = true
	}
}

// row builds a Method with no SQL, key or tx-func argument.
func row(pkg, recv, name string, kind Kind) Method {
	return Method{Pkg: pkg, Recv: recv, Name: name, Kind: kind, SQLArg: -1, KeyArg: -1, TxFuncArg: -1, CommandArg: -1}
}

// sqlRow is a call whose kind comes from the SQL text at argument sqlArg.
func sqlRow(pkg, recv, name string, sqlArg int) Method {
	m := row(pkg, recv, name, FromSQL)
	m.SQLArg = sqlArg
	return m
}

// PreparedSQL is the SQLArg of a call on a prepared statement: its SQL
// text is the one the statement was prepared with (db.Prepare(text)).
const PreparedSQL = -2

// preparedRow is a call on a prepared statement, whose kind comes from
// the SQL text it was prepared with.
func preparedRow(pkg, recv, name string) Method {
	m := row(pkg, recv, name, FromSQL)
	m.SQLArg = PreparedSQL
	return m
}

// keyRow is a call on a key-value store whose key is argument keyArg.
func keyRow(pkg, recv, name string, kind Kind, keyArg int) Method {
	m := row(pkg, recv, name, kind)
	m.KeyArg = keyArg
	return m
}

// txFuncRow is a call that runs a func argument inside a transaction.
func txFuncRow(pkg, recv, name string, fnArg int) Method {
	m := row(pkg, recv, name, Begin)
	m.TxFuncArg = fnArg
	return m
}

// HandleOf tells whether values of the named type pkg.name run statements
// in autocommit mode or inside a transaction. Types that can be either
// (*gorm.DB, sqlc's DBTX) are not listed: their kind comes from where the
// value was made.
func HandleOf(pkg, name string) HandleKind { return handleTypes[lookupKey{canonical(pkg), name, ""}] }

var handleTypes = map[lookupKey]HandleKind{}

func handles(kind HandleKind, pkg string, names ...string) {
	for _, n := range names {
		handleTypes[lookupKey{pkg, n, ""}] = kind
	}
}
