// Package inbox is sqlc-generated code for the consumers' inbox and
// wallets: its claim takes its key in a params struct.
package inbox

import (
	"context"
	"database/sql"
)

type Queries struct{ db *sql.DB }

func New(db *sql.DB) *Queries { return &Queries{db: db} }

func (q *Queries) WithTx(tx *sql.Tx) *Queries { return &Queries{db: q.db} }

const claimInboxMessage = `-- name: ClaimInboxMessage :execrows
INSERT INTO inbox (consumer, message_key)
VALUES ($1, $2)
ON CONFLICT (consumer, message_key) DO NOTHING
`

type ClaimInboxMessageParams struct {
	Consumer   string
	MessageKey string
}

func (q *Queries) ClaimInboxMessage(ctx context.Context, arg ClaimInboxMessageParams) (int64, error) {
	result, err := q.db.ExecContext(ctx, claimInboxMessage, arg.Consumer, arg.MessageKey)
	if err != nil {
		return 0, err
	}
	return result.RowsAffected()
}

const creditWallet = `-- name: CreditWallet :exec
UPDATE wallets
SET balance_cents = balance_cents + $2
WHERE user_id = $1
`

type CreditWalletParams struct {
	UserID      int64
	AmountCents int64
}

func (q *Queries) CreditWallet(ctx context.Context, arg CreditWalletParams) error {
	_, err := q.db.ExecContext(ctx, creditWallet, arg.UserID, arg.AmountCents)
	return err
}
