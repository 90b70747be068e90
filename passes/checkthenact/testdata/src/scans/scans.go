// Package scans looks through listed rows for one entry before adding
// it, as services test "already there" without a query of their own.
package scans

import (
	"context"
	"errors"

	"gorm.io/gorm"
)

type AccessRequest struct {
	ID        int64
	NetworkID string
	UserID    string
	Status    string
}

var errPending = errors.New("user already has a pending request")

// RequestStore is the service's storage of access requests.
type RequestStore interface {
	ListPending(ctx context.Context, networkID string) ([]AccessRequest, error)
	Create(ctx context.Context, r *AccessRequest) error
}

// Every match returns, so the loop's end is "none pending": two requests
// of one user both list before either inserts and both insert.
func requestAccess(ctx context.Context, store RequestStore, networkID, user string) error {
	pending, err := store.ListPending(ctx, networkID) // want `check-then-act race: the existence check ListPending`
	if err != nil {
		return err
	}
	for _, r := range pending {
		if r.UserID == user {
			return errPending
		}
	}
	return store.Create(ctx, &AccessRequest{NetworkID: networkID, UserID: user, Status: "pending"})
}

// The same with the rows a gorm Find filled.
func requestAccessFound(db *gorm.DB, networkID, user string) error {
	var pending []AccessRequest
	if err := db.Where("network_id = ? AND status = ?", networkID, "pending").Find(&pending).Error; err != nil { // want `check-then-act race: the existence check Find`
		return err
	}
	for _, r := range pending {
		if r.UserID == user {
			return errPending
		}
	}
	return db.Create(&AccessRequest{NetworkID: networkID, UserID: user, Status: "pending"}).Error
}

// Near miss: the loop only counts the user's requests, and the insert
// runs whatever the count is.
func requestAccessCounted(ctx context.Context, store RequestStore, networkID, user string) (int, error) {
	pending, err := store.ListPending(ctx, networkID)
	if err != nil {
		return 0, err
	}
	mine := 0
	for _, r := range pending {
		if r.UserID == user {
			mine++
		}
	}
	return mine, store.Create(ctx, &AccessRequest{NetworkID: networkID, UserID: user, Status: "pending"})
}

// Near miss: a match breaks out of the loop and the request is created
// all the same (a resend), so the loop's end says nothing.
func resendAccess(ctx context.Context, store RequestStore, networkID, user string) error {
	pending, err := store.ListPending(ctx, networkID)
	if err != nil {
		return err
	}
	for _, r := range pending {
		if r.UserID == user {
			break
		}
	}
	return store.Create(ctx, &AccessRequest{NetworkID: networkID, UserID: user, Status: "pending"})
}

// A failed list is taken for an empty one: the loop runs only when the
// read worked, and the insert after it either way.
func requestAccessLenient(ctx context.Context, store RequestStore, networkID, user string) error {
	pending, err := store.ListPending(ctx, networkID) // want `check-then-act race: the existence check ListPending`
	if err == nil {
		for _, r := range pending {
			if r.UserID == user {
				return errPending
			}
		}
	}
	return store.Create(ctx, &AccessRequest{NetworkID: networkID, UserID: user, Status: "pending"})
}
