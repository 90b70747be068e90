// Package apis holds the tables that tell the idemvet model which calls of
// which data-access libraries are existence checks, reads, writes, claims,
// transaction control or external effects. Supporting a new library means
// adding rows here (and a fixture), not touching the checks.
package apis

// Kind is what one call does to the data it touches.
type Kind int

const (
	None Kind = iota
	// FromSQL: the kind comes from classifying the call's SQL argument.
	FromSQL
	// Exists probes for a row or key and yields a found/absent outcome
	// (EXISTS/count queries, redis Exists, sync.Map Load, ent Exist).
	Exists
	// Read loads a row or value; absence shows as an error (ErrNoRows,
	// gorm.ErrRecordNotFound, redis.Nil) or a nil/zero result.
	Read
	// Insert creates a row or key unconditionally.
	Insert
	// CondInsert creates a row or key only if it is absent, atomically
	// (INSERT ... ON CONFLICT, SETNX, LoadOrStore, upserts).
	CondInsert
	// Update and Delete modify existing data.
	Update
	Delete
	// Claim is an idempotency claim whose body is not visible (Claim,
	// TryClaim, Reserve): assumed atomic, and a write of the key.
	Claim
	// Begin starts a transaction; Commit and Rollback end one.
	Begin
	Commit
	Rollback
	// Lock takes a lock that serialises the check with the write
	// (SELECT ... FOR UPDATE, advisory xact locks, LOCK TABLE).
	Lock
	// Effect is an external side effect: an HTTP request, a published
	// message, an e-mail.
	Effect
	// Schema changes the database schema (CREATE TABLE, gorm AutoMigrate):
	// code that runs it is a migration or a store bootstrapping its tables
	// before serving, which no concurrent caller reaches.
	Schema
	// FindOrCreate looks a row up and inserts it when none is found, in two
	// statements behind one call (gorm FirstOrCreate): a check and an
	// insert that two callers can both pass. It is neither a check nor a
	// write for the other checks; checkthenact judges it whole.
	FindOrCreate
	// FromCommand: the kind comes from the redis command the call sends,
	// named at the row's CommandArg: a string followed by the command's
	// words (redigo Do("SET", key, v, "NX")), a variadic list of the
	// words (go-redis Do(ctx, "SET", key, v)), or a command built by a
	// chain of builder calls (rueidis B().Set().Key(k).Value(v).Nx().Build()).
	FromCommand
)

var kindNames = [...]string{"none", "sql", "exists", "read", "insert", "conditional insert", "update", "delete", "claim", "begin", "commit", "rollback", "lock", "effect", "schema", "find or create", "redis command"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// IsCheck reports whether k yields a present/absent outcome.
func (k Kind) IsCheck() bool { return k == Exists || k == Read }

// IsWrite reports whether k changes stored data.
func (k Kind) IsWrite() bool {
	switch k {
	case Insert, CondInsert, Update, Delete, Claim:
		return true
	}
	return false
}

// IsAtomicInsert reports whether k creates data only when it is absent.
func (k Kind) IsAtomicInsert() bool { return k == CondInsert || k == Claim }
