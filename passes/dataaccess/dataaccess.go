package dataaccess

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/analysis/passes/ctrlflow"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/sqlclass"
)

var Analyzer = &analysis.Analyzer{
	Name: "dataaccess",
	Doc:  "classify data-access calls and export wrapper facts (helper pass; reports nothing)",
	URL:  "https://github.com/idemvet/idemvet/tree/main/passes/dataaccess",
	// Not buildssa: SSA is built here, and only for packages that pass the
	// fast path or whose later pass asks for it (Result.SSA), so that the
	// standard library and packages without data access cost no SSA.
	// buildssa's own requirement, ctrlflow, is cheap and kept.
	Requires:   []*analysis.Analyzer{ctrlflow.Analyzer},
	ResultType: reflect.TypeOf((*Result)(nil)),
	FactTypes:  []analysis.Fact{(*Summary)(nil), (*FieldWrites)(nil), (*FieldWritesKnown)(nil), (*PredicateField)(nil), (*ModelTable)(nil)},
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
	// Latest is set for a read that takes the newest row of those it
	// matches (ORDER BY created_at DESC LIMIT 1, bun's Order("... DESC")
	// with Limit(1), gorm's Last).
	Latest bool
	// FromRequest is set for the read of a record a middleware kept in the
	// request's context (see fromRequestRecord).
	FromRequest bool
	// StatementLock is set instead of Locks for a row or transaction lock
	// taken on a handle in autocommit mode (a pool's FOR UPDATE): the
	// statement is its own transaction, and the lock ends with it.
	StatementLock bool
	// StateGuard is set for an update that changes the row only from the
	// state the caller expects (UPDATE ... WHERE id = $1 AND status =
	// 'pending', gorm Where("status = ?", old).Update), or a wrapper whose
	// every write is one: rows affected tells who made the transition.
	StateGuard bool
	// Overwrites is set for a conditional insert that updates the row a
	// conflict finds (see overwrites.go): no second row, but no winner.
	Overwrites bool
	// ConflictColumns is the ON CONFLICT target a builder's clause names
	// (bun's On("CONFLICT (id) DO NOTHING")), when the op has no SQL text
	// of its own to read it from.
	ConflictColumns string
	// ConflictClause is the gorm clause.OnConflict value a conditional
	// insert was given, which Overwrites was read from; a helper that takes
	// it from its caller (set(key, v, clauses)) leaves the choice to the
	// caller's argument (see overwrites.go).
	ConflictClause ssa.Value
	// SelectsByState is set for a read whose ORM condition tests a column
	// that is not a key (Where("sent_at IS NULL"), And("is_delivered =
	// ?", false)): the rows it returns are picked by their state.
	SelectsByState bool
	// TableHole is the string parameter of the function (or of the
	// function around a closure) that the SQL text names its table with
	// (`"SELECT ... FROM " + table + " WHERE ..."`), or the interface
	// parameter an ORM chain takes its model from (Model(table)), or nil:
	// the caller's constant or model value names the table (see
	// Summary.TableArg).
	TableHole *ssa.Parameter
	// Condition is the WHERE text of an ORM chain, when visible: its
	// Where and And calls and a gorm finisher's inline condition
	// (First(&rec, "idempotency_key = ?", k)), joined by AND.
	Condition string
	// SetColumns are the columns an UPDATE's SQL text assigns, lower-cased
	// (see sqlclass.UpdatedColumns): all it writes of the row.
	SetColumns []string
	// Isolation is the level a Begin or SET TRANSACTION asks for.
	Isolation string
	// TxFunc is the function literal a Begin-with-callback call runs
	// inside the transaction (gorm Transaction, pgx.BeginFunc, bun RunInTx).
	TxFunc *ssa.Function
	// Summary is set when the callee is a wrapper known through its fact.
	Summary *Summary
	// StoredKey is set on a plain insert that stores every column of a
	// unique key its table declares (see storedkey.go).
	StoredKey *StoredKey
	// UnkeyedInsert is set on a plain insert into a table the schema
	// declares without a unique key the insert stores completely: every
	// run adds a row (see storedkey.go).
	UnkeyedInsert bool
}

