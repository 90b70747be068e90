package dataaccess

import (
	"go/token"
	"regexp"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// A uniqueness check made for an update leaves the row being updated out:
//
//	func checkNameUnique(db *gorm.DB, name string, excludeID uint) error {
//		q := db.Model(&Task{}).Where("name = ?", name)
//		if excludeID > 0 {
//			q = q.Where("id <> ?", excludeID)
//		}
//		...
//
// excludeID names no row the check looks for: it is the row the caller
// will write the name onto. Summary.ExcludeParams lists such parameters.

// negatedPlaceholder matches a condition that compares with its
// placeholder negatively: id <> ?, id != ?, id NOT IN (?).
var negatedPlaceholder = regexp.MustCompile(`(?i)(<>|!=|\bnot\s+in)\s*\(?\s*(\?|\$\d+)`)

// excludedParams returns the indices (receiver excluded) of fn's
// parameters used only to leave rows out of its reads (a negated
// condition's argument, gorm's Not("id", id)) and in tests of their own
// value (excludeID > 0).
func excludedParams(fn *ssa.Function) []int {
	var out []int
	first := 0
	if fn.Signature.Recv() != nil {
		first = 1
	}
	for i, p := range fn.Params[first:] {
		if onlyExcludes(p) {
			out = append(out, i)
		}
	}
	return out
}

// onlyExcludes reports whether every use of v leaves rows out or tests v
// itself, and at least one leaves rows out.
func onlyExcludes(v ssa.Value) bool {
	excludes := false
	for _, ref := range *v.Referrers() {
		switch r := ref.(type) {
		case *ssa.BinOp:
			if r.Op != token.EQL && r.Op != token.NEQ && r.Op != token.GTR && r.Op != token.LSS && r.Op != token.GEQ && r.Op != token.LEQ {
				return false
			}
		case *ssa.MakeInterface:
			if !negatedArg(r) {
				return false
			}
			excludes = true
		default:
			return false
		}
	}
	return excludes
}

// negatedArg reports whether the boxed value x is only passed, among the
// variadic arguments of a Where, And or Not call, to a negated condition
// (Where("id <> ?", x)) or to Not.
func negatedArg(x *ssa.MakeInterface) bool {
	calls := 0
	for _, ref := range *x.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Val != x {
			return false
		}
		ia, ok := st.Addr.(*ssa.IndexAddr)
		if !ok {
			return false
		}
		for _, use := range *ia.X.Referrers() {
			sl, ok := use.(*ssa.Slice)
			if !ok {
				continue
			}
			for _, su := range *sl.Referrers() {
				call, ok := su.(*ssa.Call)
				if !ok || !negatedCondition(&call.Call, sl) {
					return false
				}
				calls++
			}
		}
	}
	return calls > 0
}

// negatedCondition reports whether c is a Where or And with a negated
// condition, or Not, its variadic arguments args.
func negatedCondition(c *ssa.CallCommon, args ssa.Value) bool {
	f := callee(c)
	if f == nil || !slices.Contains(c.Args, args) {
		return false
	}
	switch f.Name() {
	case "Not":
		return true
	case "Where", "And":
		s, ok := sqlText(arg(c, 0))
		return ok && negatedPlaceholder.MatchString(s)
	}
	return false
}
