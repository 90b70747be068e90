package sqlclass

// nextStatement returns the tokens of the next non-empty statement, without
// its terminating ';', or nil at the end of the input. Only a top-level ';'
// ends a statement: one inside parentheses (CREATE RULE ... DO (a; b)) or
// inside a CREATE FUNCTION ... BEGIN ATOMIC ... END body does not.
func nextStatement(lx *lexer) []token {
	var toks []token
	parens, atomic, cases := 0, 0, 0
	for {
		t, ok := lx.next()
		if !ok {
			return toks
		}
		if t.isPunct(";") && parens == 0 && atomic == 0 {
			if len(toks) > 0 {
				return toks
			}
			continue // empty statement: ";;" or a lone comment
		}
		switch {
		case t.isPunct("("):
			parens++
		case t.isPunct(")"):
			parens = max(parens-1, 0) // unbalanced ')' must not hide later ';'
		case t.isWord("atomic") && len(toks) > 0 && toks[0].isWord("create") && toks[len(toks)-1].isWord("begin"):
			atomic++
		case atomic > 0 && t.isWord("case"):
			cases++ // CASE ... END inside an atomic body is not the body's END
		case atomic > 0 && t.isWord("end"):
			if cases > 0 {
				cases--
			} else {
				atomic--
			}
		}
		toks = append(toks, t)
	}
}
