package sqlclass

// transactionAt parses transaction control: BEGIN, START TRANSACTION,
// COMMIT/END, ROLLBACK/ABORT, savepoints and SET TRANSACTION. Anything else
// starting with these words (START REPLICA, SET search_path, COMMIT
// PREPARED, which ends some other prepared transaction) is Other.
func (s *stmt) transactionAt(i int) Statement {
	next := s.word(i + 1)
	switch s.word(i) {
	case "begin":
		return Statement{Kind: Begin, Isolation: s.isolation(i)}
	case "start":
		if next == "transaction" {
			return Statement{Kind: Begin, Isolation: s.isolation(i)}
		}
	case "commit", "end":
		if next != "prepared" {
			return Statement{Kind: Commit}
		}
	case "rollback":
		if next == "prepared" {
			break
		}
		if s.word(s.skipWords(i+1, "work", "transaction")) == "to" {
			return Statement{Kind: Savepoint} // ROLLBACK TO SAVEPOINT keeps the tx open
		}
		return Statement{Kind: Rollback}
	case "abort":
		return Statement{Kind: Rollback}
	case "savepoint", "release":
		return Statement{Kind: Savepoint}
	case "set":
		// SET [SESSION|GLOBAL|LOCAL] TRANSACTION (the MySQL scopes are
		// harmless to accept) and SET SESSION CHARACTERISTICS AS TRANSACTION.
		if s.word(s.skipWords(i+1, "session", "global", "local")) == "transaction" ||
			s.words(i+1, "session", "characteristics", "as", "transaction") {
			return Statement{Kind: SetTransaction, Isolation: s.isolation(i)}
		}
	}
	return Statement{Kind: Other}
}

// isolation returns the level named by ISOLATION LEVEL x anywhere in the
// statement, normalised to lower case with single spaces, or "".
func (s *stmt) isolation(i int) string {
	for k := i; k < len(s.toks); k++ {
		if !s.words(k, "isolation", "level") {
			continue
		}
		w1, w2 := s.word(k+2), s.word(k+3)
		switch {
		case w1 == "serializable":
			return w1
		case w1 == "repeatable" && w2 == "read",
			w1 == "read" && (w2 == "committed" || w2 == "uncommitted"):
			return w1 + " " + w2
		}
		return ""
	}
	return ""
}
