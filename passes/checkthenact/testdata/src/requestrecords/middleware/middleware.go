// Package middleware loads the request's build and user before the
// handlers run and keeps them in the request's context.
package middleware

import (
	"context"
	"database/sql"
)

type Build struct {
	ID     int64
	Status string
	Note   string
}

type User struct {
	ID         int64
	Dashboards []string
}

type key int

const (
	buildKey key = iota
	userKey
)

// LoadBuild is the middleware: it reads the request's build and keeps it
// in the context for the handlers.
func LoadBuild(ctx context.Context, db *sql.DB, id int64) (context.Context, error) {
	b := &Build{ID: id}
	if err := db.QueryRowContext(ctx, `SELECT status, note FROM builds WHERE id = $1`, id).Scan(&b.Status, &b.Note); err != nil {
		return ctx, err
	}
	return context.WithValue(ctx, buildKey, b), nil
}

// FromContext returns the build the middleware read for this request.
func FromContext(ctx context.Context) *Build {
	b, _ := ctx.Value(buildKey).(*Build)
	return b
}

// CurrentUser returns the user the middleware read for this request.
func CurrentUser(ctx context.Context) *User {
	return ctx.Value(userKey).(*User)
}

// Retrieve is the handlers' accessor, over FromContext.
func Retrieve(ctx context.Context) *Build {
	return FromContext(ctx)
}

// Verdict is what a request binder answers.
type Verdict struct {
	Ok     bool
	Reason string
}

// Bind consults the signed-in user to judge the request; it hands the
// caller a verdict, not the user.
func Bind(ctx context.Context) *Verdict {
	if u := CurrentUser(ctx); u == nil {
		return &Verdict{Reason: "signed out"}
	}
	return &Verdict{Ok: true}
}

// Job is a record whose fields are pointers, read and written through
// generated accessors.
type Job struct {
	ID     *int64
	Status *string
	Note   *string
}

func (j *Job) GetID() int64 {
	if j == nil || j.ID == nil {
		return 0
	}
	return *j.ID
}

func (j *Job) GetStatus() string {
	if j == nil || j.Status == nil {
		return ""
	}
	return *j.Status
}

func (j *Job) SetStatus(v string) {
	if j == nil {
		return
	}
	j.Status = &v
}

func (j *Job) SetNote(v string) {
	if j == nil {
		return
	}
	j.Note = &v
}

const jobKey key = 7

// RetrieveJob returns the job the middleware read for this request.
func RetrieveJob(ctx context.Context) *Job {
	j, _ := ctx.Value(jobKey).(*Job)
	return j
}

// Invoice is kept in the context by value.
type Invoice struct {
	ID     int64
	Status string
	Cents  int64
}

const invoiceKey key = 8

// CurrentInvoice returns a copy of the invoice the middleware read.
func CurrentInvoice(ctx context.Context) Invoice {
	inv, _ := ctx.Value(invoiceKey).(Invoice)
	return inv
}
