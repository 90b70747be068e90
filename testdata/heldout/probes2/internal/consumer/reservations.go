package consumer

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop2/internal/db/pg"
	"example.com/shop2/internal/events"
)

// ReservationPoller reserves stock for carts entering checkout.
type ReservationPoller struct {
	sqs      SQSAPI
	queueURL string
	q        *pg.Queries
	log      *slog.Logger
}

func NewReservationPoller(api SQSAPI, queueURL string, pool *pgxpool.Pool, log *slog.Logger) *ReservationPoller {
	return &ReservationPoller{sqs: api, queueURL: queueURL, q: pg.New(pool), log: log}
}

func (p *ReservationPoller) Run(ctx context.Context) {
	for ctx.Err() == nil {
		msgs, err := receive(ctx, p.sqs, p.queueURL)
		if err != nil {
			p.log.ErrorContext(ctx, "receive reservations", "err", err)
			pause(ctx, 5*time.Second)
			continue
		}
		for _, m := range msgs {
			var req events.ReservationRequested
			if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &req); err != nil {
				p.log.WarnContext(ctx, "bad reservation message", "err", err)
				deleteMessage(ctx, p.sqs, p.queueURL, m, p.log)
				continue
			}
			if err := p.q.IncrementReserved(ctx, pg.IncrementReservedParams{Sku: req.SKU, Quantity: req.Quantity}); err != nil {
				p.log.ErrorContext(ctx, "reserve stock", "sku", req.SKU, "cart", req.CartID, "err", err)
				continue
			}
			deleteMessage(ctx, p.sqs, p.queueURL, m, p.log)
		}
	}
}
