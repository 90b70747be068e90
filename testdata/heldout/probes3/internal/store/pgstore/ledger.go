package pgstore

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// LedgerRepo appends wallet movements; ledger rows have a generated id and
// no natural key.
type LedgerRepo struct{ *Store }

func appendLedger(ctx context.Context, tx pgx.Tx, userID, cents int64, reason, ref string) error {
	if _, err := tx.Exec(ctx,
		`INSERT INTO ledger (user_id, amount_cents, reason, ref) VALUES ($1, $2, $3, $4)`,
		userID, cents, reason, ref); err != nil {
		return err
	}
	_, err := tx.Exec(ctx,
		`UPDATE wallets SET balance_cents = balance_cents + $2 WHERE user_id = $1`, userID, cents)
	return err
}

// Credit books cents to the user's wallet.
func (r LedgerRepo) Credit(ctx context.Context, userID, cents int64, reason, ref string) error {
	return r.inTx(ctx, func(tx pgx.Tx) error {
		return appendLedger(ctx, tx, userID, cents, reason, ref)
	})
}
