package ledger

import (
	"context"
	"database/sql"
)

const addToBalance = `-- name: AddToBalance :exec
UPDATE balances
SET amount_cents = amount_cents + $2, updated_at = now()
WHERE user_id = $1
`

type AddToBalanceParams struct {
	UserID      int64
	AmountCents int64
}

func (q *Queries) AddToBalance(ctx context.Context, arg AddToBalanceParams) error {
	_, err := q.db.ExecContext(ctx, addToBalance, arg.UserID, arg.AmountCents)
	return err
}

const getGiftCardByCode = `-- name: GetGiftCardByCode :one
SELECT id, code, amount_cents, redeemed_at, redeemed_by, created_at FROM gift_cards
WHERE code = $1 LIMIT 1
`

func (q *Queries) GetGiftCardByCode(ctx context.Context, code string) (GiftCard, error) {
	row := q.db.QueryRowContext(ctx, getGiftCardByCode, code)
	var i GiftCard
	err := row.Scan(
		&i.ID,
		&i.Code,
		&i.AmountCents,
		&i.RedeemedAt,
		&i.RedeemedBy,
		&i.CreatedAt,
	)
	return i, err
}

const markGiftCardRedeemed = `-- name: MarkGiftCardRedeemed :exec
UPDATE gift_cards
SET redeemed_at = now(), redeemed_by = $2
WHERE id = $1
`

type MarkGiftCardRedeemedParams struct {
	ID         int64
	RedeemedBy sql.NullInt64
}

func (q *Queries) MarkGiftCardRedeemed(ctx context.Context, arg MarkGiftCardRedeemedParams) error {
	_, err := q.db.ExecContext(ctx, markGiftCardRedeemed, arg.ID, arg.RedeemedBy)
	return err
}

const getGiftCardByCodeForUpdate = `-- name: GetGiftCardByCodeForUpdate :one
SELECT id, code, amount_cents, redeemed_at, redeemed_by, created_at FROM gift_cards
WHERE code = $1 LIMIT 1
FOR UPDATE
`

func (q *Queries) GetGiftCardByCodeForUpdate(ctx context.Context, code string) (GiftCard, error) {
	row := q.db.QueryRowContext(ctx, getGiftCardByCodeForUpdate, code)
	var i GiftCard
	err := row.Scan(
		&i.ID,
		&i.Code,
		&i.AmountCents,
		&i.RedeemedAt,
		&i.RedeemedBy,
		&i.CreatedAt,
	)
	return i, err
}

const redeemGiftCard = `-- name: RedeemGiftCard :execrows
UPDATE gift_cards
SET redeemed_at = now(), redeemed_by = $2
WHERE id = $1 AND redeemed_at IS NULL
`

type RedeemGiftCardParams struct {
	ID         int64
	RedeemedBy sql.NullInt64
}

func (q *Queries) RedeemGiftCard(ctx context.Context, arg RedeemGiftCardParams) (int64, error) {
	result, err := q.db.ExecContext(ctx, redeemGiftCard, arg.ID, arg.RedeemedBy)
	if err != nil {
		return 0, err
	}
	return result.RowsAffected()
}
