package pgrepo

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop4/internal/domain"
)

type Reviews struct{ pool *pgxpool.Pool }

func NewReviews(pool *pgxpool.Pool) *Reviews { return &Reviews{pool: pool} }

func (r *Reviews) ExistsForItem(ctx context.Context, orderItemID int64) (bool, error) {
	var ok bool
	err := r.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM reviews WHERE order_item_id = $1)`, orderItemID).Scan(&ok)
	return ok, err
}

func (r *Reviews) Insert(ctx context.Context, rv *domain.Review) error {
	err := r.pool.QueryRow(ctx,
		`INSERT INTO reviews (order_item_id, user_id, rating, body) VALUES ($1, $2, $3, $4) RETURNING id, created_at`,
		rv.OrderItemID, rv.UserID, rv.Rating, rv.Body).Scan(&rv.ID, &rv.CreatedAt)
	return mapErr(err)
}

type Questions struct{ pool *pgxpool.Pool }

func NewQuestions(pool *pgxpool.Pool) *Questions { return &Questions{pool: pool} }

func (r *Questions) ExistsForItem(ctx context.Context, orderItemID int64) (bool, error) {
	var ok bool
	err := r.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM product_questions WHERE order_item_id = $1)`, orderItemID).Scan(&ok)
	return ok, err
}

func (r *Questions) Insert(ctx context.Context, orderItemID, userID int64, body string) (int64, error) {
	var id int64
	err := r.pool.QueryRow(ctx,
		`INSERT INTO product_questions (order_item_id, user_id, body) VALUES ($1, $2, $3) RETURNING id`,
		orderItemID, userID, body).Scan(&id)
	return id, mapErr(err)
}
