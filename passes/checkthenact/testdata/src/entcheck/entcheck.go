package entcheck

import (
	"context"

	"entcheck/ent"
)

func signup(ctx context.Context, client *ent.Client, email string) error {
	ok, err := client.User.Query().Exist(ctx) // want `check-then-act race: the existence check Exist`
	if err != nil {
		return err
	}
	if !ok {
		_, err = client.User.Create().SetEmail(email).Save(ctx)
	}
	return err
}

// Near miss: the upsert ignores conflicts.
func signupUpsert(ctx context.Context, client *ent.Client, email string) error {
	ok, err := client.User.Query().Exist(ctx)
	if err != nil || ok {
		return err
	}
	return client.User.Create().SetEmail(email).OnConflict().Ignore().Exec(ctx)
}
