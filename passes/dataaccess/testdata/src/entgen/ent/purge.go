package ent

import "context"

// Purge is written by hand beside the generated code: it is modelled.
func (c *Client) Purge(ctx context.Context) error {
	_, err := c.db.ExecContext(ctx, "DELETE FROM users") // want "delete user pool"
	return err
}
