// Package firstcomers holds counts whose "none yet" verdict is handed to
// the insert as a value: the first user is made an admin, the first
// order gets a discount.
package firstcomers

import (
	"context"
	"database/sql"

	"gorm.io/gorm"
)

type User struct {
	ID      string
	IsAdmin bool
}

type users struct{ db *gorm.DB }

func (u *users) Count() (int64, error) {
	var n int64
	err := u.db.Model(&User{}).Count(&n).Error
	return n, err
}

func (u *users) Create(user *User) error { return u.db.Create(user).Error }

// Two sign-ups on a fresh instance both count no user and both become
// admins.
func SignUp(u *users, name string) error {
	n, _ := u.Count() // want `first-comer race: whether anything is there yet \(the existence check Count, line \d+\) is handed to the insert at line \d+ as a value`
	return u.Create(&User{ID: name, IsAdmin: n == 0})
}

// Near miss: whether this is the first user picks a welcome page; it is
// not handed to the insert.
func SignUpWelcomed(u *users, name string) (bool, error) {
	n, _ := u.Count()
	welcome := n == 0
	return welcome, u.Create(&User{ID: name})
}

// Near miss: the first user is decided after the insert, by counting
// what is there now: of two sign-ups only one can see itself alone.
func SignUpCountedAfter(u *users, name string) (bool, error) {
	if err := u.Create(&User{ID: name}); err != nil {
		return false, err
	}
	n, _ := u.Count()
	return n == 1, nil
}

// Two first orders of one customer both count no earlier order and both
// get the first-order discount.
func PlaceOrder(ctx context.Context, db *sql.DB, customer string, cents int64) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM orders WHERE customer_id = $1`, customer).Scan(&n); err != nil { // want `first-comer race: whether anything is there yet`
		return err
	}
	first := n == 0
	_, err := db.ExecContext(ctx, `INSERT INTO orders (customer_id, cents, first_order) VALUES ($1, $2, $3)`, customer, cents, first)
	return err
}

// Near miss: the count and the insert share a transaction that first
// locks the customer's row, so the second order waits and counts one.
func PlaceOrderLocked(ctx context.Context, db *sql.DB, customer string, cents int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT id FROM customers WHERE id = $1 FOR UPDATE`, customer); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM orders WHERE customer_id = $1`, customer).Scan(&n); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO orders (customer_id, cents, first_order) VALUES ($1, $2, $3)`, customer, cents, n == 0); err != nil {
		return err
	}
	return tx.Commit()
}
