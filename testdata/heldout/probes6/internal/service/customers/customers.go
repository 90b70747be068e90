// Package customers is the shipper-facing side: customer accounts,
// consignee address book, carrier quotes and driver notifications.
package customers

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"example.com/fleet6/internal/domain"
	"example.com/fleet6/internal/effects"
	"example.com/fleet6/internal/repo"
)

type Service struct {
	Customers     repo.Customers
	Consignees    repo.Consignees
	Quotes        repo.Quotes
	Devices       repo.Devices
	Notifications repo.Notifications

	Mailer  effects.Mailer
	Push    effects.Push
	Carrier effects.Carrier
	Log     *slog.Logger
}

// Register creates a customer account from the shipper sign-up page.
func (s *Service) Register(ctx context.Context, tenantID, email, name string) (domain.Customer, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	c, found, err := s.Customers.FindByEmail(ctx, tenantID, email)
	if err != nil {
		return domain.Customer{}, fmt.Errorf("register: %w", err)
	}
	if found {
		return c, nil
	}
	c = domain.Customer{TenantID: tenantID, Email: email, Name: name}
	if err := s.Customers.Insert(ctx, &c); err != nil {
		return domain.Customer{}, fmt.Errorf("register: %w", err)
	}
	if err := s.Mailer.Send(ctx, email, "customer_welcome", map[string]any{"name": name}); err != nil {
		s.Log.WarnContext(ctx, "welcome mail", "customer", c.ID, "err", err)
	}
	return c, nil
}

// AddConsignee adds a receiver to the shipper's address book and sends
// them the delivery-preferences link.
func (s *Service) AddConsignee(ctx context.Context, tenantID, email, name string) (domain.Customer, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	c, found, err := s.Consignees.FindByEmail(ctx, tenantID, email)
	if err != nil {
		return domain.Customer{}, fmt.Errorf("add consignee: %w", err)
	}
	if found {
		return c, nil
	}
	c = domain.Customer{TenantID: tenantID, Email: email, Name: name}
	created, err := s.Consignees.Insert(ctx, &c)
	if err != nil {
		return domain.Customer{}, fmt.Errorf("add consignee: %w", err)
	}
	if created {
		if err := s.Mailer.Send(ctx, email, "consignee_preferences", map[string]any{"name": name}); err != nil {
			s.Log.WarnContext(ctx, "preferences mail", "consignee", c.ID, "err", err)
		}
	}
	return c, nil
}
