package pgstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/fleet6/internal/domain"
)

type Payouts struct{ Pool *pgxpool.Pool }

func (s Payouts) ListPending(ctx context.Context, limit int) ([]domain.Payout, error) {
	rows, err := s.Pool.Query(ctx,
		`SELECT id, driver_id, batch_id, amount_cents, status, coalesce(transfer_ref, '')
		   FROM payouts WHERE status = 'pending' ORDER BY id LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("list pending payouts: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (domain.Payout, error) {
		var p domain.Payout
		err := r.Scan(&p.ID, &p.DriverID, &p.BatchID, &p.AmountCents, &p.Status, &p.TransferRef)
		return p, err
	})
}

// Claim moves a pending payout to processing; false means another worker
// has it or it is no longer pending.
func (s Payouts) Claim(ctx context.Context, id int64) (bool, error) {
	tag, err := s.Pool.Exec(ctx,
		`UPDATE payouts SET status = 'processing', claimed_at = now() WHERE id = $1 AND status = 'pending'`, id)
	if err != nil {
		return false, fmt.Errorf("claim payout: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (s Payouts) MarkPaid(ctx context.Context, id int64, transferRef string) error {
	_, err := s.Pool.Exec(ctx, `UPDATE payouts SET status = 'paid', transfer_ref = $2, paid_at = now() WHERE id = $1`, id, transferRef)
	if err != nil {
		return fmt.Errorf("mark payout paid: %w", err)
	}
	return nil
}

func (s Payouts) MarkFailed(ctx context.Context, id int64, reason string) error {
	_, err := s.Pool.Exec(ctx, `UPDATE payouts SET status = 'failed', failure = $2 WHERE id = $1`, id, reason)
	if err != nil {
		return fmt.Errorf("mark payout failed: %w", err)
	}
	return nil
}

func (s Payouts) AccountRef(ctx context.Context, driverID int64) (string, error) {
	var ref string
	err := s.Pool.QueryRow(ctx, `SELECT provider_ref FROM payout_accounts WHERE driver_id = $1 ORDER BY id LIMIT 1`, driverID).Scan(&ref)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", domain.ErrNotFound
	}
	return ref, err
}

func addPayout(ctx context.Context, tx pgx.Tx, batchID, driverID, amount int64) error {
	if _, err := tx.Exec(ctx,
		`INSERT INTO payouts (batch_id, driver_id, amount_cents, status) VALUES ($1, $2, $3, 'pending')`,
		batchID, driverID, amount); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE payout_batches SET total_cents = total_cents + $2 WHERE id = $1`, batchID, amount)
	return err
}

// AddToPeriodBatch appends driver payouts to the merchant's batch for the
// period, opening the batch on first use.
func (s Payouts) AddToPeriodBatch(ctx context.Context, merchantID int64, period string, amounts map[int64]int64) (int64, error) {
	var batchID int64
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx,
			`SELECT id FROM payout_batches WHERE merchant_id = $1 AND period = $2 FOR UPDATE`,
			merchantID, period).Scan(&batchID)
		if errors.Is(err, pgx.ErrNoRows) {
			err = tx.QueryRow(ctx,
				`INSERT INTO payout_batches (merchant_id, period, total_cents) VALUES ($1, $2, 0) RETURNING id`,
				merchantID, period).Scan(&batchID)
		}
		if err != nil {
			return err
		}
		for driverID, amount := range amounts {
			if err := addPayout(ctx, tx, batchID, driverID, amount); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("add to period batch: %w", err)
	}
	return batchID, nil
}

// AddToAdhocBatch does the same for instant-payout batches.
func (s Payouts) AddToAdhocBatch(ctx context.Context, merchantID int64, day string, amounts map[int64]int64) (int64, error) {
	var batchID int64
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var mid int64
		if err := tx.QueryRow(ctx,
			`SELECT merchant_id FROM payout_schedules WHERE merchant_id = $1 FOR UPDATE`,
			merchantID).Scan(&mid); err != nil {
			return fmt.Errorf("lock payout schedule: %w", err)
		}
		err := tx.QueryRow(ctx,
			`SELECT id FROM payout_batches WHERE merchant_id = $1 AND period = 'adhoc:' || $2`,
			merchantID, day).Scan(&batchID)
		if errors.Is(err, pgx.ErrNoRows) {
			err = tx.QueryRow(ctx,
				`INSERT INTO payout_batches (merchant_id, period, total_cents) VALUES ($1, 'adhoc:' || $2, 0) RETURNING id`,
				merchantID, day).Scan(&batchID)
		}
		if err != nil {
			return err
		}
		for driverID, amount := range amounts {
			if err := addPayout(ctx, tx, batchID, driverID, amount); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("add to adhoc batch: %w", err)
	}
	return batchID, nil
}
