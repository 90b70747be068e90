// Package closuredup creates a namespace in a helper whose insert runs in
// a transaction's closure: whether the helper answers the insert's unique
// violation is decided by the closure's code after it.
package closuredup

import (
	"context"
	"database/sql"
	"errors"
	"strings"
)

type Namespace struct {
	ID   string
	Name string
}

func isDuplicateKeyError(err error) bool {
	return err != nil && strings.Contains(err.Error(), "Duplicate entry")
}

// inTx runs fn in a transaction and commits when it returns nil.
func inTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

func findNamespace(ctx context.Context, db *sql.DB, name string) (Namespace, bool, error) {
	var ns Namespace
	err := db.QueryRowContext(ctx, `SELECT id, name FROM namespaces WHERE name = ?`, name).Scan(&ns.ID, &ns.Name)
	if errors.Is(err, sql.ErrNoRows) {
		return Namespace{}, false, nil
	}
	return ns, err == nil, err
}

// createNamespace inserts the namespace; a concurrent creator's row is
// read back after the transaction instead of failing.
func createNamespace(ctx context.Context, db *sql.DB, id, name string) (Namespace, error) {
	lost := false
	err := inTx(ctx, db, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO namespaces (id, name) VALUES (?, ?)`, id, name)
		if isDuplicateKeyError(err) {
			lost = true
			return nil
		}
		return err
	})
	if err != nil {
		return Namespace{}, err
	}
	if lost {
		ns, _, err := findNamespace(ctx, db, name)
		return ns, err
	}
	return Namespace{ID: id, Name: name}, nil
}

// createNamespacePlain lets the violation through as a failure.
func createNamespacePlain(ctx context.Context, db *sql.DB, id, name string) (Namespace, error) {
	err := inTx(ctx, db, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO namespaces (id, name) VALUES (?, ?)`, id, name)
		return err
	})
	return Namespace{ID: id, Name: name}, err
}

// Near miss: two first uses of a name both miss it, and the loser of the
// insert reads the winner's namespace.
func Limit(ctx context.Context, db *sql.DB, id, name string) (Namespace, error) {
	ns, found, err := findNamespace(ctx, db, name)
	if err != nil {
		return Namespace{}, err
	}
	if !found {
		return createNamespace(ctx, db, id, name)
	}
	return ns, nil
}

// The same with the helper that hands the violation on: the loser fails.
func LimitPlain(ctx context.Context, db *sql.DB, id, name string) (Namespace, error) {
	ns, found, err := findNamespace(ctx, db, name) // want `check-then-act race: the existence check findNamespace`
	if err != nil {
		return Namespace{}, err
	}
	if !found {
		return createNamespacePlain(ctx, db, id, name)
	}
	return ns, nil
}
