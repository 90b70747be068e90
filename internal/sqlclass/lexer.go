package sqlclass

import "strings"

// tokenKind says what a lexed token is. Only tokWord tokens can ever be
// keywords: that single rule is what keeps strings, comments, dollar-quoted
// bodies and quoted identifiers from being mistaken for SQL.
type tokenKind uint8

const (
	tokWord        tokenKind = iota + 1 // bare identifier or keyword; text is ASCII-lower-cased
	tokQuotedIdent                      // "x", `x` or U&"x"; text is unescaped, case kept
	tokString                           // '..', E'..', N'..', B'..', X'..', U&'..', $tag$..$tag$; text is raw source
	tokNumber                           // 42, 1.5e3, .5, 0x1F
	tokParam                            // $1, ?, :name, @name
	tokPunct                            // "::" or any other single byte
)

type token struct {
	kind tokenKind
	text string
	// unterminated marks a quoted token that ran to the end of the input
	// without its closing quote. Its text then depends on whatever follows,
	// so the classifier refuses to use it as a name.
	unterminated bool
	// offset is the byte offset of the token in the text: DDL reports
	// where a constraint is written.
	offset int
}

func (t token) isWord(w string) bool  { return t.kind == tokWord && t.text == w }
func (t token) isPunct(p string) bool { return t.kind == tokPunct && t.text == p }

// lexer walks SQL text byte by byte. It never fails: malformed input
// (unterminated quotes or comments, invalid UTF-8, stray bytes) still yields
// tokens, so the classifier can always give a best-effort answer.
type lexer struct {
	src string
	pos int
}

// next returns the next token, skipping whitespace and comments; ok is false
// at the end of the input.
func (lx *lexer) next() (tok token, ok bool) {
	lx.skipSpaceAndComments()
	start := lx.pos
	tok, ok = lx.token()
	tok.offset = start
	return tok, ok
}

// token lexes the token that starts at lx.pos.
func (lx *lexer) token() (tok token, ok bool) {
	if lx.pos >= len(lx.src) {
		return token{}, false
	}
	c := lx.src[lx.pos]
	switch {
	case c == '\'':
		return lx.quoted(lx.pos, lx.pos, tokString, '\'', false), true
	case c == '"' || c == '`':
		return lx.quoted(lx.pos, lx.pos, tokQuotedIdent, c, false), true
	case c == '$':
		return lx.dollar(), true
	case isDigit(c) || (c == '.' && isDigit(lx.at(lx.pos+1))):
		return lx.number(), true
	case isIdentStart(c):
		if t, ok := lx.prefixedQuote(); ok {
			return t, true
		}
		return lx.word(), true
	case c == '?':
		lx.pos++
		return token{kind: tokParam, text: "?"}, true
	case c == ':' && lx.at(lx.pos+1) == ':':
		lx.pos += 2
		return token{kind: tokPunct, text: "::"}, true
	case (c == ':' || c == '@') && isIdentStart(lx.at(lx.pos+1)):
		start := lx.pos
		lx.pos++
		lx.skipIdentChars()
		return token{kind: tokParam, text: lx.src[start:lx.pos]}, true
	}
	lx.pos++
	return token{kind: tokPunct, text: lx.src[lx.pos-1 : lx.pos]}, true
}

// at returns the byte at i, or 0 past the end, so look-ahead needs no
// bounds checks at the call sites.
func (lx *lexer) at(i int) byte {
	if i < 0 || i >= len(lx.src) {
		return 0
	}
	return lx.src[i]
}

func (lx *lexer) skipSpaceAndComments() {
	for lx.pos < len(lx.src) {
		c := lx.src[lx.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			lx.pos++
		case c == '-' && lx.at(lx.pos+1) == '-':
			end := strings.IndexByte(lx.src[lx.pos:], '\n')
			if end < 0 {
				lx.pos = len(lx.src)
			} else {
				lx.pos += end + 1
			}
		case c == '/' && lx.at(lx.pos+1) == '*':
			lx.skipBlockComment()
		default:
			return
		}
	}
}

// skipBlockComment skips a /* */ comment. Comments nest (as in PostgreSQL
// and the SQL standard), so "/* a /* b */ c */" is one comment. An
// unterminated comment runs to the end of the input.
func (lx *lexer) skipBlockComment() {
	depth := 0
	i := lx.pos
	for i < len(lx.src) {
		switch {
		case lx.src[i] == '/' && lx.at(i+1) == '*':
			depth++
			i += 2
		case lx.src[i] == '*' && lx.at(i+1) == '/':
			depth--
			i += 2
			if depth == 0 {
				lx.pos = i
				return
			}
		default:
			i++
		}
	}
	lx.pos = len(lx.src)
}

