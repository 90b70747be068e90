// Package dataaccess defines the helper pass that every idemvet check
// builds on: a model of which calls in a package check for, read, insert,
// update or delete data, claim an idempotency key, control a transaction,
// take a lock or cause an external effect, and on which handle (an
// autocommit pool or db, or an open transaction) each one runs.
//
// # Analyzer dataaccess
//
// dataaccess: classify data-access calls and export wrapper facts
//
// The pass reports nothing. Its result lists the operations of the
// package's functions; checks look them up by SSA instruction. Calls are
// classified from the library tables in internal/apis (database/sql, pgx v5,
// sqlx, gorm, ent, bun, go-redis, redigo, rueidis, sync.Map), from the SQL
// text or the redis command they run
// (internal/sqlclass), from map lookups and updates, and from facts: a
// function whose body performs one kind of operation exports a Summary, so
// that a repository method in another package (ExistsByKey, Insert) counts
// as that operation at its call sites. A summary also says which
// parameter's record the body writes back (a status gate's state write,
// however deep) and whether running the body twice does more than running
// it once (an insert, an increment, an external effect; absolute writes
// do not). Summaries are computed bottom-up over the package's call graph.
// A second fact, FieldWrites, says which fields of a record parameter a
// function assigns (directly, in closures, or in the functions it hands
// the record to), every field for *o = other, whether it updates the
// record's row by naming columns, and the fields it updates the row with
// from a literal (xorm Update(&User{Password: h}) writes only those); the
// package fact FieldWritesKnown marks a package the model read, whose
// functions without FieldWrites assign nothing. A third, PredicateField,
// names the one field a record's predicate method tests (IsLocalUser:
// Issuer), read from the syntax of every package. A fourth, ModelTable,
// carries the constant a model's TableName returns, so that a raw query
// of "user_roles_v1" and a gorm Create(&role) of a UserRole are known to
// be on one table, by the model's name.
// A check's summary also says how it answers "absent": with the zero
// record and no error (ZeroWhenAbsent, carried through wrappers that
// return such a helper's record), or, for a validator, with a nil error or
// an empty message (ErrWhenPresent). A call through an interface of the
// module takes the summary its in-module implementations share (those in
// the package and in the module's packages it imports); when they
// disagree or none has one, the method is classified by name only where
// the name is unambiguous: ExistsByKey checks, CreateUser adds, AddUser
// and Register add on an interface of the module, and GetByEmail reads
// when it returns a record and an error (with a found bool between them
// or not), from the table its name says or, when it names none, the
// record type's; SaveUser(ctx, u) on a repository (an interface that also
// looks records up) writes the record back, or inserts it when handed a
// new record without its primary key (&User{Email: e}), GetOrderStatus returning a
// string reads a state, and GetPendingEmails returning a list of records
// reads rows picked by their state (SelectsByState). A command bus's dispatch (a context
// and one message of an empty interface type in, an error out) is
// classified by the message type's name (GetUserByEmail reads,
// RegisterUser inserts), since the handlers are found by reflection in a
// package the dispatcher does not import. SQL text is read from
// constants, concatenations, fmt.Sprintf with a constant format,
// strings.Replace of a marker (sqlc's IN (/*SLICE:ids*/?)), a merge of
// texts that run one statement on every path, prepared statements, and
// unexported struct fields every store into which is the same statement;
// text handed to a driver-shaped interface (sqlc's DBTX) is read at the
// call, before the module's wrappers that implement the interface (a
// traced replica forwards text it cannot see). Calls of tracing, metrics,
// logging and error-reporting libraries (OpenTelemetry, Prometheus, zap,
// Sentry) are no data access: a span's SetStatus is no status write. A generic helper that names its table by a parameter
// (a string concatenated into its SQL, or gorm's Model(table) on an
// interface parameter) takes the table from each caller's constant or
// model value (&User{}); an ORM chain reassigned under an if (query =
// query.Not(...)) is read from the part every arm shares; a key-value
// delete beside a database write (evicting the row's cache entry) does not
// hide the write's table, nor do the reads and stores of an in-process
// cache beside a database read (a lookup that fills an LRU after reading
// the row is a read: InProcess marks the cache's own wrappers). A summary
// also says when the body settles its
// record under a lock it takes and re-reads (Rechecks), and which
// parameter carries a gorm conflict clause its callers choose
// (ConflictParam: DO NOTHING claims, DO UPDATE overwrites), and which
// parameters of a check only leave rows out (ExcludeParams: WHERE id <>
// ?). An insert is keyed by what its record is built from, also when the
// record inserts itself (user = &User{...}; user.Insert()) and when its
// fields come from a static call's result (the provider's answer to a
// code).
//
// Calls of ent-generated code are classified by the builder's type and
// method name (UserQuery.Exist, UserCreate.Save, UserClient.Get); the
// bodies in ent's generated files ("// Code generated by ent, DO NOT
// EDIT.") are not built or summarised, as no caller needs their facts,
// while code written by hand in the same package is. A package that only
// imports net/http or sync (a handler's types, a mutex) is not modelled
// unless it calls a function of theirs the tables name (http.Post, a
// client's Do, sync.Map's Load).
//
// Flags add names the tables cannot know: -exists, -insert and -claim take
// comma-separated qualified function names such as
// example.com/store.Store.HasKey or example.com/store.Reserve.
package dataaccess
