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
// sqlx, gorm, ent, bun, go-redis, sync.Map), from the SQL text they run
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
// the record to), every field for *o = other, and whether it updates the
// record's row by naming columns; the package fact FieldWritesKnown marks
// a package the model read, whose functions without FieldWrites assign
// nothing.
// A check's summary also says how it answers "absent": with the zero
// record and no error (ZeroWhenAbsent, carried through wrappers that
// return such a helper's record), or, for a validator, with a nil error or
// an empty message (ErrWhenPresent). A call through an interface of the
// module takes the summary its in-module implementations share (those in
// the package and in the module's packages it imports); when they
// disagree or none has one, the method is classified by name only where
// the name is unambiguous. A command bus's dispatch (a context and one
// message of an empty interface type in, an error out) is classified by
// the message type's name (GetUserByEmail reads, RegisterUser inserts),
// since the handlers are found by reflection in a package the dispatcher
// does not import. SQL text is read from constants, concatenations,
// fmt.Sprintf with a constant format, prepared statements, and unexported
// struct fields every store into which is the same statement.
//
// Flags add names the tables cannot know: -exists, -insert and -claim take
// comma-separated qualified function names such as
// example.com/store.Store.HasKey or example.com/store.Reserve.
package dataaccess
