package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	amqp "github.com/rabbitmq/amqp091-go"

	"example.com/fleet6/internal/domain"
	"example.com/fleet6/internal/effects"
	"example.com/fleet6/internal/repo"
	"example.com/fleet6/internal/service/payouts"
)

var errPoison = errors.New("poison message")

// consume runs handle for every delivery of queue. A nil error acks, a
// poison message is dropped, anything else is requeued.
func consume(ctx context.Context, ch *amqp.Channel, queue string, log *slog.Logger, handle func(context.Context, amqp.Delivery) error) error {
	deliveries, err := ch.Consume(queue, "fleet-worker", false, false, false, false, nil)
	if err != nil {
		return fmt.Errorf("consume %s: %w", queue, err)
	}
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case d, ok := <-deliveries:
			if !ok {
				return fmt.Errorf("consume %s: channel closed", queue)
			}
			hctx, cancel := context.WithTimeout(ctx, handlerTimeout)
			err := handle(hctx, d)
			cancel()
			switch {
			case err == nil:
				_ = d.Ack(false)
			case errors.Is(err, errPoison):
				log.WarnContext(ctx, "dropping poison message", "queue", queue, "err", err)
				_ = d.Nack(false, false)
			default:
				log.ErrorContext(ctx, "handler failed", "queue", queue, "err", err)
				_ = d.Nack(false, true)
			}
		}
	}
}

// Payouts turns payout and bonus requests from the driver app into
// accruals.
type Payouts struct {
	Inbox   repo.Inbox
	Bonuses repo.Bonuses
	Payouts *payouts.Service
	Log     *slog.Logger
}

func (c *Payouts) Run(ctx context.Context, ch *amqp.Channel) error {
	errc := make(chan error, 2)
	go func() { errc <- consume(ctx, ch, "payouts.instant", c.Log, c.handleInstant) }()
	go func() { errc <- consume(ctx, ch, "payouts.bonus", c.Log, c.handleBonus) }()
	return <-errc
}

