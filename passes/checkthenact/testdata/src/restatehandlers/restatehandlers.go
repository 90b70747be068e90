// Package restatehandlers creates a domain's verification row from Restate
// handlers: a virtual object's exclusive handler runs one invocation at a
// time per key; a shared handler, or a service's, runs them at once.
package restatehandlers

import (
	"context"
	"database/sql"
	"errors"

	restate "github.com/restatedev/sdk-go"
)

type Service struct{ db *sql.DB }

func (s *Service) ensureChallenge(ctx context.Context, domain string) error {
	var id string
	err := s.db.QueryRowContext(ctx, `SELECT id FROM acme_challenges WHERE domain = $1`, domain).Scan(&id) // want `check-then-act race: the existence check on acme_challenges`
	if errors.Is(err, sql.ErrNoRows) {
		_, err = s.db.ExecContext(ctx, `INSERT INTO acme_challenges (domain, status) VALUES ($1, 'waiting')`, domain)
	}
	return err
}

// Near miss: the object is keyed by the domain, and its exclusive handler
// runs one verification at a time; the step restate.Run journals is part
// of it.
func (s *Service) Verify(ctx restate.ObjectContext, _ *struct{}) (string, error) {
	domain := ctx.Key()
	return restate.Run(ctx, func(rc restate.RunContext) (string, error) {
		var id string
		err := s.db.QueryRowContext(rc, `SELECT id FROM acme_challenges WHERE domain = $1`, domain).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			_, err = s.db.ExecContext(rc, `INSERT INTO acme_challenges (domain, status) VALUES ($1, 'waiting')`, domain)
		}
		return id, err
	})
}

// A shared handler of the same object runs beside its twins.
func (s *Service) Peek(ctx restate.ObjectSharedContext, _ *struct{}) (string, error) {
	domain := ctx.Key()
	var id string
	err := s.db.QueryRowContext(ctx, `SELECT id FROM acme_challenges WHERE domain = $1`, domain).Scan(&id) // want `check-then-act race: the existence check on acme_challenges`
	if errors.Is(err, sql.ErrNoRows) {
		_, err = s.db.ExecContext(ctx, `INSERT INTO acme_challenges (domain, status) VALUES ($1, 'waiting')`, domain)
	}
	return id, err
}

// A service handler too, through a helper.
func (s *Service) Retry(ctx restate.Context, domain string) error {
	return s.ensureChallenge(ctx, domain)
}
