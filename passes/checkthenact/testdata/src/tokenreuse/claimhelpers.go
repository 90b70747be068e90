package tokenreuse

import (
	"context"
	"database/sql"
	"errors"
)

var errAlreadyClaimed = errors.New("reset token already claimed")

type ResetToken struct {
	ID     int64
	UserID int64
}

type resetTokens struct{ db *sql.DB }

func (r *resetTokens) GetValidByToken(ctx context.Context, token string) (*ResetToken, error) {
	t := &ResetToken{}
	err := r.db.QueryRowContext(ctx, `SELECT id, user_id FROM password_reset_tokens WHERE token = $1 AND used_at IS NULL`, token).Scan(&t.ID, &t.UserID)
	return t, err
}

// ConsumeAndSetPassword claims the token with an update guarded by its
// state and fails unless the update changed the row.
func (r *resetTokens) ConsumeAndSetPassword(ctx context.Context, tokenID, userID int64, hash string) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE password_reset_tokens SET used_at = now() WHERE id = $1 AND used_at IS NULL`, tokenID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errAlreadyClaimed
	}
	if _, err := tx.ExecContext(ctx, `UPDATE users SET password = $1 WHERE id = $2`, hash, userID); err != nil {
		return err
	}
	return tx.Commit()
}

// MarkUsedAndSetPassword runs the same guarded update but commits
// whatever it changed: its nil error does not say who won.
func (r *resetTokens) MarkUsedAndSetPassword(ctx context.Context, tokenID, userID int64, hash string) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE password_reset_tokens SET used_at = now() WHERE id = $1 AND used_at IS NULL`, tokenID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE users SET password = $1 WHERE id = $2`, hash, userID); err != nil {
		return err
	}
	return tx.Commit()
}

func (r *resetTokens) DeleteSessionsOf(ctx context.Context, userID int64) error {
	_, err := r.db.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1`, userID)
	return err
}

func (r *resetTokens) NotifyPasswordChanged(ctx context.Context, userID int64) error {
	_, err := r.db.ExecContext(ctx, `INSERT INTO notifications (user_id, kind) VALUES ($1, 'password_changed')`, userID)
	return err
}

// Near miss: the helper fails unless its guarded claim changed the row,
// and the caller goes on only on its nil error: one reset wins.
func resetWithClaimHelper(ctx context.Context, tokens *resetTokens, token, newHash string) error {
	t, err := tokens.GetValidByToken(ctx, token)
	if err != nil {
		return errUsed
	}
	if err := tokens.ConsumeAndSetPassword(ctx, t.ID, t.UserID, newHash); err != nil {
		return err
	}
	return tokens.NotifyPasswordChanged(ctx, t.UserID)
}

// The helper's guarded update does not decide its error: both resets go
// on and both notify.
func resetWithMarkHelper(ctx context.Context, tokens *resetTokens, token, newHash string) error {
	t, err := tokens.GetValidByToken(ctx, token) // want `token-reuse race: the one-time token read here is consumed by MarkUsedAndSetPassword`
	if err != nil {
		return errUsed
	}
	if err := tokens.MarkUsedAndSetPassword(ctx, t.ID, t.UserID, newHash); err != nil {
		return err
	}
	return tokens.NotifyPasswordChanged(ctx, t.UserID)
}
