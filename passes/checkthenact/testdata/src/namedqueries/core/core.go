// Package core runs statements a goyesql loader prepared from the
// module's .sql files into the fields their `query` tags name; no file
// name and no preparing call is visible here.
package core

import (
	"database/sql"
	"errors"
)

var ErrNotFound = errors.New("not found")

type Queries struct {
	GetUser        *sql.Stmt `query:"namedqueries-get-user"`
	CreateUser     *sql.Stmt `query:"namedqueries-create-user"`
	CreateUserOnce *sql.Stmt `query:"namedqueries-create-user-once"`
	// CreateAudit names a section no .sql file of the module has.
	CreateAudit *sql.Stmt `query:"namedqueries-create-audit"`
}

type Core struct{ q *Queries }

func (c *Core) GetUser(email string) (int64, error) {
	var id int64
	err := c.q.GetUser.QueryRow(email).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	return id, err
}

func (c *Core) CreateUser(email string) (int64, error) {
	var id int64
	err := c.q.CreateUser.QueryRow(email).Scan(&id)
	return id, err
}

func (c *Core) CreateUserOnce(email string) (int64, error) {
	var id int64
	err := c.q.CreateUserOnce.QueryRow(email).Scan(&id)
	return id, err
}

func (c *Core) CreateAudit(email string) error {
	_, err := c.q.CreateAudit.Exec(email)
	return err
}
