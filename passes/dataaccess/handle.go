package dataaccess

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// Handle is the database or store an operation runs on.
type Handle struct {
	Path Path
	Kind apis.HandleKind
}

// Same reports whether two handles are the same value.
func (h Handle) Same(o Handle) bool { return h.Path.Equal(o.Path) }

// handleOf describes the handle v: where it lives and whether it runs
// statements in autocommit mode or inside a transaction.
func (m *modeler) handleOf(v ssa.Value) Handle {
	if v == nil {
		return Handle{}
	}
	p := rootPath(v)
	return Handle{Path: p, Kind: m.handleKind(v, p)}
}

func (m *modeler) handleKind(v ssa.Value, p Path) apis.HandleKind {
	if k := kindOfType(v.Type()); k != apis.HandleUnknown {
		return k
	}
	if p.Fields != "" && p.Base != nil && isEntType(p.Base.Type()) {
		// ent's tx.Order and client.Order run on the Tx or Client they
		// are fields of.
		return kindOfType(p.Base.Type())
	}
	if p.Fields == "" && p.Base != nil {
		if k := kindOfType(p.Base.Type()); k != apis.HandleUnknown {
			return k
		}
		if k := m.kindOfOrigin(p.Base); k != apis.HandleUnknown {
			return k
		}
	}
	return apis.HandleUnknown
}

// kindOfType answers from the handle's static type: *sql.Tx, pgx.Tx and
// bun.Tx are transactions; *sql.DB, *pgxpool.Pool autocommit. ent's
// generated Tx and Client types are recognised by name in ent packages.
func kindOfType(t types.Type) apis.HandleKind {
	n := ssautil.NamedOf(t)
	if n == nil || n.Obj().Pkg() == nil {
		return apis.HandleUnknown
	}
	pkg := n.Obj().Pkg()
	if k := apis.HandleOf(pkg.Path(), n.Obj().Name()); k != apis.HandleUnknown {
		return k
	}
	if importsPath(pkg, apis.EntPkg) && pkg.Path() != apis.EntPkg {
		switch n.Obj().Name() {
		case "Tx":
			return apis.HandleTx
		case "Client":
			return apis.HandlePool
		}
	}
	return apis.HandleUnknown
}

// isEntType reports whether t is a type of ent-generated code.
func isEntType(t types.Type) bool {
	n := ssautil.NamedOf(t)
	return n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() != apis.EntPkg && importsPath(n.Obj().Pkg(), apis.EntPkg)
}

// kindOfOrigin answers from where an ambiguous handle (a *gorm.DB, sqlc's
// Queries) was made: the result of Begin or WithTx is a transaction, the
// parameter of a transaction callback too, and a constructor such as
// sqlc's New(db) inherits the kind of the handle it wraps.
func (m *modeler) kindOfOrigin(v ssa.Value) apis.HandleKind {
	switch v := v.(type) {
	case *ssa.Extract:
		if c, ok := v.Tuple.(*ssa.Call); ok {
			return m.kindOfOrigin(c)
		}
	case *ssa.Call:
		f := callee(&v.Call)
		if f == nil {
			return apis.HandleUnknown
		}
		if receiver(&v.Call) != nil && opensTransaction(f.Name()) {
			return apis.HandleTx
		}
		if receiver(&v.Call) == nil && strings.HasPrefix(f.Name(), "New") {
			for _, a := range v.Call.Args {
				if k := m.handleOf(a).Kind; k != apis.HandleUnknown {
					return k
				}
			}
		}
		if strings.HasPrefix(f.Name(), "Open") || f.Name() == "Connect" {
			return apis.HandlePool
		}
	case *ssa.Parameter:
		if m.isTxCallbackParam(v) {
			return apis.HandleTx
		}
	case *ssa.Global:
		// A package-level handle (var DB *gorm.DB) is the shared pool.
		return apis.HandlePool
	case *ssa.Phi:
		return m.kindOfChoice(v)
	}
	return apis.HandleUnknown
}

