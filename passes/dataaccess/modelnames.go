package dataaccess

import (
	"go/types"
	"reflect"
	"strings"
	"unicode"
)

// The ORMs name a model's table and columns after its Go names; a
// constraint their tags declare is only comparable with the columns a
// query names once both are spelled the way the database sees them.

// ColumnName is the default column name gorm, go-pg and bun give a field:
// snake case, with initialisms kept whole (UserID → user_id, HTTPCode →
// http_code). xorm's GonicMapper spells it the same way.
func ColumnName(field string) string {
	runes := []rune(field)
	var b strings.Builder
	for i, r := range runes {
		if unicode.IsUpper(r) && i > 0 {
			prevLower := unicode.IsLower(runes[i-1]) || unicode.IsDigit(runes[i-1])
			nextLower := i+1 < len(runes) && unicode.IsLower(runes[i+1])
			if prevLower || unicode.IsUpper(runes[i-1]) && nextLower {
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// PluralTable is the default table name gorm, go-pg, bun and ent give a
// model: its column-style name, plural in the simple English forms.
func PluralTable(model string) string {
	name := ColumnName(model)
	switch {
	case strings.HasSuffix(name, "y") && !strings.HasSuffix(name, "ay") && !strings.HasSuffix(name, "ey") && !strings.HasSuffix(name, "oy"):
		return name[:len(name)-1] + "ies"
	case strings.HasSuffix(name, "s"), strings.HasSuffix(name, "x"), strings.HasSuffix(name, "ch"), strings.HasSuffix(name, "sh"):
		return name + "es"
	}
	return name + "s"
}

// TagUniqueKeys reads the unique column sets a model's go-pg (tag "pg") or
// bun (tag "bun") tags declare, the two share a grammar: `pg:",unique"`,
// `pg:",pk"`, a composite `bun:",unique:group"`, with the column renamed
// by the tag's first element.
func TagUniqueKeys(s *types.Struct, tag string) [][]string {
	var keys [][]string
	groups := map[string]int{}
	for i := range s.NumFields() {
		parts := strings.Split(reflect.StructTag(s.Tag(i)).Get(tag), ",")
		col := FieldColumn(s, i)
		for _, opt := range parts[1:] {
			k, group, _ := strings.Cut(opt, ":")
			if k != "unique" && k != "pk" {
				continue
			}
			if group == "" {
				keys = append(keys, []string{col})
				continue
			}
			if at, ok := groups[group]; ok {
				keys[at] = append(keys[at], col)
				continue
			}
			groups[group] = len(keys)
			keys = append(keys, []string{col})
		}
	}
	return keys
}
