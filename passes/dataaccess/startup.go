package dataaccess

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// Startup code cannot race with itself: a migration, a store bootstrapping
// its schema, a one-shot CLI command, or main and init before the program
// starts serving run once, before any concurrent caller or retry exists.
// The checks stay silent on them. The rules, in order:
//
//   - a package whose import path names its role as migrations, seeds,
//     bootstrap or initialisation (a path element starting with "migrat",
//     "seed", "bootstrap" or "initiali": gin-vue-admin's initialize) is
//     startup code as a whole;
//   - a function that changes the schema (CREATE/ALTER/DROP, gorm
//     AutoMigrate) or touches a migrations bookkeeping table
//     (schema_migrations, goose_db_version) is startup code;
//   - a function registered from init into a migration list
//     (goose.AddMigration(up, down), migrations.Register(fn), a func
//     stored in, appended to or keyed in a package-level slice or map named
//     for migrations) is too, and so is a func in a Migration record
//     wherever the record is built (gormigrate.New(db, opts,
//     []*gormigrate.Migration{{Migrate: ...}})): a migrator runs it once;
//   - main, init, a function named for initialising that takes no input
//     (InitDb, initBuiltInOrganization: its caller is main, in another
//     package) and the commands of a CLI (the Run/RunE/Action function
//     of a cobra or urfave/cli command, and a function a package under
//     cmd/ declares to be of a func type named for an action) are roots:
//     their statements before
//     the first one that starts serving (a go statement, Serve,
//     ListenAndServe, Start, Run, Consume, Subscribe) are startup code;
//   - a component's lifecycle start, a method named Start that launches
//     goroutines, is a root too: it runs once per component (a kubelet
//     manager, a controller), and its statements before its first go
//     statement are startup code; the Start calls of the components it
//     starts in turn do not end its startup, since they cannot re-enter it;
//   - a function named for registering, seeding or syncing whose whole
//     input is a variadic list of the module's records (a plugin's
//     RegisterMenus(menus ...SysBaseMenu)) registers definitions the code
//     hands in at start-up, and is startup code with its closures;
//   - so is one named for syncing, seeding, registering or ensuring that
//     takes the application's configuration (a parameter of a type named
//     Config) and no context or request: SyncProviderConfigToDatabase(cfg,
//     store) writes what the configuration file declares, from the serve
//     command before it listens;
//   - a function of the package that is called only from startup code, and
//     never used as a value (a handler, a goroutine, a callback stored for
//     later), is startup code.
//
// Functions of other packages called from startup code are not known to
// be startup code: a package sees its callees, not its callers.
type startup struct {
	// whole holds the functions that are startup code from entry to exit.
	whole map[*ssa.Function]bool
	// serving maps each root to the instructions from which it serves;
	// the root's instructions reachable from one of them are not startup.
	serving map[*ssa.Function][]ssa.Instruction
}

// IsStartup reports whether op runs only where no concurrent caller or
// retry can exist (see startup).
func (r *Result) IsStartup(op *Op) bool {
	return r.startup.covers(op.Instr)
}

// RunsAtStartup reports whether instr runs only where no concurrent
// caller or retry can exist (see startup).
func (r *Result) RunsAtStartup(instr ssa.Instruction) bool {
	return r.startup.covers(instr)
}

func (s *startup) covers(instr ssa.Instruction) bool {
	if s == nil {
		return false
	}
	fn := instr.Parent()
	if s.whole[fn] {
		return true
	}
	servers, isRoot := s.serving[fn]
	return isRoot && !reachableFromAny(servers, instr)
}

