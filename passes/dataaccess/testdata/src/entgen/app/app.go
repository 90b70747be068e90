// Package app calls the generated client: the calls are classified by the
// builder's type and method name, not by summaries of generated bodies.
package app

import (
	"context"

	"entgen/ent"
)

func SignUp(ctx context.Context, client *ent.Client, id int) error {
	if _, err := client.User.Get(ctx, id); err == nil { // want "read user pool"
		return nil
	}
	_, err := client.User.Create().Save(ctx) // want "insert user pool"
	return err
}
