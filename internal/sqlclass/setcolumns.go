package sqlclass

import "strings"

// UpdatedColumns returns the columns the first statement of sql assigns in
// its SET clause when it is an UPDATE, lower-cased and unqualified: what
// the statement writes of the row, and all it writes. Nil for any other
// statement, and for an UPDATE reached through WITH.
func UpdatedColumns(sql string) []string {
	lx := lexer{src: sql}
	toks := nextStatement(&lx)
	if len(toks) == 0 {
		return nil
	}
	s := newStmt(toks)
	if s.word(0) != "update" {
		return nil
	}
	cols := s.setColumns(1)
	for i, c := range cols {
		cols[i] = strings.ToLower(c)
	}
	return cols
}
