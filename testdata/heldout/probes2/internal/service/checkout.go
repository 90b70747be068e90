package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop2/internal/store"
)

// CheckoutService records payments and refunds reported by the hosted
// payment page. The provider's server callback and the browser redirect
// both report the same payment, often within milliseconds.
type CheckoutService struct {
	pool *pgxpool.Pool
	log  *slog.Logger
}

func NewCheckoutService(pool *pgxpool.Pool, log *slog.Logger) *CheckoutService {
	return &CheckoutService{pool: pool, log: log}
}

// RecordPayment stores the payment and marks the order paid. It returns the
// payment's id, the existing one when the payment was already recorded.
func (s *CheckoutService) RecordPayment(ctx context.Context, orderID int64, providerRef string, amountCents int64) (int64, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)

	var id int64
	err = tx.QueryRow(ctx,
		`INSERT INTO payments (order_id, provider_ref, amount_cents) VALUES ($1, $2, $3) RETURNING id`,
		orderID, providerRef, amountCents).Scan(&id)
	if store.IsUniqueViolation(err) {
		err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE provider_ref = $1`, providerRef).Scan(&id)
		if err != nil {
			return 0, fmt.Errorf("record payment %s: load existing: %w", providerRef, err)
		}
		return id, tx.Commit(ctx)
	}
	if err != nil {
		return 0, fmt.Errorf("record payment %s: %w", providerRef, err)
	}
	if _, err := tx.Exec(ctx,
		`UPDATE orders SET status = 'paid', updated_at = now() WHERE id = $1 AND status = 'pending'`, orderID); err != nil {
		return 0, fmt.Errorf("record payment %s: %w", providerRef, err)
	}
	return id, tx.Commit(ctx)
}

// RecordRefund stores a refund reported by the provider and restocks the
// order's balance.
func (s *CheckoutService) RecordRefund(ctx context.Context, orderID int64, providerRef string, amountCents int64) (int64, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)

	sp, err := tx.Begin(ctx)
	if err != nil {
		return 0, err
	}
	var id int64
	err = sp.QueryRow(ctx,
		`INSERT INTO refunds (order_id, provider_ref, amount_cents) VALUES ($1, $2, $3) RETURNING id`,
		orderID, providerRef, amountCents).Scan(&id)
	if store.IsUniqueViolation(err) {
		if rerr := sp.Rollback(ctx); rerr != nil {
			return 0, rerr
		}
		err = tx.QueryRow(ctx, `SELECT id FROM refunds WHERE provider_ref = $1`, providerRef).Scan(&id)
		if err != nil {
			return 0, fmt.Errorf("record refund %s: load existing: %w", providerRef, err)
		}
		return id, tx.Commit(ctx)
	}
	if err != nil {
		return 0, fmt.Errorf("record refund %s: %w", providerRef, err)
	}
	if err := sp.Commit(ctx); err != nil {
		return 0, err
	}
	if _, err := tx.Exec(ctx,
		`UPDATE orders SET refunded_cents = refunded_cents + $2, updated_at = now() WHERE id = $1`, orderID, amountCents); err != nil {
		return 0, fmt.Errorf("record refund %s: %w", providerRef, err)
	}
	return id, tx.Commit(ctx)
}
