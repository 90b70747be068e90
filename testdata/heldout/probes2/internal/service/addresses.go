package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"example.com/shop2/internal/store/mongorepo"
)

var ErrAddressLimit = errors.New("address book is full")

const (
	maxAddresses = 20
	maxCards     = 5
)

type AddressService struct {
	addresses *mongorepo.AddressRepo
	wallet    *mongorepo.WalletRepo
	log       *slog.Logger
}

func NewAddressService(addresses *mongorepo.AddressRepo, wallet *mongorepo.WalletRepo, log *slog.Logger) *AddressService {
	return &AddressService{addresses: addresses, wallet: wallet, log: log}
}

func (s *AddressService) Add(ctx context.Context, userID int64, a mongorepo.Address) (*mongorepo.Address, error) {
	a.Country = strings.ToUpper(strings.TrimSpace(a.Country))
	if a.Line1 == "" || a.City == "" || len(a.Country) != 2 {
		return nil, fmt.Errorf("%w: incomplete address", ErrInvalidRequest)
	}
	n, err := s.addresses.CountForUser(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("add address: %w", err)
	}
	if n >= maxAddresses {
		return nil, ErrAddressLimit
	}
	a.UserID = userID
	a.CreatedAt = time.Now()
	if err := s.addresses.Insert(ctx, &a); err != nil {
		return nil, fmt.Errorf("add address: %w", err)
	}
	return &a, nil
}

// SaveCard stores a tokenised card for one-click checkout.
func (s *AddressService) SaveCard(ctx context.Context, userID int64, c mongorepo.SavedCard) (*mongorepo.SavedCard, error) {
	if !strings.HasPrefix(c.PaymentMethod, "pm_") {
		return nil, fmt.Errorf("%w: payment_method", ErrInvalidRequest)
	}
	if err := s.wallet.ReserveCardSlot(ctx, userID, maxCards); err != nil {
		return nil, err
	}
	c.UserID = userID
	c.CreatedAt = time.Now()
	if err := s.wallet.InsertCard(ctx, &c); err != nil {
		if rerr := s.wallet.ReleaseCardSlot(ctx, userID); rerr != nil {
			s.log.ErrorContext(ctx, "release card slot", "user_id", userID, "err", rerr)
		}
		return nil, fmt.Errorf("save card: %w", err)
	}
	return &c, nil
}
