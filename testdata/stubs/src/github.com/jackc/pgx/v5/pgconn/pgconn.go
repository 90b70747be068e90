// Package pgconn is a stub of github.com/jackc/pgx/v5/pgconn.
package pgconn

type CommandTag struct{ s string }

func (ct CommandTag) RowsAffected() int64 { return 0 }
func (ct CommandTag) String() string      { return ct.s }

type PgError struct {
	Code           string
	Message        string
	ConstraintName string
}

func (pe *PgError) Error() string { return pe.Message }
