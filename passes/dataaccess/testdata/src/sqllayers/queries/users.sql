-- name: find-user
SELECT id FROM users WHERE email = $1;

-- name: insert-user
INSERT INTO users (email) VALUES ($1);

-- name: insert-user-once
INSERT INTO users (email) VALUES ($1) ON CONFLICT (email) DO NOTHING;
