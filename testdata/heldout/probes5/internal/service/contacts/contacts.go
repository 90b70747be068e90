// Package contacts resolves the end customer behind an inbound message.
package contacts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"example.com/desk5/internal/db"
	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/repo"
	"example.com/desk5/internal/store/pgstore"
)

// Service finds or creates contacts for every channel.
type Service struct {
	repo    repo.Contacts
	store   *pgstore.Store
	sms     effects.SMSSender
	events  effects.EventPublisher
	indexer effects.SearchIndexer
	log     *slog.Logger
}

func New(r repo.Contacts, store *pgstore.Store, sms effects.SMSSender, events effects.EventPublisher, indexer effects.SearchIndexer, log *slog.Logger) *Service {
	return &Service{repo: r, store: store, sms: sms, events: events, indexer: indexer, log: log}
}

// ContactCreated is published for the CRM sync worker.
type ContactCreated struct {
	WorkspaceID int64  `json:"workspace_id"`
	ContactID   int64  `json:"contact_id"`
	Email       string `json:"email,omitempty"`
	Phone       string `json:"phone,omitempty"`
	Source      string `json:"source"`
}

func normalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }

func normalizePhone(p string) string {
	var b strings.Builder
	for i, r := range p {
		if (r >= '0' && r <= '9') || (r == '+' && i == 0) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// FindOrCreateByEmail returns the contact for an e-mail sender, creating it
// on first contact.
func (s *Service) FindOrCreateByEmail(ctx context.Context, workspaceID int64, email, name string) (domain.Contact, error) {
	email = normalizeEmail(email)
	if email == "" {
		return domain.Contact{}, domain.Invalid("email", "required")
	}
	c, ok, err := s.repo.LookupByEmail(ctx, workspaceID, email)
	if err != nil {
		return domain.Contact{}, fmt.Errorf("lookup contact: %w", err)
	}
	if ok {
		return c, nil
	}
	if name == "" {
		name = strings.SplitN(email, "@", 2)[0]
	}
	return s.createAndAnnounce(ctx, domain.Contact{
		WorkspaceID: workspaceID,
		Email:       email,
		Name:        name,
	}, "email")
}

func (s *Service) createAndAnnounce(ctx context.Context, c domain.Contact, source string) (domain.Contact, error) {
	created, err := s.repo.Create(ctx, c)
	if err != nil {
		return domain.Contact{}, fmt.Errorf("create contact: %w", err)
	}
	s.announce(ctx, created, source)
	return created, nil
}

func (s *Service) announce(ctx context.Context, c domain.Contact, source string) {
	if err := s.events.Publish(ctx, "contacts.created", ContactCreated{
		WorkspaceID: c.WorkspaceID,
		ContactID:   c.ID,
		Email:       c.Email,
		Phone:       c.Phone,
		Source:      source,
	}); err != nil {
		s.log.WarnContext(ctx, "publish contact.created", "err", err)
	}
	if err := s.indexer.Index(ctx, "contact", fmt.Sprint(c.ID), map[string]any{
		"workspace_id": c.WorkspaceID,
		"email":        c.Email,
		"phone":        c.Phone,
		"name":         c.Name,
	}); err != nil {
		s.log.WarnContext(ctx, "index contact", "err", err)
	}
}

// FindOrCreateByExternalID is used by the customer-data import API, where the
// caller supplies its own stable identifier.
func (s *Service) FindOrCreateByExternalID(ctx context.Context, workspaceID int64, externalID, email, name string) (domain.Contact, error) {
	if externalID == "" {
		return domain.Contact{}, domain.Invalid("external_id", "required")
	}
	c, ok, err := s.repo.LookupByExternalID(ctx, workspaceID, externalID)
	if err != nil {
		return domain.Contact{}, fmt.Errorf("lookup contact: %w", err)
	}
	if ok {
		return c, nil
	}
	created, inserted, err := s.repo.CreateByExternalID(ctx, domain.Contact{
		WorkspaceID: workspaceID,
		ExternalID:  externalID,
		Email:       normalizeEmail(email),
		Name:        name,
	})
	if err != nil {
		return domain.Contact{}, fmt.Errorf("create contact: %w", err)
	}
	if inserted {
		s.announce(ctx, created, "import")
	}
	return created, nil
}

const optInText = "Thanks for texting us! Reply STOP to opt out. Msg&data rates may apply."

// FindOrCreateByPhone resolves the sender of an inbound SMS. New numbers get
// the carrier-mandated opt-in confirmation.
func (s *Service) FindOrCreateByPhone(ctx context.Context, workspaceID int64, phone string) (domain.Contact, error) {
	phone = normalizePhone(phone)
	if len(phone) < 8 {
		return domain.Contact{}, domain.Invalid("phone", "invalid number")
	}
	matches, err := s.repo.ListByPhone(ctx, workspaceID, phone)
	if err != nil {
		return domain.Contact{}, fmt.Errorf("list contacts: %w", err)
	}
	if len(matches) > 0 {
		return matches[0], nil
	}
	c, err := s.createAndAnnounce(ctx, domain.Contact{
		WorkspaceID: workspaceID,
		Phone:       phone,
		Name:        phone,
	}, "sms")
	if err != nil {
		return domain.Contact{}, err
	}
	if _, err := s.sms.SendSMS(ctx, phone, optInText); err != nil {
		s.log.WarnContext(ctx, "send opt-in", "err", err)
	}
	return c, nil
}

// FindOrCreateByWhatsApp resolves the sender of an inbound WhatsApp message.
// Lookups for one number take a transaction-scoped advisory lock.
func (s *Service) FindOrCreateByWhatsApp(ctx context.Context, workspaceID int64, phone string) (domain.Contact, error) {
	phone = normalizePhone(phone)
	if len(phone) < 8 {
		return domain.Contact{}, domain.Invalid("phone", "invalid number")
	}
	var (
		contact domain.Contact
		created bool
	)
	err := s.store.WithTx(ctx, func(q *db.Queries) error {
		if err := q.LockContactKey(ctx, fmt.Sprintf("contact:%d:%s", workspaceID, phone)); err != nil {
			return err
		}
		rows, err := q.ListContactsByPhone(ctx, db.ListContactsByPhoneParams{WorkspaceID: workspaceID, Phone: phone})
		if err != nil {
			return err
		}
		if len(rows) > 0 {
			contact = domain.Contact{ID: rows[0].ID, WorkspaceID: rows[0].WorkspaceID, Phone: rows[0].Phone, Name: rows[0].Name, Email: rows[0].Email}
			return nil
		}
		row, err := q.CreateContact(ctx, db.CreateContactParams{WorkspaceID: workspaceID, Phone: phone, Name: phone})
		if err != nil {
			return err
		}
		contact = domain.Contact{ID: row.ID, WorkspaceID: row.WorkspaceID, Phone: row.Phone, Name: row.Name}
		created = true
		return nil
	})
	if err != nil {
		return domain.Contact{}, fmt.Errorf("resolve whatsapp contact: %w", pgstore.MapErr(err))
	}
	if created {
		s.announce(ctx, contact, "whatsapp")
		if _, err := s.sms.SendSMS(ctx, phone, optInText); err != nil {
			s.log.WarnContext(ctx, "send opt-in", "err", err)
		}
	}
	return contact, nil
}

// IsNotFound is a small helper for handlers.
func IsNotFound(err error) bool { return errors.Is(err, domain.ErrNotFound) }
