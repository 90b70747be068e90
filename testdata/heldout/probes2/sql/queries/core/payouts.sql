-- name: ListPendingPayouts :many
SELECT id, merchant_id, amount_cents, currency, status, stripe_account_id, transfer_id, created_at, updated_at FROM payouts
WHERE status = 'pending'
ORDER BY created_at
LIMIT $1;

-- name: MarkPayoutSent :exec
UPDATE payouts
SET status = 'sent', transfer_id = $2, updated_at = now()
WHERE id = $1;
