package mysqlstore

import (
	"context"

	sq "github.com/Masterminds/squirrel"
)

// AccountRepo holds store credit and loyalty points per user.
type AccountRepo struct{ *Store }

func (r AccountRepo) AddCredit(ctx context.Context, userID, cents int64) error {
	_, err := r.sb.Update("accounts").
		Set("credit_cents", sq.Expr("credit_cents + ?", cents)).
		Where(sq.Eq{"user_id": userID}).
		RunWith(r.db).ExecContext(ctx)
	return err
}

func (r AccountRepo) AddPoints(ctx context.Context, userID, points int64) error {
	_, err := r.sb.Update("accounts").
		Set("points", sq.Expr("points + ?", points)).
		Where(sq.Eq{"user_id": userID}).
		RunWith(r.db).ExecContext(ctx)
	return err
}
