// Package tracing wraps a pool in a store.DBTX that records each
// statement's failure on the request's span, as unkey's mysql.Replica
// does. The wrapper only forwards the SQL text it is handed.
package tracing

import (
	"context"
	"database/sql"

	"go.opentelemetry.io/otel/trace"
)

type Replica struct {
	db *sql.DB
}

func NewReplica(db *sql.DB) *Replica { return &Replica{db: db} }

func (r *Replica) ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error) {
	res, err := r.db.ExecContext(ctx, annotate(ctx, query), args...)
	recordError(trace.SpanFromContext(ctx), err)
	return res, err
}

func (r *Replica) QueryRowContext(ctx context.Context, query string, args ...interface{}) *sql.Row {
	return r.db.QueryRowContext(ctx, query, args...)
}

func (r *Replica) QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error) {
	rows, err := r.db.QueryContext(ctx, annotate(ctx, query), args...)
	recordError(trace.SpanFromContext(ctx), err)
	return rows, err
}

// annotate appends the request's trace context to the statement as a
// comment (sqlcommenter): the text the driver gets is computed.
func annotate(ctx context.Context, query string) string {
	if span := trace.SpanFromContext(ctx); span == nil {
		return query
	}
	return query + " /* traceparent */"
}

// recordError marks the span failed: span.SetStatus names a status, but it
// is the span's, not a row's.
func recordError(span trace.Span, err error) {
	if err != nil {
		span.SetStatus(2, err.Error())
	}
}
