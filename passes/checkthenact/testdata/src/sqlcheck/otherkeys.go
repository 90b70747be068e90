package sqlcheck

import (
	"context"
	"database/sql"
	"errors"

	"github.com/lib/pq"
)

// A custom domain claimed by one user: the check looks it up by its value,
// the write upserts the user's own setting ON CONFLICT (user_id,
// key_name). Another unique index on the domain's value fails a second
// user's upsert.

var errDomainTaken = errors.New("custom domain already taken")

func domainOwner(ctx context.Context, db *sql.DB, domain string) (int64, error) {
	var owner int64
	err := db.QueryRowContext(ctx, `SELECT user_id FROM user_settings WHERE key_name = 'domain' AND key_value = $1`, domain).Scan(&owner)
	return owner, err
}

func setDomainAnswered(ctx context.Context, db *sql.DB, user int64, domain string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO user_settings (user_id, key_name, key_value) VALUES ($1, 'domain', $2) ON CONFLICT (user_id, key_name) DO UPDATE SET key_value = $2`, user, domain)
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code == "23505" && pqErr.Constraint == "user_settings_domain_idx" {
		return errDomainTaken
	}
	return err
}

func setDomain(ctx context.Context, db *sql.DB, user int64, domain string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO user_settings (user_id, key_name, key_value) VALUES ($1, 'domain', $2) ON CONFLICT (user_id, key_name) DO UPDATE SET key_value = $2`, user, domain)
	return err
}

// Near miss: the upsert's helper answers the domain index's violation as
// taken, so the second of two users who both found the domain free is
// told so.
func ClaimDomain(ctx context.Context, db *sql.DB, user int64, domain string) error {
	owner, err := domainOwner(ctx, db, domain)
	if err == nil {
		if owner == user {
			return nil
		}
		return errDomainTaken
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	return setDomainAnswered(ctx, db, user, domain)
}

// The same check with an upsert that expects no other key: both users
// who found the domain free store it.
func ClaimDomainUnanswered(ctx context.Context, db *sql.DB, user int64, domain string) error {
	owner, err := domainOwner(ctx, db, domain) // want `check-then-act race: the existence check domainOwner \(by key_name,key_value\) and the insert at line \d+ are separate steps, and the insert's ON CONFLICT \(user_id,key_name\) does not cover`
	if err == nil {
		if owner == user {
			return nil
		}
		return errDomainTaken
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	return setDomain(ctx, db, user, domain)
}
