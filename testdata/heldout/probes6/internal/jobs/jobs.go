// Package jobs holds the scheduled jobs run by fleet-cron.
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"example.com/fleet6/internal/repo"
	"example.com/fleet6/internal/service/billing"
	"example.com/fleet6/internal/service/payouts"
)

type Jobs struct {
	Usage   repo.Usage
	Billing *billing.Service
	Payouts *payouts.Service
	Log     *slog.Logger
}

// MonthlyInvoices invoices every merchant for the previous month. It runs on
// the 1st at 02:00 and is re-run by hand when it fails.
func (j *Jobs) MonthlyInvoices(ctx context.Context, now time.Time) error {
	period := now.AddDate(0, -1, 0).Format("2006-01")
	totals, err := j.Usage.MonthlyTotals(ctx, period)
	if err != nil {
		return fmt.Errorf("monthly invoices: %w", err)
	}
	for _, t := range totals {
		inv, err := j.Billing.IssueMonthly(ctx, t.MerchantID, period, t.AmountCents)
		if err != nil {
			return fmt.Errorf("monthly invoices: %w", err)
		}
		j.Log.InfoContext(ctx, "invoice issued", "merchant", t.MerchantID, "number", inv.Number)
	}
	return nil
}

// Dunning charges invoices that are overdue by a week.
func (j *Jobs) Dunning(ctx context.Context) error {
	overdue, err := j.Usage.OverdueInvoices(ctx, 7*24*time.Hour)
	if err != nil {
		return fmt.Errorf("dunning: %w", err)
	}
	for _, inv := range overdue {
		if err := j.Billing.AutoCollect(ctx, inv.ID, fmt.Sprintf("merchant-%d", inv.MerchantID)); err != nil {
			j.Log.ErrorContext(ctx, "dunning charge failed", "invoice", inv.ID, "err", err)
		}
	}
	return nil
}

func (j *Jobs) WeeklyPayouts(ctx context.Context) error {
	n, err := j.Payouts.RunWeekly(ctx)
	j.Log.InfoContext(ctx, "weekly payouts", "paid", n)
	return err
}

func (j *Jobs) InstantPayouts(ctx context.Context) error {
	n, err := j.Payouts.RunInstant(ctx)
	j.Log.InfoContext(ctx, "instant payouts", "paid", n)
	return err
}

// Every runs fn every interval until ctx is done.
func Every(ctx context.Context, log *slog.Logger, name string, interval time.Duration, fn func(context.Context) error) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := fn(ctx); err != nil {
				log.ErrorContext(ctx, "job failed", "job", name, "err", err)
			}
		}
	}
}
