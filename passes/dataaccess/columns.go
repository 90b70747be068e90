package dataaccess

import "github.com/idemvet/idemvet/internal/apis"

// The columns a statement matches or conflicts on, carried through a
// helper's summary: a caller of AllowReservation (SELECT ... WHERE
// topic = ?) and AddReservation (INSERT ... ON CONFLICT (user_id, topic))
// can tell that the insert's conflict does not cover what the check
// looked at, as it could with both statements in its own body.

// Columns are the columns of a statement, in sqlclass.Statement's form:
// Match are those its WHERE sets equal with AND between them, Where every
// name its WHERE mentions outside subqueries, Conflict its ON CONFLICT
// target.
type Columns struct{ Match, Where, Conflict string }

// ColumnsOf returns the columns of op's SQL, read from its text or its
// summary; empty when unknown.
func ColumnsOf(op *Op) Columns {
	switch {
	case op.SQL != nil:
		return Columns{Match: op.SQL.MatchColumns, Where: op.SQL.WhereNames, Conflict: op.SQL.ConflictColumns}
	case op.Summary != nil:
		return op.Summary.Columns
	}
	return Columns{Conflict: op.ConflictColumns}
}

// setColumns records the columns of the body's checks (for a check
// summary) or of its atomic inserts, where they all agree.
func (s *Summary) setColumns(checks, atomic []*Op) {
	switch {
	case s.Kind.IsCheck():
		s.Columns.Match = agreed(checks, func(c Columns) string { return c.Match })
		s.Columns.Where = agreed(checks, func(c Columns) string { return c.Where })
	case s.Kind == apis.CondInsert:
		s.Columns.Conflict = agreed(atomic, func(c Columns) string { return c.Conflict })
	}
}

// agreed returns what part says of every op's columns, when it says one
// thing.
func agreed(ops []*Op, part func(Columns) string) string {
	out := ""
	for i, op := range ops {
		c := part(ColumnsOf(op))
		if c == "" || i > 0 && c != out {
			return ""
		}
		out = c
	}
	return out
}
