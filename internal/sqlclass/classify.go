package sqlclass

// Classify classifies the first non-empty statement in sql. Text that holds
// no statement (empty, only comments or ';') gives the zero Statement, whose
// Kind is Unknown.
func Classify(sql string) Statement {
	lx := lexer{src: sql}
	toks := nextStatement(&lx)
	if len(toks) == 0 {
		return Statement{}
	}
	return classifyTokens(toks)
}

// ClassifyAll classifies every non-empty statement in sql, split on
// top-level ';'. Empty statements are skipped, so ClassifyAll(s)[0] is
// Classify(s) whenever the result is non-empty.
func ClassifyAll(sql string) []Statement {
	lx := lexer{src: sql}
	var out []Statement
	for {
		toks := nextStatement(&lx)
		if len(toks) == 0 {
			return out
		}
		out = append(out, classifyTokens(toks))
	}
}

// classifyTokens adds the flags that hold for the statement as a whole,
// wherever they appear (a subquery's FOR UPDATE still locks rows, an
// advisory lock call in a CTE still takes the lock), to what the
// statement-shape parser found.
func classifyTokens(toks []token) Statement {
	s := newStmt(toks)
	st := classifyStmt(s)
	st.AdvisoryXactLock, st.AdvisoryLock = advisoryLocks(s)
	if isQuery(st.Kind) {
		st.ForUpdate = hasRowLock(s)
	}
	return st
}

// classifyStmt dispatches on the leading keyword. Leading '(' are skipped
// so that "(SELECT ...) UNION (SELECT ...)" reads as its first SELECT.
func classifyStmt(s *stmt) Statement {
	if s.nest > maxNest {
		return Statement{}
	}
	i := 0
	for s.isPunct(i, "(") {
		i++
	}
	switch s.word(i) {
	case "select":
		return s.selectAt(i)
	case "values":
		return Statement{Kind: Select}
	case "table":
		t, _ := s.name(i + 1)
		return Statement{Kind: Select, Table: t}
	case "with":
		return s.withAt(i)
	case "insert", "replace":
		return s.insertAt(i)
	case "update":
		return s.targetAt(i, Update, "low_priority", "ignore", "only")
	case "delete":
		return s.targetAt(i, Delete, "low_priority", "quick", "ignore", "from", "only")
	case "merge":
		return s.targetAt(i, Merge, "into", "only")
	case "lock":
		return s.targetAt(i, Lock, "table", "tables", "only")
	case "begin", "start", "commit", "end", "rollback", "abort", "savepoint", "release", "set":
		return s.transactionAt(i)
	case "":
		return Statement{} // not a statement: a literal, an operator, nothing
	}
	return Statement{Kind: Other, Schema: schemaVerbs[s.word(i)]}
}

// schemaVerbs are the leading keywords of DDL statements.
var schemaVerbs = map[string]bool{"create": true, "alter": true, "drop": true, "truncate": true, "comment": true}

// isQuery reports whether k reads or writes rows, the kinds for which
// clauses like FOR UPDATE mean a row lock (CREATE POLICY ... FOR UPDATE is
// DDL and does not).
func isQuery(k Kind) bool {
	return k == Select || k == Insert || k == Update || k == Delete || k == Merge
}

func isWrite(k Kind) bool {
	return k == Insert || k == Update || k == Delete || k == Merge
}

// advisoryLocks finds calls to the advisory lock functions anywhere in the
// statement. Only a bare name followed by '(' counts: a column or string
// that merely mentions the name does not take a lock.
func advisoryLocks(s *stmt) (xact, session bool) {
	for i := range s.toks {
		if !s.isPunct(i+1, "(") {
			continue
		}
		switch s.word(i) {
		case "pg_advisory_xact_lock", "pg_try_advisory_xact_lock",
			"pg_advisory_xact_lock_shared", "pg_try_advisory_xact_lock_shared":
			xact = true
		case "pg_advisory_lock", "pg_try_advisory_lock",
			"pg_advisory_lock_shared", "pg_try_advisory_lock_shared":
			session = true
		}
	}
	return xact, session
}

// hasRowLock finds a row-locking clause anywhere in the statement:
// FOR UPDATE / NO KEY UPDATE / SHARE / KEY SHARE, or MySQL's LOCK IN SHARE
// MODE. The OF, NOWAIT and SKIP LOCKED modifiers that may follow do not
// change the answer.
func hasRowLock(s *stmt) bool {
	for i := range s.toks {
		if s.words(i, "for", "update") || s.words(i, "for", "share") ||
			s.words(i, "for", "no", "key", "update") || s.words(i, "for", "key", "share") ||
			s.words(i, "lock", "in", "share", "mode") {
			return true
		}
	}
	return false
}
