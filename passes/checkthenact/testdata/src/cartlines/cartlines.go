// Package cartlines adds a product to a cart: one line per product, its
// quantity raised when the line is there (CloudWeGo gomall's AddCart).
package cartlines

import (
	"context"
	"errors"

	"gorm.io/gorm"
)

// Base is the columns every model shares; its ID is promoted.
type Base struct {
	ID        int
	CreatedAt int64
	UpdatedAt int64
}

type Cart struct {
	Base
	UserId    uint32
	ProductId uint32
	Qty       uint32
}

// Two adds of one product both find no line and both create one: the
// cart shows the product twice.
func AddCart(db *gorm.DB, ctx context.Context, c *Cart) error {
	var find Cart
	err := db.WithContext(ctx).Model(&Cart{}).Where(&Cart{UserId: c.UserId, ProductId: c.ProductId}).First(&find).Error // want `check-then-act race`
	if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return err
	}
	if find.ID != 0 {
		err = db.WithContext(ctx).Model(&Cart{}).Where(&Cart{UserId: c.UserId, ProductId: c.ProductId}).UpdateColumn("qty", gorm.Expr("qty+?", c.Qty)).Error
	} else {
		err = db.WithContext(ctx).Model(&Cart{}).Create(c).Error
	}
	return err
}

// CartLine's pair is unique: the second of two creates fails.
type CartLine struct {
	Base
	UserId    uint32 `gorm:"uniqueIndex:cart_line"`
	ProductId uint32 `gorm:"uniqueIndex:cart_line"`
	Qty       uint32
}

// Near miss: the loser's create clashes on the pair and is answered by
// adding to the winner's line.
func AddLine(db *gorm.DB, ctx context.Context, c *CartLine) error {
	var find CartLine
	err := db.WithContext(ctx).Model(&CartLine{}).Where(&CartLine{UserId: c.UserId, ProductId: c.ProductId}).First(&find).Error
	if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return err
	}
	if find.ID != 0 {
		return db.WithContext(ctx).Model(&CartLine{}).Where(&CartLine{UserId: c.UserId, ProductId: c.ProductId}).UpdateColumn("qty", gorm.Expr("qty+?", c.Qty)).Error
	}
	err = db.WithContext(ctx).Model(&CartLine{}).Create(c).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return db.WithContext(ctx).Model(&CartLine{}).Where(&CartLine{UserId: c.UserId, ProductId: c.ProductId}).UpdateColumn("qty", gorm.Expr("qty+?", c.Qty)).Error
	}
	return err
}
