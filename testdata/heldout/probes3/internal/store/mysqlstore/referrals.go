package mysqlstore

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"

	"example.com/shop3/internal/domain"
)

// ReferralRepo: referrals has UNIQUE KEY (referee_id): a user is referred once.
type ReferralRepo struct{ *Store }

func (r ReferralRepo) Exists(ctx context.Context, refereeID int64) (bool, error) {
	var one int
	err := r.sb.Select("1").From("referrals").Where(sq.Eq{"referee_id": refereeID}).Limit(1).
		RunWith(r.db).QueryRowContext(ctx).Scan(&one)
	if err == sql.ErrNoRows {
		return false, nil
	}
	return err == nil, err
}

func (r ReferralRepo) Insert(ctx context.Context, ref domain.Referral) error {
	_, err := r.sb.Insert("referrals").
		Columns("referrer_id", "referee_id", "bonus_cents").
		Values(ref.ReferrerID, ref.RefereeID, ref.BonusCents).
		RunWith(r.db).ExecContext(ctx)
	return mapErr(err)
}

// Apply records the referral and credits the referrer in one transaction;
// the credit runs only when this call inserted the referral.
func (r ReferralRepo) Apply(ctx context.Context, ref domain.Referral) (bool, error) {
	applied := false
	err := r.withTx(ctx, func(tx *sql.Tx) error {
		res, err := r.sb.Insert("referrals").Options("IGNORE").
			Columns("referrer_id", "referee_id", "bonus_cents").
			Values(ref.ReferrerID, ref.RefereeID, ref.BonusCents).
			RunWith(tx).ExecContext(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		applied = true
		_, err = r.sb.Update("accounts").
			Set("credit_cents", sq.Expr("credit_cents + ?", ref.BonusCents)).
			Where(sq.Eq{"user_id": ref.ReferrerID}).
			RunWith(tx).ExecContext(ctx)
		return err
	})
	return applied, err
}
