-- name: AddToBalance :exec
UPDATE balances
SET amount_cents = amount_cents + $2, updated_at = now()
WHERE user_id = $1;

-- name: GetGiftCardByCode :one
SELECT id, code, amount_cents, currency, redeemed_at, redeemed_by, created_at FROM gift_cards
WHERE code = $1 LIMIT 1;

-- name: MarkGiftCardRedeemed :exec
UPDATE gift_cards
SET redeemed_at = now(), redeemed_by = $2
WHERE id = $1;

-- name: GetVoucherForUpdate :one
SELECT id, code, user_id, amount_cents, used_at, created_at FROM vouchers
WHERE code = $1
FOR UPDATE;

-- name: MarkVoucherUsed :exec
UPDATE vouchers
SET used_at = now()
WHERE id = $1;
