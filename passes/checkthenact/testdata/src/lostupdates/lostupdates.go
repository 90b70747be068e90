// Package lostupdates reads a quantity and writes back a value computed
// from it in a separate step: two callers read the same value and the
// second write overwrites the first.
package lostupdates

import (
	"context"
	"database/sql"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Goods struct {
	GoodsID         int64
	StockNum        int
	Version         int
	GoodsSellStatus int
	Sold            int
	State           string
}

type Account struct {
	ID      int64
	Balance int64
}

// The shop's order: stock read, then the read value minus the count
// written back (gorm Updates with a struct).
func Reserve(db *gorm.DB, goodsID int64, count int) error {
	var g Goods
	if err := db.Where("goods_id = ?", goodsID).First(&g).Error; err != nil { // want `lost update: StockNum read here is written back at line \d+ as a value computed from it`
		return err
	}
	return db.Where("goods_id = ?", goodsID).Updates(Goods{StockNum: g.StockNum - count}).Error
}

// The same with the record changed in place and saved whole.
func Credit(db *gorm.DB, accountID, amount int64) error {
	var a Account
	if err := db.First(&a, accountID).Error; err != nil { // want `lost update: Balance read here is written back at line \d+ as a value computed from it`
		return err
	}
	a.Balance += amount
	return db.Save(&a).Error
}

// The same in SQL: the new balance is a parameter computed from the read.
func CreditSQL(ctx context.Context, db *sql.DB, accountID, amount int64) error {
	var balance int64
	if err := db.QueryRowContext(ctx, `SELECT balance FROM accounts WHERE id = $1`, accountID).Scan(&balance); err != nil { // want `lost update: a quantity read here is written back at line \d+ as a value computed from it`
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE accounts SET balance = $1 WHERE id = $2`, balance+amount, accountID)
	return err
}

// Near miss: the database computes the new value.
func ReserveExpr(db *gorm.DB, goodsID int64, count int) error {
	var g Goods
	if err := db.Where("goods_id = ?", goodsID).First(&g).Error; err != nil {
		return err
	}
	return db.Model(&Goods{}).Where("goods_id = ?", goodsID).Update("stock_num", gorm.Expr("stock_num - ?", count)).Error
}

// Near miss: the row is read FOR UPDATE in the transaction that writes.
func ReserveLocked(db *gorm.DB, goodsID int64, count int) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var g Goods
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("goods_id = ?", goodsID).First(&g).Error; err != nil {
			return err
		}
		return tx.Where("goods_id = ?", goodsID).Updates(Goods{StockNum: g.StockNum - count}).Error
	})
}

// Near miss: the written value does not come from the read.
func Restock(db *gorm.DB, goodsID int64, stock int) error {
	var g Goods
	if err := db.Where("goods_id = ?", goodsID).First(&g).Error; err != nil {
		return err
	}
	return db.Where("goods_id = ?", goodsID).Updates(Goods{StockNum: stock + 1}).Error
}

// Near miss: the write is conditioned on the version it read (optimistic
// locking): the second writer updates no row.
func Rename(db *gorm.DB, goodsID int64) error {
	var g Goods
	if err := db.Where("goods_id = ?", goodsID).First(&g).Error; err != nil {
		return err
	}
	return db.Where("goods_id = ? AND version = ?", goodsID, g.Version).Updates(Goods{Version: g.Version + 1}).Error
}

// The shop's order as written: the update is bounded by the stock
// (stock_num >= ?) and a precondition on another column, and neither
// stops the second writer from overwriting the first's stock.
func ReserveBounded(db *gorm.DB, goodsID int64, count int) error {
	var g Goods
	if err := db.Where("goods_id = ?", goodsID).First(&g).Error; err != nil { // want `lost update: StockNum read here is written back at line \d+ as a value computed from it`
		return err
	}
	return db.Where("goods_id = ? and stock_num >= ? and goods_sell_status = 0", goodsID, count).Updates(Goods{StockNum: g.StockNum - count}).Error
}

// Near miss: the guard tests a column the write changes; the second
// writer matches no row.
func SellOnce(db *gorm.DB, goodsID int64) error {
	var g Goods
	if err := db.Where("goods_id = ?", goodsID).First(&g).Error; err != nil {
		return err
	}
	return db.Where("goods_id = ? AND state = ?", goodsID, "listed").Updates(Goods{Sold: g.Sold + 1, State: "sold"}).Error
}