// Pos is the position of the operation.
func (op *Op) Pos() token.Pos {
	if c, ok := op.Instr.(ssa.CallInstruction); ok {
		return c.Pos()
	}
	return op.Instr.Pos()
}

// Statement returns the SQL statement the operation runs: its SQL text's,
// or for an ORM read (gorm Where("token = ?", t).First(&rec)) the SELECT
// its condition describes; nil when neither is visible.
func (op *Op) Statement() *sqlclass.Statement {
	if op.SQL != nil || op.Condition == "" || op.Kind != apis.Read && op.Kind != apis.Exists {
		return op.SQL
	}
	table := op.Resource.Table
	if table == "" {
		table = "unnamed"
	}
	described := sqlclass.Classify("SELECT * FROM " + table + " WHERE " + op.Condition)
	return &described
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
	// ssa is the package's SSA form, built on first use; see SSA.
	ssa func() *buildssa.SSA
	// ssaBuilt records that ssa ran, for the fast path's test.
	ssaBuilt atomic.Bool
	// modelled is set when the package passed the fast path.
	modelled bool
	// startup tells which code runs before any concurrent caller exists.
	startup *startup
	// summaryOf finds a function's summary, local or imported as a fact.
	summaryOf func(*types.Func) *Summary
	// fieldWritesOf finds what a function assigns in its records; see
	// FieldWritesOf.
	fieldWritesOf func(*types.Func) (*FieldWrites, bool)
	// predicateFieldOf finds the field a record's predicate tests; see
	// PredicateFieldOf.
	predicateFieldOf func(*types.Func) string
	// cuts are the functions whose summaries a budget stopped.
	cuts passutil.Cuts
	// dir is the package's directory, from which the module's other Go
	// files are read (see SentinelTestedElsewhere).
	dir string
	// schemas are the tables the package declares; see TableSchema.
	schemas packageSchemas
}

// Cuts returns the functions whose modelling stopped at a budget: what
// the model says of them, and of their callers, may be short.
func (r *Result) Cuts() []passutil.Cut { return r.cuts.List() }

// SummaryOf returns what the model knows of a function it has not seen
// called (a task function registered by name, a handler passed as a
// value): its summary from this package or its package's fact, or nil.
func (r *Result) SummaryOf(f *types.Func) *Summary {
	if r.summaryOf == nil || f == nil {
		return nil
	}
	return r.summaryOf(f.Origin())
}

// Modelled reports whether the model looked at the package's code: it
// passed the fast path, so its SSA form is built already.
func (r *Result) Modelled() bool { return r.modelled }

// SSA returns the package's SSA form as buildssa builds it. The model
// builds it only when the package passes its fast path; a later pass
// with a fast path of its own (acks, key sources) builds it through this
// call, once, however many passes ask and from whichever goroutine.
func (r *Result) SSA() *buildssa.SSA { return r.ssa() }