func findStartup(pkg *types.Package, pkgInit *ssa.Function, funcs []*ssa.Function, ops []*Op) *startup {
	s := &startup{whole: map[*ssa.Function]bool{}, serving: map[*ssa.Function][]ssa.Instruction{}}
	if isStartupPackage(pkg.Path()) {
		for _, fn := range funcs {
			s.whole[fn] = true
		}
		return s
	}
	for _, op := range ops {
		if op.Kind == apis.Schema || isMigrationTable(op.Resource.Table) {
			s.whole[op.Fn] = true
		}
	}
	for _, fn := range funcs {
		switch {
		case fn.Parent() == nil && (isInit(fn) || fn.Name() == "main" && pkg.Name() == "main" || isBootstrap(fn)):
			s.serving[fn] = servingInstrs(fn)
			if isInit(fn) {
				for _, reg := range migrationRegistrations(fn) {
					s.whole[reg] = true
				}
			}
		}
		for _, step := range migrationRecordFuncs(fn) {
			s.whole[step] = true
		}
		if registersDefinitions(fn) || syncsConfiguration(fn) {
			markWhole(s.whole, fn)
		}
		if gos := goStatements(fn); isStartMethod(fn) && len(gos) > 0 {
			s.serving[fn] = gos // a lifecycle start: it serves from its first go statement
		}
		for _, cmd := range commandFuncs(fn) {
			s.serving[cmd] = servingInstrs(cmd)
		}
	}
	// Package-level variables are initialised in the package's own init
	// (var cmdTier = &cli.Command{Action: execTierAdd}), which is not a
	// source function: its commands count all the same.
	if pkgInit != nil {
		for _, cmd := range commandFuncs(pkgInit) {
			s.serving[cmd] = servingInstrs(cmd)
		}
		for _, reg := range migrationRegistrations(pkgInit) {
			s.whole[reg] = true // var migrations = []func(*sql.DB) error{up0001}
		}
		for _, step := range migrationRecordFuncs(pkgInit) {
			s.whole[step] = true // var migrations = []*Migration{{Up: ...}}
		}
		// The literals of those initialisers are no source functions
		// either; the helpers they call are seen through them.
		funcs = append(slices.Clip(funcs), pkgInit.AnonFuncs...)
	}
	s.propagate(funcs)
	return s
}

// propagate adds the functions whose every use is a direct call from
// startup code, until nothing changes.
func (s *startup) propagate(funcs []*ssa.Function) {
	uses := map[*ssa.Function][]ssa.Instruction{}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				for _, opnd := range instr.Operands(nil) {
					if callee := ssautil.FuncValue(*opnd); callee != nil {
						uses[callee] = append(uses[callee], instr)
					}
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, fn := range funcs {
			if s.whole[fn] || len(uses[fn]) == 0 || s.serving[fn] != nil || calledFromOutside(fn) {
				continue
			}
			all := true
			for _, use := range uses[fn] {
				if !s.startupCall(use, fn) {
					all = false
					break
				}
			}
			if all {
				s.whole[fn] = true
				changed = true
			}
		}
	}
}

// calledFromOutside reports whether other packages may call fn: an
// exported function or method of a package other than main.
func calledFromOutside(fn *ssa.Function) bool {
	return fn.Parent() == nil && fn.Pkg != nil && fn.Pkg.Pkg.Name() != "main" && token.IsExported(fn.Name())
}

// startupCall reports whether use, an instruction that mentions fn, calls
// it directly (or hands it to a transaction helper that calls it at once)
// from startup code.
func (s *startup) startupCall(use ssa.Instruction, fn *ssa.Function) bool {
	if mc, ok := use.(*ssa.MakeClosure); ok {
		// A closure is a use of fn where the closure value is used.
		if mc.Fn != fn {
			return false
		}
		for _, ref := range *mc.Referrers() {
			if !s.startupCall(ref, fn) {
				return false
			}
		}
		return len(*mc.Referrers()) > 0
	}
	call, ok := use.(*ssa.Call)
	if !ok || !s.covers(call) {
		return false // stored, deferred elsewhere, started with go, returned
	}
	return RunsBeforeReturn(call, fn)
}

// RunsBeforeReturn reports whether call runs fn before it returns: it
// calls fn, or hands it to a transaction runner, which calls it then
// (db.Transaction(func(tx) error {...})). Any other callee may keep fn
// and run it later.
func RunsBeforeReturn(call *ssa.Call, fn *ssa.Function) bool {
	c := call.Common()
	if ssautil.FuncValue(c.Value) == fn {
		return true
	}
	callee := callee(c)
	return callee != nil && isTxRunner(callee)
}

// isTxRunner reports whether f runs a func argument inside a transaction
// and returns when it is done: a library's runner from the tables, or a
// method of the program's own store named for one (ds.WithTx(func(tx
// DataStore) error), InTx, RunInTransaction).
func isTxRunner(f *types.Func) bool {
	pkg, recv := recvTypeName(f)
	if pkg == "" && f.Pkg() != nil {
		pkg = f.Pkg().Path()
	}
	if row, ok := apis.Lookup(pkg, recv, f.Name()); ok {
		return row.TxFuncArg >= 0
	}
	return recv != "" && namedTxRunner(f)
}

