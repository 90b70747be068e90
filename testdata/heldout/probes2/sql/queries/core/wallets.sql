-- name: CreditWallet :exec
UPDATE wallets
SET balance_cents = balance_cents + $2, updated_at = now()
WHERE user_id = $1;

-- name: AddLoyaltyPoints :exec
UPDATE loyalty_accounts
SET points = points + $2, updated_at = now()
WHERE user_id = $1;
