package consumer

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/probes/internal/repo"
)

// Deduper is what the consumer needs from the inbox.
type Deduper interface {
	Seen(ctx context.Context, msgID string) (bool, error)
	Remember(ctx context.Context, msgID string) error
}

type LedgerWriter interface {
	AddLedgerEntry(ctx context.Context, accountID, amount int64, reason string) error
	Credit(ctx context.Context, id, amount int64) error
}

type cashback struct {
	AccountID int64  `json:"account_id"`
	Amount    int64  `json:"amount"`
	Campaign  string `json:"campaign"`
}

// CashbackConsumer books cashback rewards.
type CashbackConsumer struct {
	Inbox  Deduper
	Ledger LedgerWriter
	Pool   *pgxpool.Pool
}

func (c *CashbackConsumer) Handle(ctx context.Context, m Message) error {
	seen, err := c.Inbox.Seen(ctx, m.ID) // L:F5d
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	var cb cashback
	if err := json.Unmarshal(m.Payload, &cb); err != nil {
		return err
	}
	if err := c.Ledger.AddLedgerEntry(ctx, cb.AccountID, cb.Amount, "cashback "+cb.Campaign); err != nil {
		return err
	}
	if err := c.Ledger.Credit(ctx, cb.AccountID, cb.Amount); err != nil {
		return err
	}
	return c.Inbox.Remember(ctx, m.ID)
}

// HandleTx claims the id and books in one transaction.
func (c *CashbackConsumer) HandleTx(ctx context.Context, m Message) error {
	var cb cashback
	if err := json.Unmarshal(m.Payload, &cb); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, c.Pool, func(tx pgx.Tx) error {
		fresh, err := repo.ClaimTx(ctx, tx, m.ID) // L:F5d-safe
		if err != nil {
			return err
		}
		if !fresh {
			return nil
		}
		if _, err := tx.Exec(ctx, `INSERT INTO ledger_entries (account_id, amount, reason) VALUES ($1, $2, $3)`,
			cb.AccountID, cb.Amount, fmt.Sprintf("cashback %s", cb.Campaign)); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, cb.Amount, cb.AccountID)
		return err
	})
}
