package checkthenact

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A one-time code kept in a store the module reaches through helpers (a
// map behind VerifyCode/DeleteCode functions, a cache interface's
// GetString and Del, a token package's Check and Delete) is checked by
// one call and removed by another, after the act it allows:
//
//	if !codes.VerifyCodeWithKey(email, code, purpose) { return }  // both pass
//	resetPassword(email)                                          // both reset
//	codes.DeleteKey(email, purpose)                               // too late
//
// Each helper may hold a mutex inside, but none is held across the two,
// so two requests with one code both pass the check before either removes
// it. The store does not matter: only a take that removes the code in the
// step that checks it (GETDEL, LoadAndDelete, a Delete whose result says
// whether this caller removed it, and that result gating the act) makes
// it single-use. The rule reads names and call shapes, not the helpers'
// bodies, so it needs both halves in sight: the check's result gating the
// way to the removal, the same key passed to both, and the removal's
// result thrown away.

// helperTokenReuse is one such pair: the check, the removal, and the
// act between them when one is in sight.
type helperTokenReuse struct {
	check, remove ssa.CallInstruction
	act           *dataaccess.Op
}

// helperTokenReuses reports every check of a one-time code through a
// helper whose passing branch leads to a separate removal of the same key.
func helperTokenReuses(pass *analysis.Pass, judge *Judge) {
	model := judge.model
	for _, fn := range model.SSA().SrcFuncs {
		if judge.callers.runAlone(fn) || judge.callers.inTestFile(fn) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				check, ok := instr.(ssa.CallInstruction)
				if !ok || !checksOneTimeCode(check) || model.RunsAtStartup(check) {
					continue
				}
				if r, ok := helperTokenReuseOf(check, model); ok {
					reportHelperTokenReuse(pass, r)
				} else if r, ok := unconsumedCodeOf(check, model); ok {
					reportUnconsumedCode(pass, r)
				}
			}
		}
	}
}

func helperTokenReuseOf(check ssa.CallInstruction, model *dataaccess.Result) (helperTokenReuse, bool) {
	passing := passingBlocks(check)
	if len(passing) == 0 {
		return helperTokenReuse{}, false
	}
	keys := keyArgs(check.Common())
	fn := check.Parent()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || !dominatedByAny(passing, call.Block()) {
				continue
			}
			remove := call
			if !removesKey(call, keys) {
				remove = removalInCallee(call, keys)
			}
			if remove == nil {
				continue
			}
			if held, _ := mutexHeldAcross(check, call); held {
				continue // one mutex spans the check and the removal
			}
			return helperTokenReuse{check: check, remove: remove, act: actBetween(check, call, model)}, true
		}
	}
	return helperTokenReuse{}, false
}

// checksOneTimeCode reports whether call looks a one-time code up by its
// name (Get, Verify, Check, Validate, Lookup, Load, Find): the callee,
// its receiver type or package names one, or a key it is passed is text
// that does ("answer:user:email-code:" + code). A take that removes the
// code as it reads it (GetDel, LoadAndDelete, TakeCode) is the safe form.
func checksOneTimeCode(call ssa.CallInstruction) bool {
	name, where := calledName(call.Common())
	if !apis.HasAnyPrefix(name, "Get", "Verify", "Check", "Validate", "Lookup", "Load", "Find") ||
		strings.Contains(name, "Del") || strings.Contains(name, "Take") || strings.Contains(name, "Pop") || strings.Contains(name, "Consume") {
		return false
	}
	if apis.NamesOneTimeCode(name) || apis.NamesOneTimeToken(where) || packageOfTokens(where) {
		return true
	}
	for _, k := range keyArgs(call.Common()) {
		if text, ok := dataaccess.SQLText(k); ok && apis.NamesOneTimeCode(strings.Join(strings.FieldsFunc(text, notNamePart), "_")) {
			return true
		}
	}
	return false
}

