package volatiledup

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/checkthenact"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A claim taken with an atomic write (redis SET NX, INSERT ... ON
// CONFLICT DO NOTHING) and deleted again when the request fails, so that
// the client can retry with the same key, is a durable memory that
// forgets on purpose. Deleted on a failure that comes after the effect it
// guards (a charge went out, then the order insert failed), it forgets
// exactly the one thing the retry must know: the retry claims the key
// again and the effect runs twice.

// forgottenClaim is a claim, the delete that releases it, and the effect
// that can run before that delete.
type forgottenClaim struct {
	claim, release, effect *dataaccess.Op
}

// forgottenClaims returns the claims of the package deleted on a failure
// after an effect that doubles.
func forgottenClaims(model *dataaccess.Result) []forgottenClaim {
	var out []forgottenClaim
	for _, claim := range model.Ops {
		keys := claimKeys(claim)
		if keys == nil {
			continue
		}
		var releases []*dataaccess.Op
		for _, op := range model.Ops {
			if releasesClaim(op, claim, keys) {
				releases = append(releases, op)
			}
		}
		if f, ok := releasedAfterEffect(claim, keys, releases, model.ByFunc[claim.Fn]); ok {
			out = append(out, f)
		}
	}
	return out
}

// claimKeys returns the values that name what claim claims, or nil when
// op is no durable claim: the key of a redis SET NX, the parameters of an
// INSERT ... ON CONFLICT DO NOTHING. An in-process claim (LoadOrStore)
// is volatile already, reported as such.
func claimKeys(op *dataaccess.Op) []ssa.Value {
	if !op.Kind.IsAtomicInsert() || op.Summary != nil || op.Callee == nil || op.Callee.Pkg() == nil {
		return nil
	}
	switch {
	case apis.IsRedis(op.Callee.Pkg().Path()) && op.Resource.Key != nil:
		return []ssa.Value{op.Resource.Key}
	case op.SQL != nil && op.Resource.Table != "" && !op.Overwrites:
		return queryParams(op)
	}
	return nil
}

// queryParams returns the values a SQL call binds to its placeholders:
// its arguments after the text, the variadic ones unpacked.
func queryParams(op *dataaccess.Op) []ssa.Value {
	call := op.Call()
	var out []ssa.Value
	seenText := false
	for i := 0; dataaccess.Arg(call, i) != nil; i++ {
		a := dataaccess.Arg(call, i)
		if !seenText {
			_, seenText = dataaccess.SQLText(a)
			continue
		}
		if elems := dataaccess.VariadicElems(a); elems != nil {
			out = append(out, elems...)
		} else {
			out = append(out, a)
		}
	}
	return out
}

// releasesClaim reports whether op deletes what claim claimed: a redis
// DEL of the same key, or a DELETE from the claim's table bound only to
// values the claim was.
func releasesClaim(op, claim *dataaccess.Op, keys []ssa.Value) bool {
	if op.Kind != apis.Delete || op.Summary != nil || op.Callee == nil || op.Callee.Pkg() == nil || !sameFunction(op.Fn, claim.Fn) {
		return false
	}
	if claim.SQL == nil {
		return apis.IsRedis(op.Callee.Pkg().Path()) && op.Resource.Key != nil && dataaccess.SameValue(op.Resource.Key, keys[0])
	}
	params := queryParams(op)
	return op.SQL != nil && op.Resource.Table == claim.Resource.Table && len(params) > 0 &&
		!slices.ContainsFunc(params, func(p ssa.Value) bool {
			return !slices.ContainsFunc(keys, func(k ssa.Value) bool { return dataaccess.SameValue(p, k) })
		})
}

// sameFunction reports whether fn is outer or a closure made in it.
func sameFunction(fn, outer *ssa.Function) bool {
	for ; fn != nil; fn = fn.Parent() {
		if fn == outer {
			return true
		}
	}
	return false
}

// releasedAfterEffect finds an effect that doubles, run only by the
// claim's winner, after which one of the releases can still delete the
// claim while a success keeps it.
func releasedAfterEffect(claim *dataaccess.Op, keys []ssa.Value, releases, ops []*dataaccess.Op) (forgottenClaim, bool) {
	claimCall, ok := claim.Instr.(*ssa.Call)
	if !ok || len(releases) == 0 {
		return forgottenClaim{}, false
	}
	for _, e := range ops {
		if e.Fn != claim.Fn || !doubles(e) || carriesClaimKey(e, keys) ||
			!ssautil.Gates(claimCall, dataaccess.WinnerNotInError(claim), e.Instr) || !keptOnSuccess(e, releases) {
			continue
		}
		for _, r := range releases {
			if releasedAfter(r, e) {
				return forgottenClaim{claim: claim, release: r, effect: e}, true
			}
		}
	}
	return forgottenClaim{}, false
}

