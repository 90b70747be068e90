package claim

import (
	"bytes"

	"github.com/jackc/pgx/v5"
)

// record is what claimSQL returned.
type record struct {
	claimed     bool // this transaction holds the key
	found       bool // a committed record exists (valid when !claimed)
	fingerprint []byte
	status      *int32
	body        []byte
	headers     *string
	resourceID  *string
	rejected    bool
}

// scanRecord reads claimSQL's rows (see there for the cases).
func scanRecord(rows pgx.Rows) (record, error) {
	defer rows.Close()
	var rec record
	for rows.Next() {
		var r record
		if err := rows.Scan(&r.claimed, &r.fingerprint, &r.status, &r.body, &r.headers, &r.resourceID, &r.rejected); err != nil {
			return record{}, err
		}
		if r.claimed {
			rec.claimed = true
			continue
		}
		r.found = true
		if !rec.claimed {
			rec = r
		}
	}
	return rec, rows.Err()
}

// replay turns the record of a completed execution into a Result. The
// fingerprint is compared before anything about the outcome is used.
func (rec record) replay(key Key, fingerprint []byte, inProgress func() error) (Result, error) {
	switch {
	case !rec.found:
		return Result{}, errRaced
	case !bytes.Equal(rec.fingerprint, fingerprint):
		return Result{}, &MismatchError{Key: key}
	case rec.status == nil:
		// Only the claiming transaction itself sees a record without an
		// outcome (a nested DoTx with the same key).
		return Result{}, inProgress()
	}
	o, err := decodeOutcome(*rec.status, rec.body, rec.headers, rec.resourceID)
	if err != nil {
		return Result{}, err
	}
	return Result{Outcome: o, Replayed: true, Rejected: rec.rejected}, nil
}
