// Package writerdo has storage methods that each run in a transaction of
// their own, begun by a writer helper when the caller passes none
// (Dendrite's sqlutil.Writer.Do(db, nil, f)): a failure in one call
// cannot abort the next call's transaction.
package writerdo

import (
	"context"
	"database/sql"
	"log"

	"writerdo/sqlutil"
)

// blacklistTable is the table's interface; each dialect implements it.
type blacklistTable interface {
	InsertServer(ctx context.Context, txn *sql.Tx, name string) error
	DeleteServer(ctx context.Context, txn *sql.Tx, name string) error
}

type postgresBlacklist struct{}

func (t *postgresBlacklist) InsertServer(ctx context.Context, txn *sql.Tx, name string) error {
	_, err := txn.ExecContext(ctx, `INSERT INTO blacklist (server_name) VALUES ($1)`, name)
	return err
}

func (t *postgresBlacklist) DeleteServer(ctx context.Context, txn *sql.Tx, name string) error {
	_, err := txn.ExecContext(ctx, `DELETE FROM blacklist WHERE server_name = $1`, name)
	return err
}

// Database is the storage; each method is one transaction.
type Database struct {
	DB        *sql.DB
	Writer    sqlutil.Writer
	Blacklist blacklistTable
}

func (d *Database) AddServerToBlacklist(name string) error {
	return d.Writer.Do(d.DB, nil, func(txn *sql.Tx) error {
		return d.Blacklist.InsertServer(context.Background(), txn, name)
	})
}

func (d *Database) RemoveServerFromBlacklist(name string) error {
	return d.Writer.Do(d.DB, nil, func(txn *sql.Tx) error {
		return d.Blacklist.DeleteServer(context.Background(), txn, name)
	})
}

// Storage is what the service sees.
type Storage interface {
	AddServerToBlacklist(name string) error
	RemoveServerFromBlacklist(name string) error
}

type statistics struct{ DB Storage }

// Near miss: each storage call is its own transaction.
func (s *statistics) failure(name string) {
	if err := s.DB.AddServerToBlacklist(name); err != nil {
		log.Printf("blacklist %s: %v", name, err)
	}
	if err := s.DB.RemoveServerFromBlacklist(name); err != nil {
		log.Printf("unblacklist %s: %v", name, err)
	}
}

// Near miss: the concrete type, called directly.
func directFailure(d *Database, name string) {
	if err := d.AddServerToBlacklist(name); err != nil {
		log.Printf("blacklist %s: %v", name, err)
	}
	_ = d.RemoveServerFromBlacklist(name)
}

type serverStatistics struct {
	statistics *statistics
	name       string
}

// Near miss: the second storage call is in a helper of the same value.
func (s *serverStatistics) success() {
	if err := s.statistics.DB.RemoveServerFromBlacklist(s.name); err != nil {
		log.Printf("unblacklist %s: %v", s.name, err)
	}
	s.forgetOffline()
}

func (s *serverStatistics) forgetOffline() {
	if err := s.statistics.DB.AddServerToBlacklist(s.name); err != nil {
		log.Printf("blacklist %s: %v", s.name, err)
	}
}

// InsertServerTx runs on the transaction its caller hands it.
func (d *Database) InsertServerTx(ctx context.Context, txn *sql.Tx, name string) error {
	return d.Blacklist.InsertServer(ctx, txn, name)
}

// Positive beside them: both inserts share the caller's transaction.
func blacklistBoth(ctx context.Context, d *Database, a, b string) error {
	txn, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer txn.Rollback()
	if err := d.InsertServerTx(ctx, txn, a); err != nil {
		log.Printf("blacklist %s: %v", a, err)
	}
	if err := d.InsertServerTx(ctx, txn, b); err != nil { // want `InsertServerTx \(which runs a statement\) on a transaction that the failed statement at line \d+ aborted`
		return err
	}
	return txn.Commit()
}