// keptOnSuccess reports whether the claim outlives a call that succeeds
// after the effect: a return with no error is reached from the effect
// without passing a release written in the function, and a deferred
// release runs only under a condition. A key deleted on every path is a
// lock held for the call, not a claim.
func keptOnSuccess(effect *dataaccess.Op, releases []*dataaccess.Op) bool {
	fn := effect.Fn
	releaseBlocks := map[*ssa.BasicBlock]bool{}
	for _, r := range releases {
		_, deferred := r.Instr.(*ssa.Defer)
		switch {
		case r.Fn == fn && deferred:
			return false // defer rdb.Del(ctx, key): on every return
		case r.Fn == fn:
			releaseBlocks[r.Instr.Block()] = true
		case deferredRelease(r, fn) != nil && len(releaseGuards(r)) == 0:
			return false
		}
	}
	starts, sameBlock := successSide(effect)
	if slices.ContainsFunc(sameBlock, func(instr ssa.Instruction) bool { return releaseBlocks[instr.Block()] && isRelease(instr, releases) }) {
		return false
	}
	enter := func(b *ssa.BasicBlock) bool { return !releaseBlocks[b] }
	starts = slices.DeleteFunc(slices.Clone(starts), func(b *ssa.BasicBlock) bool { return !enter(b) })
	for _, ret := range ssautil.Returns(fn) {
		if succeeds(ret) && ssautil.ReachesAvoiding(starts, ret.Block(), enter) {
			return true
		}
	}
	return false
}

func isRelease(instr ssa.Instruction, releases []*dataaccess.Op) bool {
	return slices.ContainsFunc(releases, func(r *dataaccess.Op) bool { return r.Instr == instr })
}

// succeeds reports whether a return says the call succeeded: every error
// it returns is nil (a named error result is read at the return, so a
// load of it counts too: what it holds is decided by failsAfter's test).
func succeeds(ret *ssa.Return) bool {
	for _, r := range ret.Results {
		if !ssautil.IsError(r.Type()) {
			continue
		}
		if _, load := r.(*ssa.UnOp); !ssautil.IsNilConst(r) && !load {
			return false
		}
	}
	return true
}

// releasedAfter reports whether release can delete the claim after the
// effect succeeded: written in the function on a path from the effect's
// success, or deferred under a condition that a failure after the effect
// still meets.
func releasedAfter(release, effect *dataaccess.Op) bool {
	starts, sameBlock := successSide(effect)
	if release.Fn == effect.Fn {
		if slices.Contains(sameBlock, release.Instr) {
			return true
		}
		return slices.ContainsFunc(starts, func(b *ssa.BasicBlock) bool { return ssautil.BlockReaches(b, release.Instr) })
	}
	if d := deferredRelease(release, effect.Fn); d == nil || !ssautil.Reachable(d, effect.Instr) && !ssautil.Before(d, effect.Instr) {
		return false // deferred after the effect, or not at all
	}
	guards := releaseGuards(release)
	if slices.ContainsFunc(guards, func(g *ssa.Alloc) bool { return ssautil.IsError(deref(g.Type())) }) {
		return failsAfter(effect, guards, starts, sameBlock)
	}
	return returnsUnset(effect.Fn, guards, starts, sameBlock)
}

// successSide returns where the effect's call goes on when its error is
// nil: the successor of the test of its error that says so, or, when it
// is not tested, the instructions after it in its block and the blocks
// after that.
func successSide(effect *dataaccess.Op) ([]*ssa.BasicBlock, []ssa.Instruction) {
	rest := effect.Instr.Block().Instrs[ssautil.Index(effect.Instr)+1:]
	call, ok := effect.Instr.(*ssa.Call)
	if !ok {
		return effect.Instr.Block().Succs, rest
	}
	for _, e := range ssautil.ErrorResults(call) {
		for _, use := range *e.Referrers() {
			cmp, ok := use.(*ssa.BinOp)
			if !ok || !ssautil.IsNilConst(cmp.X) && !ssautil.IsNilConst(cmp.Y) {
				continue
			}
			for _, ref := range *cmp.Referrers() {
				if test, ok := ref.(*ssa.If); ok {
					switch cmp.Op {
					case token.NEQ:
						return []*ssa.BasicBlock{test.Block().Succs[1]}, nil
					case token.EQL:
						return []*ssa.BasicBlock{test.Block().Succs[0]}, nil
					}
				}
			}
		}
	}
	return effect.Instr.Block().Succs, rest
}

