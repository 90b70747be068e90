// Package ifacenids gets or creates numeric ids through a table
// interface whose implementations live in packages this one does not
// import (Dendrite's tables.EventStateKeys, implemented per dialect).
package ifacenids

import (
	"context"
	"database/sql"
	"errors"
)

// StateKey is a state key and its numeric id.
type StateKey struct {
	NID int64
	Key string
}

// StateKeys is the table; InsertStateKey's statement is not in reach.
type StateKeys interface {
	GetStateKey(ctx context.Context, key string) (StateKey, error)
	InsertStateKey(ctx context.Context, key string) (StateKey, error)
}

// Near miss: an insert whose "no rows" the caller answers by reading the
// row again is INSERT ... ON CONFLICT DO NOTHING RETURNING: the loser of
// two concurrent assignments reads the winner's id.
func assignNID(ctx context.Context, t StateKeys, key string) (StateKey, error) {
	sk, err := t.GetStateKey(ctx, key)
	if errors.Is(err, sql.ErrNoRows) {
		sk, err = t.InsertStateKey(ctx, key)
		if errors.Is(err, sql.ErrNoRows) {
			sk, err = t.GetStateKey(ctx, key)
		}
	}
	return sk, err
}

// The same lookup with a plain insert: the loser's insert fails.
func assignNIDPlain(ctx context.Context, t StateKeys, key string) (StateKey, error) {
	sk, err := t.GetStateKey(ctx, key) // want `check-then-act race`
	if errors.Is(err, sql.ErrNoRows) {
		return t.InsertStateKey(ctx, key)
	}
	return sk, err
}
