-- name: GetMerchantByExternalRef :one
SELECT id, external_ref, legal_name, email, stripe_customer_id, created_at FROM merchants
WHERE external_ref = $1 LIMIT 1;

-- name: InsertMerchant :one
INSERT INTO merchants (external_ref, legal_name, email)
VALUES ($1, $2, $3)
ON CONFLICT (external_ref) DO NOTHING
RETURNING id, external_ref, legal_name, email, stripe_customer_id, created_at;

-- name: SetMerchantStripeCustomer :exec
UPDATE merchants
SET stripe_customer_id = $2
WHERE id = $1;
