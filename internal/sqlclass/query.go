package sqlclass

import (
	"slices"
	"strings"
)

// selectListEnd are the keywords that end a SELECT's output list.
var selectListEnd = map[string]bool{
	"from": true, "into": true, "where": true, "group": true, "having": true,
	"order": true, "limit": true, "offset": true, "fetch": true, "for": true,
	"union": true, "intersect": true, "except": true, "window": true, "lock": true,
}

// selectAt parses the SELECT at i: its first FROM table and whether it only
// probes for existence.
func (s *stmt) selectAt(i int) Statement {
	st := Statement{Kind: Select}
	base := s.depth[i]
	first := s.skipWords(i+1, "all")
	if s.word(first) == "distinct" {
		first++
		if s.word(first) == "on" && s.isPunct(first+1, "(") {
			first = s.closeParen(first+1) + 1
		}
	}
	end := first
	for end < len(s.toks) && s.depth[end] >= base && !(s.depth[end] == base && selectListEnd[s.word(end)]) {
		end++
	}
	from := -1
	for k := end; k < len(s.toks) && s.depth[k] >= base; k++ {
		if s.depth[k] != base {
			continue
		}
		if w := s.word(k); w == "from" {
			from = k
			break
		} else if w != "into" && selectListEnd[w] {
			break // SELECT ... INTO x FROM t still has a FROM; WHERE without FROM has none
		}
	}
	if from >= 0 {
		st.Table = s.tableRefAt(from + 1)
		st.MatchColumns = s.equalityColumns(from+1, base)
		st.WhereNames = s.whereNames(from+1, base)
		st.SelectsByState = s.selectsByState(from + 1)
	}
	st.Counts = s.countSubqueries(first, end, base)
	st.PicksOne = s.limitsToOne(end, base)
	st.Latest = st.PicksOne && s.ordersDescending(end, base)
	probe, sub := s.probeShape(first, end)
	st.Exists = probe == existsProbe || probe == rowProbe && from >= 0
	if st.Table == "" && sub != nil {
		inner := classifyStmt(sub) // SELECT EXISTS (SELECT 1 FROM t ...)
		st.Table, st.MatchColumns, st.WhereNames = inner.Table, inner.MatchColumns, inner.WhereNames
	}
	return st
}

// limitsToOne reports whether the query at depth base, from k on, ends in
// LIMIT 1 or FETCH FIRST [1] ROW[S] ONLY of its own (not a subquery's).
func (s *stmt) limitsToOne(k, base int) bool {
	for ; k < len(s.toks) && s.depth[k] >= base; k++ {
		if s.depth[k] != base {
			continue
		}
		switch {
		case s.word(k) == "limit":
			return k+1 < len(s.toks) && s.toks[k+1].kind == tokNumber && s.toks[k+1].text == "1"
		case s.words(k, "fetch", "first"), s.words(k, "fetch", "next"):
			n := k + 2
			if n < len(s.toks) && s.toks[n].kind == tokNumber {
				if s.toks[n].text != "1" {
					return false
				}
				n++
			}
			return s.word(n) == "row" || s.word(n) == "rows"
		}
	}
	return false
}

// ordersDescending reports whether the query at depth base, from k on,
// has an ORDER BY of its own that sorts a key descending.
func (s *stmt) ordersDescending(k, base int) bool {
	inOrder := false
	for ; k < len(s.toks) && s.depth[k] >= base; k++ {
		if s.depth[k] != base {
			continue
		}
		switch w := s.word(k); {
		case s.words(k, "order", "by"):
			inOrder = true
		case w == "limit" || w == "fetch" || w == "offset" || w == "for":
			inOrder = false
		case inOrder && w == "desc":
			return true
		}
	}
	return false
}

// countSubqueries returns the tables the count(...) subqueries of the
// output list toks[first:end] count, joined by commas.
func (s *stmt) countSubqueries(first, end, base int) string {
	var tables []string
	for k := first; k < end; k++ {
		if s.depth[k] != base || !s.isPunct(k, "(") || s.word(k+1) != "select" || s.word(k+2) != "count" {
			continue
		}
		close := s.closeParen(k)
		if inner := classifyStmt(s.sub(k+1, close)); inner.Exists && inner.Table != "" {
			tables = append(tables, inner.Table)
		}
		k = close
	}
	return strings.Join(tables, ",")
}

