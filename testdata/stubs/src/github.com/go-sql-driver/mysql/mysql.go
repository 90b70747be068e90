// Package mysql is a stub of github.com/go-sql-driver/mysql.
package mysql

type MySQLError struct {
	Number  uint16
	Message string
}

func (me *MySQLError) Error() string { return me.Message }
