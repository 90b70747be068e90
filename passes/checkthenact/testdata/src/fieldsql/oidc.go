// Package fieldsql mints an opaque identifier on first use through the
// storage.Provider interface (authelia's oidc store): the implementation's
// SQL lives in struct fields.
package fieldsql

import (
	"context"

	"fieldsql/storage"
)

type Store struct{ provider storage.Provider }

func (s *Store) opaqueID(ctx context.Context, username string) (string, error) {
	id, err := s.provider.LoadOpaqueID(ctx, username) // want `check-then-act race: the existence check LoadOpaqueID`
	if err != nil {
		return "", err
	}
	if id == nil {
		value := mint()
		if err := s.provider.SaveOpaqueID(ctx, username, value); err != nil {
			return "", err
		}
		return value, nil
	}
	return id.Value, nil
}

// Near miss: the insert is ON CONFLICT DO NOTHING, and the winner is read
// back.
func (s *Store) opaqueIDOnce(ctx context.Context, username string) (string, error) {
	id, err := s.provider.LoadOpaqueID(ctx, username)
	if err != nil {
		return "", err
	}
	if id == nil {
		if err := s.provider.SaveOpaqueIDOnce(ctx, username, mint()); err != nil {
			return "", err
		}
		if id, err = s.provider.LoadOpaqueID(ctx, username); err != nil || id == nil {
			return "", err
		}
	}
	return id.Value, nil
}

func mint() string { return "random" }
