package popcheck

import "github.com/gobuffalo/pop/v6"

type Email struct {
	ID      int64
	UserID  int64
	Address string
}

func NewEmail(userID int64, address string) *Email {
	return &Email{UserID: userID, Address: address}
}

// The record comes from its constructor and is inserted by value: the
// constructor's arguments key it, as they key the pointer.
func addEmail(tx *pop.Connection, userID int64, address string) error {
	exists, err := tx.Where("address = ?", address).Exists(&Email{}) // want `check-then-act race: the existence check Exists`
	if err != nil || exists {
		return err
	}
	e := NewEmail(userID, address)
	return tx.Create(*e)
}

// Near miss: the constructed record carries another address than the
// one checked (the user's verified primary address is copied).
func addPrimaryCopy(tx *pop.Connection, userID int64, address, primary string) error {
	exists, err := tx.Where("address = ?", address).Exists(&Email{})
	if err != nil || exists {
		return err
	}
	e := NewEmail(userID, primary)
	return tx.Create(*e)
}
