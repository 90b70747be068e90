-- name: IncrementProductSales :exec
INSERT INTO product_stats (sku, units_sold, revenue_cents)
VALUES ($1, $2, $3)
ON CONFLICT (sku) DO UPDATE
SET units_sold = product_stats.units_sold + excluded.units_sold,
    revenue_cents = product_stats.revenue_cents + excluded.revenue_cents;

-- name: IncrementReserved :exec
UPDATE inventory
SET reserved = reserved + $2, updated_at = now()
WHERE sku = $1;

-- name: SetStockIfNewer :execrows
UPDATE inventory
SET stock = $2, version = $3, updated_at = now()
WHERE sku = $1 AND version < $3;

-- name: CreateFulfillment :exec
INSERT INTO fulfillments (order_id, warehouse, status)
VALUES ($1, $2, 'queued')
ON CONFLICT (order_id) DO NOTHING;

-- name: DecrementStock :exec
UPDATE inventory
SET stock = stock - $2, reserved = greatest(reserved - $2, 0), updated_at = now()
WHERE sku = $1;