// namedTxRunner reports whether f is named for running its func argument
// in a transaction (a word Tx or Transaction after With, In, Run or
// alone) and takes one.
func namedTxRunner(f *types.Func) bool {
	name := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(f.Name(), "Run"), "With"), "In")
	if name != "Tx" && name != "Transaction" {
		return false
	}
	params := f.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if _, ok := params.At(i).Type().Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}

// isStartMethod reports whether fn is a method named Start. One that
// launches goroutines is a component starting its background work, which
// its owner does once; one that launches nothing may be a per-request
// operation (a session's or a saga's Start) and is not a root.
func isStartMethod(fn *ssa.Function) bool {
	return fn.Name() == "Start" && fn.Signature.Recv() != nil
}

// goStatements returns fn's go statements.
func goStatements(fn *ssa.Function) []ssa.Instruction {
	var out []ssa.Instruction
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if g, ok := instr.(*ssa.Go); ok {
				out = append(out, g)
			}
		}
	}
	return out
}

func isInit(fn *ssa.Function) bool {
	return fn.Name() == "init" || strings.HasPrefix(fn.Name(), "init#")
}

// isBootstrap reports whether fn is named for initialising (InitDb,
// InitFromFile, initBuiltInOrganization) and takes nothing to act on: a
// package's own setup, which main calls from another package where this
// one cannot see it. A function that takes input (InitPayment(ctx, id))
// starts something for a caller and may serve requests.
func isBootstrap(fn *ssa.Function) bool {
	words := apis.SplitWords(fn.Name())
	return len(words) > 0 && words[0] == "init" && fn.Signature.Params().Len() == 0 && fn.Signature.Recv() == nil
}

// registersDefinitions reports whether fn is named for registering,
// seeding or syncing and its whole input is a variadic list of the
// module's records (RegisterApis(apis ...SysApi), SeedRoles(roles
// ...*Role)): definitions the code hands in, as a plugin's set-up does
// once at start-up. A request never arrives as such a list; a function
// that also takes a context, a key or a request is not one of these.
func registersDefinitions(fn *ssa.Function) bool {
	if !namedForDefinitions(fn) {
		return false
	}
	params := fn.Signature.Params()
	if !fn.Signature.Variadic() || params.Len() != 1 {
		return false
	}
	elem := params.At(0).Type().(*types.Slice).Elem()
	if _, isPtr := elem.Underlying().(*types.Pointer); !isPtr {
		elem = types.NewPointer(elem)
	}
	return isRecordPointer(elem)
}

// namedForDefinitions reports whether fn is a top-level function whose
// name starts with registering, seeding, syncing or ensuring.
func namedForDefinitions(fn *ssa.Function) bool {
	words := apis.SplitWords(fn.Name())
	return fn.Parent() == nil && len(words) > 0 && slices.Contains([]string{"register", "seed", "sync", "ensure"}, words[0])
}

// syncsConfiguration reports whether fn is named for syncing, seeding,
// registering or ensuring and takes the application's configuration (a
// value or pointer of a type named Config) with no context.Context and
// no request: the definitions a configuration file declares, written
// into the store when the program starts. A request handler's sync takes
// its context; one that also takes the configuration is not one of these.
func syncsConfiguration(fn *ssa.Function) bool {
	if !namedForDefinitions(fn) {
		return false
	}
	config := false
	params := fn.Signature.Params()
	for i := range params.Len() {
		t := params.At(i).Type()
		n := ssautil.NamedOf(t)
		if n != nil && (n.Obj().Name() == "Request" || n.Obj().Name() == "Context") {
			return false // a handler's sync: context.Context, *http.Request, gin's or echo's Context
		}
		if n != nil && n.Obj().Name() == "Config" {
			config = true
		}
	}
	return config
}

// markWhole marks fn and the function literals inside it (a
// transaction's closure) as startup code from entry to exit.
func markWhole(whole map[*ssa.Function]bool, fn *ssa.Function) {
	whole[fn] = true
	for _, anon := range fn.AnonFuncs {
		markWhole(whole, anon)
	}
}