// matchClauseEnd are the keywords that end a SELECT's WHERE clause.
var matchClauseEnd = map[string]bool{"group": true, "having": true, "order": true, "limit": true, "offset": true, "for": true, "union": true, "except": true, "intersect": true, "window": true}

// equalityColumns returns the columns the WHERE clause at depth base,
// searched from `from`, sets equal to a value with AND between them; nil
// joined by commas; "" when there is no such clause or it has an OR
// (whose branches pick rows by different columns).
func (s *stmt) equalityColumns(from, base int) string {
	where := s.findWord(from, base, "where")
	if where < 0 {
		return ""
	}
	var cols []string
	for k := where + 1; k < len(s.toks) && s.depth[k] >= base; k++ {
		if s.depth[k] != base {
			continue
		}
		w := s.word(k)
		if matchClauseEnd[w] {
			break
		}
		if w == "or" {
			return ""
		}
		col, next := s.name(k)
		if col == "" || !s.isPunct(next, "=") || s.comparedWithColumn(next) {
			continue
		}
		cols = append(cols, unqualified(col)) // t.email
		k = next
	}
	return strings.Join(cols, ",")
}

// whereNames returns the names the WHERE clause at depth base, searched
// from `from`, mentions in its conditions and their parenthesised groups,
// not in its subqueries; "" when there is no such clause.
func (s *stmt) whereNames(from, base int) string {
	where := s.findWord(from, base, "where")
	if where < 0 {
		return ""
	}
	var names []string
	for k := where + 1; k < len(s.toks) && s.depth[k] >= base; k++ {
		if s.depth[k] == base && matchClauseEnd[s.word(k)] {
			break
		}
		if s.isPunct(k, "(") && s.word(k+1) == "select" {
			k = s.closeParen(k) // a subquery looks at other rows
			continue
		}
		name, next := s.name(k)
		if name == "" {
			continue
		}
		if name = unqualified(name); !conditionWords[name] && !slices.Contains(names, name) { // t.topic
			names = append(names, name)
		}
		k = next - 1
	}
	return strings.Join(names, ",")
}

// conditionWords are the keywords a WHERE condition is written with.
var conditionWords = map[string]bool{"and": true, "or": true, "not": true, "is": true, "null": true, "like": true, "ilike": true,
	"in": true, "escape": true, "between": true, "true": true, "false": true, "exists": true, "any": true, "all": true}

// conflictColumns reads a column list, of ON CONFLICT (a, b) or of an
// INSERT, whose '(' is at open, joined by commas; "" when an entry is not a plain column
// (lower(email)).
func (s *stmt) conflictColumns(open int) string {
	end := s.closeParen(open)
	var cols []string
	for k := open + 1; k < end; k++ {
		if s.isPunct(k, ",") {
			continue
		}
		col, next := s.name(k)
		if col == "" || !(next == end || s.isPunct(next, ",")) {
			return ""
		}
		cols = append(cols, col)
		k = next - 1
	}
	return strings.Join(cols, ",")
}

type probeKind int

const (
	noProbe     probeKind = iota
	existsProbe           // [NOT] EXISTS (subquery)
	rowProbe              // 1, TRUE or count(...): a probe only with a FROM
)

// probeShape tells whether the output list toks[first:end] is a single
// existence probe, and returns the EXISTS subquery if there is one.
func (s *stmt) probeShape(first, end int) (probeKind, *stmt) {
	if first >= end || first >= len(s.toks) {
		return noProbe, nil
	}
	for k := first; k < end; k++ {
		if s.depth[k] == s.depth[first] && s.isPunct(k, ",") {
			return noProbe, nil // more than one output column
		}
	}
	k := first
	if s.word(k) == "not" {
		k++
	}
	if s.word(k) == "exists" && s.isPunct(k+1, "(") {
		return existsProbe, s.sub(k+2, s.closeParen(k+1))
	}
	if s.word(first) == "count" && s.isPunct(first+1, "(") {
		return rowProbe, nil
	}
	constant := s.toks[first].kind == tokNumber || s.word(first) == "true"
	alias := end - first
	if s.word(first+1) == "as" {
		alias-- // SELECT 1 AS found
	}
	if constant && alias <= 2 {
		return rowProbe, nil
	}
	return noProbe, nil
}

