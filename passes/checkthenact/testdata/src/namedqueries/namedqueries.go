// Package namedqueries: a check and an insert that run statements named
// by struct tags (goyesql) are the statements the module's .sql files
// give those names.
package namedqueries

import (
	"errors"

	"namedqueries/core"
)

func Setup(c *core.Core, email string) error {
	if _, err := c.GetUser(email); errors.Is(err, core.ErrNotFound) { // want `check-then-act race: the existence check GetUser and the insert at line \d+`
		_, err = c.CreateUser(email)
		return err
	}
	return nil
}

// Near miss: the named statement inserts ON CONFLICT DO NOTHING.
func SetupOnce(c *core.Core, email string) error {
	if _, err := c.GetUser(email); errors.Is(err, core.ErrNotFound) {
		_, err = c.CreateUserOnce(email)
		return err
	}
	return nil
}

// Near miss: the tag names no section of the module's files, so what the
// statement does is not known.
func SetupAudit(c *core.Core, email string) error {
	if _, err := c.GetUser(email); errors.Is(err, core.ErrNotFound) {
		return c.CreateAudit(email)
	}
	return nil
}