// addCLIActions makes roots of the functions a package under a cmd/
// directory declares to be of a func type named for a CLI action or
// command, in a blank variable (GoToSocial's var _ action.GTSAction =
// Create) or a named one: the command line runs one per invocation, as
// an operator asks. A function only the syntax says this of is seen
// there: the SSA form keeps no trace of a blank variable's value.
func (s *startup) addCLIActions(pass *analysis.Pass, funcs []*ssa.Function) {
	if !slices.Contains(strings.Split(pass.Pkg.Path(), "/"), "cmd") {
		return
	}
	byObj := map[types.Object]*ssa.Function{}
	for _, fn := range funcs {
		if obj := fn.Object(); obj != nil {
			byObj[obj] = fn
		}
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.VAR {
				continue
			}
			for _, spec := range gen.Specs {
				vs := spec.(*ast.ValueSpec)
				if vs.Type == nil || !namesCLIAction(pass.TypesInfo.TypeOf(vs.Type)) {
					continue
				}
				for _, v := range vs.Values {
					id, ok := ast.Unparen(v).(*ast.Ident)
					if !ok {
						continue
					}
					if fn := byObj[pass.TypesInfo.Uses[id]]; fn != nil {
						s.serving[fn] = servingInstrs(fn)
					}
				}
			}
		}
	}
}

// namesCLIAction reports whether t is a func type named for a command
// line's action or command (GTSAction, Command, Cmd).
func namesCLIAction(t types.Type) bool {
	n := ssautil.NamedOf(t)
	if n == nil {
		return false
	}
	if _, isFunc := n.Underlying().(*types.Signature); !isFunc {
		return false
	}
	name := n.Obj().Name()
	return strings.HasSuffix(name, "Action") || strings.HasSuffix(name, "Command") || strings.HasSuffix(name, "Cmd")
}

// isStartupPackage reports whether an import path names a package whose
// role is migrations, seed data, bootstrap or initialisation.
func isStartupPackage(path string) bool {
	for _, elem := range strings.Split(strings.ToLower(path), "/") {
		for _, role := range []string{"migrat", "seed", "bootstrap", "initiali"} {
			if strings.HasPrefix(elem, role) {
				return true
			}
		}
	}
	return false
}

// isMigrationTable reports whether a normalized table name is a migration
// tool's bookkeeping table.
func isMigrationTable(table string) bool {
	return strings.Contains(table, "migration") || strings.Contains(table, "schemaversion") ||
		strings.Contains(table, "dbversion")
}

// servingNames are calls after which a program serves concurrent callers.
var servingNames = []string{"Serve", "ListenAndServe", "Start", "Run", "Consume", "Subscribe", "QueueSubscribe", "Go"}

// servingInstrs returns the instructions of fn that start serving: go
// statements and calls of server, consumer or errgroup entry points.
func servingInstrs(fn *ssa.Function) []ssa.Instruction {
	var out []ssa.Instruction
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Go:
				out = append(out, instr)
			case *ssa.Call:
				if name := calledName(instr.Common()); name != "" && hasAnyWordPrefix(name, servingNames) {
					out = append(out, instr)
				}
			}
		}
	}
	return out
}

func calledName(c *ssa.CallCommon) string {
	if c.IsInvoke() {
		return c.Method.Name()
	}
	if f := c.StaticCallee(); f != nil {
		return f.Name()
	}
	return ""
}

func hasAnyWordPrefix(name string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(name, p) && (len(name) == len(p) || name[len(p)] >= 'A' && name[len(p)] <= 'Z') {
			return true
		}
	}
	return false
}

// reachableFromAny reports whether instr can run after one of froms.
func reachableFromAny(froms []ssa.Instruction, instr ssa.Instruction) bool {
	for _, from := range froms {
		if from == instr || ssautil.Reachable(from, instr) {
			return true
		}
	}
	return false
}

