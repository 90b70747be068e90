package tracedsqlc

import (
	"context"
	"database/sql"
	"errors"
	"net/http"

	"go.opentelemetry.io/otel/trace"

	"tracedsqlc/store"
)

type Handler struct {
	DB *store.Replica
}

// The queries run on the store.DBTX interface, which the module's traced
// wrapper implements: the SQL text at the call says what runs.
func (h *Handler) SignUp(ctx context.Context, id, email string) error {
	_, err := store.Query.FindAccountByEmail(ctx, h.DB, email) // want `check-then-act race: the existence check FindAccountByEmail`
	if err == nil {
		return errors.New("email taken")
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	return store.Query.InsertAccount(ctx, h.DB, id, email)
}

// Near miss: INSERT IGNORE lets the database decide; the check only saves
// a round trip.
func (h *Handler) SignUpIgnore(ctx context.Context, id, email string) error {
	_, err := store.Query.FindAccountByEmail(ctx, h.DB, email)
	if err == nil {
		return errors.New("email taken")
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	return store.Query.InsertAccountIgnore(ctx, h.DB, id, email)
}

// A pending account is activated and welcomed in separate steps: two
// requests both find it pending and both send the welcome.
func (h *Handler) Activate(ctx context.Context, email string) error {
	acc, err := store.Query.FindAccountByEmail(ctx, h.DB, email) // want `status-gate race: Status read here is tested`
	if err != nil {
		return err
	}
	if acc.Status != "pending" {
		return nil
	}
	if _, err := http.Post("https://mail.example/welcome", "text/plain", nil); err != nil {
		return err
	}
	return store.Query.ActivateAccount(ctx, h.DB, acc.ID)
}

// Near miss: the only status set after the welcome is the request's
// span's; the account is never written, so there is no gate to pass twice
// (a welcome on every call is the handler's choice, not a race).
func (h *Handler) Welcome(ctx context.Context, email string) error {
	acc, err := store.Query.FindAccountByEmail(ctx, h.DB, email)
	if err != nil {
		return err
	}
	if acc.Status != "pending" {
		return nil
	}
	if _, err := http.Post("https://mail.example/welcome", "text/plain", nil); err != nil {
		return err
	}
	trace.SpanFromContext(ctx).SetStatus(1, "welcomed")
	return nil
}
