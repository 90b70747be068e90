package dataaccess

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// sqlText recovers the SQL text a value holds: a constant (named constants
// are folded by SSA), a concatenation of constants, fmt.Sprintf with a
// constant format, whose %-verbs stand for an unknown identifier, the
// text a query builder's ToSql renders, or the text of a .sql file of the
// module that the code loads (sqlfiles.go).
func sqlText(v ssa.Value) (string, bool) {
	return sqlTextDepth(v, 8)
}

func sqlTextDepth(v ssa.Value, depth int) (string, bool) {
	if v == nil || depth == 0 {
		return "", false
	}
	if text, ok := fileSQL(Unwrap(v)); ok {
		return text, true
	}
	switch x := Unwrap(v).(type) {
	case *ssa.Const:
		if x.Value != nil && x.Value.Kind() == constant.String {
			return constant.StringVal(x.Value), true
		}
	case *ssa.BinOp:
		if x.Op != token.ADD {
			return "", false
		}
		l, lok := sqlTextDepth(x.X, depth-1)
		r, rok := sqlTextDepth(x.Y, depth-1)
		switch {
		case lok && rok:
			return l + r, true
		case lok: // "SELECT ... WHERE id = " + id: the text before is enough
			return l + " _", true
		}
	case *ssa.Call:
		if text, _, ok := builtStatement(x); ok {
			return text, true // a built query passed as a value: bob.One(ctx, db, psql.Select(...), m)
		}
		sc := x.Call.StaticCallee()
		if sc == nil {
			return "", false
		}
		f, ok := sc.Object().(*types.Func)
		if !ok || f.Pkg() == nil || f.Pkg().Path() != "fmt" || f.Name() != "Sprintf" {
			return "", false
		}
		format, ok := sqlTextDepth(x.Call.Args[0], depth-1)
		if !ok {
			return "", false
		}
		args := variadicElems(x.Call.Args[1])
		return expandVerbs(format, args, depth), true
	case *ssa.Extract:
		// text, args, err := sq.Insert("t")...ToSql(): the built statement.
		if call, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 && isToSQL(call) {
			text, _, ok := builtStatement(receiver(&call.Call))
			return text, ok
		}
	case *ssa.UnOp:
		if stored := singleStore(x.X); stored != nil {
			return sqlTextDepth(stored, depth-1)
		}
	}
	return "", false
}

// expandVerbs substitutes the %-verbs of a Sprintf format with constant
// arguments where known, and with a placeholder identifier otherwise.
func expandVerbs(format string, args []ssa.Value, depth int) string {
	var b strings.Builder
	argi := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 == len(format) {
			b.WriteByte(format[i])
			continue
		}
		i++
		for i < len(format) && strings.IndexByte("+-# 0123456789.", format[i]) >= 0 {
			i++
		}
		if i < len(format) && format[i] == '%' {
			b.WriteByte('%')
			continue
		}
		sub := "_"
		if argi < len(args) {
			if s, ok := sqlTextDepth(args[argi], depth-1); ok {
				sub = s
			}
		}
		argi++
		b.WriteString(sub)
	}
	return b.String()
}
