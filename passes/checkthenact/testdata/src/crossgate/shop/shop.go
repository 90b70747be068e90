// Package shop keeps the orders and the helpers that save them; package
// crossgate tests an order's state and calls them. What each helper
// assigns in the order before it saves the whole record reaches the
// caller only as a fact.
package shop

import "gorm.io/gorm"

// Order is a shop order with its payment state.
type Order struct {
	ID       uint
	State    string
	Amount   int64
	LastSeen int64
	Note     string
}

// MarkPaid moves the order to paid and saves the whole record.
func MarkPaid(db *gorm.DB, o *Order) error {
	o.State = "paid"
	return db.Updates(o).Error
}

// Touch records when the order was last seen and saves the whole
// record: the state it saves is the one the caller read.
func Touch(db *gorm.DB, o *Order, now int64) error {
	o.LastSeen = now
	return db.Updates(o).Error
}

// Settle moves the state through a method two calls down.
func Settle(db *gorm.DB, o *Order) error {
	o.settle()
	return save(db, o)
}

func (o *Order) settle() { o.State = "settled" }

// Annotate saves a note through the same helper as Settle.
func Annotate(db *gorm.DB, o *Order, note string) error {
	o.Note = note
	return save(db, o)
}

func save(db *gorm.DB, o *Order) error { return db.Updates(o).Error }

// Replace copies a whole order in (every field, the state too) and saves
// it.
func Replace(db *gorm.DB, o *Order, fresh Order) error {
	*o = fresh
	return db.Updates(o).Error
}

// Close saves the whole record and sets the state by SQL: the update
// names the column although no Go code assigns the field.
func Close(db *gorm.DB, o *Order) error {
	if err := db.Updates(o).Error; err != nil {
		return err
	}
	return db.Exec("UPDATE orders SET state = 'closed' WHERE id = ?", o.ID).Error
}

// Store saves orders through its own handle.
type Store struct {
	db *gorm.DB
}

// Cancel moves the order to cancelled: the receiver comes first among
// the helper's parameters.
func (s *Store) Cancel(o *Order) error {
	o.State = "cancelled"
	return s.db.Updates(o).Error
}

// Remember records when the order was last seen.
func (s *Store) Remember(o *Order, now int64) error {
	o.LastSeen = now
	return s.db.Updates(o).Error
}
