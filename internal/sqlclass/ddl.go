package sqlclass

import "strings"

// TableSchema is what a schema script says about one table: its columns
// and its unique column sets (UNIQUE and PRIMARY KEY constraints, unique
// indexes), gathered from CREATE TABLE, ALTER TABLE ... ADD and CREATE
// UNIQUE INDEX statements.
type TableSchema struct {
	Name    string // lower-cased, unquoted, without its schema ("payments")
	Columns []string
	Unique  []UniqueKey
}

// UniqueKey is one unique column set and where the text declares it.
type UniqueKey struct {
	Columns []string
	Offset  int // byte offset in the text of the constraint or index
}

// Schemas reads the tables sql creates or alters, in order of first
// appearance. Statements that are not DDL are skipped; a unique index on
// a table the text does not create still gets an entry, without columns.
func Schemas(sql string) []*TableSchema {
	var tables []*TableSchema
	byName := map[string]*TableSchema{}
	table := func(name string) *TableSchema {
		name = unqualified(name)
		if t := byName[name]; t != nil {
			return t
		}
		t := &TableSchema{Name: name}
		byName[name] = t
		tables = append(tables, t)
		return t
	}
	lx := lexer{src: sql}
	for {
		toks := nextStatement(&lx)
		if len(toks) == 0 {
			return tables
		}
		s := newStmt(toks)
		switch {
		case s.word(0) == "create":
			i := s.skipWords(1, "or", "replace", "global", "local", "temp", "temporary", "unlogged")
			switch {
			case s.word(i) == "table":
				name, open := s.name(s.skipWords(i+1, "if", "not", "exists"))
				if name != "" && s.isPunct(open, "(") {
					s.tableElements(table(name), open)
				}
			case s.word(i) == "unique" && s.word(i+1) == "index":
				s.uniqueIndex(i+2, table)
			}
		case s.words(0, "alter", "table"):
			name, next := s.name(s.skipWords(2, "if", "exists", "only"))
			if name != "" {
				s.alterAdds(table(name), next)
			}
		}
	}
}

// tableElements reads the column definitions and table constraints of
// CREATE TABLE name ( ... ) whose '(' is at open.
func (s *stmt) tableElements(t *TableSchema, open int) {
	end := s.closeParen(open)
	for start := open + 1; start < end; {
		stop := start
		for stop < end && !(s.depth[stop] == s.depth[open]+1 && s.isPunct(stop, ",")) {
			stop++
		}
		s.tableElement(t, start, stop)
		start = stop + 1
	}
}

// tableElement reads one element toks[start:stop] of a table definition
// or an ALTER TABLE ... ADD: a table constraint or a column definition.
func (s *stmt) tableElement(t *TableSchema, start, stop int) {
	i := start
	if s.word(i) == "constraint" {
		_, i = s.name(i + 1)
	}
	switch {
	case s.word(i) == "unique" || s.words(i, "primary", "key"):
		k := i + 1
		if s.word(i) == "primary" {
			k++
		}
		k = s.skipWords(k, "nulls", "not", "distinct")
		if s.isPunct(k, "(") {
			if cols := s.columnList(k); len(cols) > 0 {
				t.Unique = append(t.Unique, UniqueKey{Columns: cols, Offset: s.toks[start].offset})
			}
		}
		return
	case s.word(i) == "check" || s.words(i, "foreign", "key") || s.word(i) == "exclude" || s.word(i) == "like":
		return
	}
	col, next := s.name(i)
	if col == "" || strings.Contains(col, ".") {
		return
	}
	t.Columns = append(t.Columns, col)
	for k := next; k < stop; k++ {
		if s.depth[k] != s.depth[start] {
			continue
		}
		if s.word(k) == "unique" || s.words(k, "primary", "key") {
			t.Unique = append(t.Unique, UniqueKey{Columns: []string{col}, Offset: s.toks[start].offset})
			return
		}
	}
}

// alterAdds reads the ADD [COLUMN] and ADD [CONSTRAINT] clauses of an
// ALTER TABLE from i.
func (s *stmt) alterAdds(t *TableSchema, i int) {
	base := s.depth[min(i, len(s.toks)-1)]
	for k := i; k < len(s.toks); k++ {
		if s.depth[k] != base || s.word(k) != "add" {
			continue
		}
		start := s.skipWords(k+1, "column", "if", "not", "exists")
		stop := start
		for stop < len(s.toks) && !(s.depth[stop] == base && s.isPunct(stop, ",")) {
			stop++
		}
		s.tableElement(t, start, stop)
		k = stop
	}
}

// uniqueIndex reads CREATE UNIQUE INDEX [CONCURRENTLY] [IF NOT EXISTS]
// [name] ON [ONLY] table [USING method] (columns) from i, just after
// INDEX. An entry that is an expression (lower(key)) leaves the index
// out: what it makes unique is not a column set.
func (s *stmt) uniqueIndex(i int, table func(string) *TableSchema) {
	on := s.findWord(i, s.depth[0], "on")
	if on < 0 {
		return
	}
	name, k := s.name(s.skipWords(on+1, "only"))
	if s.word(k) == "using" {
		k += 2
	}
	if name == "" || !s.isPunct(k, "(") {
		return
	}
	if cols := s.columnList(k); len(cols) > 0 {
		t := table(name)
		t.Unique = append(t.Unique, UniqueKey{Columns: cols, Offset: s.toks[0].offset})
	}
}

// columnList reads the plain columns of the list whose '(' is at open;
// nil when an entry is not a plain column (an ordering or opclass after
// the column is allowed, an expression is not).
func (s *stmt) columnList(open int) []string {
	end := s.closeParen(open)
	var cols []string
	for k := open + 1; k < end; k++ {
		col, next := s.name(k)
		if col == "" {
			return nil
		}
		for next < end && !s.isPunct(next, ",") {
			if s.isPunct(next, "(") {
				return nil // lower(key)
			}
			next++ // key DESC, key text_pattern_ops
		}
		cols = append(cols, unqualified(col))
		k = next
	}
	return cols
}
