package tracedsqlc

import (
	"context"
	"errors"

	"tracedsqlc/store"
)

// The lookup takes a list of addresses and finds none: the insert is
// reached by both of two sign-ups with one address.
func (h *Handler) SignUpListed(ctx context.Context, id, email string) error {
	found, err := store.Query.FindAccountsByEmails(ctx, h.DB, []string{email}) // want `check-then-act race: the existence check FindAccountsByEmails`
	if err != nil {
		return err
	}
	if len(found) > 0 {
		return errors.New("email taken")
	}
	return store.Query.InsertAccount(ctx, h.DB, id, email)
}

// Near miss: INSERT IGNORE decides.
func (h *Handler) SignUpListedIgnore(ctx context.Context, id, email string) error {
	found, err := store.Query.FindAccountsByEmails(ctx, h.DB, []string{email})
	if err != nil {
		return err
	}
	if len(found) > 0 {
		return errors.New("email taken")
	}
	return store.Query.InsertAccountIgnore(ctx, h.DB, id, email)
}
