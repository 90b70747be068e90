package pgstore

import (
	"context"
	"database/sql"
	"errors"

	"example.com/desk5/internal/db"
	"example.com/desk5/internal/domain"
)

// Contacts implements repo.Contacts.
type Contacts struct{ s *Store }

func NewContacts(s *Store) *Contacts { return &Contacts{s: s} }

func toContact(c db.Contact) domain.Contact {
	return domain.Contact{
		ID:          c.ID,
		WorkspaceID: c.WorkspaceID,
		Email:       c.Email,
		Phone:       c.Phone,
		Name:        c.Name,
		ExternalID:  c.ExternalID.String,
		CreatedAt:   c.CreatedAt,
	}
}

func (r *Contacts) LookupByEmail(ctx context.Context, workspaceID int64, email string) (domain.Contact, bool, error) {
	c, err := r.s.Q.GetContactByEmail(ctx, db.GetContactByEmailParams{WorkspaceID: workspaceID, Email: email})
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Contact{}, false, nil
	}
	if err != nil {
		return domain.Contact{}, false, MapErr(err)
	}
	return toContact(c), true, nil
}

func (r *Contacts) LookupByExternalID(ctx context.Context, workspaceID int64, externalID string) (domain.Contact, bool, error) {
	c, err := r.s.Q.GetContactByExternalID(ctx, db.GetContactByExternalIDParams{
		WorkspaceID: workspaceID,
		ExternalID:  nullString(externalID),
	})
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Contact{}, false, nil
	}
	if err != nil {
		return domain.Contact{}, false, MapErr(err)
	}
	return toContact(c), true, nil
}

func (r *Contacts) ListByPhone(ctx context.Context, workspaceID int64, phone string) ([]domain.Contact, error) {
	rows, err := r.s.Q.ListContactsByPhone(ctx, db.ListContactsByPhoneParams{WorkspaceID: workspaceID, Phone: phone})
	if err != nil {
		return nil, MapErr(err)
	}
	out := make([]domain.Contact, 0, len(rows))
	for _, c := range rows {
		out = append(out, toContact(c))
	}
	return out, nil
}

func createParams(c domain.Contact) db.CreateContactParams {
	return db.CreateContactParams{
		WorkspaceID: c.WorkspaceID,
		Email:       c.Email,
		Phone:       c.Phone,
		Name:        c.Name,
		ExternalID:  nullString(c.ExternalID),
	}
}

func (r *Contacts) Create(ctx context.Context, c domain.Contact) (domain.Contact, error) {
	row, err := r.s.Q.CreateContact(ctx, createParams(c))
	if err != nil {
		return domain.Contact{}, MapErr(err)
	}
	return toContact(row), nil
}

func (r *Contacts) CreateByExternalID(ctx context.Context, c domain.Contact) (domain.Contact, bool, error) {
	row, err := r.s.Q.CreateContactByExternalID(ctx, createParams(c))
	if errors.Is(err, sql.ErrNoRows) {
		existing, _, err := r.LookupByExternalID(ctx, c.WorkspaceID, c.ExternalID)
		return existing, false, err
	}
	if err != nil {
		return domain.Contact{}, false, MapErr(err)
	}
	return toContact(row), true, nil
}
