-- name: CreateFulfillment :one
INSERT INTO fulfillments (checkout_session, order_ref, email)
VALUES ($1, $2, $3)
RETURNING id, checkout_session, order_ref, email, created_at;

-- name: InsertWebhookEvent :exec
INSERT INTO webhook_events (id, source, type)
VALUES ($1, $2, $3);

-- name: InsertWebhookEventIfAbsent :execrows
INSERT INTO webhook_events (id, source, type)
VALUES ($1, $2, $3)
ON CONFLICT (source, id) DO NOTHING;

-- name: UpdateShipmentTracking :exec
UPDATE shipments
SET tracking_status = $2, tracking_updated_at = $3
WHERE tracking_number = $1;

-- name: WebhookEventExists :one
SELECT EXISTS (
    SELECT 1 FROM webhook_events WHERE source = $1 AND id = $2
);
