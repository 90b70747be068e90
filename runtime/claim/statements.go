package claim

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// claimStatements are the statements of the claim batch, as sent: either
// names of statements prepared on the connection, or SQL text.
//
// Why names: on a replay the claim batch fails on purpose (requireClaimSQL),
// and pgx evicts every SQL text of a failed batch from its statement cache,
// so the next call on the connection would prepare them all again, one more
// round trip. pgx leaves explicitly prepared statements alone.
type claimStatements struct {
	setIsolation, setLockTimeout, gate, restoreLockTimeout, claim, requireClaim, begin, workSavepoint, claimSavepoint string
}

// statementVersion is part of every prepared statement name, so that a new
// release never runs a connection's statement prepared by an older one.
const statementVersion = "idemvet_v1_"

// newClaimStatements renders the statements of a Claimer. The lock timeout
// is a literal (our own formatted number), so that the statement can be the
// batch's first, which pgx sends without arguments.
func newClaimStatements(iso pgx.TxIsoLevel, lockTimeout time.Duration) claimStatements {
	s := claimStatements{
		setLockTimeout: strings.Replace(setLockTimeoutSQL, "$1",
			"'"+strconv.FormatInt(lockTimeout.Milliseconds(), 10)+"ms'", 1),
		gate:               gateSQL,
		restoreLockTimeout: restoreLockTimeoutSQL,
		claim:              claimSQL,
		requireClaim:       requireClaimSQL,
		begin:              "BEGIN",
		workSavepoint:      workSavepointSQL,
		claimSavepoint:     claimSavepointSQL,
	}
	if iso != "" {
		// transaction_isolation is reset at every transaction start, so this
		// session-level SET affects only the transaction it is sent in. SET
		// TRANSACTION would warn outside BEGIN.
		s.setIsolation = "SET transaction_isolation = '" + string(iso) + "'"
	}
	return s
}

// usesNamedStatements tells whether batches on connections in mode can use
// prepared statement names and need them: only the caching modes evict, and
// the simple protocol cannot execute a prepared statement from a batch.
func usesNamedStatements(mode pgx.QueryExecMode) bool {
	return mode == pgx.QueryExecModeCacheStatement || mode == pgx.QueryExecModeCacheDescribe
}

// on returns the statements to queue on conn, preparing them there on first
// use (pgx remembers prepared statements per connection, so later calls cost
// no round trip).
func (s claimStatements) on(ctx context.Context, conn *pgx.Conn, named bool) (claimStatements, error) {
	if !named {
		return s, nil
	}
	var err error
	prepare := func(sql string) string {
		if err != nil || sql == "" {
			return ""
		}
		name := statementVersion + fmt.Sprintf("%08x", fnv32(sql))
		if _, err = conn.Prepare(ctx, name, sql); err != nil {
			err = fmt.Errorf("claim: preparing statements: %w", err)
		}
		return name
	}
	out := claimStatements{
		setIsolation:       prepare(s.setIsolation),
		setLockTimeout:     prepare(s.setLockTimeout),
		gate:               prepare(s.gate),
		restoreLockTimeout: prepare(s.restoreLockTimeout),
		claim:              prepare(s.claim),
		requireClaim:       prepare(s.requireClaim),
		begin:              prepare(s.begin),
		workSavepoint:      prepare(s.workSavepoint),
		claimSavepoint:     prepare(s.claimSavepoint),
	}
	return out, err
}

// fnv32 names a statement after its text, so that two Claimers with
// different isolation levels never collide on one connection.
func fnv32(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}
