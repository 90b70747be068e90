// Package transfers moves wallet money out to bank accounts.
package transfers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"

	"example.com/shop4/internal/clients/payments"
	"example.com/shop4/internal/domain"
)

var ErrInProgress = errors.New("transfers: a request with this key is still being processed")

const (
	keyTTL     = 24 * time.Hour
	inProgress = "in-progress"
)

type Ledger interface {
	RecordTransfer(ctx context.Context, t domain.Transfer) error
	DebitBalance(ctx context.Context, userID, cents int64) error
}

type Service struct {
	rdb    *redis.Client
	bank   payments.Gateway
	ledger Ledger
}

func New(rdb *redis.Client, bank payments.Gateway, ledger Ledger) *Service {
	return &Service{rdb: rdb, bank: bank, ledger: ledger}
}

type Request struct {
	ToAccount   string `json:"to_account"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

func cacheKey(kind string, userID int64, key string) string {
	return fmt.Sprintf("idem:%s:%d:%s", kind, userID, key)
}

// Send pays another customer's bank account. Clients retry with the same
// Idempotency-Key and get the first result back.
func (s *Service) Send(ctx context.Context, userID int64, idemKey string, req Request) (domain.Transfer, error) {
	ck := cacheKey("send", userID, idemKey)
	if b, err := s.rdb.Get(ctx, ck).Bytes(); err == nil {
		var t domain.Transfer
		if err := json.Unmarshal(b, &t); err != nil {
			return domain.Transfer{}, err
		}
		return t, nil
	} else if !errors.Is(err, redis.Nil) {
		return domain.Transfer{}, err
	}
	t, err := s.execute(ctx, userID, req)
	if err != nil {
		return domain.Transfer{}, err
	}
	b, _ := json.Marshal(t)
	if err := s.rdb.Set(ctx, ck, b, keyTTL).Err(); err != nil {
		return t, err
	}
	return t, nil
}

// Withdraw pays the user's wallet out to their own bank account.
func (s *Service) Withdraw(ctx context.Context, userID int64, idemKey string, req Request) (domain.Transfer, error) {
	ck := cacheKey("withdraw", userID, idemKey)
	claimed, err := s.rdb.SetNX(ctx, ck, inProgress, keyTTL).Result()
	if err != nil {
		return domain.Transfer{}, err
	}
	if !claimed {
		b, err := s.rdb.Get(ctx, ck).Bytes()
		if err != nil {
			return domain.Transfer{}, err
		}
		if string(b) == inProgress {
			return domain.Transfer{}, ErrInProgress
		}
		var t domain.Transfer
		return t, json.Unmarshal(b, &t)
	}
	t, err := s.execute(ctx, userID, req)
	if err != nil {
		s.rdb.Del(ctx, ck)
		return domain.Transfer{}, err
	}
	b, _ := json.Marshal(t)
	if err := s.rdb.Set(ctx, ck, b, keyTTL).Err(); err != nil {
		return t, err
	}
	return t, nil
}

func (s *Service) execute(ctx context.Context, userID int64, req Request) (domain.Transfer, error) {
	t := domain.Transfer{
		ID:          uuid.NewString(),
		FromUserID:  userID,
		ToAccount:   req.ToAccount,
		AmountCents: req.AmountCents,
		Currency:    req.Currency,
	}
	ref, err := s.bank.Transfer(ctx, payments.TransferRequest{
		AmountCents:    req.AmountCents,
		Currency:       req.Currency,
		Destination:    req.ToAccount,
		Reference:      t.ID,
		IdempotencyKey: t.ID,
	})
	if err != nil {
		return domain.Transfer{}, err
	}
	t.ProviderRef, t.Status = ref, "sent"
	if err := s.ledger.DebitBalance(ctx, userID, req.AmountCents); err != nil {
		return t, err
	}
	return t, s.ledger.RecordTransfer(ctx, t)
}
