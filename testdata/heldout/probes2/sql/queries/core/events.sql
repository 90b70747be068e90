-- name: ClaimEvent :one
INSERT INTO processed_events (consumer, event_id)
VALUES ($1, $2)
ON CONFLICT (consumer, event_id) DO NOTHING
RETURNING event_id;

-- name: ClaimInboxMessage :execrows
INSERT INTO inbox (consumer, message_key)
VALUES ($1, $2)
ON CONFLICT (consumer, message_key) DO NOTHING;

-- name: IsEventProcessed :one
SELECT EXISTS (
    SELECT 1 FROM processed_events
    WHERE consumer = $1 AND event_id = $2
);

-- name: MarkEventProcessed :exec
INSERT INTO processed_events (consumer, event_id)
VALUES ($1, $2)
ON CONFLICT (consumer, event_id) DO NOTHING;
