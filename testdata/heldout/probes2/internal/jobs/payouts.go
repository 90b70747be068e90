// Package jobs holds the periodic background jobs run by the worker.
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop2/internal/db/pg"
)

// Transferer moves money to a connected account.
type Transferer interface {
	Transfer(ctx context.Context, destination string, amountCents int64, currency, group string) (string, error)
}

// PayoutRunner pays out pending merchant payouts. It runs every five
// minutes from the scheduler on each worker instance.
type PayoutRunner struct {
	q         *pg.Queries
	transfers Transferer
	batchSize int32
	log       *slog.Logger
}

func NewPayoutRunner(pool *pgxpool.Pool, transfers Transferer, log *slog.Logger) *PayoutRunner {
	return &PayoutRunner{q: pg.New(pool), transfers: transfers, batchSize: 50, log: log}
}

func (r *PayoutRunner) Run(ctx context.Context) error {
	payouts, err := r.q.ListPendingPayouts(ctx, r.batchSize)
	if err != nil {
		return fmt.Errorf("list pending payouts: %w", err)
	}
	var failed int
	for _, p := range payouts {
		if err := r.pay(ctx, p); err != nil {
			failed++
			r.log.ErrorContext(ctx, "payout failed", "payout_id", p.ID, "err", err)
		}
	}
	r.log.InfoContext(ctx, "payout run finished", "total", len(payouts), "failed", failed)
	return nil
}

func (r *PayoutRunner) pay(ctx context.Context, p pg.Payout) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	group := "payout-" + strconv.FormatInt(p.ID, 10)
	transferID, err := r.transfers.Transfer(ctx, p.StripeAccountID, p.AmountCents, p.Currency, group)
	if err != nil {
		return err
	}
	return r.q.MarkPayoutSent(ctx, pg.MarkPayoutSentParams{
		ID:         p.ID,
		TransferID: pgtype.Text{String: transferID, Valid: true},
	})
}