// quoted lexes a token delimited by quote starting at open (the opening
// quote), where start is the first byte of the whole token (before any
// prefix such as E or U&). A doubled quote is an escaped quote; with
// backslashes set, a backslash escapes the next byte (E'..' strings).
func (lx *lexer) quoted(start, open int, kind tokenKind, quote byte, backslashes bool) token {
	// Only identifiers need their unescaped value; string content is never
	// looked at, so it is not copied.
	var b strings.Builder
	keep := kind == tokQuotedIdent
	i := open + 1
	for i < len(lx.src) {
		c := lx.src[i]
		switch {
		case backslashes && c == '\\':
			if keep && i+1 < len(lx.src) {
				b.WriteByte(lx.src[i+1])
			}
			i += 2
			continue
		case c == quote && lx.at(i+1) == quote:
			if keep {
				b.WriteByte(quote)
			}
			i += 2
			continue
		case c == quote:
			lx.pos = i + 1
			return lx.quotedToken(start, kind, b.String(), false)
		}
		if keep {
			b.WriteByte(c)
		}
		i++
	}
	lx.pos = len(lx.src)
	return lx.quotedToken(start, kind, b.String(), true)
}

// quotedToken keeps the unescaped value for identifiers (it is a name) and
// the raw source for strings (their content is never looked at).
func (lx *lexer) quotedToken(start int, kind tokenKind, value string, unterminated bool) token {
	if kind == tokQuotedIdent {
		return token{kind: kind, text: value, unterminated: unterminated}
	}
	return token{kind: kind, text: lx.src[start:lx.pos], unterminated: unterminated}
}

// prefixedQuote lexes E'..', N'..', B'..', X'..', U&'..' and U&"..", which
// would otherwise read as a word followed by a quote.
func (lx *lexer) prefixedQuote() (token, bool) {
	start := lx.pos
	c, next := lx.src[start]|0x20, lx.at(start+1) // |0x20 lower-cases ASCII letters
	switch {
	case next == '\'' && c == 'e':
		return lx.quoted(start, start+1, tokString, '\'', true), true
	case next == '\'' && (c == 'n' || c == 'b' || c == 'x'):
		return lx.quoted(start, start+1, tokString, '\'', false), true
	case c == 'u' && next == '&' && lx.at(start+2) == '\'':
		return lx.quoted(start, start+2, tokString, '\'', false), true
	case c == 'u' && next == '&' && lx.at(start+2) == '"':
		return lx.quoted(start, start+2, tokQuotedIdent, '"', false), true
	}
	return token{}, false
}

// dollar lexes what starts with '$': a positional parameter ($1), a
// dollar-quoted string ($$..$$ or $tag$..$tag$), or a lone '$'.
func (lx *lexer) dollar() token {
	start := lx.pos
	if isDigit(lx.at(start + 1)) {
		lx.pos++
		for isDigit(lx.at(lx.pos)) {
			lx.pos++
		}
		return token{kind: tokParam, text: lx.src[start:lx.pos]}
	}
	tagEnd := start + 1
	if isIdentStart(lx.at(tagEnd)) {
		for isTagChar(lx.at(tagEnd)) {
			tagEnd++
		}
	}
	if lx.at(tagEnd) != '$' {
		lx.pos++
		return token{kind: tokPunct, text: "$"}
	}
	delim := lx.src[start : tagEnd+1]
	bodyStart := tagEnd + 1
	end := strings.Index(lx.src[bodyStart:], delim)
	if end < 0 {
		lx.pos = len(lx.src)
		return token{kind: tokString, text: lx.src[start:], unterminated: true}
	}
	lx.pos = bodyStart + end + len(delim)
	return token{kind: tokString, text: lx.src[start:lx.pos]}
}

// number lexes integer, decimal, exponent and 0x/0o/0b literals, with
// PostgreSQL 16's '_' digit separators.
func (lx *lexer) number() token {
	start := lx.pos
	if lx.src[start] == '0' && strings.IndexByte("xXoObB", lx.at(start+1)) >= 0 {
		lx.pos += 2
		for isIdentChar(lx.at(lx.pos)) && lx.at(lx.pos) != '$' {
			lx.pos++
		}
		return token{kind: tokNumber, text: lx.src[start:lx.pos]}
	}
	lx.skipDigits()
	if lx.at(lx.pos) == '.' && lx.at(lx.pos+1) != '.' {
		lx.pos++
		lx.skipDigits()
	}
	if c := lx.at(lx.pos); c == 'e' || c == 'E' {
		i := lx.pos + 1
		if s := lx.at(i); s == '+' || s == '-' {
			i++
		}
		if isDigit(lx.at(i)) {
			lx.pos = i
			lx.skipDigits()
		}
	}
	return token{kind: tokNumber, text: lx.src[start:lx.pos]}
}

func (lx *lexer) skipDigits() {
	for c := lx.at(lx.pos); isDigit(c) || c == '_'; c = lx.at(lx.pos) {
		lx.pos++
	}
}

func (lx *lexer) word() token {
	start := lx.pos
	lx.skipIdentChars()
	return token{kind: tokWord, text: lowerASCII(lx.src[start:lx.pos])}
}

func (lx *lexer) skipIdentChars() {
	for isIdentChar(lx.at(lx.pos)) {
		lx.pos++
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// isIdentStart accepts every byte >= 0x80 so that non-ASCII names (and
// invalid UTF-8) stay inside one word, as PostgreSQL does.
func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}

// isIdentChar also allows '$', which PostgreSQL permits after the first byte.
func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) || c == '$' }

// isTagChar is an identifier byte that can appear in a dollar-quote tag.
func isTagChar(c byte) bool { return isIdentStart(c) || isDigit(c) }

// lowerASCII lower-cases only ASCII letters, leaving other bytes (including
// invalid UTF-8) untouched, matching how PostgreSQL folds unquoted names.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