// tableRefAt reads the table reference after FROM. A subquery yields its
// own first table; a function call (FROM generate_series(...)) yields "".
func (s *stmt) tableRefAt(k int) string {
	k = s.skipWords(k, "only", "lateral")
	if s.isPunct(k, "(") {
		inner := classifyStmt(s.sub(k+1, s.closeParen(k)))
		if inner.Kind != Select {
			return ""
		}
		return inner.Table
	}
	name, next := s.name(k)
	if s.isPunct(next, "(") {
		return ""
	}
	return name
}

// cteMain are the keywords that can start the main statement after WITH.
var cteMain = map[string]bool{
	"select": true, "insert": true, "update": true, "delete": true,
	"merge": true, "values": true, "table": true,
}

// withAt parses WITH ... main: the kind is the main statement's, except
// that a data-modifying CTE under a main SELECT is reported instead, since
// the statement as a whole is then a write. A main SELECT from a read-only
// CTE reads what the CTE reads: WITH sel AS (SELECT * FROM users WHERE
// email = $1) SELECT ... FROM sel looks users up by email.
func (s *stmt) withAt(i int) Statement {
	base := s.depth[i]
	var ctes []*stmt
	named := map[string]*stmt{}
	expectName, name := true, ""
	for k := i + 1; k < len(s.toks) && s.depth[k] >= base; k++ {
		if s.depth[k] != base {
			continue
		}
		switch {
		case s.isPunct(k, "("):
			end := s.closeParen(k)
			if w := s.word(k - 1); w == "as" || w == "materialized" {
				ctes = append(ctes, s.sub(k+1, end))
				named[name] = ctes[len(ctes)-1]
			} // else a column list: name (a, b) AS (...)
			k = end
		case s.isPunct(k, ","):
			expectName = true
		case cteMain[s.word(k)]:
			rest := s.sub(k, len(s.toks))
			main := classifyStmt(rest)
			if main.Kind == Insert {
				if c, ok := feedingWrite(rest, named); ok {
					return c
				}
			}
			if main.Kind != Select {
				return main
			}
			for _, cte := range ctes {
				if c := classifyStmt(cte); isWrite(c.Kind) {
					return c
				}
			}
			if cte, ok := named[main.Table]; ok && main.Table != "" {
				if c := classifyStmt(cte); c.Kind == Select && c.Table != "" {
					main.Table, main.MatchColumns = c.Table, c.MatchColumns
				}
			}
			return main
		case expectName && s.word(k) != "recursive":
			name, _ = s.name(k)
			expectName = false
		}
	}
	return Statement{}
}

// feedingWrite returns the write of a CTE that the main INSERT selects
// from (WITH updated AS (UPDATE t ... RETURNING ...) INSERT INTO log
// SELECT ... FROM updated): the rows inserted are derived from the CTE's,
// bookkeeping of its write, and the CTE's write (its table, whether a
// WHERE guards it) is what the statement does to the rows it is about.
func feedingWrite(main *stmt, named map[string]*stmt) (Statement, bool) {
	for i := range main.toks {
		if main.word(i) != "from" && main.word(i) != "join" {
			continue
		}
		from, _ := main.name(i + 1)
		if cte, ok := named[from]; ok && from != "" {
			if c := classifyStmt(cte); isWrite(c.Kind) {
				return c, true
			}
		}
	}
	return Statement{}, false
}

