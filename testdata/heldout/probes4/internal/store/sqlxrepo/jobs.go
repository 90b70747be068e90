package sqlxrepo

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"example.com/shop4/internal/domain"
)

type Carts struct{ db *sqlx.DB }

func NewCarts(db *sqlx.DB) *Carts { return &Carts{db: db} }

func (r *Carts) ListAbandoned(ctx context.Context, cutoff time.Time, limit int) ([]domain.AbandonedCart, error) {
	var carts []domain.AbandonedCart
	err := r.db.SelectContext(ctx, &carts, qListAbandonedCarts, cutoff, limit)
	return carts, err
}

func (r *Carts) MarkReminded(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx, qMarkCartReminded, id)
	return err
}

type ReviewRequests struct{ db *sqlx.DB }

func NewReviewRequests(db *sqlx.DB) *ReviewRequests { return &ReviewRequests{db: db} }

func (r *ReviewRequests) ClaimDue(ctx context.Context, limit int) ([]domain.ReviewRequest, error) {
	var out []domain.ReviewRequest
	err := r.db.SelectContext(ctx, &out, qClaimDueReviewRequests, limit)
	return out, err
}

func (r *ReviewRequests) MarkSent(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx, qMarkReviewSent, id)
	return err
}

func (r *ReviewRequests) Release(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx, qReleaseReview, id)
	return err
}
