// Package crm mirrors customer contact data into the marketing tool's table.
package crm

import (
	"context"

	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

type Service struct{ contacts store.ContactStore }

func New(c store.ContactStore) *Service { return &Service{contacts: c} }

// SyncContact writes the user's current name and locale to the CRM.
func (s *Service) SyncContact(ctx context.Context, u domain.User) error {
	c, err := s.contacts.ContactByEmail(ctx, u.Email)
	if err != nil {
		return err
	}
	if c.Email != "" && c.Name == u.Name && c.Locale == u.Locale {
		return nil
	}
	return s.contacts.UpsertContact(ctx, domain.Contact{Email: u.Email, Name: u.Name, Locale: u.Locale})
}
