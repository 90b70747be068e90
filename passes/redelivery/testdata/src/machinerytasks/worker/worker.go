// Package worker registers machinery tasks: its own and imported ones.
package worker

import (
	"database/sql"

	"github.com/RichardKnop/machinery/v2"

	"machinerytasks/tasks"
)

type Billing struct{ db *sql.DB }

// Charge records a charge row the database keys: a retry records another.
func (b *Billing) Charge(accountID string, amount int64) error {
	_, err := b.db.Exec(`INSERT INTO charges (account_id, amount) VALUES ($1, $2)`, accountID, amount) // want `an insert whose key the database mints .* machinery runs a task again`
	return err
}

// Near miss: the receipt is keyed by the payment the task is about.
func (b *Billing) Receipt(paymentID string, amount int64) error {
	_, err := b.db.Exec(`INSERT INTO receipts (payment_id, amount) VALUES ($1, $2)`, paymentID, amount)
	return err
}

// Refund subtracts on every run.
func Refund(db *sql.DB) func(accountID string, amount int64) error {
	return func(accountID string, amount int64) error {
		_, err := db.Exec(`UPDATE wallets SET balance = balance - $1 WHERE id = $2`, amount, accountID) // want `a relative update .* machinery runs a task again`
		return err
	}
}

// Near miss: the same relative update in a function no queue runs.
func (b *Billing) Adjust(accountID string, amount int64) error {
	_, err := b.db.Exec(`UPDATE wallets SET balance = balance - $1 WHERE id = $2`, amount, accountID)
	return err
}

func Register(server *machinery.Server, b *Billing, db *sql.DB) error {
	if err := server.RegisterTask("refund", Refund(db)); err != nil {
		return err
	}
	return server.RegisterTasks(map[string]interface{}{
		"charge":  b.Charge,
		"receipt": b.Receipt,
		"points":  tasks.AddPoints, // want `task AddPoints, registered here, adds a row or adds to a value on every run`
		"tier":    tasks.SetTier,
	})
}
