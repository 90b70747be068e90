// Package service hands the stores' sentinels on, answering some.
package service

import (
	"context"
	"errors"
	"fmt"

	"unanswered/store"
)

type Service struct {
	Shipments store.Shipments
	Bookings  store.Bookings
	Invoices  store.Invoices
	Coupons   store.Coupons
	Devices   store.Devices
	Tokens    store.Tokens
}

func (s *Service) IssueToken(ctx context.Context, owner string) error {
	return s.Tokens.Issue(ctx, owner)
}

func (s *Service) CreateShipment(ctx context.Context, ref string) error {
	if err := s.Shipments.Create(ctx, ref); err != nil {
		return fmt.Errorf("create shipment: %w", err)
	}
	return nil
}

// Book answers a booking made before with success.
func (s *Service) Book(ctx context.Context, ref string) error {
	err := s.Bookings.Create(ctx, ref)
	if errors.Is(err, store.ErrExists) {
		return nil
	}
	return err
}

func (s *Service) IssueMonthly(ctx context.Context, merchants []int64) error {
	for _, m := range merchants {
		if err := s.Invoices.IssueFor(ctx, m); err != nil {
			return fmt.Errorf("merchant %d: %w", m, err)
		}
	}
	return nil
}

func (s *Service) IssueCoupon(ctx context.Context, code string) error {
	return s.Coupons.Issue(ctx, code)
}

func (s *Service) RegisterDevice(ctx context.Context, token string) error {
	return s.Devices.Register(ctx, token)
}