// calledName returns the called method or function's name and the name
// of what it belongs to: its receiver's type, or its package.
func calledName(c *ssa.CallCommon) (name, where string) {
	if c.IsInvoke() {
		if n := ssautil.NamedOf(c.Value.Type()); n != nil {
			where = n.Obj().Name()
		}
		return c.Method.Name(), where
	}
	f := c.StaticCallee()
	if f == nil {
		return "", ""
	}
	if recv := f.Signature.Recv(); recv != nil {
		if n := ssautil.NamedOf(recv.Type()); n != nil {
			where = n.Obj().Name()
		}
	} else if f.Pkg != nil {
		where = f.Pkg.Pkg.Name()
	}
	return f.Name(), where
}

// packageOfTokens reports whether a package name, written in one lower
// case word, names a store of one-time tokens (tmptokens, smsotp);
// one of API, access, session or auth tokens does not count.
func packageOfTokens(name string) bool {
	if name != strings.ToLower(name) {
		return false
	}
	for _, w := range []string{"api", "access", "session", "auth"} {
		if strings.HasPrefix(name, w) {
			return false
		}
	}
	for _, w := range []string{"tokens", "otp", "otps"} {
		if strings.HasSuffix(name, w) {
			return true
		}
	}
	return false
}

// keyArgs returns the string arguments of a call: the key or code it
// passes (a context, a receiver and other values are no key).
func keyArgs(c *ssa.CallCommon) []ssa.Value {
	var keys []ssa.Value
	for _, a := range c.Args {
		if b, ok := a.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			keys = append(keys, a)
		}
	}
	return keys
}

// passingBlocks returns the successors of the branches on the check's
// result that the code takes when it passed: ok or !ok on a bool result,
// err == nil on an error result.
func passingBlocks(check ssa.CallInstruction) []*ssa.BasicBlock {
	v := check.Value()
	if v == nil {
		return nil
	}
	results := []ssa.Value{v}
	if _, isTuple := v.Type().(*types.Tuple); isTuple {
		results = nil
		for _, ref := range *v.Referrers() {
			if e, ok := ref.(*ssa.Extract); ok {
				results = append(results, e)
			}
		}
	}
	var blocks []*ssa.BasicBlock
	for _, r := range results {
		for _, ref := range *r.Referrers() {
			if b := passingSucc(r, ref); b != nil {
				blocks = append(blocks, b)
			}
		}
	}
	return blocks
}

// passingSucc returns the block entered when the result r says "passed",
// for a branch that use (of r) decides, or nil.
func passingSucc(r ssa.Value, use ssa.Instruction) *ssa.BasicBlock {
	var cond ssa.Value
	var passWhenTrue bool
	switch use := use.(type) {
	case *ssa.If:
		if !ssautil.IsBool(r.Type()) {
			return nil
		}
		return ifSucc(use, true)
	case *ssa.UnOp:
		if use.Op != token.NOT {
			return nil
		}
		cond, passWhenTrue = use, false
	case *ssa.BinOp:
		if !ssautil.IsError(r.Type()) || !isNilConst(use.X) && !isNilConst(use.Y) {
			return nil
		}
		cond, passWhenTrue = use, use.Op == token.EQL
	default:
		return nil
	}
	for _, ref := range *cond.Referrers() {
		if ifi, ok := ref.(*ssa.If); ok {
			return ifSucc(ifi, passWhenTrue)
		}
	}
	return nil
}

func ifSucc(ifi *ssa.If, whenTrue bool) *ssa.BasicBlock {
	if whenTrue {
		return ifi.Block().Succs[0]
	}
	return ifi.Block().Succs[1]
}

func isNilConst(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.Value == nil
}

func dominatedByAny(blocks []*ssa.BasicBlock, b *ssa.BasicBlock) bool {
	for _, d := range blocks {
		if d.Dominates(b) {
			return true
		}
	}
	return false
}

