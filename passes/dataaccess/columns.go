package dataaccess

import "github.com/idemvet/idemvet/internal/apis"

// The columns a statement matches or conflicts on, carried through a
// helper's summary: a caller of AllowReservation (SELECT ... WHERE
// topic = ?) and AddReservation (INSERT ... ON CONFLICT (user_id, topic))
// can tell that the insert's conflict does not cover what the check
// looked at, as it could with both statements in its own body.

// setColumns records the columns of the body's one check (for a check
// summary) or of its atomic inserts, when they agree.
func (s *Summary) setColumns(checks, atomic []*Op) {
	switch {
	case s.Kind.IsCheck():
		s.MatchColumns = agreed(checks, MatchColumns)
		s.WhereNames = agreed(checks, WhereNames)
	case s.Kind == apis.CondInsert:
		s.ConflictColumns = agreed(atomic, ConflictColumns)
	}
}

// agreed returns what columns says of every op, when it says one thing.
func agreed(ops []*Op, columns func(*Op) string) string {
	out := ""
	for i, op := range ops {
		c := columns(op)
		if c == "" || i > 0 && c != out {
			return ""
		}
		out = c
	}
	return out
}

// MatchColumns returns the columns op's SQL looks its rows up by
// (WHERE topic = ?), read from its text or its summary; "" when unknown.
func MatchColumns(op *Op) string {
	switch {
	case op.SQL != nil:
		return op.SQL.MatchColumns
	case op.Summary != nil:
		return op.Summary.MatchColumns
	}
	return ""
}

// WhereNames returns the names op's SQL's WHERE clause mentions outside
// its subqueries (see sqlclass.Statement), read from its text or its
// summary; "" when unknown.
func WhereNames(op *Op) string {
	switch {
	case op.SQL != nil:
		return op.SQL.WhereNames
	case op.Summary != nil:
		return op.Summary.WhereNames
	}
	return ""
}

// ConflictColumns returns the conflict target of op's conditional insert
// (ON CONFLICT (user_id, topic)), read from its text or its summary; ""
// when unknown.
func ConflictColumns(op *Op) string {
	switch {
	case op.SQL != nil:
		return op.SQL.ConflictColumns
	case op.Summary != nil:
		return op.Summary.ConflictColumns
	}
	return ""
}
