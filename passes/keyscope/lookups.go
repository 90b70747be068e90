package keyscope

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/sqlclass"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// checkLookups reports SELECTs that find an idempotency key's row by the
// key alone in a function with an owner in scope, and calls, from such a
// function, of a function that does that lookup without an owner of its
// own (a repository's GetByIdempotencyKey, one level up).
func checkLookups(pass *analysis.Pass, model *dataaccess.Result, owners *owners) {
	local := map[*types.Func]*LooksUpUnscoped{}
	for _, fn := range model.SSA().SrcFuncs {
		for _, op := range model.ByFunc[fn] {
			fact := unscopedLookup(op)
			if fact == nil {
				continue
			}
			if w := owners.ofFunc(fn); w != nil {
				pass.Report(analysis.Diagnostic{
					Pos: op.Pos(),
					Message: fmt.Sprintf("idempotency key looked up in %s by %s alone while %s is in scope: another %s reusing the key gets this one's stored result (add the %s to the WHERE clause; %s)",
						fact.Table, fact.Column, w.name, w.word, w.word, fixHint),
					URL: apis.RuntimeClaimURL,
				})
				continue
			}
			if obj, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil {
				local[obj] = fact
				passutil.ExportObjectFact(pass, obj, fact)
			}
		}
	}
	for _, fn := range model.SSA().SrcFuncs {
		w := owners.ofFunc(fn)
		if w == nil {
			headerKeyTwins(pass, fn)
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if call.Common().IsInvoke() {
					if twin := scopedTwin(call.Common()); twin != nil {
						pass.Report(analysis.Diagnostic{
							Pos: call.Pos(),
							Message: fmt.Sprintf("%s looks the key up without its owner while %s is in scope here, and its interface has the scoped lookup %s: another %s reusing the key gets this one's stored result (call %s with the %s; %s)",
								call.Common().Method.Name(), w.name, twin.Name(), w.word, twin.Name(), w.word, fixHint),
							URL: apis.RuntimeClaimURL,
						})
					}
					continue
				}
				callee := call.Common().StaticCallee()
				if callee == nil {
					continue
				}
				obj, ok := callee.Object().(*types.Func)
				if !ok {
					continue
				}
				fact := local[obj]
				if fact == nil {
					fact = new(LooksUpUnscoped)
					if !pass.ImportObjectFact(obj, fact) {
						continue
					}
				}
				pass.Report(analysis.Diagnostic{
					Pos: call.Pos(),
					Message: fmt.Sprintf("%s looks the idempotency key up in %s by %s alone while %s is in scope here: another %s reusing the key gets this one's stored result (pass the %s and add it to the lookup; %s)",
						obj.Name(), fact.Table, fact.Column, w.name, w.word, w.word, fixHint),
					URL: apis.RuntimeClaimURL,
				})
			}
		}
	}
}

// headerKeyTwins reports, in a function with no owner in scope (an
// idempotency middleware before the handler loads the merchant), a
// lookup through an interface of a key read from the request's
// Idempotency-Key header, when the interface also offers the lookup
// scoped by an owner: the store keeps keys per owner, the request has
// one (whoever it authenticated), and this lookup finds any owner's.
func headerKeyTwins(pass *analysis.Pass, fn *ssa.Function) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || !call.Common().IsInvoke() {
				continue
			}
			twin := scopedTwin(call.Common())
			if twin == nil {
				continue
			}
			for _, a := range call.Common().Args {
				if from, ok := keyValue(a); ok && strings.HasPrefix(from, "from the ") {
					pass.Report(analysis.Diagnostic{
						Pos: call.Pos(),
						Message: fmt.Sprintf("%s looks up the key %s without its owner, and its interface has the scoped lookup %s: the store keeps keys per owner, so another client that sends the same key gets this one's stored result (take the owner the request authenticated and call %s; %s)",
							call.Common().Method.Name(), from, twin.Name(), twin.Name(), fixHint),
						URL: apis.RuntimeClaimURL,
					})
					break
				}
			}
		}
	}
}

// scopedTwin returns the method of an invoked interface that does what
// the invoked one does for an owner too: its name extends the invoked
// one's (Response, ResponseFor; GetByKey, GetByKeyForTenant) and it takes
// the same parameters plus one named for an owner (tenantID). A store that
// offers both has keys scoped by their owner, and the unscoped one is
// left for code with no owner at hand.
func scopedTwin(c *ssa.CallCommon) *types.Func {
	iface, ok := c.Value.Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	m := c.Method
	params := m.Type().(*types.Signature).Params()
	if !takesKey(params) {
		return nil // PaymentServiceUsersForward(ctx, psuID, connectorID) looks no key up
	}
	for i := range iface.NumMethods() {
		twin := iface.Method(i)
		if twin == m || !strings.HasPrefix(twin.Name(), m.Name()) {
			continue
		}
		tp := twin.Type().(*types.Signature).Params()
		if tp.Len() != params.Len()+1 {
			continue
		}
		owner, j := false, 0
		for k := range tp.Len() {
			p := tp.At(k)
			if !owner && ownerVar(p.Name(), p.Type(), false) != "" {
				owner = true
				continue
			}
			if j >= params.Len() || !types.Identical(p.Type(), params.At(j).Type()) {
				owner = false
				break
			}
			j++
		}
		if owner && j == params.Len() {
			return twin
		}
	}
	return nil
}

// takesKey reports whether a lookup's parameters include a key: one named
// for an idempotency key, or key itself (GetByKey(ctx, key)).
func takesKey(params *types.Tuple) bool {
	for i := range params.Len() {
		name := params.At(i).Name()
		if apis.IsIdempotencyKeyName(name) || name == "key" || strings.HasSuffix(name, "Key") {
			return true
		}
	}
	return false
}

// unscopedLookup returns what op looks up when it is a SELECT whose WHERE
// clause matches an idempotency-key column and no owner column, with a
// key the server did not mint; nil otherwise.
func unscopedLookup(op *dataaccess.Op) *LooksUpUnscoped {
	st := op.Statement()
	if st == nil || st.Kind != sqlclass.Select || st.MatchColumns == "" || op.Call() == nil {
		return nil
	}
	keyCol := ""
	for c := range strings.SplitSeq(st.MatchColumns, ",") {
		if apis.IsOwnerColumn(c) {
			return nil
		}
		if apis.IsIdempotencyKeyColumn(st.Table, c) {
			keyCol = c
		}
	}
	if keyCol == "" {
		return nil
	}
	for _, a := range op.Call().Args {
		for _, v := range variadicArgs(a) {
			if minted(v) {
				return nil // a key the server made unique: no other owner holds it
			}
		}
	}
	return &LooksUpUnscoped{Table: st.Table, Column: keyCol}
}

// minted reports whether v is a unique value the server minted
// (uuid.New(), uuid.NewString(), uuid.New().String()).
func minted(v ssa.Value) bool {
	for {
		x, ok := dataaccess.Unwrap(v).(*ssa.Call)
		if !ok {
			return false
		}
		f := dataaccess.Callee(&x.Call)
		if _, m := ssautil.MintedBy(x, f); m == apis.MintsUnique {
			return true
		}
		if f == nil || f.Name() != "String" || x.Call.IsInvoke() || len(x.Call.Args) != 1 {
			return false
		}
		v = x.Call.Args[0] // uuid.New().String()
	}
}
