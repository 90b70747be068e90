// Package fixesbuilders: the fixes for query-builder inserts add the
// conflict clause in the builder's own terms.
package fixesbuilders

import (
	"context"
	"database/sql"
	"net/http"

	sq "github.com/Masterminds/squirrel"
	"github.com/doug-martin/goqu/v9"
	"github.com/go-pg/pg/v10"
	_ "github.com/jackc/pgx/v5" // PostgreSQL: ON CONFLICT is the dialect
	"xorm.io/xorm"
)

func squirrelInsert(ctx context.Context, db *sql.DB, key string) error {
	var id int64
	err := sq.Select("id").From("orders").Where(sq.Eq{"key": key}).RunWith(db).QueryRowContext(ctx).Scan(&id) // want `check-then-act race`
	if err != sql.ErrNoRows {
		return err
	}
	_, err = sq.Insert("orders").Columns("key").Values(key).RunWith(db).ExecContext(ctx)
	return err
}

// The charge after the insert runs only when the insert added the row.
func squirrelInsertThenCharge(ctx context.Context, db *sql.DB, key string) {
	var id int64
	err := sq.Select("id").From("orders").Where(sq.Eq{"key": key}).RunWith(db).QueryRowContext(ctx).Scan(&id) // want `check-then-act race`
	if err == sql.ErrNoRows {
		sq.Insert("orders").Columns("key").Values(key).RunWith(db).ExecContext(ctx)
		http.Post("https://ledger.example/charge?key="+key, "", nil)
	}
}

// No fix: the chain has a suffix of its own (RETURNING), which the
// conflict clause would have to precede.
func squirrelInsertReturning(ctx context.Context, db *sql.DB, key string) error {
	var id int64
	err := sq.Select("id").From("orders").Where(sq.Eq{"key": key}).RunWith(db).QueryRowContext(ctx).Scan(&id) // want `check-then-act race`
	if err != sql.ErrNoRows {
		return err
	}
	return sq.Insert("orders").Columns("key").Values(key).Suffix("RETURNING id").RunWith(db).QueryRowContext(ctx).Scan(&id)
}

type Order struct{ Key string }

func goquInsert(db *goqu.Database, key string) error {
	var o Order
	found, err := db.From("orders").Where(goqu.Ex{"key": key}).ScanStruct(&o) // want `check-then-act race`
	if err != nil || found {
		return err
	}
	_, err = db.Insert("orders").Rows(Order{Key: key}).Executor().Exec()
	return err
}

func gopgInsert(db *pg.DB, key string) error {
	exists, err := db.Model((*Order)(nil)).Where("key = ?", key).Exists() // want `check-then-act race`
	if err != nil || exists {
		return err
	}
	_, err = db.Model(&Order{Key: key}).Insert()
	return err
}

// No fix: go-pg's Result is not one the gated rewrite knows, so the
// charge could not be gated on the insert's outcome.
func gopgInsertThenCharge(db *pg.DB, key string) error {
	exists, err := db.Model((*Order)(nil)).Where("key = ?", key).Exists() // want `check-then-act race`
	if err != nil || exists {
		return err
	}
	if _, err := db.Model(&Order{Key: key}).Insert(); err != nil {
		return err
	}
	_, err = http.Post("https://ledger.example/charge?key="+key, "", nil)
	return err
}

// No fix: xorm's Insert has no conflict clause; the finding points at
// the runtime.
func xormInsert(engine *xorm.Engine, key string) error {
	exists, err := engine.Exist(&Order{Key: key}) // want `check-then-act race`
	if err != nil || exists {
		return err
	}
	_, err = engine.Insert(&Order{Key: key})
	return err
}

// No fix: carts.key has no unique key in the module's schema, so the
// clause would let both inserts in; the message gives the index to add.
func squirrelCart(ctx context.Context, db *sql.DB, key string) error {
	var id int64
	err := sq.Select("id").From("carts").Where(sq.Eq{"key": key}).RunWith(db).QueryRowContext(ctx).Scan(&id) // want `check-then-act race.*no fix: migrations/001_orders.up.sql declares no unique constraint on carts \(key\)`
	if err != sql.ErrNoRows {
		return err
	}
	_, err = sq.Insert("carts").Columns("key").Values(key).RunWith(db).ExecContext(ctx)
	return err
}

// go-pg: a model whose tag declares the key unique, in no script.
type Coupon struct {
	Code string `pg:",unique"`
}

func gopgCoupon(db *pg.DB, code string) error {
	exists, err := db.Model((*Coupon)(nil)).Where("code = ?", code).Exists() // want `check-then-act race`
	if err != nil || exists {
		return err
	}
	_, err = db.Model(&Coupon{Code: code}).Insert()
	return err
}

// No fix: the same model without the tag, and no script declares its table.
type Voucher struct{ Code string }

func gopgVoucher(db *pg.DB, code string) error {
	exists, err := db.Model((*Voucher)(nil)).Where("code = ?", code).Exists() // want `check-then-act race.*no fix: Voucher declares no unique key on code`
	if err != nil || exists {
		return err
	}
	_, err = db.Model(&Voucher{Code: code}).Insert()
	return err
}
