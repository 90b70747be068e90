package statusgate

import (
	"context"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// pgx's QueryRow returns an interface (pgx.Row), whose Scan fills the
// state: two webhook deliveries both read "pending", both notify, both
// write "captured".
func capturePgx(ctx context.Context, pool *pgxpool.Pool, id string) error {
	var status string
	if err := pool.QueryRow(ctx, `SELECT status FROM payments WHERE id = $1`, id).Scan(&status); err != nil { // want `status-gate race: its state read here is tested, then Post at line \d+ and the state write at line \d+`
		return err
	}
	if status == "captured" {
		return nil
	}
	http.Post("https://shop.example/paid", "text/plain", strings.NewReader(id))
	_, err := pool.Exec(ctx, `UPDATE payments SET status = 'captured' WHERE id = $1`, id)
	return err
}

// FOR UPDATE on the pool, outside a transaction: the statement is its own
// transaction and the lock ends with it, before the test.
func capturePgxLockedOnPool(ctx context.Context, pool *pgxpool.Pool, id string) error {
	var status string
	if err := pool.QueryRow(ctx, `SELECT status FROM payments WHERE id = $1 FOR UPDATE`, id).Scan(&status); err != nil { // want `status-gate race: its state read here is tested \(its FOR UPDATE runs outside a transaction, so the lock ends with the statement`
		return err
	}
	if status == "captured" {
		return nil
	}
	http.Post("https://shop.example/paid", "text/plain", strings.NewReader(id))
	_, err := pool.Exec(ctx, `UPDATE payments SET status = 'captured' WHERE id = $1`, id)
	return err
}

// Near miss: FOR UPDATE in the transaction that writes: the second
// delivery waits for the first to commit, then reads "captured".
func capturePgxInTx(ctx context.Context, pool *pgxpool.Pool, id string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var status string
	if err := tx.QueryRow(ctx, `SELECT status FROM payments WHERE id = $1 FOR UPDATE`, id).Scan(&status); err != nil {
		return err
	}
	if status == "captured" {
		return nil
	}
	http.Post("https://shop.example/paid", "text/plain", strings.NewReader(id))
	if _, err := tx.Exec(ctx, `UPDATE payments SET status = 'captured' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

type PgxPayment struct {
	ID     string
	Status string
}

// pgx v5's two-call read: Query, then CollectOneRow returns the record
// whose state the gate tests.
func capturePgxCollected(ctx context.Context, pool *pgxpool.Pool, id string) error {
	rows, err := pool.Query(ctx, `SELECT id, status FROM payments WHERE id = $1`, id) // want `status-gate race: Status read here is tested, then Post at line \d+ and the state write at line \d+`
	if err != nil {
		return err
	}
	p, err := pgx.CollectOneRow(rows, pgx.RowToStructByName[PgxPayment])
	if err != nil {
		return err
	}
	if p.Status == "captured" {
		return nil
	}
	http.Post("https://shop.example/paid", "text/plain", strings.NewReader(id))
	_, err = pool.Exec(ctx, `UPDATE payments SET status = 'captured' WHERE id = $1`, id)
	return err
}

// Near miss: the collected record's state is only reported back.
func paymentStatus(ctx context.Context, pool *pgxpool.Pool, id string) (string, error) {
	rows, err := pool.Query(ctx, `SELECT id, status FROM payments WHERE id = $1`, id)
	if err != nil {
		return "", err
	}
	p, err := pgx.CollectOneRow(rows, pgx.RowToStructByName[PgxPayment])
	if err != nil {
		return "", err
	}
	if p.Status == "captured" {
		return "done", nil
	}
	return p.Status, nil
}
