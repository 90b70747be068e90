package checkthenact

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
)

// RegisterUser looks the email up and inserts when it is absent: two
// concurrent sign-ups both miss and both insert.
func RegisterUser(ctx context.Context, db *sql.DB, email, name string) (int64, error) {
	var id int64
	err := db.QueryRowContext(ctx, `SELECT id FROM users WHERE email = $1`, email).Scan(&id) // want:checkthenact
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	err = db.QueryRowContext(ctx, `INSERT INTO users (email, name) VALUES ($1, $2) RETURNING id`, email, name).Scan(&id)
	return id, err
}

// RegisterUserOnConflict lets the unique index choose the winner.
func RegisterUserOnConflict(ctx context.Context, db *sql.DB, email, name string) (int64, error) {
	var id int64
	err := db.QueryRowContext(ctx, `SELECT id FROM users WHERE email = $1`, email).Scan(&id)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO users (email, name) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING`, email, name)
	if err != nil {
		return 0, err
	}
	err = db.QueryRowContext(ctx, `SELECT id FROM users WHERE email = $1`, email).Scan(&id)
	return id, err
}

// RegisterUserUniqueViolation keeps the lookup as a fast path but treats
// the unique violation of a lost race as the duplicate outcome.
func RegisterUserUniqueViolation(ctx context.Context, db *sql.DB, email, name string) error {
	var id int64
	err := db.QueryRowContext(ctx, `SELECT id FROM users WHERE email = $1`, email).Scan(&id)
	if err == nil {
		return ErrDuplicate
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO users (email, name) VALUES ($1, $2)`, email, name)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return ErrDuplicate
	}
	return err
}

// RegisterUserNotBlocked checks a deny list, a different table from the
// one it inserts into: nothing to race.
func RegisterUserNotBlocked(ctx context.Context, db *sql.DB, email, name string) error {
	var blocked int
	err := db.QueryRowContext(ctx, `SELECT 1 FROM blocked_emails WHERE email = $1`, email).Scan(&blocked)
	if err == nil {
		return errors.New("email is blocked")
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO users (email, name) VALUES ($1, $2)`, email, name)
	return err
}

// AddOrderLine checks for the line inside a transaction, but nothing
// serialises two such transactions: both see no line and both insert.
func AddOrderLine(ctx context.Context, db *sql.DB, orderID, sku string, qty int) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var exists bool
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM order_lines WHERE order_id = $1 AND sku = $2)`, orderID, sku).Scan(&exists); err != nil { // want:checkthenact
		return err
	}
	if !exists {
		if _, err := tx.ExecContext(ctx, `INSERT INTO order_lines (order_id, sku, qty) VALUES ($1, $2, $3)`, orderID, sku, qty); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// AddOrderLineLocked locks the parent order row first: every writer of the
// order's lines queues on that lock, so the check and the insert are
// serialised.
func AddOrderLineLocked(ctx context.Context, db *sql.DB, orderID, sku string, qty int) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var status string
	if err := tx.QueryRowContext(ctx, `SELECT status FROM orders WHERE id = $1 FOR UPDATE`, orderID).Scan(&status); err != nil {
		return err
	}
	var exists bool
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM order_lines WHERE order_id = $1 AND sku = $2)`, orderID, sku).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		if _, err := tx.ExecContext(ctx, `INSERT INTO order_lines (order_id, sku, qty) VALUES ($1, $2, $3)`, orderID, sku, qty); err != nil {
			return err
		}
	}
	return tx.Commit()
}
