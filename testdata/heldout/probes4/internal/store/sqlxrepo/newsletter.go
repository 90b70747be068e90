package sqlxrepo

import (
	"context"

	"github.com/jmoiron/sqlx"

	"example.com/shop4/internal/domain"
)

type Newsletter struct{ db *sqlx.DB }

func NewNewsletter(db *sqlx.DB) *Newsletter { return &Newsletter{db: db} }

func (r *Newsletter) Exists(ctx context.Context, listID, email string) (bool, error) {
	var ok bool
	err := r.db.GetContext(ctx, &ok, qSubscriberExists, listID, email)
	return ok, err
}

func (r *Newsletter) Add(ctx context.Context, s *domain.Subscriber) error {
	rows, err := r.db.NamedQueryContext(ctx, qInsertSubscriber, s)
	if err != nil {
		return mapErr(err)
	}
	defer rows.Close()
	if rows.Next() {
		return rows.Scan(&s.ID, &s.CreatedAt)
	}
	return rows.Err()
}

func (r *Newsletter) OnWaitlist(ctx context.Context, sku, email string) (bool, error) {
	var ok bool
	err := r.db.GetContext(ctx, &ok, qOnWaitlist, sku, email)
	return ok, err
}

func (r *Newsletter) AddToWaitlist(ctx context.Context, sku, email string) (bool, error) {
	res, err := r.db.ExecContext(ctx, qInsertWaitlist, sku, email)
	if err != nil {
		return false, mapErr(err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
