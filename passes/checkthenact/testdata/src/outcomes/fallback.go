package outcomes

import (
	"context"
	"database/sql"
	"errors"
)

type Member struct {
	ID    int64
	Email string
}

func (s *Store) memberBy(ctx context.Context, column, value string) (*Member, error) {
	m := &Member{}
	err := s.db.QueryRowContext(ctx, `SELECT id, email FROM members WHERE `+column+` = $1`, value).Scan(&m.ID, &m.Email)
	return m, err
}

// A second lookup tried only when the first found nothing, its error kept
// in the same variable and tested after the join: not found there means
// neither found the member, and both callers create it.
func (s *Store) signInWithProvider(ctx context.Context, uid, email string) (*Member, error) {
	m, err := s.memberBy(ctx, "provider_uid", uid) // want `check-then-act race: the existence check memberBy`
	if errors.Is(err, sql.ErrNoRows) && email != "" {
		m, err = s.memberBy(ctx, "email", email)
	}
	if errors.Is(err, sql.ErrNoRows) {
		m = &Member{Email: email}
		err = s.db.QueryRowContext(ctx, `INSERT INTO members (provider_uid, email) VALUES ($1, $2) RETURNING id`, uid, email).Scan(&m.ID)
	}
	return m, err
}

// Near miss: the first lookup's absence ends the call, and the second
// value of err comes in only on the path where the member was found (a
// look-up by its new e-mail), so a not-found after the join says nothing
// about the first lookup: the check's own absent branch never reaches the
// insert.
func (s *Store) signInAndRelink(ctx context.Context, uid, email string) (*Member, error) {
	m, err := s.memberBy(ctx, "provider_uid", uid)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotInvited
	}
	if err == nil && m.Email != email {
		m, err = s.memberBy(ctx, "email", email)
	}
	if errors.Is(err, sql.ErrNoRows) {
		m = &Member{Email: email}
		err = s.db.QueryRowContext(ctx, `INSERT INTO members (provider_uid, email) VALUES ($1, $2) RETURNING id`, uid, email).Scan(&m.ID)
	}
	return m, err
}

var errNotInvited = errors.New("not invited")
