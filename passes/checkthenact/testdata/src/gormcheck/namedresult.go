package gormcheck

import (
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// A repository method that adds a product to a cart: it looks the line
// up into its named result, and on a miss assigns a new line to the same
// variable and creates it. Two adds of one product both miss and both
// create a line (no unique key on the three columns).

type CartLine struct {
	ID        uint
	UserID    uint
	ProductID uint
	SellerID  uint
	Quantity  int
}

type cartLines struct{ db *gorm.DB }

func (c *cartLines) find(productID, userID, sellerID uint) (line *CartLine, err error) {
	err = c.db.Model(&CartLine{}).Where("user_id = ? AND product_id = ? AND seller_id = ?", userID, productID, sellerID).First(&line).Error
	return
}

func (c *cartLines) Add(productID, userID, sellerID uint) (line *CartLine, err error) {
	line, err = c.find(productID, userID, sellerID) // want `check-then-act race: the existence check find`
	if err == gorm.ErrRecordNotFound {
		line = &CartLine{UserID: userID, ProductID: productID, SellerID: sellerID, Quantity: 1}
		err = c.db.Create(&line).Error
		return line, err
	}
	return line, err
}

// Near miss: the line is created with a conflict on the unique
// (user, product, seller) key skipped, and read back: both adds end on
// the one line.
func (c *cartLines) AddOnce(productID, userID, sellerID uint) (line *CartLine, err error) {
	line, err = c.find(productID, userID, sellerID)
	if err == gorm.ErrRecordNotFound {
		line = &CartLine{UserID: userID, ProductID: productID, SellerID: sellerID, Quantity: 1}
		if err = c.db.Clauses(clause.OnConflict{DoNothing: true}).Create(&line).Error; err != nil {
			return nil, err
		}
		return c.find(productID, userID, sellerID)
	}
	return line, err
}

// The line found is bumped and saved back through the same variable:
// two bumps read one quantity and the second save loses the first.
func (c *cartLines) Bump(productID, userID, sellerID uint) (line *CartLine, err error) {
	line, err = c.find(productID, userID, sellerID) // want `lost update: Quantity read here is written back`
	if err != nil {
		return nil, err
	}
	if line.Quantity < 10 {
		line.Quantity++
		err = c.db.Save(&line).Error
	}
	return line, err
}

// Near miss: the database adds to the quantity itself.
func (c *cartLines) BumpInPlace(productID, userID, sellerID uint) (line *CartLine, err error) {
	line, err = c.find(productID, userID, sellerID)
	if err != nil {
		return nil, err
	}
	err = c.db.Model(line).Where("quantity < ?", 10).UpdateColumn("quantity", gorm.Expr("quantity + ?", 1)).Error
	return line, err
}
