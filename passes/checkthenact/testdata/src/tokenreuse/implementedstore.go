package tokenreuse

import (
	"context"
	"database/sql"
	"errors"
)

// A repository interface whose implementation the analysis reads: the
// implementation's summary stands for the method, and the method's name
// still says it looks a one-time value up (GetByNonce).

type SamlState struct {
	ID    string
	Nonce string
	State string
}

type SamlStates interface {
	GetByNonce(ctx context.Context, nonce string) (*SamlState, error)
	GetByID(ctx context.Context, id string) (*SamlState, error)
	Delete(ctx context.Context, s SamlState) error
}

type sqlSamlStates struct{ db *sql.DB }

func (s *sqlSamlStates) GetByNonce(ctx context.Context, nonce string) (*SamlState, error) {
	var st SamlState
	err := s.db.QueryRowContext(ctx, `SELECT id, nonce, state FROM saml_states WHERE nonce = $1`, nonce).Scan(&st.ID, &st.Nonce, &st.State)
	return &st, err
}

func (s *sqlSamlStates) GetByID(ctx context.Context, id string) (*SamlState, error) {
	var st SamlState
	err := s.db.QueryRowContext(ctx, `SELECT id, nonce, state FROM saml_states WHERE id = $1`, id).Scan(&st.ID, &st.Nonce, &st.State)
	return &st, err
}

func (s *sqlSamlStates) Delete(ctx context.Context, st SamlState) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM saml_states WHERE id = $1`, st.ID)
	return err
}

var errStateMismatch = errors.New("could not verify state")

// Two callbacks with one SAML response both find the nonce and both go on.
func verifySamlState(ctx context.Context, states SamlStates, nonce, state string) error {
	expected, err := states.GetByNonce(ctx, nonce) // want `token-reuse race: the one-time token read here is consumed by Delete at line \d+`
	if err != nil {
		return err
	}
	if expected.State != state {
		return errStateMismatch
	}
	_ = states.Delete(ctx, *expected)
	return nil
}

// Near miss: a lookup by the row's id names no one-time value; deleting
// it after reading is housekeeping.
func dropSamlState(ctx context.Context, states SamlStates, id string) error {
	st, err := states.GetByID(ctx, id)
	if err != nil {
		return err
	}
	return states.Delete(ctx, *st)
}
