package fixes

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"
)

func charge(ctx context.Context, amount int64) {
	http.Post("https://psp.example/charge", "text/plain", nil)
}

// The README's WRONG example: the fix makes the insert conditional AND
// charges only when it added the row.
func readmeWrong(ctx context.Context, db *pgxpool.Pool, key string, amount int64) {
	var exists bool
	db.QueryRow(ctx, `SELECT EXISTS(SELECT 1 FROM payments WHERE key = $1)`, key).Scan(&exists) // want `check-then-act race`
	if !exists {
		db.Exec(ctx, `INSERT INTO payments (key, amount) VALUES ($1, $2)`, key, amount)
		charge(ctx, amount)
	}
}

// database/sql: rows affected comes with its own error.
func sqlWithEffect(ctx context.Context, db *sql.DB, key string) {
	var n int
	db.QueryRowContext(ctx, `SELECT count(*) FROM orders WHERE key = $1`, key).Scan(&n) // want `check-then-act race`
	if n == 0 {
		db.ExecContext(ctx, `INSERT INTO orders (key) VALUES ($1)`, key)
		http.Post("https://hooks.example/order", "text/plain", nil)
	}
}

// No fix: the effect runs before the insert, so no clause on the insert
// can stop the second caller's e-mail.
func effectFirst(ctx context.Context, db *sql.DB, key string) {
	var n int
	db.QueryRowContext(ctx, `SELECT count(*) FROM orders WHERE key = $1`, key).Scan(&n) // want `check-then-act race`
	if n == 0 {
		http.Post("https://hooks.example/order", "text/plain", nil)
		db.ExecContext(ctx, `INSERT INTO orders (key) VALUES ($1)`, key)
	}
}
