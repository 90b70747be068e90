package checkthenact

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A one-time code checked through a helper and then never removed on the
// way to the act it allows is not one-time at all:
//
//	if !common.VerifyCodeWithKey(email, code, purpose) { return }
//	user.Insert(ctx)                      // every request with the code
//
// while another handler of the package, after the same kind of check,
// calls the store's removal (common.DeleteKey(email, purpose)): the store
// is meant to hand each code out once, and this path forgot. Concurrent
// requests with one code, and later ones until it expires, all pass and
// all act. The rule needs that evidence in sight: a removal function
// beside the check (same package, or same receiver type) that this
// package calls somewhere, no removal of the key on any path after the
// check, and a non-idempotent act (an insert, an effect, a relative
// update) where the check passed. A check that only answers "valid" acts
// on nothing and is not reported.

// unconsumedCode is one such check and the act it lets run again.
type unconsumedCode struct {
	check   ssa.CallInstruction
	remover *types.Func
	act     *dataaccess.Op
}

// unconsumedCodeOf returns the race of a check of a one-time code that
// helperTokenReuseOf found no removal for.
func unconsumedCodeOf(check ssa.CallInstruction, model *dataaccess.Result) (unconsumedCode, bool) {
	checker := staticFunc(check)
	if checker == nil || !apis.HasAnyPrefix(checker.Name(), "Verify", "Check", "Validate") {
		return unconsumedCode{}, false // a Get or Load may take the code as it reads it
	}
	remover := removerBeside(checker, model.SSA().SrcFuncs)
	if remover == nil {
		return unconsumedCode{}, false
	}
	passing := passingBlocks(check)
	if len(passing) == 0 {
		return unconsumedCode{}, false
	}
	keys := keyArgs(check.Common())
	var act *dataaccess.Op
	for _, op := range model.ByFunc[check.Parent()] {
		if op.Instr == check || !dominatedByAny(passing, op.Instr.Block()) {
			continue
		}
		if act == nil && dataaccess.NonIdempotent(op) {
			act = op
		}
	}
	for call := range ssautil.StaticCalls(check.Parent()) {
		if dominatedByAny(passing, call.Block()) && (removalOf(call, keys) || removalInCallee(call, keys) != nil || storeUsedInCallee(call, keys, checker)) {
			return unconsumedCode{}, false // removed, gating or not: helperTokenReuseOf judges that
		}
	}
	if act == nil {
		return unconsumedCode{}, false
	}
	return unconsumedCode{check: check, remover: remover, act: act}, true
}

// storeUsedInCallee reports whether call hands the key to a function of
// the package whose body calls the checker's store again with it (the
// handler that finishes the flow takes the code: doResetPassword's
// tmptokens.Get), so the code's fate is decided there.
func storeUsedInCallee(call ssa.CallInstruction, keys []ssa.Value, checker *types.Func) bool {
	callee, params := keyParams(call, keys)
	if len(params) == 0 {
		return false
	}
	for inner, f := range ssautil.StaticCalls(callee) {
		if f == nil || f == checker || !sameHome(f, checker) {
			continue
		}
		for _, a := range keyArgs(inner.Common()) {
			for _, p := range params {
				if dataaccess.SameValue(a, p) {
					return true
				}
			}
		}
	}
	return false
}

// sameHome reports whether two functions belong to one receiver type, or
// are functions of one package.
func sameHome(a, b *types.Func) bool {
	_, wa := funcHome(a)
	_, wb := funcHome(b)
	return a.Pkg() == b.Pkg() && wa == wb
}

// staticFunc returns the function or method a call reaches statically.
func staticFunc(call ssa.CallInstruction) *types.Func {
	callee := call.Common().StaticCallee()
	if callee == nil {
		return nil
	}
	f, _ := callee.Object().(*types.Func)
	return f
}