// insertAt parses INSERT (and MySQL REPLACE): target table, conflict
// handling, RETURNING, and the INSERT ... SELECT ... WHERE NOT EXISTS guard.
func (s *stmt) insertAt(i int) Statement {
	st := Statement{Kind: Insert}
	base := s.depth[i]
	st.OnConflict = s.word(i) == "replace" // MySQL REPLACE replaces on a key clash
	j := i + 1
modifiers:
	for {
		switch w := s.word(j); {
		case w == "low_priority" || w == "delayed" || w == "high_priority":
			j++
		case w == "ignore": // MySQL INSERT IGNORE: skip rows that clash
			st.OnConflict, st.OnConflictDoNothing = true, true
			j++
		case w == "or" && s.word(j+1) == "ignore": // SQLite INSERT OR IGNORE
			st.OnConflict, st.OnConflictDoNothing = true, true
			j += 2
		case w == "or" && s.word(j+1) == "replace": // SQLite INSERT OR REPLACE
			st.OnConflict = true
			j += 2
		default:
			break modifiers
		}
	}
	j = s.skipWords(j, "into")
	st.Table, j = s.name(j)
	if s.isPunct(j, "(") && s.word(j+1) != "select" {
		st.InsertColumns = s.conflictColumns(j)
	}
	for k := j; k < len(s.toks) && s.depth[k] >= base; k++ {
		if s.depth[k] != base {
			continue
		}
		switch {
		case s.words(k, "on", "conflict") && s.conflictClauseAt(k+2) && !st.OnConflict:
			st.OnConflict = true // only the first clause: later ones would rescan (quadratic)
			if s.isPunct(k+2, "(") {
				st.ConflictColumns = s.conflictColumns(k + 2)
			}
			do := s.findWord(k+2, base, "do")
			st.OnConflictDoNothing = do >= 0 && s.word(do+1) == "nothing"
			// DO UPDATE ... WHERE: the update half changes the row only
			// when its state allows, and rows affected tells who did.
			st.StateGuard = do >= 0 && s.word(do+1) == "update" && s.findWord(do+2, base, "where") >= 0
			// DO UPDATE SET n = t.n + EXCLUDED.n adds to the stored row
			// on every conflict: a second run adds again.
			st.Relative = do >= 0 && s.word(do+1) == "update" && s.setReadsTarget(do+2)
		case s.words(k, "on", "duplicate", "key", "update"):
			st.OnConflict, st.OnConflictDoNothing = true, false
		case s.words(k, "if", "not", "exists"): // CQL lightweight transaction
			st.OnConflict, st.OnConflictDoNothing = true, true
		case s.word(k) == "returning":
			st.Returning = true
		}
	}
	st.InsertIfAbsent, st.MatchColumns = s.insertSelectGuarded(j, base, st.Table)
	st.NextFromAggregate = s.selectsAggregateOf(j, base, st.Table)
	return st
}

// conflictClauseAt tells ON CONFLICT (cols) / ON CONSTRAINT / DO / WHERE
// from a join condition that happens to start with a table named conflict
// (JOIN ... ON conflict.id = ...).
func (s *stmt) conflictClauseAt(k int) bool {
	if k >= len(s.toks) || s.isPunct(k, "(") {
		return true
	}
	w := s.word(k)
	return w == "on" || w == "do" || w == "where"
}

// insertSelectGuarded reports an INSERT ... SELECT ... WHERE ... NOT EXISTS
// (...), the insert-if-absent idiom, when the NOT EXISTS probes the
// insert's own table: a probe of another table (a tombstone list) does
// not make the insert atomic against a twin. j is just after the target
// table; the SELECT may be bare or in parentheses, after an optional
// column list.
func (s *stmt) insertSelectGuarded(j, base int, target string) (bool, string) {
	if s.isPunct(j, "(") && s.word(j+1) != "select" {
		j = s.closeParen(j) + 1 // column list
	}
	if s.isPunct(j, "(") {
		j++
	}
	if s.word(j) != "select" {
		return false, ""
	}
	d := s.depth[j]
	where := s.findWord(j+1, d, "where")
	for k := where + 1; where >= 0 && k < len(s.toks) && s.depth[k] >= d; k++ {
		if s.depth[k] != d {
			continue
		}
		if s.words(k, "not", "exists") && s.isPunct(k+2, "(") {
			probe := classifyStmt(s.sub(k+3, s.closeParen(k+2)))
			if sameTable(probe.Table, target) {
				return true, probe.MatchColumns
			}
		}
		if s.word(k) == "returning" || s.words(k, "on", "conflict") || s.words(k, "on", "duplicate") {
			return false, ""
		}
	}
	return false, ""
}

