// Package mysql is a minimal stub of github.com/go-sql-driver/mysql: the
// error type services match duplicate keys with.
package mysql

type MySQLError struct {
	Number  uint16
	Message string
}

func (e *MySQLError) Error() string { return e.Message }
