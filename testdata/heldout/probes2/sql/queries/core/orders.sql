-- name: ApplyOrderDiscount :exec
UPDATE orders
SET total_cents = greatest(total_cents - $2, 0), updated_at = now()
WHERE id = $1;

-- name: GetOrder :one
SELECT id, user_id, status, total_cents, currency, payment_intent_id, shipped_notified_at, created_at, updated_at FROM orders
WHERE id = $1 LIMIT 1;

-- name: MarkOrderPaid :exec
UPDATE orders
SET status = 'paid', payment_intent_id = $2, updated_at = now()
WHERE id = $1;

-- name: MarkShippedNotified :execrows
UPDATE orders
SET shipped_notified_at = now()
WHERE id = $1 AND shipped_notified_at IS NULL;

-- name: SetOrderStatus :exec
UPDATE orders
SET status = $2, updated_at = now()
WHERE id = $1;

-- name: TransitionOrderStatus :execrows
UPDATE orders
SET status = $3, updated_at = now()
WHERE id = $1 AND status = $2;
