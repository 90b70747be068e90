package attemptkey

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// Analyzer reports idempotency keys minted once per retry attempt and
// delivery handles used as deduplication keys; see Doc.
var Analyzer = &analysis.Analyzer{
	Name:      "attemptkey",
	Doc:       Doc,
	URL:       "https://github.com/idemvet/idemvet/blob/main/passes/attemptkey/README.md",
	Requires:  []*analysis.Analyzer{dataaccess.Analyzer},
	FactTypes: []analysis.Fact{(*RetryHelper)(nil), (*KeyFunc)(nil)},
	Run:       run,
}

const mintMessage = "a new idempotency key is minted on every attempt; retries of the same operation will not be deduplicated (mint it once per operation, before the retries, or derive it from the operation: runtime/effect's downstream key)"

// checker is the state of one run of the pass.
type checker struct {
	pass  *analysis.Pass
	ssa   *buildssa.SSA
	model *dataaccess.Result
	facts *facts
	// inspect indexes the package's syntax, built on the first finding:
	// most packages have none, and the index of a large generated
	// package is as big as its type information.
	inspect   *inspector.Inspector
	loopCache map[*ssa.Function][]*loop
	ctxs      []*retryContext
	reported  map[token.Pos]bool
	// handles records the functions and handles already reported, so
	// that the check and the insert of one processed set count once.
	handles map[handleUse]bool
}

type handleUse struct {
	fn   *ssa.Function
	desc string
}

func run(pass *analysis.Pass) (any, error) {
	model := pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result)
	if !mayMatter(pass, model) {
		return nil, nil
	}
	a := &checker{
		pass:  pass,
		ssa:   model.SSA(),
		model: model,
		facts: &facts{pass: pass, keyFuncs: map[*types.Func]*KeyFunc{},
			helpers: map[*types.Func]*RetryHelper{}},
		loopCache: map[*ssa.Function][]*loop{},
		reported:  map[token.Pos]bool{},
		handles:   map[handleUse]bool{},
	}
	a.summarize()
	// Other packages can name only exported functions and methods.
	for obj, k := range a.facts.keyFuncs {
		if obj.Exported() {
			passutil.ExportObjectFact(pass, obj, k)
		}
	}
	for obj, h := range a.facts.helpers {
		if obj.Exported() {
			passutil.ExportObjectFact(pass, obj, h)
		}
	}
	for _, fn := range a.ssa.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.Call:
					a.checkMint(instr)
				case *ssa.FieldAddr, *ssa.Field:
					a.checkDeliveryHandle(instr)
				}
			}
		}
	}
	return nil, nil
}

// checkMint reports a call that mints a key on every attempt, where the
// key reaches a sink run on the same attempt.
func (a *checker) checkMint(call *ssa.Call) {
	rc := a.contextOf(call)
	if rc == nil {
		return
	}
	if k := a.facts.keyFunc(dataaccess.Callee(&call.Call)); k != nil && k.MintsIntoSink {
		a.reportMint(call, rc, nil)
		return
	}
	sources := a.mintedValues(call)
	if len(sources) == 0 {
		return
	}
	fl := a.newFlow(call.Parent(), false)
	fl.stop = rc.stopPhis()
	fl.persists = rc.persists
	for _, h := range fl.run(sources...) {
		if rc.runsPerAttempt(h.at) && !fl.conditional(h) {
			a.reportMint(call, rc, &h)
			return
		}
	}
}

func (a *checker) reportMint(call *ssa.Call, rc *retryContext, h *hit) {
	cur := a.callExpr(call)
	if !cur.Valid() || a.reported[cur.Node().Pos()] {
		return
	}
	expr := cur.Node()
	a.reported[expr.Pos()] = true
	d := analysis.Diagnostic{
		Pos:     expr.Pos(),
		End:     expr.End(),
		Message: mintMessage,
		Related: []analysis.RelatedInformation{{Pos: rc.pos(), Message: rc.describe()}},
	}
	switch f := a.facts.minter(dataaccess.Callee(&call.Call)); {
	case h != nil && h.instr.Pos().IsValid():
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: h.instr.Pos(), Message: "the key is used as " + h.what + " here"})
	case h == nil && f != nil && f.Pos().IsValid():
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: f.Pos(), Message: f.Name() + " mints a key and sends it on every call"})
	}
	if fix, ok := a.hoist(cur, rc); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	} else {
		d.URL = apis.RuntimeEffectURL // a downstream key derived once per operation and reused on every attempt
	}
	a.pass.Report(d)
}

// checkDeliveryHandle reports a transport delivery handle used as a
// deduplication key.
func (a *checker) checkDeliveryHandle(instr ssa.Instruction) {
	v, desc := deliveryHandle(instr)
	use := handleUse{instr.Parent(), desc}
	if v == nil || a.handles[use] || !instr.Pos().IsValid() {
		return
	}
	fl := a.newFlow(instr.Parent(), true)
	for _, h := range fl.run(v) {
		if fl.conditional(h) {
			continue
		}
		a.handles[use] = true
		a.pass.Report(analysis.Diagnostic{
			Pos: instr.Pos(),
			Message: desc + " is used as a deduplication key, but it changes on every redelivery; " +
				"key on a stable message identity (a message or event id, the stream sequence)",
			URL:     apis.RuntimeClaimURL,
			Related: []analysis.RelatedInformation{{Pos: h.instr.Pos(), Message: "used as " + h.what + " here"}},
		})
		return
	}
}

// callExpr returns the syntax of an SSA call.
func (a *checker) callExpr(call *ssa.Call) inspector.Cursor {
	pos := call.Pos()
	if !pos.IsValid() {
		return inspector.Cursor{}
	}
	if a.inspect == nil {
		a.inspect = inspector.New(a.pass.Files)
	}
	cur, ok := a.inspect.Root().FindByPos(pos, pos)
	if !ok {
		return inspector.Cursor{}
	}
	for c := range cur.Enclosing((*ast.CallExpr)(nil)) {
		if c.Node().(*ast.CallExpr).Lparen == pos {
			return c
		}
	}
	return inspector.Cursor{}
}
