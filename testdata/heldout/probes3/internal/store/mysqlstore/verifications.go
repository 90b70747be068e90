package mysqlstore

import (
	"context"
	"database/sql"
	"errors"

	sq "github.com/Masterminds/squirrel"

	"example.com/shop3/internal/domain"
)

// VerificationRepo: phone_verifications has UNIQUE KEY (user_id).
type VerificationRepo struct{ *Store }

// SendFunc delivers a verification code by SMS.
type SendFunc func(ctx context.Context, phone, code string) error

// Start creates the user's pending phone verification and texts the code.
func (r VerificationRepo) Start(ctx context.Context, userID int64, phone, code string, send SendFunc) error {
	return r.withTx(ctx, func(tx *sql.Tx) error {
		var id int64
		err := r.sb.Select("id").From("phone_verifications").
			Where(sq.Eq{"user_id": userID}).Suffix("FOR UPDATE").
			RunWith(tx).QueryRowContext(ctx).Scan(&id)
		if err == nil {
			return domain.ErrDuplicate
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if err := send(ctx, phone, code); err != nil {
			return err
		}
		_, err = r.sb.Insert("phone_verifications").
			Columns("user_id", "phone", "code").Values(userID, phone, code).
			RunWith(tx).ExecContext(ctx)
		return mapErr(err)
	})
}

// StartLocked is Start for callers outside the signup flow: the user's row
// is locked first, so two starts for one user run one after the other and
// the second finds the first's verification.
func (r VerificationRepo) StartLocked(ctx context.Context, userID int64, phone, code string, send SendFunc) error {
	return r.withTx(ctx, func(tx *sql.Tx) error {
		var uid int64
		if err := r.sb.Select("id").From("users").Where(sq.Eq{"id": userID}).
			Suffix("FOR UPDATE").RunWith(tx).QueryRowContext(ctx).Scan(&uid); err != nil {
			return mapErr(err)
		}
		var id int64
		err := r.sb.Select("id").From("phone_verifications").
			Where(sq.Eq{"user_id": userID}).Suffix("FOR UPDATE").
			RunWith(tx).QueryRowContext(ctx).Scan(&id)
		if err == nil {
			return domain.ErrDuplicate
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if err := send(ctx, phone, code); err != nil {
			return err
		}
		_, err = r.sb.Insert("phone_verifications").
			Columns("user_id", "phone", "code").Values(userID, phone, code).
			RunWith(tx).ExecContext(ctx)
		return mapErr(err)
	})
}
