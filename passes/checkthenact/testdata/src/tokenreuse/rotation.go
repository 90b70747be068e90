package tokenreuse

import (
	"context"
	"database/sql"
	"errors"
)

var errStaleToken = errors.New("refresh token already used")

// Sessions keeps login sessions by the hash of their bearer token; a
// refresh replaces the presented session with a new one.
type Sessions struct{ db *sql.DB }

func (s *Sessions) UserByToken(ctx context.Context, hash string) (int64, error) {
	var userID int64
	err := s.db.QueryRowContext(ctx, `SELECT user_id FROM sessions WHERE token_hash = $1 AND expires_at > now()`, hash).Scan(&userID)
	return userID, err
}

func (s *Sessions) issue(ctx context.Context, userID int64, hash string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '7 days')`, userID, hash)
	return err
}

// DeleteToken removes the session and does not say whether it was there.
func (s *Sessions) DeleteToken(ctx context.Context, hash string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = $1`, hash)
	return err
}

// Two refreshes with one token both find its session, both issue a new
// one, and both deletes succeed: one session became two.
func (s *Sessions) Renew(ctx context.Context, hash, next string) error {
	userID, err := s.UserByToken(ctx, hash) // want `token-reuse race: the one-time token read here is consumed by DeleteToken at line \d+, .* both reach issue at line \d+`
	if err != nil {
		return err
	}
	if err := s.issue(ctx, userID, next); err != nil {
		return err
	}
	return s.DeleteToken(ctx, hash)
}

// Near miss: the presented session is deleted first, and only the
// caller whose delete removed it issues the next one.
func (s *Sessions) RenewSpendingFirst(ctx context.Context, hash, next string) error {
	userID, err := s.UserByToken(ctx, hash)
	if err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = $1`, hash)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errStaleToken
	}
	return s.issue(ctx, userID, next)
}

// Near miss: a logout finds the session and deletes it; no successor is
// issued, so a second logout changes nothing.
func (s *Sessions) Logout(ctx context.Context, hash string) error {
	if _, err := s.UserByToken(ctx, hash); err != nil {
		return err
	}
	return s.DeleteToken(ctx, hash)
}

// claim inserts a row under the key unless one is there, and says
// whether it did.
func (s *Sessions) claim(ctx context.Context, key string) (bool, error) {
	res, err := s.db.ExecContext(ctx, `INSERT INTO sessions (user_id, token_hash, expires_at) VALUES (0, $1, now() + interval '1 minute') ON CONFLICT (token_hash) DO NOTHING`, key)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Near miss: a claim of a key in a table of tokens. An expired row is
// cleared first; the insert under the same key is the claim, decided by
// the key's unique index, and its answer tells the loser.
func (s *Sessions) ClaimKey(ctx context.Context, key string) (bool, error) {
	if _, err := s.UserByToken(ctx, key); err == nil {
		if err := s.DeleteToken(ctx, key); err != nil {
			return false, err
		}
	}
	return s.claim(ctx, key)
}

type account struct{ ID int64 }

func (s *Sessions) accountByID(ctx context.Context, id int64) (*account, error) {
	a := &account{}
	err := s.db.QueryRowContext(ctx, `SELECT id FROM users WHERE id = $1`, id).Scan(&a.ID)
	return a, err
}

func (s *Sessions) DeleteSessionsOf(ctx context.Context, userID int64) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1`, userID)
	return err
}

// Near miss: a step-up reads the account, not a presented token, issues
// a stronger session and ends the weaker ones.
func (s *Sessions) StepUp(ctx context.Context, userID int64, next string) error {
	acct, err := s.accountByID(ctx, userID)
	if err != nil {
		return err
	}
	if err := s.issue(ctx, acct.ID, next); err != nil {
		return err
	}
	return s.DeleteSessionsOf(ctx, userID)
}
