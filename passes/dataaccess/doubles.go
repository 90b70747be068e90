package dataaccess

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/sqlclass"
)

// A message handler runs once per delivery, and brokers deliver again.
// Of the writes NonIdempotent names, some leave the data as one run would
// when they run twice with the same input (an insert keyed by the
// message's id fails or does nothing the second time); these do not: the
// second run adds to the first.

// DoublesWrite reports whether running op a second time with the same
// input writes a second time: an update that adds to what the row holds
// (SET n = n + $1, gorm.Expr, xorm Incr, an upsert's DO UPDATE SET n =
// t.n + EXCLUDED.n) and is not guarded by a state test, a key-value increment or push (INCR, HINCRBY, LPUSH), an insert
// whose key is new on every run (a uuid minted in the function, an ORM
// Create of a record whose key is left to the database, a SQL INSERT that
// names no key column) and that does not log runs (delivery attempts, job
// runs, audit trails), or a call of a function that does one of those.
// External effects are not writes and do not count.
func DoublesWrite(op *Op) bool {
	switch {
	case op.Summary != nil:
		return op.Summary.DoublesWrite
	case inMemory(op):
		return false
	case op.Resource.Key != nil:
		return op.Kind == apis.Update
	case op.Kind == apis.Insert:
		return MintsKey(op) && !recordsRuns(op.Resource.Table)
	case op.Kind == apis.CondInsert && op.SQL != nil && op.SQL.Relative:
		return true // ON CONFLICT DO UPDATE SET n = t.n + EXCLUDED.n adds again
	}
	return op.Kind == apis.Update && !redoneAsNoop(op) && relativeUpdate(op)
}

// redoneAsNoop reports whether an update's second run changes no row: its
// WHERE tests a column its SET assigns (SET version = version + 1 WHERE
// version = $3; SET status = 'done' WHERE status = 'pending'). A WHERE
// that tests a column the update leaves alone (sku = $1, status =
// 'active') matches again. Without SQL text, the state guard stands.
func redoneAsNoop(op *Op) bool {
	if op.SQL != nil {
		return op.SQL.Transition
	}
	if col := updatedColumn(op); col != "" && op.Condition != "" {
		// gorm's Where("metric = ? AND period = ?").Update("quantity", ...):
		// the condition is SQL, the column the update sets is named.
		return sqlclass.Classify("UPDATE t SET " + col + " = 1 WHERE " + op.Condition).Transition
	}
	return op.StateGuard
}

// updatedColumn returns the one column an ORM update names as a constant
// (gorm's and bun's Update("quantity", v), UpdateColumn), or "".
func updatedColumn(op *Op) string {
	c := op.Call()
	if c == nil || op.Callee == nil {
		return ""
	}
	switch op.Callee.Name() {
	case "Update", "UpdateColumn":
	default:
		return ""
	}
	if col, ok := sqlText(arg(c, 0)); ok && !strings.ContainsAny(col, " =,") {
		return col
	}
	return ""
}

// MintsKey reports whether a plain insert gives its row a key no earlier
// run gave, unless it stores every column of a declared unique key with
// values it did not mint: one of its inputs is minted (uuid.New, ulid.Make), its SQL
// names columns but no key column, it stores no unique key of a table the
// schema declares, or it creates a record built in place whose key it
// never sets.
func MintsKey(op *Op) bool {
	if op.StoredKey.SameOnRerun() {
		return false // the second run's row clashes on a declared unique key
	}
	if MintedInput(op) != nil || op.UnkeyedInsert {
		return true
	}
	if op.SQL != nil {
		return op.SQL.InsertColumns != "" && !namesKeyColumn(op.SQL.InsertColumns)
	}
	c := op.Call()
	return c != nil && op.Callee != nil && isNewRecord(arg(c, 0), op.Callee.Name())
}

// namesKeyColumn reports whether a column list names the row's own key.
func namesKeyColumn(cols string) bool {
	for _, c := range strings.Split(cols, ",") {
		if c == "id" || c == "uuid" || c == "key" {
			return true
		}
	}
	return false
}

// MintedInput returns an input of op that is a fresh unique value (see
// apis.MintsUnique), or one formatted from it (uuid.New().String()), or
// nil.
func MintedInput(op *Op) ssa.Value {
	for _, in := range op.Inputs() {
		if minted(in, 0) {
			return in
		}
	}
	return nil
}

func minted(v ssa.Value, depth int) bool {
	call, ok := Unwrap(v).(*ssa.Call)
	if !ok || depth > 2 {
		return false
	}
	f := callee(&call.Call)
	if apis.MintOf(f) == apis.MintsUnique || mintsByName(f) {
		return true
	}
	recv := receiver(&call.Call)
	return recv != nil && minted(recv, depth+1)
}

// mintsByName reports whether f is a function of the program named for
// making a new id (id.NewULID(), NewRandomULID, GenerateID, NewUUID) that
// takes nothing to make it from: its body is in a package the analysis
// may not see.
func mintsByName(f *types.Func) bool {
	if f == nil || f.Pkg() == nil || apis.KnownPackage(f.Pkg().Path()) {
		return false
	}
	sig := f.Type().(*types.Signature)
	if sig.Recv() != nil || sig.Params().Len() > 0 || sig.Results().Len() == 0 {
		return false
	}
	name := f.Name()
	if !strings.HasPrefix(name, "New") && !strings.HasPrefix(name, "Generate") {
		return false
	}
	for _, suffix := range []string{"ID", "Id", "ULID", "Ulid", "UUID", "Uuid"} {
		if strings.HasSuffix(name, suffix) {
			return true
		}
	}
	return false
}

// runTables end the normalized names of tables that record each run of
// the code (a job's run, a delivery attempt, an audit trail): a second run
// is meant to add a second row.
var runTables = []string{"attempt", "history", "job", "jobrun", "execution", "audit", "auditlog",
	"activitylog", "eventlog", "accesslog", "requestlog", "deliverylog"}

// recordsRuns reports whether a normalized table name is such a log.
func recordsRuns(table string) bool {
	if table == "log" {
		return true
	}
	for _, s := range runTables {
		if strings.HasSuffix(table, s) {
			return true
		}
	}
	return false
}