// kindOfChoice answers for a handle chosen on different paths (q := pool;
// if inTx { q = tx }): where one path brings the pool, statements on it
// autocommit on that path, so the handle counts as the pool. Every edge
// must be known, or the choice stays unknown.
func (m *modeler) kindOfChoice(phi *ssa.Phi) apis.HandleKind {
	kind := apis.HandleUnknown
	for _, e := range phi.Edges {
		if _, nested := rootPath(e).Base.(*ssa.Phi); nested {
			return apis.HandleUnknown // a loop, or a choice of choices
		}
		switch m.handleOf(Unwrap(e)).Kind { // var q DBTX = pool: the edge's own type
		case apis.HandlePool:
			kind = apis.HandlePool
		case apis.HandleTx:
			if kind == apis.HandleUnknown {
				kind = apis.HandleTx
			}
		default:
			return apis.HandleUnknown
		}
	}
	return kind
}

// isTxCallbackParam reports whether p is the handle parameter of a
// function passed to a call that runs it inside a transaction.
func (m *modeler) isTxCallbackParam(p *ssa.Parameter) bool {
	fn := p.Parent()
	if !m.txFuncs[fn] {
		return false
	}
	for _, q := range fn.Params {
		if ssautil.IsContext(q.Type()) {
			continue
		}
		return q == p // the first non-context parameter is the tx
	}
	return false
}

// findTxFuncs records the function literals that run inside a transaction
// callback, before any classification needs isTxCallbackParam.
func (m *modeler) findTxFuncs(funcs []*ssa.Function) {
	m.txFuncs = map[*ssa.Function]bool{}
	m.markTxFuncs(funcs)
}

// markTxFuncs adds the literals funcs pass to a transaction callback.
func (m *modeler) markTxFuncs(funcs []*ssa.Function) {
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				c := call.Common()
				f := callee(c)
				if f == nil || f.Pkg() == nil {
					continue
				}
				if idx := m.txFuncArg(f); idx >= 0 {
					if lit := funcLiteral(arg(c, idx)); lit != nil {
						m.txFuncs[lit] = true
					}
				}
			}
		}
	}
}

// txFuncArg returns the index of the transaction-callback argument of f,
// from the tables or from f's summary, or -1.
func (m *modeler) txFuncArg(f *types.Func) int {
	recvPkg, recvName := recvTypeName(f)
	pkg := f.Pkg().Path()
	if recvPkg != "" {
		pkg = recvPkg
	}
	if row, ok := apis.Lookup(pkg, recvName, f.Name()); ok {
		return row.TxFuncArg
	}
	if s := m.summaryOf(f); s != nil && s.TxFuncParam >= 0 {
		return s.TxFuncParam
	}
	return -1
}

// resolvePoolsByUse marks a handle of unknown kind as autocommit when the
// same handle opens a transaction in the same or an enclosing function:
// s.db.Create(&claim) next to s.db.Transaction(func(tx *gorm.DB) ...).
//
// sqlc's q.WithTx(tx) likewise marks q as the autocommit-bound Queries.
func resolvePoolsByUse(ops []*Op, funcs []*ssa.Function) {
	openers := withTxReceivers(funcs)
	for _, op := range ops {
		if op.Kind == apis.Begin && op.Summary == nil && op.Handle.Path.Valid() {
			openers = append(openers, op.Handle)
		}
	}
	for _, op := range ops {
		if op.Handle.Kind != apis.HandleUnknown || op.Kind == apis.Begin {
			continue
		}
		for _, h := range openers {
			if h.Same(op.Handle) {
				op.Handle.Kind = apis.HandlePool
			}
		}
	}
}

// withTxReceivers returns the handles a WithTx(tx) method is called on.
func withTxReceivers(funcs []*ssa.Function) []Handle {
	var hs []Handle
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				c := call.Common()
				if f := callee(c); f != nil && f.Name() == "WithTx" {
					if r := receiver(c); r != nil {
						hs = append(hs, Handle{Path: rootPath(r)})
					}
				}
			}
		}
	}
	return hs
}