// removerBeside returns a function declared beside checker (in its
// package, or on its receiver type) whose name says it removes a code and
// that takes a string, when one of funcs (the package's) calls it: the
// evidence that the codes are meant to be removed once used.
func removerBeside(checker *types.Func, funcs []*ssa.Function) *types.Func {
	_, where := funcHome(checker)
	store := packageOfTokens(where) || apis.NamesOneTimeToken(where)
	for _, cand := range siblings(checker) {
		name := cand.Name()
		if cand == checker || !apis.HasAnyPrefix(name, "Del", "Delete", "Remove", "Invalidate", "Consume", "Revoke", "Expire") || !takesString(cand) {
			continue
		}
		if !store && !shareNoun(checker.Name(), name) || namesManyUseToken(name) {
			continue // a big package's DeleteAllUserSessions is about something else
		}
		if calledIn(funcs, cand) {
			return cand
		}
	}
	return nil
}

// funcHome returns the name of what f belongs to: its receiver's type,
// or its package.
func funcHome(f *types.Func) (name, where string) {
	if recv := f.Signature().Recv(); recv != nil {
		if n := ssautil.NamedOf(recv.Type()); n != nil {
			return f.Name(), n.Obj().Name()
		}
	}
	if f.Pkg() != nil {
		where = f.Pkg().Name()
	}
	return f.Name(), where
}

// shareNoun reports whether two names share a word other than a verb, a
// connective or "token"/"code" (ValidateKerberosToken and
// ExpireTokenByUser are about different tokens): VerifyCodeWithKey and
// DeleteKey are about the key.
func shareNoun(a, b string) bool {
	for _, w := range apis.SplitWords(a) {
		if !unspecificWords[w] && slices.Contains(apis.SplitWords(b), w) {
			return true
		}
	}
	return false
}

// unspecificWords name no particular store: verbs, connectives, and what
// every credential is called.
var unspecificWords = map[string]bool{
	"with": true, "by": true, "for": true, "and": true, "or": true, "of": true, "to": true, "all": true, "if": true,
	"del": true, "delete": true, "remove": true, "invalidate": true, "consume": true, "revoke": true, "expire": true,
	"verify": true, "check": true, "validate": true,
	"token": true, "tokens": true, "code": true, "codes": true,
}

// namesManyUseToken reports whether a name is about a credential used
// many times (ExpireTokenByAccessToken, DeleteSession): removing one says
// nothing of one-time codes.
func namesManyUseToken(name string) bool {
	for _, w := range apis.SplitWords(name) {
		switch w {
		case "session", "sessions", "access", "api", "bearer", "personal", "refresh":
			return true
		}
	}
	return false
}

// siblings returns the functions of checker's package, or the methods of
// its receiver's named type.
func siblings(checker *types.Func) []*types.Func {
	var out []*types.Func
	if recv := checker.Signature().Recv(); recv != nil {
		named := ssautil.NamedOf(recv.Type())
		if named == nil {
			return nil
		}
		for m := range named.Methods() {
			out = append(out, m)
		}
		return out
	}
	if checker.Pkg() == nil {
		return nil
	}
	scope := checker.Pkg().Scope()
	for _, name := range scope.Names() {
		if f, ok := scope.Lookup(name).(*types.Func); ok {
			out = append(out, f)
		}
	}
	return out
}

func takesString(f *types.Func) bool {
	params := f.Signature().Params()
	for i := range params.Len() {
		if b, ok := params.At(i).Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return true
		}
	}
	return false
}

// calledIn reports whether one of the package's functions calls f.
func calledIn(funcs []*ssa.Function, f *types.Func) bool {
	for _, fn := range funcs {
		for _, called := range ssautil.StaticCalls(fn) {
			if called == f {
				return true
			}
		}
	}
	return false
}

func reportUnconsumedCode(pass *analysis.Pass, r unconsumedCode) {
	line := func(pos token.Pos) int { return pass.Fset.Position(pos).Line }
	checkName, _ := calledName(r.check.Common())
	pass.Report(analysis.Diagnostic{
		Pos: r.check.Pos(),
		Message: fmt.Sprintf("token-reuse race: %s checks the one-time code and nothing on this path removes it (%s, which this package calls elsewhere, would), so every request with the code, concurrent or later, passes and reaches %s at line %d again (take the code in the step that checks it: GETDEL, sync.Map LoadAndDelete, or a delete that reports whether this caller removed it, and act only then)",
			checkName, r.remover.Name(), describeAct(r.act), line(r.act.Pos())),
		Related: []analysis.RelatedInformation{{Pos: r.act.Pos(), Message: "the act every request with the code runs"}},
	})
}
