// Package requestrecords holds handlers that work on records a
// middleware read for the request: the read is the middleware's, with no
// lock held past it.
package requestrecords

import (
	"context"
	"errors"

	"requestrecords/middleware"
)

type Store interface {
	UpdateBuild(ctx context.Context, b *middleware.Build) error
	UpdateUser(ctx context.Context, u *middleware.User) error
}

type Queue interface {
	Publish(ctx context.Context, buildID int64) error
}

var errNotPending = errors.New("build is not pending approval")

// Two approvals of one build both see it pending approval and both
// queue it.
func Approve(ctx context.Context, db Store, q Queue) error {
	b := middleware.FromContext(ctx) // want `status-gate race: Status read here is tested`
	if b.Status != "pending_approval" {
		return errNotPending
	}
	b.Status = "pending"
	if err := db.UpdateBuild(ctx, b); err != nil {
		return err
	}
	return q.Publish(ctx, b.ID)
}

// Near miss: the status is a precondition; what is written is the note,
// which the test does not read.
func Annotate(ctx context.Context, db Store, q Queue, note string) error {
	b := middleware.FromContext(ctx)
	if b.Status != "success" {
		return errNotPending
	}
	b.Note = note
	if err := db.UpdateBuild(ctx, b); err != nil {
		return err
	}
	return q.Publish(ctx, b.ID)
}

// Two new dashboards of one user each append to the list the middleware
// read and write it back: the second drops the first.
func AddDashboard(ctx context.Context, db Store, id string) error {
	u := middleware.CurrentUser(ctx) // want `lost update: Dashboards read here is written back`
	u.Dashboards = append(u.Dashboards, id)
	return db.UpdateUser(ctx, u)
}

// Near miss: the list is replaced by the request's, not grown from the
// one read.
func SetDashboards(ctx context.Context, db Store, ids []string) error {
	u := middleware.CurrentUser(ctx)
	u.Dashboards = ids
	return db.UpdateUser(ctx, u)
}

// The same approval through the handlers' accessor.
func ApproveRetrieved(ctx context.Context, db Store, q Queue) error {
	b := middleware.Retrieve(ctx) // want `status-gate race: Status read here is tested`
	if b.Status != "pending_approval" {
		return errNotPending
	}
	b.Status = "pending"
	if err := db.UpdateBuild(ctx, b); err != nil {
		return err
	}
	return q.Publish(ctx, b.ID)
}

// Near miss: the binder's verdict is no record of the request (it only
// consulted the user); its Ok gates the work as validation does.
func Register(ctx context.Context, db Store, q Queue, id int64) error {
	v := middleware.Bind(ctx)
	if !v.Ok {
		return errors.New(v.Reason)
	}
	if err := q.Publish(ctx, id); err != nil {
		return err
	}
	return db.UpdateUser(ctx, &middleware.User{ID: id})
}
