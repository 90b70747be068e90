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

// Active records: the request lists the pending requests of its network
// and creates itself.

type JITRequest struct {
	ID        string
	NetworkID string
	UserID    string
	Status    string
}

var scansDB *gorm.DB

func (j *JITRequest) ListPendingByNetwork(ctx context.Context) ([]JITRequest, error) {
	var out []JITRequest
	err := scansDB.WithContext(ctx).Where("network_id = ? AND status = ?", j.NetworkID, "pending").Find(&out).Error
	return out, err
}

func (j *JITRequest) Create(ctx context.Context) error {
	return scansDB.WithContext(ctx).Create(j).Error
}

func createJITRequest(ctx context.Context, networkID, user, id string) (*JITRequest, error) {
	request := JITRequest{NetworkID: networkID, UserID: user}
	pending, err := request.ListPendingByNetwork(ctx) // want `check-then-act race: the existence check ListPendingByNetwork`
	if err == nil {
		for _, r := range pending {
			if r.UserID == user {
				return nil, errPending
			}
		}
	}
	newRequest := JITRequest{ID: id, NetworkID: networkID, UserID: user, Status: "pending"}
	if err := newRequest.Create(ctx); err != nil {
		return nil, err
	}
	return &newRequest, nil
}

// Near miss: the lenient loop breaks out on a match and creates anyway
// (a resend); its end says nothing about the user's requests.
func resendAccessLenient(ctx context.Context, store RequestStore, networkID, user string) error {
	pending, err := store.ListPending(ctx, networkID)
	if err == nil {
		for _, r := range pending {
			if r.UserID == user {
				break
			}
		}
	}
	return store.Create(ctx, &AccessRequest{NetworkID: networkID, UserID: user, Status: "pending"})
}

// A match is an element found in a set the caller holds: any listed
// request for one of the wanted networks means the user waits.
func requestAnyAccess(ctx context.Context, store RequestStore, networks []string, user string) error {
	wanted := map[string]bool{}
	for _, n := range networks {
		wanted[n] = true
	}
	pending, err := store.ListPending(ctx, user) // want `check-then-act race: the existence check ListPending`
	if err == nil {
		for _, r := range pending {
			if _, ok := wanted[r.NetworkID]; ok {
				return errPending
			}
		}
	}
	return store.Create(ctx, &AccessRequest{NetworkID: networks[0], UserID: user, Status: "pending"})
}

// Near miss: membership in the set only marks the request urgent; no
// match leaves, so the loop's end says nothing about what is listed.
func requestAnyAccessMarked(ctx context.Context, store RequestStore, networks []string, user string) error {
	wanted := map[string]bool{}
	for _, n := range networks {
		wanted[n] = true
	}
	pending, err := store.ListPending(ctx, user)
	if err != nil {
		return err
	}
	status := "pending"
	for _, r := range pending {
		if _, ok := wanted[r.NetworkID]; ok {
			status = "urgent"
		}
	}
	return store.Create(ctx, &AccessRequest{NetworkID: networks[0], UserID: user, Status: status})
}
