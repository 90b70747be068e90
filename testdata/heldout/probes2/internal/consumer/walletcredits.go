package consumer

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop2/internal/db/pg"
	"example.com/shop2/internal/events"
)

// WalletCreditPoller credits wallets from the refund-credits queue (store
// credit issued instead of card refunds) and from the cashback queue.
type WalletCreditPoller struct {
	sqs         SQSAPI
	refundsURL  string
	cashbackURL string
	pool        *pgxpool.Pool
	q           *pg.Queries
	log         *slog.Logger
}

func NewWalletCreditPoller(api SQSAPI, refundsURL, cashbackURL string, pool *pgxpool.Pool, log *slog.Logger) *WalletCreditPoller {
	return &WalletCreditPoller{sqs: api, refundsURL: refundsURL, cashbackURL: cashbackURL, pool: pool, q: pg.New(pool), log: log}
}

func (p *WalletCreditPoller) Run(ctx context.Context) {
	go p.poll(ctx, p.refundsURL, p.creditRefund)
	p.poll(ctx, p.cashbackURL, p.creditCashback)
}

func (p *WalletCreditPoller) poll(ctx context.Context, queueURL string, handle func(context.Context, types.Message) error) {
	for ctx.Err() == nil {
		msgs, err := receive(ctx, p.sqs, queueURL)
		if err != nil {
			p.log.ErrorContext(ctx, "receive wallet credits", "queue", queueURL, "err", err)
			pause(ctx, 5*time.Second)
			continue
		}
		for _, m := range msgs {
			if err := handle(ctx, m); err != nil {
				p.log.ErrorContext(ctx, "wallet credit", "message_id", aws.ToString(m.MessageId), "err", err)
				continue
			}
			deleteMessage(ctx, p.sqs, queueURL, m, p.log)
		}
	}
}

func (p *WalletCreditPoller) creditRefund(ctx context.Context, m types.Message) error {
	var c events.WalletCredit
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &c); err != nil {
		return nil
	}
	tx, err := p.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	qtx := p.q.WithTx(tx)

	n, err := qtx.ClaimInboxMessage(ctx, pg.ClaimInboxMessageParams{Consumer: "refund-credits", MessageKey: aws.ToString(m.ReceiptHandle)})
	if err != nil {
		return fmt.Errorf("refund credit: claim: %w", err)
	}
	if n == 0 {
		return nil
	}
	if err := qtx.CreditWallet(ctx, pg.CreditWalletParams{UserID: c.UserID, AmountCents: c.AmountCents}); err != nil {
		return fmt.Errorf("refund credit: %w", err)
	}
	return tx.Commit(ctx)
}

func (p *WalletCreditPoller) creditCashback(ctx context.Context, m types.Message) error {
	var c events.WalletCredit
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &c); err != nil {
		return nil
	}
	tx, err := p.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	qtx := p.q.WithTx(tx)

	n, err := qtx.ClaimInboxMessage(ctx, pg.ClaimInboxMessageParams{Consumer: "cashback", MessageKey: c.EventID})
	if err != nil {
		return fmt.Errorf("cashback: claim: %w", err)
	}
	if n == 0 {
		return nil
	}
	if err := qtx.CreditWallet(ctx, pg.CreditWalletParams{UserID: c.UserID, AmountCents: c.AmountCents}); err != nil {
		return fmt.Errorf("cashback: %w", err)
	}
	return tx.Commit(ctx)
}
