-- name: CreateUser :one
INSERT INTO users (email, name)
VALUES ($1, $2)
RETURNING id, email, name, email_verified, created_at;

-- name: GetUser :one
SELECT id, email, name, email_verified, created_at FROM users
WHERE id = $1 LIMIT 1;

-- name: GetUserByEmail :one
SELECT id, email, name, email_verified, created_at FROM users
WHERE lower(email) = lower($1) LIMIT 1;

-- name: LockUser :one
SELECT id FROM users
WHERE id = $1
FOR UPDATE;
