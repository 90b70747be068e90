package claimkeys

import (
	"context"

	"github.com/google/uuid"
	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
)

// work stands for the business work a claim runs.
func work(context.Context, pgx.Tx) (claim.Outcome, error) { return claim.Outcome{Status: 200}, nil }

type Service struct{ claims *claim.Claimer }

const scopePayments = "payments"

func (s *Service) Pay(ctx context.Context, merchantID, key string) error {
	k := claim.Key{Scope: scopePayments, Operation: "pay", Key: key} // want `claim.Key's Scope is the constant scopePayments while merchantID is in scope`
	_, err := s.claims.Do(ctx, k, nil, work)
	return err
}

// Near miss: the merchant is the scope.
func (s *Service) PayScoped(ctx context.Context, merchantID, key string) error {
	k := claim.Key{Scope: merchantID, Operation: "pay", Key: key}
	_, err := s.claims.Do(ctx, k, nil, work)
	return err
}

type Refund struct {
	TenantID       string
	IdempotencyKey string
}

func (s *Service) Refund(ctx context.Context, r Refund) error {
	_, err := s.claims.Do(ctx, claim.Key{Operation: "refund", Key: r.IdempotencyKey}, nil, work) // want `claim.Key has no Scope while r.TenantID is in scope`
	return err
}

// Near miss: a key the server minted is unique without a scope.
func (s *Service) RefundMinted(ctx context.Context, r Refund) error {
	_, err := s.claims.Do(ctx, claim.Key{Scope: "global", Operation: "refund", Key: uuid.NewString()}, nil, work)
	return err
}

// Positional literal, inside a closure of the function that has the owner.
func (s *Service) Batch(ctx context.Context, userID string, keys []string) {
	for _, k := range keys {
		func() {
			_, _ = s.claims.Do(ctx, claim.Key{"batch", "item", k}, nil, work) // want `claim.Key's Scope is the constant "batch" while userID is in scope`
		}()
	}
}

// Near miss: no owner in scope (a single-tenant job).
func (s *Service) Nightly(ctx context.Context, runKey string) error {
	_, err := s.claims.Do(ctx, claim.Key{Scope: "nightly", Operation: "run", Key: runKey}, nil, work)
	return err
}
