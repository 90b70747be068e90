-- name: CompleteIdempotencyKey :exec
UPDATE idempotency_keys
SET response_code = $3, response_body = $4
WHERE merchant_id = $1 AND key = $2;

-- name: GetIdempotencyKey :one
SELECT merchant_id, key, request_hash, response_code, response_body, created_at FROM idempotency_keys
WHERE key = $1 LIMIT 1;

-- name: GetMerchantIdempotencyKey :one
SELECT merchant_id, key, request_hash, response_code, response_body, created_at FROM idempotency_keys
WHERE merchant_id = $1 AND key = $2 LIMIT 1;

-- name: InsertIdempotencyKey :execrows
INSERT INTO idempotency_keys (merchant_id, key, request_hash)
VALUES ($1, $2, $3)
ON CONFLICT (key) DO NOTHING;

-- name: InsertMerchantIdempotencyKey :execrows
INSERT INTO idempotency_keys (merchant_id, key, request_hash)
VALUES ($1, $2, $3)
ON CONFLICT (merchant_id, key) DO NOTHING;
