package claimtx

import (
	"strings"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// isClaim reports whether op records an idempotency claim: an insert into
// a key, dedup, processed-event or inbox table, a wrapper of one (known by
// its fact), a claim-named call whose body is not visible, or a redis
// SETNX.
func isClaim(op *dataaccess.Op) bool {
	if isRedisClaim(op) {
		return true
	}
	if s := op.Summary; s != nil {
		// A wrapper claims when it inserts the key; one that deletes or
		// updates claim rows (a sweeper, an outcome store) does not.
		switch {
		case !s.Claim:
			return false
		case s.Kind == apis.Claim || s.Kind == apis.CondInsert:
			return true
		case s.Kind == apis.Insert:
			return unambiguousClaimTable(s.Table) || op.Callee != nil && apis.IsClaimName(op.Callee.Name())
		}
		return false
	}
	switch op.Kind {
	case apis.Claim:
		return true
	case apis.Insert, apis.CondInsert:
		if op.Resource.Key != nil || op.Call() == nil {
			return false // a map or key-value write
		}
		if op.Callee != nil && apis.IsClaimName(op.Callee.Name()) {
			return true // MarkProcessed on a repository interface
		}
		return isClaimTable(op, op.Kind == apis.CondInsert)
	}
	return false
}

// isClaimTable reports whether op writes a table that stores claims.
// Names that can also mean business data (a user's inbox, insurance
// claims, seen_notifications) count only for a conditional insert, the
// shape of a claim; idempotency, dedup and processed-marker tables count
// for any insert, whose unique violation is then the duplicate.
func isClaimTable(op *dataaccess.Op, conditional bool) bool {
	names := []string{op.Resource.Table}
	if op.SQL != nil {
		names = append(names, op.SQL.Table)
	}
	for _, t := range names {
		if t == "" || !apis.IsClaimTable(t) {
			continue
		}
		if conditional || unambiguousClaimTable(t) {
			return true
		}
	}
	return false
}

func unambiguousClaimTable(t string) bool {
	t = strings.ToLower(t)
	return strings.Contains(t, "idempoten") || strings.Contains(t, "dedup") || strings.Contains(t, "processed")
}

// isRedisClaim reports whether op is a go-redis SETNX or HSETNX.
func isRedisClaim(op *dataaccess.Op) bool {
	if op.Callee == nil || op.Callee.Pkg() == nil || !apis.IsRedis(op.Callee.Pkg().Path()) {
		return false
	}
	return op.Callee.Name() == "SetNX" || op.Callee.Name() == "HSetNX"
}

// isTableWrite reports whether op is a business write to a database
// table: a SQL or ORM insert, update or delete, a repository write, or a
// wrapper whose body does one. Writes to claim tables (storing the
// outcome on the key's row) and external effects do not count.
func isTableWrite(op *dataaccess.Op) bool {
	if isClaim(op) {
		return false
	}
	if op.Summary != nil {
		return op.Summary.Writes && !apis.IsClaimTable(op.Summary.Table)
	}
	if !op.Kind.IsWrite() || op.Resource.Key != nil || op.Call() == nil {
		return false
	}
	if isClaimTable(op, true) {
		return false
	}
	// A call classified by its name alone must at least show which table
	// or which kind of handle it writes through.
	return op.SQL != nil || op.Resource.Table != "" || op.Handle.Kind != apis.HandleUnknown
}

// isDynamoDBWrite reports whether op is a write made by a DynamoDB call
// of its own (PutItem, UpdateItem, TransactWriteItems), which commits
// when it returns.
func isDynamoDBWrite(op *dataaccess.Op) bool {
	return op.Summary == nil && op.Callee != nil && op.Callee.Pkg() != nil &&
		apis.IsDynamoDB(op.Callee.Pkg().Path()) && op.Kind.IsWrite()
}