func (c *Payouts) handleInstant(ctx context.Context, d amqp.Delivery) error {
	var req domain.PayoutRequest
	if err := json.Unmarshal(d.Body, &req); err != nil || req.RequestID == "" {
		return fmt.Errorf("instant payout: %w", errPoison)
	}
	seen, err := c.Inbox.Seen(ctx, "payouts.instant", req.RequestID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	if _, err := c.Payouts.AccrueInstant(ctx, req.MerchantID, req.DriverID, req.AmountCents); err != nil {
		return fmt.Errorf("instant payout %s: %w", req.RequestID, err)
	}
	return c.Inbox.MarkSeen(ctx, "payouts.instant", req.RequestID)
}

func (c *Payouts) handleBonus(ctx context.Context, d amqp.Delivery) error {
	var req domain.PayoutRequest
	if err := json.Unmarshal(d.Body, &req); err != nil || req.RequestID == "" {
		return fmt.Errorf("bonus: %w", errPoison)
	}
	seen, err := c.Inbox.Seen(ctx, "payouts.bonus", req.RequestID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	granted, err := c.Bonuses.GrantOnce(ctx, "payouts.bonus", req.RequestID, req.DriverID, req.AmountCents)
	if err != nil {
		return fmt.Errorf("bonus %s: %w", req.RequestID, err)
	}
	if !granted {
		c.Log.InfoContext(ctx, "bonus already granted", "request", req.RequestID)
	}
	return nil
}

// Settlements books cash-on-delivery settlements reported by drivers.
type Settlements struct {
	Pool *pgxpool.Pool
	Log  *slog.Logger
}

type codSettlement struct {
	SettlementID string `json:"settlement_id"`
	DriverID     int64  `json:"driver_id"`
	AmountCents  int64  `json:"amount_cents"`
}

func (c *Settlements) Run(ctx context.Context, ch *amqp.Channel) error {
	cod, err := ch.Consume("settlements.cod", "fleet-worker", false, false, false, false, nil)
	if err != nil {
		return err
	}
	fuel, err := ch.Consume("settlements.fuel", "fleet-worker", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for {
		var err error
		select {
		case <-ctx.Done():
			return ctx.Err()
		case d := <-cod:
			err = c.handleCOD(ctx, d)
		case d := <-fuel:
			err = c.handleFuel(ctx, d)
		}
		if err != nil {
			c.Log.ErrorContext(ctx, "settlement failed", "err", err)
		}
	}
}

func (c *Settlements) handleCOD(ctx context.Context, d amqp.Delivery) error {
	var s codSettlement
	if err := json.Unmarshal(d.Body, &s); err != nil {
		return d.Nack(false, false)
	}
	tx, err := c.Pool.Begin(ctx)
	if err != nil {
		return errors.Join(err, d.Nack(false, true))
	}
	defer func() { _ = tx.Rollback(ctx) }()
	tag, err := tx.Exec(ctx,
		`INSERT INTO cod_settlements (settlement_id, driver_id, amount_cents) VALUES ($1, $2, $3)
		 ON CONFLICT (settlement_id) DO NOTHING`, s.SettlementID, s.DriverID, s.AmountCents)
	if err != nil {
		return errors.Join(err, d.Nack(false, true))
	}
	if tag.RowsAffected() == 1 {
		if _, err := tx.Exec(ctx,
			`UPDATE driver_cash SET held_cents = held_cents - $2 WHERE driver_id = $1`, s.DriverID, s.AmountCents); err != nil {
			return errors.Join(err, d.Nack(false, true))
		}
	}
	if err := d.Ack(false); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (c *Settlements) handleFuel(ctx context.Context, d amqp.Delivery) error {
	var s codSettlement
	if err := json.Unmarshal(d.Body, &s); err != nil {
		return d.Nack(false, false)
	}
	tx, err := c.Pool.Begin(ctx)
	if err != nil {
		return errors.Join(err, d.Nack(false, true))
	}
	defer func() { _ = tx.Rollback(ctx) }()
	tag, err := tx.Exec(ctx,
		`INSERT INTO fuel_settlements (settlement_id, driver_id, amount_cents) VALUES ($1, $2, $3)
		 ON CONFLICT (settlement_id) DO NOTHING`, s.SettlementID, s.DriverID, s.AmountCents)
	if err != nil {
		return errors.Join(err, d.Nack(false, true))
	}
	if tag.RowsAffected() == 1 {
		if _, err := tx.Exec(ctx,
			`UPDATE driver_cash SET fuel_advance_cents = fuel_advance_cents - $2 WHERE driver_id = $1`, s.DriverID, s.AmountCents); err != nil {
			return errors.Join(err, d.Nack(false, true))
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return errors.Join(err, d.Nack(false, true))
	}
	return d.Ack(false)
}

// Refunds executes refunds requested by support and by the claims team.
type Refunds struct {
	Provider effects.Payments
	Log      *slog.Logger
}

type refundRequest struct {
	ChargeID    string `json:"charge_id"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

func (c *Refunds) Run(ctx context.Context, ch *amqp.Channel) error {
	errc := make(chan error, 2)
	go func() { errc <- consume(ctx, ch, "refunds.support", c.Log, c.handleSupportRefund) }()
	go func() { errc <- consume(ctx, ch, "refunds.claims", c.Log, c.handleClaimRefund) }()
	return <-errc
}

func (c *Refunds) handleSupportRefund(ctx context.Context, d amqp.Delivery) error {
	var r refundRequest
	if err := json.Unmarshal(d.Body, &r); err != nil {
		return fmt.Errorf("support refund: %w", errPoison)
	}
	key := fmt.Sprintf("support-refund-%d", d.DeliveryTag)
	if err := c.Provider.Refund(ctx, r.ChargeID, r.AmountCents, key); err != nil {
		return fmt.Errorf("support refund %s: %w", r.ChargeID, err)
	}
	return nil
}

func (c *Refunds) handleClaimRefund(ctx context.Context, d amqp.Delivery) error {
	var r refundRequest
	if err := json.Unmarshal(d.Body, &r); err != nil || d.MessageId == "" {
		return fmt.Errorf("claim refund: %w", errPoison)
	}
	key := "claim-refund-" + d.MessageId
	if err := c.Provider.Refund(ctx, r.ChargeID, r.AmountCents, key); err != nil {
		return fmt.Errorf("claim refund %s: %w", r.ChargeID, err)
	}
	return nil
}
