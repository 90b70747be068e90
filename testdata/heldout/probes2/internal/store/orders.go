package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop2/internal/db/pg"
)

// Order statuses.
const (
	OrderPending   = "pending"
	OrderPaid      = "paid"
	OrderRefunding = "refunding"
	OrderRefunded  = "refunded"
	OrderCancelled = "cancelled"
)

type OrderStore struct {
	q *pg.Queries
}

func NewOrderStore(pool *pgxpool.Pool) *OrderStore {
	return &OrderStore{q: pg.New(pool)}
}

func (s *OrderStore) Get(ctx context.Context, id int64) (pg.Order, error) {
	o, err := s.q.GetOrder(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return pg.Order{}, ErrNotFound
	}
	if err != nil {
		return pg.Order{}, fmt.Errorf("get order %d: %w", id, err)
	}
	return o, nil
}

func (s *OrderStore) MarkPaid(ctx context.Context, id int64, paymentIntentID string) error {
	err := s.q.MarkOrderPaid(ctx, pg.MarkOrderPaidParams{
		ID:              id,
		PaymentIntentID: pgtype.Text{String: paymentIntentID, Valid: paymentIntentID != ""},
	})
	if err != nil {
		return fmt.Errorf("mark order %d paid: %w", id, err)
	}
	return nil
}

func (s *OrderStore) SetStatus(ctx context.Context, id int64, status string) error {
	if err := s.q.SetOrderStatus(ctx, pg.SetOrderStatusParams{ID: id, Status: status}); err != nil {
		return fmt.Errorf("set order %d status %s: %w", id, status, err)
	}
	return nil
}

// Transition moves the order from one status to another. It reports false
// when the order was not in the from status any more.
func (s *OrderStore) Transition(ctx context.Context, id int64, from, to string) (bool, error) {
	n, err := s.q.TransitionOrderStatus(ctx, pg.TransitionOrderStatusParams{
		ID:         id,
		FromStatus: from,
		ToStatus:   to,
	})
	if err != nil {
		return false, fmt.Errorf("transition order %d %s->%s: %w", id, from, to, err)
	}
	return n == 1, nil
}
