// Package fixesmysql talks to MySQL: its fix is INSERT IGNORE.
// Its schema.sql declares the unique key that makes the fix pick one
// winner; without it, the message would say so and there would be no fix.
package fixesmysql

import (
	"context"
	"database/sql"
	"errors"

	"github.com/go-sql-driver/mysql"
)

func register(ctx context.Context, db *sql.DB, email string) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE email = ?`, email).Scan(&n); err != nil { // want `check-then-act race: [^;]*$`
		return err
	}
	if n > 0 {
		return errors.New("taken")
	}
	_, err := db.ExecContext(ctx, `INSERT INTO users (email) VALUES (?)`, email)
	return err
}

func isDuplicate(err error) bool {
	var me *mysql.MySQLError
	return errors.As(err, &me) && me.Number == 1062
}
