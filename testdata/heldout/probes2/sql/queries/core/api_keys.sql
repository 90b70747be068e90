-- name: CountActiveAPIKeys :one
SELECT count(*) FROM api_keys
WHERE user_id = $1 AND revoked_at IS NULL;

-- name: CreateAPIKey :one
INSERT INTO api_keys (user_id, prefix, hash, label)
VALUES ($1, $2, $3, $4)
RETURNING id, user_id, prefix, hash, label, created_at, revoked_at;
