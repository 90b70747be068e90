// Package requestrecords holds handlers that work on records a
// middleware read for the request: the read is the middleware's, with no
// lock held past it.
package requestrecords

import (
	"context"
	"errors"
	"log"
	"strings"

	"requestrecords/billing"
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

type JobStore interface {
	UpdateJob(ctx context.Context, j *middleware.Job) (*middleware.Job, error)
}

// enqueue publishes the job, once more when the first publish fails.
func enqueue(ctx context.Context, q Queue, id int64) {
	if err := q.Publish(ctx, id); err != nil {
		_ = q.Publish(ctx, id)
	}
}

// Two approvals of one job, its fields read and set through accessors,
// both see it pending approval, both save it pending and both queue it
// from a goroutine.
func ApproveJob(ctx context.Context, db JobStore, q Queue) error {
	j := middleware.RetrieveJob(ctx) // want `status-gate race: Status read here is tested`
	if !strings.EqualFold(j.GetStatus(), "pending_approval") {
		return errNotPending
	}
	j.SetStatus("pending")
	if _, err := db.UpdateJob(ctx, j); err != nil {
		log.Printf("saving job %d: %v", j.GetID(), err)
	}
	go enqueue(context.WithoutCancel(ctx), q, j.GetID())
	return nil
}

// Near miss: the status is a precondition; the accessor writes the note.
func AnnotateJob(ctx context.Context, db JobStore, q Queue, note string) error {
	j := middleware.RetrieveJob(ctx)
	if !strings.EqualFold(j.GetStatus(), "success") {
		return errNotPending
	}
	j.SetNote(note)
	if _, err := db.UpdateJob(ctx, j); err != nil {
		log.Printf("saving job %d: %v", j.GetID(), err)
	}
	go enqueue(context.WithoutCancel(ctx), q, j.GetID())
	return nil
}

var errNotOpen = errors.New("invoice is not open")

// Two payments of one invoice both see the copy the middleware kept
// open, and the service each hands it to charges it and marks it paid.
func PayInvoice(ctx context.Context, svc *billing.Service) error {
	inv := middleware.CurrentInvoice(ctx) // want `status-gate race: Status read here is tested, then Collect at line \d+ acts and writes the state`
	if inv.Status != "open" {
		return errNotOpen
	}
	return svc.Collect(ctx, inv)
}

// Near miss: the test is a fast path; the service moves the invoice
// from open with a guarded update and charges only when it moved it.
func PayInvoiceOnce(ctx context.Context, svc *billing.Service) error {
	inv := middleware.CurrentInvoice(ctx)
	if inv.Status != "open" {
		return errNotOpen
	}
	return svc.CollectOnce(ctx, inv)
}

// The service tests the state of the copy the middleware kept, charges
// and marks it paid in helpers: two payments both pass.
func SettleInvoice(ctx context.Context, svc *billing.Service) error {
	inv := middleware.CurrentInvoice(ctx) // want `status-gate race: Status read here is passed to billing.Settle and tested there`
	return svc.Settle(ctx, inv)
}

type invoiceKeyT struct{}

// invoiceFrom is the handlers' own accessor of the invoice a middleware
// of this package loaded.
func invoiceFrom(ctx context.Context) middleware.Invoice {
	inv, _ := ctx.Value(invoiceKeyT{}).(middleware.Invoice)
	return inv
}

func SettleLoaded(ctx context.Context, svc *billing.Service) error {
	inv := invoiceFrom(ctx) // want `status-gate race: Status read here is passed to billing.Settle and tested there`
	return svc.Settle(ctx, inv)
}

// Near miss: the service's guarded move picks one caller before it charges.
func SettleLoadedOnce(ctx context.Context, svc *billing.Service) error {
	inv := invoiceFrom(ctx)
	return svc.SettleOnce(ctx, inv)
}
