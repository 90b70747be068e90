package dataaccess

import (
	"go/build"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/sqlclass"
)

var Analyzer = &analysis.Analyzer{
	Name:       "dataaccess",
	Doc:        "classify data-access calls and export wrapper facts (helper pass; reports nothing)",
	URL:        "https://github.com/idemvet/idemvet/tree/main/passes/dataaccess",
	Requires:   []*analysis.Analyzer{buildssa.Analyzer},
	ResultType: reflect.TypeOf((*Result)(nil)),
	FactTypes:  []analysis.Fact{(*Summary)(nil)},
	Run:        run,
}

// Op is one classified operation.
type Op struct {
	Kind  apis.Kind
	Instr ssa.Instruction // the call, or a map *ssa.Lookup / *ssa.MapUpdate
	Fn    *ssa.Function   // the function containing Instr
	// Callee is the called function or method; nil for map operations and
	// calls through func values.
	Callee *types.Func
	// Handle is the database or store the operation runs on.
	Handle Handle
	// Resource names what the operation touches; see SameResource.
	Resource Resource
	// SQL is the classified statement when the SQL text is visible.
	SQL *sqlclass.Statement
	// Locks is set when the operation also takes a lock held to the end of
	// its transaction (SELECT ... FOR UPDATE, gorm clause.Locking, bun For).
	Locks bool
	// StateGuard is set for an update that changes the row only from the
	// state the caller expects (UPDATE ... WHERE id = $1 AND status =
	// 'pending', gorm Where("status = ?", old).Update), or a wrapper whose
	// every write is one: rows affected tells who made the transition.
	StateGuard bool
	// Isolation is the level a Begin or SET TRANSACTION asks for.
	Isolation string
	// TxFunc is the function literal a Begin-with-callback call runs
	// inside the transaction (gorm Transaction, pgx.BeginFunc, bun RunInTx).
	TxFunc *ssa.Function
	// Summary is set when the callee is a wrapper known through its fact.
	Summary *Summary
}

// Pos is the position of the operation.
func (op *Op) Pos() token.Pos {
	if c, ok := op.Instr.(ssa.CallInstruction); ok {
		return c.Pos()
	}
	return op.Instr.Pos()
}

// Call returns the call of the operation, or nil for a map operation.
func (op *Op) Call() *ssa.CallCommon {
	if c, ok := op.Instr.(ssa.CallInstruction); ok {
		return c.Common()
	}
	return nil
}

// Result is the model of one package.
type Result struct {
	Ops     []*Op
	ByInstr map[ssa.Instruction]*Op
	ByFunc  map[*ssa.Function][]*Op
	// SSA is the package's SSA form, as built by buildssa.
	SSA *buildssa.SSA
	// startup tells which code runs before any concurrent caller exists.
	startup *startup
}

func run(pass *analysis.Pass) (any, error) {
	ssainfo := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
	res := &Result{
		ByInstr: map[ssa.Instruction]*Op{},
		ByFunc:  map[*ssa.Function][]*Op{},
		SSA:     ssainfo,
	}
	if !mayAccessData(pass) {
		return res, nil
	}
	m := &modeler{pass: pass, local: map[*types.Func]*Summary{}}
	defer loadSQLFiles(pass)()
	// Summaries of functions in this package feed classification of calls
	// to them from the same package; iterate until they are stable (call
	// chains inside one package are short, so a few rounds suffice).
	for round := 0; round < 4; round++ {
		m.findTxFuncs(ssainfo.SrcFuncs)
		res.Ops = res.Ops[:0]
		for _, fn := range ssainfo.SrcFuncs {
			res.Ops = append(res.Ops, m.functionOps(fn)...)
		}
		if !m.summarize(ssainfo.SrcFuncs, res.Ops) {
			break
		}
	}
	resolvePoolsByUse(res.Ops, ssainfo.SrcFuncs)
	res.startup = findStartup(pass.Pkg, ssainfo.Pkg.Func("init"), ssainfo.SrcFuncs, res.Ops)
	for _, op := range res.Ops {
		res.ByInstr[op.Instr] = op
		res.ByFunc[op.Fn] = append(res.ByFunc[op.Fn], op)
	}
	m.exportFacts()
	return res, nil
}

// mayAccessData is the fast path: a package that imports none of the
// libraries the tables know, no package with wrapper facts, and names no
// flagged function has nothing to model.
func mayAccessData(pass *analysis.Pass) bool {
	if extraNames.any() {
		return true
	}
	for _, imp := range pass.Pkg.Imports() {
		if apis.KnownPackage(imp.Path()) || importsPath(imp, apis.EntPkg) {
			return true
		}
	}
	if len(pass.AllObjectFacts()) > 0 {
		return true
	}
	// Repository, mailer and payment interfaces, declared here or in a
	// package this one imports, are classified by method name.
	if declaresNamedInterface(pass.Pkg) {
		return true
	}
	for _, imp := range pass.Pkg.Imports() {
		if !inGOROOT(pass.Fset, imp) && declaresNamedInterface(imp) {
			return true
		}
	}
	return false
}

// inGOROOT reports whether pkg is part of the standard library, by where
// its declarations are (flag.Getter's Get is no repository lookup).
func inGOROOT(fset *token.FileSet, pkg *types.Package) bool {
	for _, name := range pkg.Scope().Names() {
		if pos := pkg.Scope().Lookup(name).Pos(); fset.File(pos) != nil {
			return posInGOROOT(fset, pos)
		}
	}
	return false
}

// posInGOROOT reports whether pos lies in the standard library's source.
func posInGOROOT(fset *token.FileSet, pos token.Pos) bool {
	f := fset.File(pos)
	return f != nil && strings.HasPrefix(f.Name(), filepath.Join(build.Default.GOROOT, "src")+string(filepath.Separator))
}

// declaresNamedInterface reports whether pkg declares an interface with a
// method whose name the model understands (ExistsByKey, GetUser, Send).
func declaresNamedInterface(pkg *types.Package) bool {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		iface, ok := scope.Lookup(name).Type().Underlying().(*types.Interface)
		if !ok {
			continue
		}
		for i := 0; i < iface.NumMethods(); i++ {
			m := iface.Method(i).Name()
			if apis.ByName(m) != apis.None || apis.IsLookupName(m) || apis.IsEffectName(m) {
				return true
			}
		}
	}
	return false
}

type modeler struct {
	pass  *analysis.Pass
	local map[*types.Func]*Summary // summaries of this package's functions
	// txFuncs are the function literals run inside a transaction callback.
	txFuncs map[*ssa.Function]bool
}

func (m *modeler) functionOps(fn *ssa.Function) []*Op {
	var ops []*Op
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if op := m.classify(fn, instr); op != nil {
				ops = append(ops, op)
			}
		}
	}
	return ops
}
