package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"example.com/shop4/internal/clients/payments"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/service/billing"
	"example.com/shop4/internal/store"
)

// ScheduledPayouts sends the weekly payouts whose run date has come.
type ScheduledPayouts struct {
	payouts store.PayoutStore
	bank    payments.Gateway
}

func NewScheduledPayouts(p store.PayoutStore, bank payments.Gateway) *ScheduledPayouts {
	return &ScheduledPayouts{payouts: p, bank: bank}
}

func (j *ScheduledPayouts) Name() string { return "scheduled-payouts" }

func (j *ScheduledPayouts) Run(ctx context.Context) error {
	due, err := j.payouts.ListByStatus(ctx, domain.PayoutScheduled, 100)
	if err != nil {
		return err
	}
	for i := range due {
		j.pay(ctx, &due[i])
	}
	return nil
}

func (j *ScheduledPayouts) pay(ctx context.Context, p *domain.Payout) {
	ref, err := j.bank.Transfer(ctx, payments.TransferRequest{
		AmountCents: p.AmountCents,
		Currency:    p.Currency,
		Destination: p.IBAN,
		Reference:   fmt.Sprintf("PAYOUT-%d", p.ID),
	})
	if err != nil {
		slog.ErrorContext(ctx, "payout transfer", "payout", p.ID, "err", err)
		_ = j.payouts.MarkFailed(ctx, p.ID)
		return
	}
	if err := j.payouts.MarkSent(ctx, p.ID, ref, 0); err != nil {
		slog.ErrorContext(ctx, "mark payout sent", "payout", p.ID, "err", err)
	}
}

// RefundQueue works off refunds requested by support agents.
type RefundQueue struct {
	refunds store.RefundStore
	gateway payments.Gateway
}

func NewRefundQueue(r store.RefundStore, gw payments.Gateway) *RefundQueue {
	return &RefundQueue{refunds: r, gateway: gw}
}

func (j *RefundQueue) Name() string { return "refund-queue" }

func (j *RefundQueue) Run(ctx context.Context) error {
	pending, err := j.refunds.ListPending(ctx, 100)
	if err != nil {
		return err
	}
	for _, rr := range pending {
		ok, err := j.refunds.Transition(ctx, rr.ID, "pending", "processing")
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		ref, err := j.gateway.Refund(ctx, rr.ChargeID, rr.AmountCents)
		if err != nil {
			slog.ErrorContext(ctx, "refund", "id", rr.ID, "err", err)
			_, _ = j.refunds.Transition(ctx, rr.ID, "processing", "failed")
			continue
		}
		if err := j.refunds.Complete(ctx, rr.ID, ref); err != nil {
			return err
		}
	}
	return nil
}

// Renewals charges subscriptions at the start of each month.
type Renewals struct {
	billing *billing.Service
	now     func() time.Time
}

func NewRenewals(b *billing.Service) *Renewals { return &Renewals{billing: b, now: time.Now} }

func (j *Renewals) Name() string { return "subscription-renewals" }

func (j *Renewals) Run(ctx context.Context) error {
	period := j.now().UTC().Format("2006-01")
	subs, err := j.billing.DueForRenewal(ctx, period, 100)
	if err != nil {
		return err
	}
	for _, sub := range subs {
		if _, err := j.billing.ChargeRenewal(ctx, sub, period); err != nil {
			slog.WarnContext(ctx, "renewal", "subscription", sub.ID, "err", err)
		}
	}
	return nil
}
