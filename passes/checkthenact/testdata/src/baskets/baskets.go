// Package baskets turns what a cart holds into an order, then clears the
// cart (gomall's checkout, here on one database).
package baskets

import (
	"errors"

	"gorm.io/gorm"
)

var errEmpty = errors.New("cart is empty")

type CartItem struct {
	ID         uint
	UserID     uint
	GoodsID    uint
	Count      int
	CheckedOut bool
}

type Order struct {
	ID     uint
	UserID uint
	Total  int
}

// Two submissions both read the same live items, both create an order
// and both mark the items deleted: one cart, two orders.
func Checkout(db *gorm.DB, userID uint) error {
	var items []CartItem
	if err := db.Where("user_id = ? AND checked_out = ?", userID, false).Find(&items).Error; err != nil { // want `status-gate race`
		return err
	}
	if len(items) == 0 {
		return errEmpty
	}
	var ids []uint
	total := 0
	for _, it := range items {
		ids = append(ids, it.ID)
		total += it.Count
	}
	if err := db.Create(&Order{UserID: userID, Total: total}).Error; err != nil {
		return err
	}
	return db.Model(&CartItem{}).Where("id IN ?", ids).Update("checked_out", true).Error
}

// Near miss: the items are claimed first by the guarded transition, and
// the order is made only when every one of them changed.
func CheckoutClaimed(db *gorm.DB, userID uint) error {
	var items []CartItem
	if err := db.Where("user_id = ? AND checked_out = ?", userID, false).Find(&items).Error; err != nil {
		return err
	}
	if len(items) == 0 {
		return errEmpty
	}
	var ids []uint
	total := 0
	for _, it := range items {
		ids = append(ids, it.ID)
		total += it.Count
	}
	res := db.Model(&CartItem{}).Where("id IN ? AND checked_out = ?", ids, false).Update("checked_out", true)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != int64(len(ids)) {
		return errors.New("cart changed, try again")
	}
	return db.Create(&Order{UserID: userID, Total: total}).Error
}
