-- Statements a goyesql loader prepares into core.Queries at start-up.

-- name: namedqueries-get-user
SELECT id FROM nq_users WHERE email = $1;

-- name: namedqueries-create-user
INSERT INTO nq_users (email) VALUES ($1) RETURNING id;

-- name: namedqueries-create-user-once
INSERT INTO nq_users (email) VALUES ($1) ON CONFLICT (email) DO NOTHING RETURNING id;