// deferredRelease returns the defer of the closure release sits in, when
// fn defers it: it runs when fn returns, whichever return; or nil.
func deferredRelease(release *dataaccess.Op, fn *ssa.Function) *ssa.Defer {
	closure := release.Fn
	if closure.Parent() != fn {
		return nil
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if d, ok := instr.(*ssa.Defer); ok {
				if mc, ok := d.Call.Value.(*ssa.MakeClosure); ok && mc.Fn == closure {
					return d
				}
			}
		}
	}
	return nil
}

// releaseGuards returns the variables of the deferring function that the
// tests guarding a deferred release read (if !succeeded, if err != nil,
// if chargeID == ""): the release runs only when they say so.
func releaseGuards(release *dataaccess.Op) []*ssa.Alloc {
	var guards []*ssa.Alloc
	for b := release.Instr.Block(); b != nil; b = b.Idom() {
		if idom := b.Idom(); idom != nil {
			if test, ok := idom.Instrs[len(idom.Instrs)-1].(*ssa.If); ok {
				guards = append(guards, capturedIn(test.Cond, 0)...)
			}
		}
	}
	return guards
}

// capturedIn returns the captured variables a condition reads.
func capturedIn(v ssa.Value, depth int) []*ssa.Alloc {
	if depth > 4 {
		return nil
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if fv, ok := x.X.(*ssa.FreeVar); ok && x.Op == token.MUL {
			if alloc, ok := dataaccess.Binding(fv).(*ssa.Alloc); ok {
				return []*ssa.Alloc{alloc}
			}
			return nil
		}
		return capturedIn(x.X, depth+1)
	case *ssa.BinOp:
		return append(capturedIn(x.X, depth+1), capturedIn(x.Y, depth+1)...)
	}
	return nil
}

// failsAfter reports whether the deferring function can fail after the
// effect succeeded: an error stored into the guarding error variable (a
// named result) on the way from the effect that is neither nil nor the
// effect's own error.
func failsAfter(effect *dataaccess.Op, guards []*ssa.Alloc, starts []*ssa.BasicBlock, sameBlock []ssa.Instruction) bool {
	own := map[ssa.Value]bool{}
	if call, ok := effect.Instr.(*ssa.Call); ok {
		for _, e := range ssautil.ErrorResults(call) {
			own[e] = true
		}
	}
	for _, g := range guards {
		for _, ref := range *g.Referrers() {
			st, ok := ref.(*ssa.Store)
			if !ok || st.Addr != g || ssautil.IsNilConst(st.Val) || own[st.Val] {
				continue
			}
			if slices.Contains(sameBlock, ssa.Instruction(st)) || slices.ContainsFunc(starts, func(b *ssa.BasicBlock) bool { return ssautil.BlockReaches(b, st) }) {
				return true
			}
		}
	}
	return false
}

// returnsUnset reports whether fn can return after the effect succeeded
// without assigning any guard first (succeeded = true comes only at the
// end; a refund id kept in the guard right after the refund comes
// first, and the cleanup then keeps the claim).
func returnsUnset(fn *ssa.Function, guards []*ssa.Alloc, starts []*ssa.BasicBlock, sameBlock []ssa.Instruction) bool {
	assigns := func(instrs []ssa.Instruction) bool {
		return slices.ContainsFunc(instrs, func(instr ssa.Instruction) bool {
			st, ok := instr.(*ssa.Store)
			return ok && slices.ContainsFunc(guards, func(g *ssa.Alloc) bool { return st.Addr == g })
		})
	}
	if assigns(sameBlock) {
		return false
	}
	enter := func(b *ssa.BasicBlock) bool { return !assigns(b.Instrs) }
	starts = slices.DeleteFunc(slices.Clone(starts), func(b *ssa.BasicBlock) bool { return !enter(b) })
	for _, ret := range ssautil.Returns(fn) {
		if ssautil.ReachesAvoiding(starts, ret.Block(), enter) {
			return true
		}
	}
	return false
}

// carriesClaimKey reports whether the effect hands the provider the
// claimed key as its idempotency key: made again, it is answered with
// the first call's outcome.
func carriesClaimKey(effect *dataaccess.Op, keys []ssa.Value) bool {
	call := effect.Call()
	if call == nil {
		return false
	}
	return slices.ContainsFunc(checkthenact.IdempotencyKeys(call), func(k ssa.Value) bool {
		return slices.ContainsFunc(keys, func(c ssa.Value) bool { return dataaccess.SameValue(k, c) })
	})
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}
