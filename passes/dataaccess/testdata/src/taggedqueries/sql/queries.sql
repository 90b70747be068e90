-- name: taggedqueries-get-subscriber
SELECT * FROM subscribers WHERE email = $1;

-- name: taggedqueries-insert-subscriber
INSERT INTO subscribers (email) VALUES ($1) RETURNING id;

-- name: taggedqueries-upsert-subscriber
INSERT INTO subscribers (email) VALUES ($1) ON CONFLICT (email) DO UPDATE SET updated_at = now();
