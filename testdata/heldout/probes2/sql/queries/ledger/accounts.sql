-- name: GetAccountByEmail :one
SELECT id, email, display_name, stripe_customer_id, created_at FROM accounts
WHERE email = $1 LIMIT 1;

-- name: InsertAccount :one
INSERT INTO accounts (email, display_name, stripe_customer_id)
VALUES ($1, $2, $3)
RETURNING id, email, display_name, stripe_customer_id, created_at;
