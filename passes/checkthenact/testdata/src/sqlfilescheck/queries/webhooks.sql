-- name: find-delivery
SELECT id FROM deliveries WHERE event_id = $1;

-- name: record-delivery
INSERT INTO deliveries (event_id) VALUES ($1);

-- name: record-delivery-once
INSERT INTO deliveries (event_id) VALUES ($1)
ON CONFLICT (event_id) DO NOTHING;

-- name: record-attempt
INSERT INTO delivery_attempts (event_id) VALUES ($1);
