package sqlclass

// stmt is one statement's tokens plus the parenthesis depth of each token,
// so the parser can tell a clause of this statement from one inside a
// subquery. A '(' and its matching ')' carry the depth outside them.
type stmt struct {
	toks  []token
	depth []int
	// nest counts subquery levels, to bound recursion on hostile input.
	nest int
}

// maxNest bounds how deep the parser follows subqueries and CTEs; deeper
// statements are left Unknown rather than risking stack or time blow-ups.
const maxNest = 32

func newStmt(toks []token) *stmt {
	s := &stmt{toks: toks, depth: make([]int, len(toks))}
	d := 0
	for i, t := range toks {
		if t.isPunct(")") {
			d = max(d-1, 0)
		}
		s.depth[i] = d
		if t.isPunct("(") {
			d++
		}
	}
	return s
}

// sub returns the nested statement toks[from:to] (clamped to the bounds).
// It shares the parent's slices, so depths stay absolute: the parser only
// ever compares depths with each other, never with zero.
func (s *stmt) sub(from, to int) *stmt {
	to = min(to, len(s.toks))
	from = min(max(from, 0), to)
	return &stmt{toks: s.toks[from:to], depth: s.depth[from:to], nest: s.nest + 1}
}

// word returns the keyword or bare identifier at i, or "" if there is none.
func (s *stmt) word(i int) string {
	if i < 0 || i >= len(s.toks) || s.toks[i].kind != tokWord {
		return ""
	}
	return s.toks[i].text
}

func (s *stmt) isPunct(i int, p string) bool {
	return i >= 0 && i < len(s.toks) && s.toks[i].isPunct(p)
}

// words reports whether the bare words ws appear in sequence from i.
func (s *stmt) words(i int, ws ...string) bool {
	for k, w := range ws {
		if s.word(i+k) != w {
			return false
		}
	}
	return true
}

// skipWords advances i past any of the optional words ws, in any order.
func (s *stmt) skipWords(i int, ws ...string) int {
	for {
		found := false
		for _, w := range ws {
			if s.word(i) == w {
				i++
				found = true
			}
		}
		if !found {
			return i
		}
	}
}

// closeParen returns the index of the ')' matching the '(' at open, or
// len(toks) when it is missing.
func (s *stmt) closeParen(open int) int {
	for i := open + 1; i < len(s.toks); i++ {
		if s.depth[i] == s.depth[open] && s.toks[i].isPunct(")") {
			return i
		}
	}
	return len(s.toks)
}

// findWord returns the first index >= from where word w appears at depth d,
// stopping (and returning -1) once the tokens leave depth d.
func (s *stmt) findWord(from, d int, w string) int {
	for i := max(from, 0); i < len(s.toks) && s.depth[i] >= d; i++ {
		if s.depth[i] == d && s.word(i) == w {
			return i
		}
	}
	return -1
}

// name reads a possibly schema-qualified name at i ("billing.payments",
// "Billing"."Payments") and returns it lower-cased and unquoted, with the
// index after it. An unterminated quoted part ends the name, since its text
// depends on whatever follows it.
func (s *stmt) name(i int) (string, int) {
	var out string
	for {
		part, ok := s.namePart(i)
		if !ok {
			return out, i
		}
		if out != "" {
			out += "."
		}
		out += part
		i++
		if !s.isPunct(i, ".") {
			return out, i
		}
		if _, ok := s.namePart(i + 1); !ok {
			return out, i
		}
		i++
	}
}

func (s *stmt) namePart(i int) (string, bool) {
	if i < 0 || i >= len(s.toks) {
		return "", false
	}
	switch t := s.toks[i]; {
	case t.kind == tokWord:
		return t.text, true
	case t.kind == tokQuotedIdent && !t.unterminated && t.text != "":
		return lowerASCII(t.text), true
	}
	return "", false
}
