-- name: CountWebhookEndpoints :one
SELECT count(*) FROM webhook_endpoints
WHERE merchant_id = $1;

-- name: CreateWebhookEndpoint :one
INSERT INTO webhook_endpoints (merchant_id, url, secret)
VALUES ($1, $2, $3)
RETURNING id, merchant_id, url, secret, created_at;

-- name: LockMerchant :one
SELECT id FROM merchants
WHERE id = $1
FOR UPDATE;
