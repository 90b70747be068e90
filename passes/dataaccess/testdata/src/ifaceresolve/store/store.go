// Package store declares the service's storage interfaces and their SQL // want package:"field writes known"
// implementations, whose summaries callers through the interfaces use.
package store

import (
	"context"
	"database/sql"
)

// Accounts is implemented by *SQLAccounts only: the package publishes the
// implementation's summaries on the interface's methods too, for callers
// whose export data does not hold the implementing type.
type Accounts interface {
	Has(ctx context.Context, name string) (bool, error)  // want Has:"^exists table=\"account\" handle=-1/pool "
	Put(ctx context.Context, name string) error          // want Put:"^insert table=\"account\""
	PutIfMissing(ctx context.Context, name string) error // want PutIfMissing:"^conditional insert table=\"account\""
}

type SQLAccounts struct{ db *sql.DB }

func (s *SQLAccounts) Has(ctx context.Context, name string) (bool, error) { // want Has:"^exists table=\"account\" handle=-1/pool "
	var ok bool
	err := s.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM accounts WHERE name = $1)`, name).Scan(&ok)
	return ok, err
}

func (s *SQLAccounts) Put(ctx context.Context, name string) error { // want Put:"^insert table=\"account\""
	_, err := s.db.ExecContext(ctx, `INSERT INTO accounts (name) VALUES ($1)`, name)
	return err
}

func (s *SQLAccounts) PutIfMissing(ctx context.Context, name string) error { // want PutIfMissing:"^conditional insert table=\"account\""
	_, err := s.db.ExecContext(ctx, `INSERT INTO accounts (name) VALUES ($1) ON CONFLICT DO NOTHING`, name)
	return err
}

// Keys has two implementations whose Store methods disagree: a plain
// insert and an upsert.
type Keys interface {
	Seen(ctx context.Context, key string) (bool, error) // want Seen:"^exists table=\"key\""
	Store(ctx context.Context, key string) error
}

type PlainKeys struct{ db *sql.DB }

func (k PlainKeys) Seen(ctx context.Context, key string) (bool, error) { // want Seen:"^exists table=\"key\""
	var ok bool
	err := k.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM keys WHERE key = $1)`, key).Scan(&ok)
	return ok, err
}

func (k PlainKeys) Store(ctx context.Context, key string) error { // want Store:"^insert table=\"key\""
	_, err := k.db.ExecContext(ctx, `INSERT INTO keys (key) VALUES ($1)`, key)
	return err
}

type UpsertKeys struct{ db *sql.DB }

func (k *UpsertKeys) Seen(ctx context.Context, key string) (bool, error) { // want Seen:"^exists table=\"key\""
	var ok bool
	err := k.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM keys WHERE key = $1)`, key).Scan(&ok)
	return ok, err
}

func (k *UpsertKeys) Store(ctx context.Context, key string) error { // want Store:"^conditional insert table=\"key\""
	_, err := k.db.ExecContext(ctx, `INSERT INTO keys (key) VALUES ($1) ON CONFLICT DO NOTHING`, key)
	return err
}

// MemKeys keeps keys in process memory; it has no summary, so it does not
// stand in the way of the SQL implementations agreeing.
type MemKeys struct{ m map[string]bool }

func (k *MemKeys) Seen(ctx context.Context, key string) (bool, error) { return k.m[key], nil }
func (k *MemKeys) Store(ctx context.Context, key string) error        { k.m[key] = true; return nil }
