package abortedtx

import (
	"context"
	"database/sql"
	"errors"
	"log"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"gorm.io/gorm"
)

func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// Payments records payments once per key.
type Payments struct {
	pool *pgxpool.Pool
	db   *sql.DB
	gdb  *gorm.DB
}

// Record reads the existing payment on the aborted transaction.
func (p *Payments) Record(ctx context.Context, tx pgx.Tx, key string, amount int) (id int64, err error) {
	err = tx.QueryRow(ctx, `INSERT INTO payments (key, amount) VALUES ($1, $2) RETURNING id`, key, amount).Scan(&id)
	if isUniqueViolation(err) {
		err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id) // want:abortedtx
	}
	return id, err
}

// RecordViaPool is its near miss: the existing row is read through the pool.
func (p *Payments) RecordViaPool(ctx context.Context, tx pgx.Tx, key string, amount int) (id int64, err error) {
	err = tx.QueryRow(ctx, `INSERT INTO payments (key, amount) VALUES ($1, $2) RETURNING id`, key, amount).Scan(&id)
	if isUniqueViolation(err) {
		err = p.pool.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id)
	}
	return id, err
}

// RecordInSavepoint is its other near miss: a pgx nested transaction.
func (p *Payments) RecordInSavepoint(ctx context.Context, tx pgx.Tx, key string, amount int) (id int64, err error) {
	err = pgx.BeginFunc(ctx, tx, func(sp pgx.Tx) error {
		return sp.QueryRow(ctx, `INSERT INTO payments (key, amount) VALUES ($1, $2) RETURNING id`, key, amount).Scan(&id)
	})
	if isUniqueViolation(err) {
		err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id)
	}
	return id, err
}

// Import logs failed rows and keeps inserting: the COMMIT loses the batch.
func (p *Payments) Import(ctx context.Context, keys []string) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, k := range keys {
		if _, err := tx.ExecContext(ctx, `INSERT INTO payments (key) VALUES ($1)`, k); err != nil { // want:abortedtx
			log.Printf("skipping %s: %v", k, err)
			continue
		}
	}
	return tx.Commit()
}

// ImportOrFail is its near miss: the first failure ends the batch.
func (p *Payments) ImportOrFail(ctx context.Context, keys []string) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, k := range keys {
		if _, err := tx.ExecContext(ctx, `INSERT INTO payments (key) VALUES ($1)`, k); err != nil {
			return err
		}
	}
	return tx.Commit()
}

type Key struct {
	ID  uint
	Key string
}

// ClaimGorm looks up the existing key inside the aborted gorm transaction.
func (p *Payments) ClaimGorm(key string) error {
	return p.gdb.Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&Key{Key: key}).Error; err != nil {
			var existing Key
			return tx.Where("key = ?", key).First(&existing).Error // want:abortedtx
		}
		return nil
	})
}

// ClaimGormOuter is its near miss: the lookup uses the outer handle after
// the callback rolled back.
func (p *Payments) ClaimGormOuter(key string) error {
	err := p.gdb.Transaction(func(tx *gorm.DB) error {
		return tx.Create(&Key{Key: key}).Error
	})
	if err != nil {
		var existing Key
		return p.gdb.Where("key = ?", key).First(&existing).Error
	}
	return nil
}
