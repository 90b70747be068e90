-- name: CreateIdentity :one
INSERT INTO identities (user_id, provider, subject, email)
VALUES ($1, $2, $3, $4)
RETURNING id, user_id, provider, subject, email, created_at;

-- name: GetIdentity :one
SELECT id, user_id, provider, subject, email, created_at FROM identities
WHERE provider = $1 AND subject = $2 LIMIT 1;