func run(pass *analysis.Pass) (any, error) {
	res := &Result{
		ByInstr: map[ssa.Instruction]*Op{},
		ByFunc:  map[*ssa.Function][]*Op{},
		dir:     packageDir(pass),
		schemas: newPackageSchemas(pass),
	}
	res.ssa = sync.OnceValue(func() *buildssa.SSA {
		res.ssaBuilt.Store(true)
		return buildSSA(pass)
	})
	if passutil.IsDependencyCode(pass) {
		return res, nil
	}
	res.predicateFieldOf = exportPredicateFields(pass)
	exportModelTables(pass)
	if !mayAccessData(pass) {
		return res, nil
	}
	res.modelled = true
	ssainfo := res.SSA()
	defer loadSQLFiles(pass)()
	m := &modeler{pass: pass, local: map[*types.Func]*Summary{}, fields: collectSQLFields(pass.Pkg, ssainfo.SrcFuncs),
		prepared:  collectPreparedFields(pass.Pkg, ssainfo.SrcFuncs),
		sqlParams: map[*ssa.Function]sqlParamUse{}, tables: importModelTables(pass), schema: res.TableSchema}
	res.summaryOf = m.summaryOf
	// Summaries of functions in this package feed classification of calls
	// to them from the same package: summarise callees first.
	m.findTxFuncs(ssainfo.SrcFuncs)
	sccs := bottomUp(ssainfo.SrcFuncs)
	for _, scc := range sccs {
		m.summarizeSCC(scc)
	}
	// Classify every operation against the final summaries. A callback
	// passed by name (db.Transaction(doWork)) may have been summarised
	// before the call that runs it in a transaction, and a cycle cut at
	// maxSCCRounds has not settled: if a summary still changes, go round
	// again. One that changes in the last round was not seen by its
	// callers: a cut.
	var changed []*ssa.Function
	for round := 0; round < classifyRounds; round++ {
		m.findTxFuncs(ssainfo.SrcFuncs)
		res.Ops = m.opsOf(ssainfo.SrcFuncs)
		if changed = m.summarize(ssainfo.SrcFuncs, res.Ops); len(changed) == 0 {
			break
		}
	}
	for _, fn := range changed {
		res.cuts.Add(fn.Pos(), fmt.Sprintf("summary rounds %d", maxSCCRounds+classifyRounds))
	}
	resolvePoolsByUse(res.Ops, ssainfo.SrcFuncs)
	dropStatementLocks(res.Ops)
	res.startup = findStartup(pass.Pkg, ssainfo.Pkg.Func("init"), ssainfo.SrcFuncs, res.Ops)
	res.startup.addCLIActions(pass, ssainfo.SrcFuncs)
	for _, op := range res.Ops {
		res.ByInstr[op.Instr] = op
		res.ByFunc[op.Fn] = append(res.ByFunc[op.Fn], op)
	}
	m.exportFacts()
	m.summarizeFieldWrites(sccs, res.ByFunc)
	res.fieldWritesOf = m.fieldWritesOf
	return res, nil
}

// mayAccessData is the fast path: a package that imports none of the
// libraries the tables know (net/http and sync count only where it calls
// a function of theirs that a row names) and calls none of them through
// another package's re-exported types, refers to no function with a
// summary fact, calls no interface method by a name the model knows, and
// names no flagged function has nothing to model.
func mayAccessData(pass *analysis.Pass) bool {
	if extraNames.any() {
		return true
	}
	for _, imp := range pass.Pkg.Imports() {
		if !apis.KnownByCall(imp.Path()) && apis.KnownPackage(imp.Path()) || importsPath(imp, apis.EntPkg) {
			return true
		}
	}
	if callsKnownByCall(pass) || callsKnownLibrary(pass) {
		return true
	}
	if passutil.RefersToFactObject(pass, isSummary) {
		return true
	}
	return callsNamedInterfaceMethod(pass) || usesBusDispatch(pass)
}

// isSummary reports whether a fact is a Summary: a call of a function
// with only a FieldWrites fact (a setter) accesses no data.
func isSummary(f analysis.Fact) bool {
	_, ok := f.(*Summary)
	return ok
}

// callsKnownByCall reports whether the package refers to a function or
// method of a package known only by its calls (apis.KnownByCall) that a
// table row names: http.Post, a client's Do, sync.Map's Load. A handler
// that only reads its request, or a mutex, is no data access.
func callsKnownByCall(pass *analysis.Pass) bool {
	for _, obj := range pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() == nil || !apis.KnownByCall(fn.Pkg().Path()) {
			continue
		}
		_, recv := recvTypeName(fn)
		if _, known := apis.Lookup(fn.Pkg().Path(), recv, fn.Name()); known {
			return true
		}
	}
	return false
}

// callsKnownLibrary reports whether the package calls a function or
// method of a library the tables know without importing it: through
// types another package of the module re-exports (outpost's
// internal/redis, whose Cmdable is go-redis's), the calls are the
// library's all the same. Skipping such a package would answer "clean"
// for a store the analysis never read.
func callsKnownLibrary(pass *analysis.Pass) bool {
	for _, obj := range pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if ok && fn.Pkg() != nil && fn.Pkg() != pass.Pkg && !apis.KnownByCall(fn.Pkg().Path()) && apis.KnownPackage(fn.Pkg().Path()) {
			return true
		}
	}
	return false
}

