package sqlxstore

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"example.com/fleet6/internal/domain"
	"example.com/fleet6/internal/repo"
)

type Referrals struct{ DB *sqlx.DB }

type referralQueries struct{ q sqlx.ExtContext }

func (r referralQueries) CountForInvitee(ctx context.Context, inviteeID int64) (int, error) {
	var n int
	if err := sqlx.GetContext(ctx, r.q, &n, `SELECT count(*) FROM referrals WHERE invitee_id = $1`, inviteeID); err != nil {
		return 0, fmt.Errorf("count referrals: %w", err)
	}
	return n, nil
}

func (r referralQueries) Insert(ctx context.Context, ref *domain.Referral) error {
	rows, err := sqlx.NamedQueryContext(ctx, r.q,
		`INSERT INTO referrals (inviter_id, invitee_id, code) VALUES (:inviter_id, :invitee_id, :code) RETURNING id`, ref)
	if err != nil {
		return fmt.Errorf("insert referral: %w", err)
	}
	defer rows.Close()
	if rows.Next() {
		return rows.Scan(&ref.ID)
	}
	return rows.Err()
}

func (s Referrals) CountForInvitee(ctx context.Context, inviteeID int64) (int, error) {
	return referralQueries{s.DB}.CountForInvitee(ctx, inviteeID)
}

func (s Referrals) Insert(ctx context.Context, ref *domain.Referral) error {
	return referralQueries{s.DB}.Insert(ctx, ref)
}

// WithInviteeLock runs fn in a transaction holding a transaction-scoped
// advisory lock on the invitee.
func (s Referrals) WithInviteeLock(ctx context.Context, inviteeID int64, fn func(ctx context.Context, q repo.ReferralQueries) error) error {
	return inTx(ctx, s.DB, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext('referral-invitee'), $1::int)`, inviteeID); err != nil {
			return fmt.Errorf("lock invitee: %w", err)
		}
		return fn(ctx, referralQueries{tx})
	})
}

func (s Referrals) Get(ctx context.Context, id int64) (domain.Referral, error) {
	var r domain.Referral
	if err := s.DB.GetContext(ctx, &r, `SELECT id, inviter_id, invitee_id, code FROM referrals WHERE id = $1`, id); err != nil {
		return domain.Referral{}, fmt.Errorf("get referral: %w", err)
	}
	return r, nil
}

type Rewards struct{ DB *sqlx.DB }

// Record notes that the referral's reward for the given side was granted.
// It reports whether this call recorded it.
func (s Rewards) Record(ctx context.Context, referralID int64, side string) (bool, error) {
	res, err := s.DB.ExecContext(ctx,
		`INSERT INTO referral_rewards (referral_id, side) VALUES ($1, $2) ON CONFLICT (referral_id, side) DO NOTHING`,
		referralID, side)
	if err != nil {
		return false, fmt.Errorf("record reward: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n == 1, nil
}
