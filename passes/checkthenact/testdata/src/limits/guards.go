package limits

import (
	"context"
	"database/sql"
	"errors"

	"limits/quotaguard"
)

// A limit is often checked in a guard of its own that counts and refuses
// with an error; the caller inserts after it. The count and the insert
// are still two steps: two callers at max-1 both pass and both insert.

var errTooManyScheduled = errors.New("too many scheduled posts")

type Scheduler struct {
	DB           *sql.DB
	MaxScheduled int
}

func (s *Scheduler) checkScheduledLimit(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, accountID string) error {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM scheduled_posts WHERE account_id = $1`, accountID).Scan(&n); err != nil {
		return err
	}
	if n >= s.MaxScheduled {
		return errTooManyScheduled
	}
	return nil
}

func (s *Scheduler) Schedule(ctx context.Context, accountID, text string) error {
	if err := s.checkScheduledLimit(ctx, s.DB, accountID); err != nil { // want `limit race: the count of scheduled_posts is compared with a limit inside checkScheduledLimit \(guards.go:\d+\), whose error the caller tests, and the insert at line \d+ adds to what it counts in a separate step`
		return err
	}
	_, err := s.DB.ExecContext(ctx, `INSERT INTO scheduled_posts (account_id, body) VALUES ($1, $2)`, accountID, text)
	return err
}

// Near miss: a draft is not what the guard counts.
func (s *Scheduler) SaveDraft(ctx context.Context, accountID, text string) error {
	if err := s.checkScheduledLimit(ctx, s.DB, accountID); err != nil {
		return err
	}
	_, err := s.DB.ExecContext(ctx, `INSERT INTO drafts (account_id, body) VALUES ($1, $2)`, accountID, text)
	return err
}

// Near miss: the account row is locked before the guard counts, in the
// transaction that inserts; a second caller waits and then counts the
// first one's post.
func (s *Scheduler) ScheduleLocked(ctx context.Context, accountID, text string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT id FROM accounts WHERE id = $1 FOR UPDATE`, accountID); err != nil {
		return err
	}
	if err := s.checkScheduledLimit(ctx, tx, accountID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO scheduled_posts (account_id, body) VALUES ($1, $2)`, accountID, text); err != nil {
		return err
	}
	return tx.Commit()
}

type Keys struct {
	DB    *sql.DB
	Quota int
}

// The guard is another package's: its fact says what it counts.
func (k *Keys) Create(ctx context.Context, orgID, hash string) error {
	tx, err := k.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := quotaguard.EnsureUnderQuota(ctx, tx, orgID, k.Quota); err != nil { // want `limit race: the count of api_keys is compared with a limit inside EnsureUnderQuota \(quotaguard.go:\d+\), whose error the caller tests, and the insert at line \d+ adds to what it counts`
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO api_keys (org_id, hash) VALUES ($1, $2)`, orgID, hash); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: SERIALIZABLE makes the count and the insert one step; the
// second commit fails instead of passing the quota.
func (k *Keys) CreateSerializable(ctx context.Context, orgID, hash string) error {
	tx, err := k.DB.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := quotaguard.EnsureUnderQuota(ctx, tx, orgID, k.Quota); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO api_keys (org_id, hash) VALUES ($1, $2)`, orgID, hash); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: a helper that only warns at the quota is no guard.
func (k *Keys) CreateWarned(ctx context.Context, orgID, hash string) error {
	tx, err := k.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := quotaguard.WarnNearQuota(ctx, tx, orgID, k.Quota); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO api_keys (org_id, hash) VALUES ($1, $2)`, orgID, hash); err != nil {
		return err
	}
	return tx.Commit()
}