// callsNamedInterfaceMethod reports whether the package refers to a method
// of an interface whose name the model understands (ExistsByKey, GetUser,
// Send, Del): calls through repository, cache, mailer and payment
// interfaces are classified by method name. Declaring such an interface,
// or importing a package that does, models nothing. Nor does calling an
// SDK client's interface (sdkClientInterface): it names the client's
// operations, not a store of the user's, and each package that calls its
// client through it would build its SSA form for nothing.
func callsNamedInterfaceMethod(pass *analysis.Pass) bool {
	for _, obj := range pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || !passutil.IsInterfaceMethod(fn) || passutil.InStandardLibrary(pass.Fset, fn.Pos()) ||
			sdkClientInterface(pass, fn) {
			continue
		}
		name := fn.Name()
		if apis.ByName(name) != apis.None || apis.IsLookupName(name) || apis.IsEffectName(name) || apis.IsCountName(name) ||
			apis.IsPresenceTestName(name) || apis.IsAvailabilityTestName(name) || apis.IsMarkerName(name) {
			return true
		}
	}
	return false
}

// sdkClientMethods is the size from which a third-party interface is
// taken for the mockable interface of an SDK's client (aws-sdk-go's
// s3iface.S3API declares hundreds of operations, GetObject and PutObject
// among them) rather than a store abstraction a library offers its users
// (a cache's Get/Set/Del, a handful of methods).
const sdkClientMethods = 32

// sdkClientInterface reports whether fn is a method of an interface a
// third-party module declares with at least sdkClientMethods methods.
func sdkClientInterface(pass *analysis.Pass, fn *types.Func) bool {
	if !passutil.IsThirdParty(pass.Fset.Position(fn.Pos()).Filename, nil) {
		return false
	}
	iface := declaringInterface(fn)
	return iface != nil && iface.NumMethods() >= sdkClientMethods
}

type modeler struct {
	pass  *analysis.Pass
	local map[*types.Func]*Summary // summaries of this package's functions
	// impls finds the module's implementations of its interfaces; built
	// on first use.
	impls *implementations
	// fields holds the SQL the package keeps in struct fields.
	fields *sqlFields
	// prepared holds the SQL of the statements the package prepares into
	// struct fields.
	prepared preparedStatements
	// txFuncs are the function literals run inside a transaction callback.
	txFuncs map[*ssa.Function]bool
	// fieldWrites are what this package's functions assign in the
	// records they are passed (see FieldWrites).
	fieldWrites map[*types.Func]*FieldWrites
	// sqlParams are the query wrappers: the functions that run a
	// parameter as SQL text (see noteSQLParam).
	sqlParams map[*ssa.Function]sqlParamUse
	// libraryImpls caches, per interface of the application's, the library
	// types that implement it (see fromLibraryInterface).
	libraryImpls map[*types.Interface][]*types.Named
	// tables names the tables of models with a TableName by the model.
	tables tableAliases
	// schema answers what the module's schema says of a table.
	schema func(table string) SchemaAnswer
}

// summarizeSCC summarises the functions of one strongly connected
// component of the call graph, their literals included, until their
// summaries are stable; a function that is no cycle needs one round, its
// callees being final. The literals run in transactions are marked again
// each round, as a summary may say a callee runs its callback in one.
func (m *modeler) summarizeSCC(scc component) {
	var funcs []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		funcs = append(funcs, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	for _, fn := range scc.funcs {
		add(fn)
	}
	for round := 0; round < maxSCCRounds; round++ {
		m.markTxFuncs(funcs)
		if len(m.summarize(funcs, m.opsOf(funcs))) == 0 || !scc.cyclic {
			return
		}
	}
}

// maxSCCRounds bounds the iteration within one component: summaries
// change little from round to round, and a cycle that keeps changing
// them is cut off rather than run forever. A summary moves one call
// along a cycle per round; casdoor's object package has a cycle that
// settles in 13 rounds. classifyRounds bounds the
// rounds over the whole package that follow; a summary that still
// changes after both is recorded as a cut (Result.Cuts).
const (
	maxSCCRounds   = 16
	classifyRounds = 4
)

func (m *modeler) opsOf(funcs []*ssa.Function) []*Op {
	var ops []*Op
	for _, fn := range funcs {
		ops = append(ops, m.functionOps(fn)...)
	}
	return ops
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
