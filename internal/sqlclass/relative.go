package sqlclass

import "strings"

// setClauseEnd are the keywords that end an UPDATE's SET list.
var setClauseEnd = map[string]bool{"where": true, "from": true, "returning": true, "order": true, "limit": true}

// setReadsTarget reports whether an UPDATE's own SET list (not a
// subquery's) assigns a column an expression that reads that column:
// count = count + 1, balance = coalesce(balance, 0) - $1. A subquery
// recomputes the value from other rows (total = (SELECT sum(...) ...)),
// which is absolute however often it runs.
func (s *stmt) setReadsTarget(from int) bool {
	base := s.depth[from-1]
	set := s.findWord(from, base, "set")
	if set < 0 {
		return false
	}
	target := ""
	for k := set + 1; k < len(s.toks) && s.depth[k] >= base; k++ {
		if s.depth[k] == base {
			if setClauseEnd[s.word(k)] {
				return false
			}
			if s.isPunct(k, ",") {
				target = ""
				continue
			}
			if target == "" {
				col, next := s.name(k)
				if col != "" && s.isPunct(next, "=") {
					target, k = unqualified(col), next
					continue
				}
			}
		}
		if s.isPunct(k, "(") && s.word(k+1) == "select" {
			k = s.closeParen(k)
			continue
		}
		if part, ok := s.namePart(k); ok && target != "" && part == target && !s.isPunct(k+1, "(") && !s.proposed(k) {
			return true
		}
	}
	return false
}

// unqualified strips a column's table or alias qualifier: t.email is email.
func unqualified(col string) string {
	if i := strings.LastIndexByte(col, '.'); i >= 0 {
		return col[i+1:]
	}
	return col
}

// proposed reports whether the name at k is a column of the row an upsert
// proposed (EXCLUDED.balance): the new value, not the stored one.
func (s *stmt) proposed(k int) bool {
	return s.isPunct(k-1, ".") && s.word(k-2) == "excluded"
}
