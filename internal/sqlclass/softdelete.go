package sqlclass

import "slices"

// A soft-delete filter (AND deleted_at IS NULL) in an UPDATE's WHERE keeps
// deleted rows out; it says nothing about the state two concurrent
// writers race on, so it does not make the write pick one winner. It
// guards only when the statement sets that column itself (the soft delete:
// SET deleted_at = now() WHERE ... AND deleted_at IS NULL).

// softDeleteColumns are the names soft-delete markers go by.
var softDeleteColumns = map[string]bool{"deleted_at": true, "deleted": true, "is_deleted": true, "deleted_on": true, "deleted_time": true}

// filtersDeleted reports whether col, compared in the WHERE of the
// statement whose target follows from, only hides soft-deleted rows.
func (s *stmt) filtersDeleted(from int, col string) bool {
	return softDeleteColumns[col] && !slices.Contains(s.setColumns(from), col)
}

// setColumns returns the columns an UPDATE's SET clause assigns.
func (s *stmt) setColumns(from int) []string {
	base := s.depth[from-1]
	set := s.findWord(from, base, "set")
	if set < 0 {
		return nil
	}
	var cols []string
	expectColumn := true
	for k := set + 1; k < len(s.toks) && s.depth[k] >= base; k++ {
		if s.depth[k] != base {
			continue
		}
		if setClauseEnd[s.word(k)] {
			break
		}
		if s.isPunct(k, ",") {
			expectColumn = true
			continue
		}
		if expectColumn {
			if col, next := s.name(k); col != "" && s.isPunct(next, "=") {
				cols = append(cols, unqualified(col))
				k = next
			}
			expectColumn = false
		}
	}
	return cols
}
