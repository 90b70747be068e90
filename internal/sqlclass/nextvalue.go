package sqlclass

// aggregates are the functions whose result, read from the table an
// insert writes, gives the next value of a column.
var aggregates = map[string]bool{"max": true, "count": true}

// selectsAggregateOf reports whether the INSERT whose target table ends
// just before j has a SELECT (its source, or a subquery among its values)
// whose own select list calls MAX or COUNT and whose FROM is the target.
func (s *stmt) selectsAggregateOf(j, base int, target string) bool {
	if target == "" {
		return false
	}
	for k := j; k < len(s.toks) && s.depth[k] >= base; k++ {
		if s.word(k) != "select" {
			continue
		}
		if s.listCallsAggregate(k) && sameTable(s.selectAt(k).Table, target) {
			return true
		}
	}
	return false
}

// listCallsAggregate reports whether the select list of the SELECT at i
// (up to its FROM, or whatever else ends the list at its depth) calls an
// aggregate, directly or inside an expression (COALESCE(MAX(n), 0) + 1).
func (s *stmt) listCallsAggregate(i int) bool {
	base := s.depth[i]
	for k := i + 1; k < len(s.toks) && s.depth[k] >= base; k++ {
		if s.depth[k] == base && selectListEnd[s.word(k)] {
			return false
		}
		if s.word(k) == "select" {
			return false // a nested query's aggregate is its own
		}
		if aggregates[s.word(k)] && s.isPunct(k+1, "(") {
			return true
		}
	}
	return false
}
