package dataaccess

import (
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/sqlclass"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// ent filters a builder with generated predicate functions, not SQL
// text: Update().Where(invitation.ID(id), invitation.UsesGT(0)) is
// UPDATE ... WHERE id = $1 AND uses > $2. Spelled as that WHERE, the
// condition is judged as the SQL one is: a test of a column that is not a
// key makes the update a state guard, whose rows affected says who took
// the last use.

// entStateGuard reports whether the Where calls of an ent update or
// delete chain, walked back from the terminal call's receiver, test a
// column that is not a key.
func entStateGuard(builder ssa.Value) bool {
	for v := builder; v != nil; {
		call, ok := v.(*ssa.Call)
		if !ok {
			return false
		}
		if f := callee(&call.Call); f != nil && f.Name() == "Where" {
			if s, ok := entConditions(variadicElems(arg(&call.Call, 0))); ok && sqlclass.Classify("UPDATE t SET x = 1 WHERE "+s).StateGuard {
				return true
			}
		}
		v = chainReceiver(call)
	}
	return false
}

// entPredicateOps maps the suffix of a generated field predicate to the
// comparison it makes, longest suffixes first. A predicate with no
// suffix (invitation.Token(t)) tests equality.
var entPredicateOps = []struct{ suffix, sql string }{
	{"EqualFold", "= $1"}, {"ContainsFold", "LIKE $1"}, {"HasPrefix", "LIKE $1"}, {"HasSuffix", "LIKE $1"},
	{"Contains", "LIKE $1"}, {"NotNil", "IS NOT NULL"}, {"IsNil", "IS NULL"}, {"NotIn", "NOT IN ($1)"},
	{"GTE", ">= $1"}, {"LTE", "<= $1"}, {"NEQ", "<> $1"}, {"EQ", "= $1"}, {"GT", "> $1"}, {"LT", "< $1"}, {"In", "IN ($1)"},
}

// entConditions returns the WHERE that the ent predicates among elems
// spell, and false when any of them is not a field predicate (an edge's
// HasOwnerWith, And/Or/Not, a predicate built by hand): the condition
// would then be partial.
func entConditions(elems []ssa.Value) (string, bool) {
	var parts []string
	for _, e := range elems {
		part, ok := entCondition(e)
		if !ok {
			return "", false
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, " AND "), len(parts) > 0
}

// entCondition spells one generated field predicate (UsesGT(0): "uses >
// $1") as SQL.
func entCondition(v ssa.Value) (string, bool) {
	call, ok := Unwrap(v).(*ssa.Call)
	if !ok {
		return "", false
	}
	f := call.Call.StaticCallee()
	if f == nil || f.Signature.Recv() != nil || !isEntPredicate(call) {
		return "", false
	}
	name := f.Name()
	if strings.HasPrefix(name, "Has") || name == "And" || name == "Or" || name == "Not" {
		return "", false
	}
	for _, op := range entPredicateOps {
		if field, ok := strings.CutSuffix(name, op.suffix); ok && field != "" {
			return ColumnName(field) + " " + op.sql, true
		}
	}
	return ColumnName(name) + " = $1", true
}

// isEntPredicate reports whether call returns one of ent's generated
// predicate types: a named type of the generated package "predicate".
func isEntPredicate(call *ssa.Call) bool {
	n := ssautil.NamedOf(call.Type())
	return n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Name() == "predicate"
}