// removesKey reports whether call removes one of keys from a store by its
// name (Del, Delete, Remove, Invalidate, Clear, Evict) and throws its
// result away: nothing tells the caller whether it removed the code or a
// twin already had.
func removesKey(call ssa.CallInstruction, keys []ssa.Value) bool {
	if v := call.Value(); v != nil && resultUsed(v) {
		return false
	}
	return removalOf(call, keys)
}

// removalOf reports whether call removes one of keys from a store by its
// name, whatever it does with the result.
func removalOf(call ssa.CallInstruction, keys []ssa.Value) bool {
	name, _ := calledName(call.Common())
	if !apis.HasAnyPrefix(name, "Del", "Delete", "Remove", "Invalidate", "Clear", "Evict") {
		return false
	}
	for _, k := range keyArgs(call.Common()) {
		for _, want := range keys {
			if dataaccess.SameValue(k, want) {
				return true
			}
		}
	}
	return false
}

// resultUsed reports whether anything reads a call's result.
func resultUsed(v ssa.Value) bool {
	for _, ref := range *v.Referrers() {
		if _, debug := ref.(*ssa.DebugRef); !debug {
			return true
		}
	}
	return false
}

// keyParams returns the function of the package that call runs, and its
// parameters that receive one of keys; nil when the callee is not the
// package's own.
func keyParams(call ssa.CallInstruction, keys []ssa.Value) (*ssa.Function, []ssa.Value) {
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Blocks == nil || callee.Pkg != call.Parent().Pkg {
		return nil, nil
	}
	var params []ssa.Value
	for i, a := range call.Common().Args {
		for _, k := range keys {
			if dataaccess.SameValue(a, k) && i < len(callee.Params) {
				params = append(params, callee.Params[i])
			}
		}
	}
	return callee, params
}

// removalInCallee returns the removal of the key inside a function of
// the package that call hands the key to (the handler that finishes the
// flow: doTwofaVerify(c, token, ...) then tmptokens.Delete(token)), or nil.
func removalInCallee(call ssa.CallInstruction, keys []ssa.Value) ssa.CallInstruction {
	callee, params := keyParams(call, keys)
	if len(params) == 0 {
		return nil
	}
	for _, b := range callee.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok && removesKey(c, params) {
				return c
			}
		}
	}
	return nil
}

// actBetween returns a duplicable act that runs after the check and
// before the removal, in the check's function, or nil.
func actBetween(check, remove ssa.Instruction, model *dataaccess.Result) *dataaccess.Op {
	for _, op := range model.ByFunc[check.Parent()] {
		if op.Instr == check || op.Instr == remove || !dataaccess.Duplicable(op) {
			continue
		}
		if ssautil.Reachable(check, op.Instr) && ssautil.Reachable(op.Instr, remove) {
			return op
		}
	}
	return nil
}

func reportHelperTokenReuse(pass *analysis.Pass, r helperTokenReuse) {
	line := func(pos token.Pos) int { return pass.Fset.Position(pos).Line }
	checkName, _ := calledName(r.check.Common())
	removeName, _ := calledName(r.remove.Common())
	var acts string
	related := []analysis.RelatedInformation{{Pos: r.remove.Pos(), Message: "removal of the code, whose outcome gates nothing"}}
	if r.act != nil {
		acts = fmt.Sprintf(", and both reach %s at line %d", describeAct(r.act), line(r.act.Pos()))
		related = append(related, analysis.RelatedInformation{Pos: r.act.Pos(), Message: "the act both requests run"})
	}
	pass.Report(analysis.Diagnostic{
		Pos: r.check.Pos(),
		Message: fmt.Sprintf("token-reuse race: %s checks the one-time code and %s at line %d removes it in a separate step whose outcome gates nothing, so two requests with one code both pass the check before either removes it%s (take the code in the step that checks it: GETDEL, sync.Map LoadAndDelete, or a delete that reports whether this caller removed it, and act only then)",
			checkName, removeName, line(r.remove.Pos()), acts),
		Related: related,
	})
}