// targetAt parses a statement whose table follows the leading keyword and
// some optional words: UPDATE, DELETE, MERGE, LOCK.
func (s *stmt) targetAt(i int, kind Kind, optional ...string) Statement {
	st := Statement{Kind: kind}
	st.Table, _ = s.name(s.skipWords(i+1, optional...))
	st.Returning = kind != Lock && s.findWord(i+1, s.depth[i], "returning") >= 0
	if kind == Update || kind == Delete {
		st.StateGuard = s.whereTestsState(i + 1)
	}
	if kind == Update {
		st.Relative = s.setReadsTarget(i + 1)
		st.Transition = s.whereTestsSetColumn(i + 1)
	}
	return st
}

// whereClauseEnd are the keywords that end an UPDATE's or DELETE's WHERE.
var whereClauseEnd = map[string]bool{"returning": true, "order": true, "limit": true}

// whereTestsState reports whether the statement's own WHERE clause (not a
// subquery's) compares a column that is not a key nor a soft-delete
// filter (softdelete.go). A column is a key when
// it is named id, key or uuid, or ends in _id, _key or _uuid, or names
// the tenant: those pick the row, they say nothing about its state.
func (s *stmt) whereTestsState(from int) bool {
	return s.whereTests(from, func(col string, op int) bool {
		return (!IsKeyColumn(col) || s.testsKeyAsState(col, op)) && !s.filtersDeleted(from, col)
	})
}

// selectsByState reports whether a SELECT's own WHERE clause compares a
// column that is not a key nor a soft-delete filter with a constant
// (sent_at IS NULL, status = 'pending', processed = false): the rows
// are picked by their state. A parameter ($1) is the caller's value to
// look up by (email = $1), not a state.
func (s *stmt) selectsByState(from int) bool {
	return s.whereTests(from, func(col string, op int) bool {
		return !IsKeyColumn(col) && !isKindColumn(col) && !s.filtersDeleted(from, col) && s.comparedWithConstant(op)
	})
}

// isKindColumn reports whether a column says what sort of row it is or
// how it is configured (view_kind, event_type, bucket_configuration_mode):
// a row does not move between such values as it is handled, so rows
// picked by one are picked by what they are, not by a state.
func isKindColumn(col string) bool {
	if i := strings.LastIndexByte(col, '.'); i >= 0 {
		col = col[i+1:]
	}
	for _, suffix := range []string{"kind", "type", "mode"} {
		if col == suffix || strings.HasSuffix(col, "_"+suffix) {
			return true
		}
	}
	return false
}

// comparedWithConstant reports whether the comparison starting at k has
// a literal on its other side: NULL, TRUE, a string, a number, NOW(), or
// a list of literals after IN.
func (s *stmt) comparedWithConstant(k int) bool {
	for s.comparedAt(k) {
		k++
	}
	if s.isPunct(k, "(") {
		k++ // IN ('queued', 'retry')
	}
	switch s.word(k) {
	case "null", "true", "false", "current_timestamp", "now":
		return true
	}
	return k < len(s.toks) && (s.toks[k].kind == tokString || s.toks[k].kind == tokNumber)
}

// whereTestsSetColumn reports whether the UPDATE's own WHERE compares a
// column its SET assigns (SET status = 'paid' ... AND status = 'pending';
// SET done_at = now() ... AND done_at IS NULL): a transition only one of
// two concurrent statements makes.
func (s *stmt) whereTestsSetColumn(from int) bool {
	set := s.setColumns(from)
	return s.whereTests(from, func(col string, op int) bool {
		return (!IsKeyColumn(col) || s.testsKeyAsState(col, op)) && slices.Contains(set, col)
	})
}

// whereTests reports whether the statement's own WHERE compares with a
// value a column that want accepts, given the column and the index of
// its comparison operator.
func (s *stmt) whereTests(from int, want func(col string, op int) bool) bool {
	base := s.depth[from-1]
	where := s.findWord(from, base, "where")
	if where < 0 {
		return false
	}
	for k := where + 1; k < len(s.toks) && s.depth[k] >= base; k++ {
		if s.depth[k] != base && !s.inConditionGroup(k, base) {
			continue
		}
		if s.depth[k] == base && whereClauseEnd[s.word(k)] {
			return false
		}
		if col, op, ok := s.valueFirst(k); ok {
			if want(col, op) { // $1 > status, 'done' <> status
				return true
			}
			continue
		}
		col, next := s.name(k)
		if col == "" || !s.comparedAt(next) || s.comparedWithColumn(next) {
			continue // not a comparison, or a join condition (s.uid = u.id)
		}
		if col = unqualified(col); want(col, next) { // t.status
			return true
		}
		k = next - 1
	}
	return false
}