// migrationRegistrations returns the functions init hands to a migration
// registry: arguments of a call whose function or package is named for
// migrations (goose.AddMigration(up, down), migrate.Register(fn)), and
// the functions of a slice or map stored into a package-level variable
// named for migrations (var migrations = map[int]func(*sql.DB) error{...},
// migrations = append(migrations, up0002)).
func migrationRegistrations(init *ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	for _, b := range init.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Call:
				f := callee(instr.Common())
				if f == nil || f.Pkg() == nil {
					continue
				}
				if !namedForMigrations(f.Name()) && !isStartupPackage(f.Pkg().Path()) {
					continue
				}
				for _, a := range instr.Common().Args {
					if fn := ssautil.FuncValue(Unwrap(a)); fn != nil {
						out = append(out, fn)
					}
				}
			case *ssa.Store:
				if g, ok := instr.Addr.(*ssa.Global); ok && namedForMigrations(g.Name()) {
					out = append(out, listedFuncs(instr.Val)...)
				}
			}
		}
	}
	return out
}

// listedFuncs returns the functions a slice or map value holds, as built
// by a composite literal or by append: the elements stored into the
// literal's backing array and the values of its map updates.
func listedFuncs(v ssa.Value) []*ssa.Function {
	if fn := ssautil.FuncValue(Unwrap(v)); fn != nil {
		return []*ssa.Function{fn}
	}
	var out []*ssa.Function
	switch v := v.(type) {
	case *ssa.Slice:
		return listedFuncs(v.X)
	case *ssa.Call:
		if b, ok := v.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			for _, a := range v.Call.Args[1:] {
				out = append(out, listedFuncs(a)...)
			}
		}
	case *ssa.Alloc:
		for _, ref := range *v.Referrers() {
			if ia, ok := ref.(*ssa.IndexAddr); ok {
				for _, st := range *ia.Referrers() {
					if st, ok := st.(*ssa.Store); ok && st.Addr == ia {
						out = append(out, listedFuncs(st.Val)...)
					}
				}
			}
		}
	case *ssa.MakeMap:
		for _, ref := range *v.Referrers() {
			if up, ok := ref.(*ssa.MapUpdate); ok && up.Map == v {
				out = append(out, listedFuncs(up.Value)...)
			}
		}
	}
	return out
}

// migrationRecordFuncs returns the functions fn stores into a migration
// record (&Migration{Up: func...}), whichever registry, list or migrator
// the record is then given to.
func migrationRecordFuncs(fn *ssa.Function) []*ssa.Function {
	return funcsStoredInFields(fn, func(fa *ssa.FieldAddr) bool {
		n := ssautil.NamedOf(fa.X.Type())
		return n != nil && namedForMigrations(n.Obj().Name())
	})
}

func namedForMigrations(name string) bool {
	return strings.Contains(strings.ToLower(name), "migrat")
}

// commandFields are the fields of a CLI command struct that hold the
// function running the command.
var commandFields = map[string]bool{
	"Run": true, "RunE": true, "PreRun": true, "PreRunE": true,
	"PersistentPreRun": true, "PersistentPreRunE": true, "Action": true, "Before": true,
}

// commandFuncs returns the functions fn stores into the Run/RunE/Action
// fields of a cobra or urfave/cli command.
func commandFuncs(fn *ssa.Function) []*ssa.Function {
	return funcsStoredInFields(fn, func(fa *ssa.FieldAddr) bool {
		st, ok := derefNamedStruct(fa.X.Type())
		return ok && isCLIPackage(st) && commandFields[st.Underlying().(*types.Struct).Field(fa.Field).Name()]
	})
}

// funcsStoredInFields returns the functions fn stores into the struct
// fields that field accepts.
func funcsStoredInFields(fn *ssa.Function, field func(*ssa.FieldAddr) bool) []*ssa.Function {
	var out []*ssa.Function
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			store, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			fa, ok := store.Addr.(*ssa.FieldAddr)
			if !ok || !field(fa) {
				continue
			}
			if f := ssautil.FuncValue(Unwrap(store.Val)); f != nil {
				out = append(out, f)
			}
		}
	}
	return out
}

func derefNamedStruct(t types.Type) (*types.Named, bool) {
	n := ssautil.NamedOf(t)
	if n == nil {
		return nil, false
	}
	_, ok := n.Underlying().(*types.Struct)
	return n, ok
}

func isCLIPackage(n *types.Named) bool {
	if n.Obj().Pkg() == nil {
		return false
	}
	p := n.Obj().Pkg().Path()
	return strings.Contains(p, "spf13/cobra") || strings.Contains(p, "urfave/cli")
}
