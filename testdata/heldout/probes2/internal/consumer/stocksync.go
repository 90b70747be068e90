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

// StockSyncPoller mirrors the ERP's stock levels.
type StockSyncPoller struct {
	sqs      SQSAPI
	queueURL string
	q        *pg.Queries
	log      *slog.Logger
}

func NewStockSyncPoller(api SQSAPI, queueURL string, pool *pgxpool.Pool, log *slog.Logger) *StockSyncPoller {
	return &StockSyncPoller{sqs: api, queueURL: queueURL, q: pg.New(pool), log: log}
}

func (p *StockSyncPoller) Run(ctx context.Context) {
	for ctx.Err() == nil {
		msgs, err := receive(ctx, p.sqs, p.queueURL)
		if err != nil {
			p.log.ErrorContext(ctx, "receive stock snapshots", "err", err)
			pause(ctx, 5*time.Second)
			continue
		}
		for _, m := range msgs {
			var snap events.StockSnapshot
			if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &snap); err != nil {
				deleteMessage(ctx, p.sqs, p.queueURL, m, p.log)
				continue
			}
			n, err := p.q.SetStockIfNewer(ctx, pg.SetStockIfNewerParams{Sku: snap.SKU, Stock: snap.Stock, Version: snap.Version})
			if err != nil {
				p.log.ErrorContext(ctx, "sync stock", "sku", snap.SKU, "err", err)
				continue
			}
			if n == 0 {
				p.log.DebugContext(ctx, "stale stock snapshot", "sku", snap.SKU, "version", snap.Version)
			}
			deleteMessage(ctx, p.sqs, p.queueURL, m, p.log)
		}
	}
}
