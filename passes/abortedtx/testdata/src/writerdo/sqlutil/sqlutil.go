// Package sqlutil is the service's writer helper: Do runs f on the
// transaction it is given or, given none, on one of its own.
package sqlutil

import "database/sql"

// Writer runs f on txn, or, when txn is nil, on a transaction of its own.
type Writer interface {
	Do(db *sql.DB, txn *sql.Tx, f func(txn *sql.Tx) error) error
}

// DummyWriter begins a transaction per call when given none.
type DummyWriter struct{}

func (w *DummyWriter) Do(db *sql.DB, txn *sql.Tx, f func(txn *sql.Tx) error) error {
	if db != nil && txn == nil {
		return withTransaction(db, func(txn *sql.Tx) error {
			return f(txn)
		})
	}
	return f(txn)
}

// ExclusiveWriter runs every task on one goroutine (SQLite's single
// writer): what it runs f on is decided there.
type ExclusiveWriter struct{ todo chan task }

type task struct {
	db   *sql.DB
	txn  *sql.Tx
	f    func(txn *sql.Tx) error
	wait chan error
}

func (w *ExclusiveWriter) Do(db *sql.DB, txn *sql.Tx, f func(txn *sql.Tx) error) error {
	t := task{db: db, txn: txn, f: f, wait: make(chan error, 1)}
	w.todo <- t
	return <-t.wait
}

func (w *ExclusiveWriter) run() {
	for t := range w.todo {
		if t.txn != nil {
			t.wait <- t.f(t.txn)
		} else {
			t.wait <- withTransaction(t.db, func(txn *sql.Tx) error {
				return t.f(txn)
			})
		}
	}
}

func withTransaction(db *sql.DB, fn func(txn *sql.Tx) error) (err error) {
	txn, err := db.Begin()
	if err != nil {
		return err
	}
	succeeded := false
	defer endTransaction(txn, &succeeded, &err)
	if err = fn(txn); err != nil {
		return err
	}
	succeeded = true
	return nil
}

func endTransaction(txn *sql.Tx, succeeded *bool, err *error) {
	if *succeeded {
		*err = txn.Commit()
	} else {
		_ = txn.Rollback()
	}
}
