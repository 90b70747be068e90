package pgrepo

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop4/internal/domain"
)

type Products struct{ pool *pgxpool.Pool }

func NewProducts(pool *pgxpool.Pool) *Products { return &Products{pool: pool} }

func (r *Products) ByID(ctx context.Context, id int64) (domain.Product, error) {
	var p domain.Product
	err := r.pool.QueryRow(ctx,
		`SELECT id, sku, name, price_cents, stock, rating_avg FROM products WHERE id = $1`, id).
		Scan(&p.ID, &p.SKU, &p.Name, &p.PriceCents, &p.Stock, &p.RatingAvg)
	return p, mapErr(err)
}

// AdjustStock adds delta (negative to take) to the product's stock.
func (r *Products) AdjustStock(ctx context.Context, productID int64, delta int) error {
	_, err := r.pool.Exec(ctx, `UPDATE products SET stock = stock + $2 WHERE id = $1`, productID, delta)
	return err
}

func (r *Products) ListStaleRatings(ctx context.Context, limit int) ([]int64, error) {
	rows, err := r.pool.Query(ctx, `SELECT id FROM products WHERE rating_stale ORDER BY id LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

func (r *Products) RecomputeRating(ctx context.Context, productID int64) error {
	_, err := r.pool.Exec(ctx, `
		UPDATE products p
		   SET rating_avg = coalesce((
		           SELECT avg(rv.rating)::float8
		             FROM reviews rv JOIN order_items oi ON oi.id = rv.order_item_id
		            WHERE oi.product_id = p.id), 0),
		       rating_stale = false
		 WHERE p.id = $1`, productID)
	return err
}

// Fulfilment holds the order status updates driven by carrier and queue
// events.
type Fulfilment struct{ pool *pgxpool.Pool }

func NewFulfilment(pool *pgxpool.Pool) *Fulfilment { return &Fulfilment{pool: pool} }

func (r *Fulfilment) SetDelivered(ctx context.Context, orderID int64, at time.Time) error {
	_, err := r.pool.Exec(ctx,
		`UPDATE orders SET status = 'delivered', delivered_at = $2, updated_at = now() WHERE id = $1`, orderID, at)
	return err
}

type Points struct{ pool *pgxpool.Pool }

func NewPoints(pool *pgxpool.Pool) *Points { return &Points{pool: pool} }

func (r *Points) AddPoints(ctx context.Context, userID, points int64) error {
	_, err := r.pool.Exec(ctx, qCreditPoints, userID, points)
	return err
}

func (r *Points) CurrentStreak(ctx context.Context, userID int64) (int, error) {
	var n int
	err := r.pool.QueryRow(ctx, `
		SELECT count(*) FROM daily_rewards
		 WHERE user_id = $1 AND reward_day > current_date - 7`, userID).Scan(&n)
	return n, err
}
