package claim

import "bytes"

// record is what claimSQL returned.
type record struct {
	ctid        string // the claimed row's identity: this transaction holds the key
	found       bool   // a record exists (valid when not claimed)
	mine        bool   // found, and claimed earlier by this same transaction
	fingerprint []byte
	status      *int32
	body        []byte
	headers     *string
	resourceID  *string
	rejected    bool
}

func (r record) claimed() bool { return r.ctid != "" }

// rows is what both flavours' query results offer (pgx.Rows, *sql.Rows).
type rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// scanRecord reads claimSQL's rows (see there for the cases).
func scanRecord(rs rows) (record, error) {
	var rec record
	for rs.Next() {
		var r record
		var ctid *string
		if err := rs.Scan(&ctid, &r.fingerprint, &r.status, &r.body, &r.headers, &r.resourceID, &r.rejected, &r.mine); err != nil {
			return record{}, err
		}
		if ctid != nil {
			return record{ctid: *ctid}, rs.Err()
		}
		r.found = true
		rec = r
	}
	return rec, rs.Err()
}

// replay turns the record of a completed execution into a Result. The
// fingerprint is compared before anything about the outcome is used.
func (rec record) replay(key Key, fingerprint []byte, inProgress func() error) (Result, error) {
	switch {
	case !rec.found:
		return Result{}, errRaced
	case !bytes.Equal(rec.fingerprint, fingerprint):
		return Result{}, &MismatchError{Key: key}
	case rec.status == nil && rec.mine:
		// This transaction claimed the key earlier and has not stored its
		// outcome yet (a nested DoTx with the same key).
		return Result{}, inProgress()
	case rec.status == nil:
		// Every other reader sees only committed records: this one was
		// committed without its outcome.
		return Result{}, &MissingOutcomeError{Key: key}
	}
	o, err := decodeOutcome(*rec.status, rec.body, rec.headers, rec.resourceID)
	if err != nil {
		return Result{}, err
	}
	return Result{Outcome: o, Replayed: true, Rejected: rec.rejected}, nil
}