// inConditionGroup reports whether the token at k lies directly inside a
// parenthesised condition of the clause at depth base (AND ($1 > status)),
// not inside a subquery, a function's arguments or a list.
func (s *stmt) inConditionGroup(k, base int) bool {
	if s.depth[k] != base+1 {
		return false
	}
	open := k
	for open > 0 && !(s.depth[open] == base && s.isPunct(open, "(")) {
		open--
	}
	if s.word(open+1) == "select" {
		return false
	}
	switch s.word(open - 1) {
	case "where", "and", "or", "not":
		return true
	}
	return false
}

// valueFirst reads a comparison written value first ($1 > status,
// 'pending' = status) at k: the column on its right and the index of
// its operator.
func (s *stmt) valueFirst(k int) (col string, op int, ok bool) {
	if k >= len(s.toks) {
		return "", 0, false
	}
	switch s.toks[k].kind {
	case tokParam, tokString, tokNumber:
	default:
		return "", 0, false
	}
	j := k + 1
	if !s.isPunct(j, "=") && !s.isPunct(j, "<") && !s.isPunct(j, ">") && !s.isPunct(j, "!") {
		return "", 0, false
	}
	for s.isPunct(j, "=") || s.isPunct(j, "<") || s.isPunct(j, ">") || s.isPunct(j, "!") {
		j++
	}
	name, after := s.name(j)
	if name == "" || s.isPunct(after, "(") || s.isPunct(after, ".") {
		return "", 0, false
	}
	return unqualified(name), k + 1, true
}

// comparedAt reports whether a comparison operator starts at k: =, <>,
// !=, <, >, IS, IN, BETWEEN, LIKE.
func (s *stmt) comparedAt(k int) bool {
	switch s.word(k) {
	case "is", "in", "between", "like", "not":
		return true
	}
	for _, p := range []string{"=", "<", ">", "!"} {
		if s.isPunct(k, p) {
			return true
		}
	}
	return false
}

// testsKeyAsState reports whether the comparison at op tests a key-like
// column as a state: a reference not set yet (family_admin_id IS NULL,
// the row not attached to anything), or the plan a row is on compared
// with a constant (product_id = 'free').
func (s *stmt) testsKeyAsState(col string, op int) bool {
	return s.comparedWithNull(op) || IsPlanColumn(col) && s.comparedWithConstant(op)
}

// comparedWithNull reports whether the comparison starting at k is with
// NULL (IS NULL, IS NOT NULL).
func (s *stmt) comparedWithNull(k int) bool {
	for s.comparedAt(k) {
		k++
	}
	return s.word(k) == "null"
}

// comparedWithColumn reports whether the operator at k compares with
// another column rather than a value, a parameter or NULL.
func (s *stmt) comparedWithColumn(k int) bool {
	for s.comparedAt(k) && s.word(k) != "in" {
		k++
	}
	switch w := s.word(k); w {
	case "null", "true", "false", "current_timestamp", "now", "distinct":
		return false
	}
	_, ok := s.namePart(k)
	return ok && !s.isPunct(k+1, "(")
}

// IsKeyColumn reports whether a column names a row or its owner (id,
// user_id, tenant, api_key) rather than its state.
func IsKeyColumn(col string) bool {
	switch {
	case col == "id", col == "key", col == "uuid", strings.HasPrefix(col, "tenant"),
		strings.HasSuffix(col, "_id"), strings.HasSuffix(col, "_key"), strings.HasSuffix(col, "_uuid"):
		return true
	}
	return false
}

// IsPlanColumn reports whether a key-like column names the plan or
// product a row is on (product_id, plan_id, tier_id): which one is a
// state the row moves between, so product_id = 'free' in a WHERE tests
// it, as status = 'pending' does.
func IsPlanColumn(col string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(col), func(r rune) bool { return r == '_' || r == '.' }) {
		switch w {
		case "product", "plan", "tier", "price", "package", "sku", "edition":
			return true
		}
	}
	return false
}

// sameTable compares two table names, with or without a schema.
func sameTable(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	return unqualified(a) == unqualified(b)
}
