// Package popaccounts edits accounts with pop, whose Update writes the
// whole model unless told which columns to leave out.
package popaccounts

import "github.com/gobuffalo/pop/v6"

type Account struct {
	ID     int
	Name   string
	Locked bool
}

// Rename saves the account whole: a lock set since the read is lifted.
func Rename(tx *pop.Connection, id int, name string) error {
	var a Account
	if err := tx.Find(&a, id); err != nil { // want `lost update: the account row read here is saved whole at line \d+ with every column as read, locked among them, which LockWithColumns`
		return err
	}
	a.Name = name
	return tx.Update(&a)
}

// LockWithColumns writes the one column it changes.
func LockWithColumns(tx *pop.Connection, id int) error {
	a := Account{ID: id, Locked: true}
	return tx.UpdateColumns(&a, "locked")
}

// Near miss: the rename leaves the lock out of its update.
func RenameKeepingLock(tx *pop.Connection, id int, name string) error {
	var a Account
	if err := tx.Find(&a, id); err != nil {
		return err
	}
	a.Name = name
	return tx.Update(&a, "locked")
}
