package model

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"gorm.io/gorm"

	"model/repo"
)

type Payment struct{ Key string }

func sqlKinds(ctx context.Context, db *sql.DB, tx *sql.Tx, key string) {
	db.QueryRowContext(ctx, "SELECT count(*) FROM payments WHERE key = $1", key)      // want `exists payment pool`
	db.QueryRowContext(ctx, `SELECT amount FROM "Payments" WHERE key = $1`, key)      // want `read payment pool`
	tx.ExecContext(ctx, "INSERT INTO billing.payments (key) VALUES ($1)", key)        // want `insert payment tx`
	tx.ExecContext(ctx, "UPDATE payments SET amount = 1 WHERE key = $1", key)         // want `update payment tx`
	tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(1)")                            // want `lock  tx`
	tx.QueryRowContext(ctx, "SELECT id FROM payments WHERE key = $1 FOR UPDATE", key) // want `read payment tx locks`
	db.ExecContext(ctx, "CREATE TABLE IF NOT EXISTS payments (key text)")             // want `schema  pool`
	tx.Commit()                                                                       // want `commit  tx`
}

func pgxHandles(ctx context.Context, pool *pgxpool.Pool, key string) error {
	pool.Exec(ctx, "INSERT INTO payments (key) VALUES ($1)", key) // want `insert payment pool`
	tx, _ := pool.Begin(ctx)                                      // want `begin  pool`
	tx.Exec(ctx, "INSERT INTO payments (key) VALUES ($1)", key)   // want `insert payment tx`
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {       // want `begin  pool`
		_, err := tx.Exec(ctx, "DELETE FROM payments WHERE key = $1", key) // want `delete payment tx`
		return err
	})
}

func gormHandles(db *gorm.DB, key string) error {
	db.Create(&Payment{Key: key})                   // want `insert payment pool`
	return db.Transaction(func(tx *gorm.DB) error { // want `begin  unknown`
		return tx.Where("key = ?", key).First(&Payment{}).Error // want `read payment tx`
	})
}

func loadPayment(db *gorm.DB, key string) (Payment, error) {
	var p Payment
	err := db.Where("key = ?", key).First(&p).Error // want `read payment unknown`
	return p, err
}

func buildPayment(key string) (Payment, error) { return Payment{Key: key}, nil }

// gorm's Save of the row a loader returned writes it back (an upsert on
// its key); of the record a constructor returned, it inserts.
func gormSaves(db *gorm.DB, key string) {
	p, _ := loadPayment(db, key) // want `read payment unknown`
	db.Save(&p)                  // want `conditional insert payment unknown`
	n, _ := buildPayment(key)
	db.Save(&n) // want `insert payment unknown`
}

func wrappers(ctx context.Context, keys *repo.Keys, tx *sql.Tx, key string) {
	keys.Exists(ctx, key)    // want `exists idempotencykey pool`
	repo.Claim(ctx, tx, key) // want `conditional insert idempotencykey tx`
	_ = repo.Format(key)
}

func maps(m map[string]bool, seen map[string]struct{}, key string) {
	_ = m[key]                  // want `exists  unknown`
	if _, ok := seen[key]; ok { // want `exists  unknown`
		return
	}
	seen[key] = struct{}{} // want `insert  unknown`
}
