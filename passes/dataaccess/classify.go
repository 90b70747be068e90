package dataaccess

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/sqlclass"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// classify returns the operation instr performs, or nil.
func (m *modeler) classify(fn *ssa.Function, instr ssa.Instruction) *Op {
	switch instr := instr.(type) {
	case *ssa.Lookup:
		m, isMap := instr.X.Type().Underlying().(*types.Map)
		if !isMap || isDispatchLookup(instr) {
			return nil // a backend's table of functions holds no data
		}
		kind := apis.None
		switch {
		case instr.CommaOk:
			kind = apis.Exists // _, ok := m[k]
		case ssautil.IsBool(m.Elem()):
			kind = apis.Exists // done := m[k], a set of markers
		case isNilable(m.Elem()):
			kind = apis.Read // v := m[k]; if v == nil
		}
		if kind != apis.None {
			return &Op{Kind: kind, Instr: instr, Fn: fn,
				Resource: Resource{Container: rootPath(instr.X), Key: instr.Index}}
		}
	case *ssa.MapUpdate:
		return &Op{Kind: apis.Insert, Instr: instr, Fn: fn,
			Resource: Resource{Container: rootPath(instr.Map), Key: instr.Key}}
	case ssa.CallInstruction:
		op := m.classifyCall(fn, instr)
		if op != nil {
			op.Resource.Table = m.tables.canonical(op.Resource.Table)
			for i, t := range op.Resource.Tables {
				op.Resource.Tables[i] = m.tables.canonical(t)
			}
		}
		return op
	}
	return nil
}

func isNilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface:
		return true
	}
	return false
}

// Callee returns the function or method a call statically names: the
// concrete callee (its generic origin), the interface method of an invoke,
// or nil for calls through func values.
func Callee(c *ssa.CallCommon) *types.Func { return callee(c) }

func callee(c *ssa.CallCommon) *types.Func {
	if c.IsInvoke() {
		return c.Method
	}
	if f := c.StaticCallee(); f != nil {
		if obj, ok := f.Object().(*types.Func); ok {
			return obj.Origin()
		}
	}
	return nil
}

// receiver returns the receiver value of a method call, or nil.
func receiver(c *ssa.CallCommon) ssa.Value {
	if c.IsInvoke() {
		return c.Value
	}
	if f := c.StaticCallee(); f != nil && f.Signature.Recv() != nil && len(c.Args) > 0 {
		return c.Args[0]
	}
	return nil
}

// boundReceiver returns the receiver a method value was bound to when
// the call goes through one (exec := db.ExecContext; exec(...)), or nil.
// The call's arguments are then the method's, with no receiver first.
func boundReceiver(c *ssa.CallCommon) ssa.Value {
	mc, ok := c.Value.(*ssa.MakeClosure)
	if !ok || len(mc.Bindings) != 1 {
		return nil
	}
	if fn, ok := mc.Fn.(*ssa.Function); ok && strings.HasPrefix(fn.Synthetic, "bound method wrapper") {
		return mc.Bindings[0]
	}
	return nil
}

// arg returns the value a call passes for the i'th parameter of the
// callee, receiver excluded: the one parameter-index convention of the
// tables and the summaries. A static method call carries its receiver
// first among the arguments; an invoke and a call of a bound method value
// carry it apart.
func arg(c *ssa.CallCommon, i int) ssa.Value {
	if i < 0 {
		return nil
	}
	if receiver(c) != nil && !c.IsInvoke() {
		i++
	}
	if i >= len(c.Args) {
		return nil
	}
	return c.Args[i]
}

// recvTypeName returns the package path and name of a method's receiver
// type ("" for functions and unnamed receivers).
func recvTypeName(f *types.Func) (pkg, name string) {
	sig := f.Type().(*types.Signature)
	if sig.Recv() == nil {
		return "", ""
	}
	if n := ssautil.NamedOf(sig.Recv().Type()); n != nil && n.Obj().Pkg() != nil {
		return n.Obj().Pkg().Path(), n.Obj().Name()
	}
	return "", ""
}

func (m *modeler) classifyCall(fn *ssa.Function, instr ssa.CallInstruction) *Op {
	c := instr.Common()
	f := callee(c)
	if f == nil {
		if op := m.fromDispatchTable(fn, instr); op != nil {
			return op
		}
		return m.fromFuncValue(fn, instr)
	}
	if f.Pkg() == nil || apis.IsInstrumentation(f.Pkg().Path()) {
		return nil
	}
	op := &Op{Instr: instr, Fn: fn, Callee: f}
	call, isCall := instr.(*ssa.Call)
	recvPkg, recvName := recvTypeName(f)
	pkgPath := f.Pkg().Path()
	if recvPkg != "" {
		pkgPath = recvPkg
	}
	row, known := apis.Lookup(pkgPath, recvName, f.Name())
	if !known && recvPkg != "" && recvPkg != f.Pkg().Path() {
		row, known = apis.Lookup(f.Pkg().Path(), recvName, f.Name())
	}
	switch {
	case extraNames.kind(f) != apis.None:
		m.fromName(op, c, extraNames.kind(f))
	case known:
		m.fromRow(op, c, row)
	case isCall && fromRequestRecord(op, call, f):
	case apis.BuilderPart(pkgPath, recvName, f.Name()) != apis.PartNone:
		return nil // a step of a chain (dbx's Builder.Update on an interface): its terminal call runs it
	case m.fromEnt(op, c, recvName):
	case m.fromQueuePush(op, c, f):
	case m.fromSummary(op, c, f):
	// SQL text handed to a driver-shaped interface (sqlc's DBTX) says what
	// runs; the module's implementations of it (a tracing or replica
	// wrapper) only forward the text they cannot see.
	case c.IsInvoke() && m.fromSQLInterface(op, c, f):
	case m.fromImplementations(op, c, f):
	case c.IsInvoke() && m.fromLibraryInterface(op, c, f):
	case m.fromBusMessage(op, c, f):
	case interfaceReceiver(c) != nil && m.fromUnseenImplementations(op, c, f):
	case interfaceReceiver(c) != nil && m.fromInterfaceName(op, c, f):
	default:
		return nil
	}
	return m.completed(op, instr)
}

// completed returns op, a call classified from its callee, with what
// follows from its kind filled in, or nil when it does nothing the
// checks look at.
func (m *modeler) completed(op *Op, instr ssa.CallInstruction) *Op {
	c := instr.Common()
	if op.Kind == apis.None || op.Kind == apis.Effect && sendsSafeMethod(c) {
		return nil
	}
	if op.Kind == apis.Insert && op.SQL == nil && answersNoRows(instr) {
		op.Kind = apis.CondInsert
	}
	op.StoredKey = m.storedKey(op)
	op.UnkeyedInsert = m.unkeyedInsert(op)
	return op
}

// fromDispatchTable classifies a call through a backend's table of
// functions by what the functions it may reach share (see
// dispatchTargets).
func (m *modeler) fromDispatchTable(fn *ssa.Function, instr ssa.CallInstruction) *Op {
	c := instr.Common()
	targets := dispatchTargets(c)
	if len(targets) == 0 {
		return nil
	}
	s := m.dispatchSummary(targets)
	if s == nil {
		return nil
	}
	op := &Op{Instr: instr, Fn: fn, Callee: targets[0].Object().(*types.Func).Origin()}
	m.applySummary(op, c, s)
	return m.completed(op, instr)
}

// answersNoRows reports whether the caller of an insert tests its error
// for ErrNoRows. Only a conditional insert that returns its row (INSERT
// ... ON CONFLICT DO NOTHING RETURNING id) answers "no rows": the row was
// there already. Dendrite's state-key table insert is such a statement
// behind an interface whose implementation is not in reach, and its
// caller reads the row again when it hears it.
func answersNoRows(instr ssa.CallInstruction) bool {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	for _, e := range ssautil.ErrorResults(call) {
		for _, ref := range *e.Referrers() {
			if tested, g, ok := ComparedWithGlobal(ref); ok && tested == e && g.Name() == "ErrNoRows" {
				return true
			}
		}
	}
	return false
}

// fromRow fills op from a library table row.
func (m *modeler) fromRow(op *Op, c *ssa.CallCommon, row apis.Method) {
	op.Kind = row.Kind
	recv := receiver(c)
	if recv == nil {
		recv = boundReceiver(c) // exec := db.ExecContext; exec(ctx, q)
	}
	if row.TxFuncArg >= 0 {
		op.TxFunc = funcLiteral(arg(c, row.TxFuncArg))
		if recv == nil { // pgx.BeginFunc(ctx, db, fn): the db is argument 1
			recv = arg(c, 1)
		}
	}
	op.Handle = m.handleOf(recv)
	if row.KeyArg >= 0 {
		op.Resource.Key = arg(c, row.KeyArg)
		// A variadic key list with one key (redis Del(ctx, key)) is that key.
		if keys := variadicElems(op.Resource.Key); len(keys) == 1 {
			op.Resource.Key = keys[0]
		}
		op.Resource.Container = rootPath(recv)
	}
	switch {
	case row.Kind == apis.FromCommand:
		m.fromCommand(op, c, row, recv)
	case row.SQLArg == apis.BuiltSQL:
		m.fromBuilder(op, recv)
	case row.Kind == apis.FromSQL:
		sqlArg := arg(c, row.SQLArg)
		if elems := variadicElems(sqlArg); len(elems) > 0 {
			sqlArg = elems[0] // xorm's Exec(sqlOrArgs ...any): the text comes first
		}
		if row.SQLArg == apis.PreparedSQL {
			if text, ok := m.taggedStatement(recv); ok {
				op.setSQL(text)
				break
			}
			if stmt, tx := statementOn(recv); stmt != nil {
				if text, ok := m.statementText(stmt); ok {
					op.setSQL(text)
					if tx != nil {
						op.Handle = m.handleOf(tx)
					}
					break
				}
			}
			prep := preparingCall(recv)
			if prep == nil {
				op.Kind = apis.None
				return
			}
			sqlArg = firstStringArg(prep)
			op.Handle = m.handleOf(receiver(prep))
		}
		if !m.classifyText(op, sqlArg) {
			return
		}
	}
	if row.Kind == apis.Begin {
		op.Isolation = isolationOption(c)
	}
	m.readChain(op, recv)
	if apis.IsGorm(row.Pkg) && row.Name == "Last" {
		op.Latest = true // ORDER BY the primary key DESC LIMIT 1
	}
	if apis.IsGorm(row.Pkg) && (op.Kind == apis.Read || op.Kind == apis.Exists) {
		if conds := variadicElems(arg(c, 1)); len(conds) > 0 {
			if s, ok := sqlText(conds[0]); ok { // db.First(&rec, "key = ?", k)
				op.addCondition(s)
			}
		}
	}
	m.readDocument(op, c, row, recv)
	if apis.SaveUpserts(row.Pkg) && row.Name == "Save" && !isNewRecord(arg(c, 0), "Save") {
		// Save of a record whose primary key is set, or may be, is an
		// upsert (INSERT ... ON CONFLICT DO UPDATE SET ...): not a plain
		// insert that a concurrent twin can duplicate.
		op.Kind = apis.CondInsert
	}
	// A gorm or bun write names its model in an argument: db.Create(&order).
	// Document stores name their collection instead (readDocument).
	if op.Resource.Table == "" && op.Resource.Key == nil && op.Kind != apis.Begin && !apis.IsMongo(row.Pkg) && !apis.IsDynamoDB(row.Pkg) {
		for i := 0; arg(c, i) != nil; i++ {
			if t := modelName(arg(c, i)); t != "" {
				op.Resource.Table = t
				break
			}
		}
	}
}

// setStatement fills op from the classified SQL statement it runs.
// setSQL classifies the statement op runs from its text.
func (op *Op) setSQL(text string) {
	op.setStatement(sqlclass.Classify(text))
	if op.SQL.Kind == sqlclass.Update {
		op.SetColumns = sqlclass.UpdatedColumns(text)
	}
}

func (op *Op) setStatement(st sqlclass.Statement) {
	op.SQL = &st
	op.Kind = kindOfStatement(st)
	op.Locks = st.ForUpdate || st.AdvisoryXactLock || st.AdvisoryLock
	op.StateGuard = st.StateGuard
	op.Overwrites = st.OnConflict && !st.OnConflictDoNothing
	op.SelectsByState = st.SelectsByState
	op.Isolation = st.Isolation
	op.Resource.Table = normalizeTable(st.Table)
	op.Latest = st.Latest
}

// preparingCall returns the Prepare call that made a statement value
// (stmt, err := tx.PrepareContext(ctx, q)), or nil.
func preparingCall(stmt ssa.Value) *ssa.CallCommon {
	v := Unwrap(stmt)
	if l, ok := v.(*ssa.UnOp); ok {
		if stored := singleStore(l.X); stored != nil {
			v = Unwrap(stored)
		}
	}
	if e, ok := v.(*ssa.Extract); ok {
		v = e.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	if f := callee(&call.Call); f == nil || !strings.HasPrefix(f.Name(), "Prepare") {
		return nil
	}
	return &call.Call
}

// firstStringArg returns a call's first string argument (the SQL text of
// Prepare(query) and PrepareContext(ctx, query)), or nil.
func firstStringArg(c *ssa.CallCommon) ssa.Value {
	for i := 0; arg(c, i) != nil; i++ {
		if b, ok := arg(c, i).Type().Underlying().(*types.Basic); ok && b.Kind() == types.String {
			return arg(c, i)
		}
	}
	return nil
}

// isNewRecord reports whether v is a record built in this function whose
// primary key (a field named ID, or tagged primaryKey) is never set and
// that nothing but calls of writer (gorm's Save, Create) uses: the
// database gives it a key of its own. Anything else (a parameter, a
// record read first) may carry its key.
func isNewRecord(v ssa.Value, writer string) bool {
	v = Unwrap(v)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X // Save(ctx, rec) of rec := Record{...}: the record passed by value
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, ref := range *alloc.Referrers() {
		switch ref := ref.(type) {
		case *ssa.FieldAddr:
			if setsPrimaryKey(ref) {
				return false
			}
		case ssa.CallInstruction:
			if f := callee(ref.Common()); f == nil || f.Name() != writer {
				return false // filled by a read or a helper
			}
		case *ssa.Store:
			if _, copied := ref.Val.(*ssa.Parameter); copied && ref.Addr == alloc {
				return false // the caller's record, passed by value
			}
			if ref.Addr == alloc && returnedByLoader(ref.Val) {
				return false // u, err := getUserInternal(ctx, id, tx): a row that is there
			}
		case *ssa.DebugRef:
		case *ssa.Phi:
			// if found == nil { found = &Block{...}; Put(found) }: the
			// variable goes on holding either; the one put is this one.
		case *ssa.MakeInterface:
			for _, use := range *ref.Referrers() {
				if st, ok := use.(*ssa.Store); ok && st.Val == ref {
					continue // handed on in a message (GTSModel: fr), not filled
				}
				call, ok := use.(ssa.CallInstruction)
				if !ok {
					return false
				}
				if f := callee(call.Common()); f == nil || f.Name() != writer {
					return false
				}
			}
		default:
			if _, isLoad := ref.(*ssa.UnOp); !isLoad {
				return false // escapes through a conversion or a copy we do not follow
			}
		}
	}
	return true
}

// returnedByLoader reports whether v is a record returned by value from a
// function named for loading one (getUser, loadAccount).
func returnedByLoader(v ssa.Value) bool {
	_, f := producedBy(v)
	return f != nil && (namedForLoading(f.Name()) || looksUpStored(f)) // ForDriver(ctx, id) (Wallet, error) beside Save(ctx, *Wallet)
}

// producedBy returns the call v is a result of (the call itself, or the
// tuple an Extract takes from) and its callee; nil for other values.
func producedBy(v ssa.Value) (*ssa.Call, *types.Func) {
	if e, ok := v.(*ssa.Extract); ok {
		v = e.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil, nil
	}
	return call, callee(&call.Call)
}

// setsPrimaryKey reports whether a field address of a record, or of a
// struct embedded in it (gorm.Model), is the primary key and is stored to.
func setsPrimaryKey(fa *ssa.FieldAddr) bool {
	st, ok := ssautil.DerefStruct(fa.X.Type())
	if !ok || fa.Field >= st.NumFields() {
		return false
	}
	field := st.Field(fa.Field)
	isKey := field.Name() == "ID" || field.Name() == "Id" || strings.Contains(st.Tag(fa.Field), "primaryKey") ||
		strings.Contains(st.Tag(fa.Field), "primary_key")
	for _, ref := range *fa.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if isKey && ref.Addr == fa && !minted(ref.Val, 0) {
				return true // a key of a row that may be there; a fresh one is a new row's
			}
		case *ssa.FieldAddr:
			if setsPrimaryKey(ref) {
				return true
			}
		}
	}
	return false
}

// kindOfStatement maps a classified SQL statement to an operation kind.
func kindOfStatement(st sqlclass.Statement) apis.Kind {
	switch st.Kind {
	case sqlclass.Select:
		switch {
		case st.AdvisoryXactLock || st.AdvisoryLock:
			return apis.Lock
		case st.Exists:
			return apis.Exists
		}
		return apis.Read
	case sqlclass.Insert:
		if st.OnConflict || st.InsertIfAbsent {
			return apis.CondInsert
		}
		return apis.Insert
	case sqlclass.Merge:
		return apis.CondInsert
	case sqlclass.Update:
		return apis.Update
	case sqlclass.Delete:
		return apis.Delete
	case sqlclass.Begin:
		return apis.Begin
	case sqlclass.Commit:
		return apis.Commit
	case sqlclass.Rollback:
		return apis.Rollback
	case sqlclass.Lock, sqlclass.SetTransaction:
		return apis.Lock
	case sqlclass.Other:
		if st.Schema {
			return apis.Schema
		}
	}
	return apis.None
}

// fromEnt classifies a call on ent-generated builders.
func (m *modeler) fromEnt(op *Op, c *ssa.CallCommon, recvName string) bool {
	if recvName == "" || !importsPath(op.Callee.Pkg(), apis.EntPkg) {
		return false
	}
	kind, entity, ok := apis.Ent(recvName, op.Callee.Name())
	if !ok {
		return false
	}
	op.Kind = kind
	op.Resource.Table = normalizeTable(entity)
	op.Handle = m.handleOf(receiver(c))
	if kind == apis.Update || kind == apis.Delete {
		op.StateGuard = entStateGuard(receiver(c))
	}
	return true
}

// fromSummary classifies a call of a function known through its fact.
func (m *modeler) fromSummary(op *Op, c *ssa.CallCommon, f *types.Func) bool {
	s := m.summaryOf(f)
	if s == nil {
		return false
	}
	m.applySummary(op, c, s)
	return true
}

// fromImplementations classifies a call of a method of one of the
// module's interfaces by what its implementations do (see implSummary).
func (m *modeler) fromImplementations(op *Op, c *ssa.CallCommon, f *types.Func) bool {
	recv := interfaceReceiver(c)
	if recv == nil {
		return false
	}
	s := m.implSummary(recv, f)
	if s == nil {
		return false
	}
	m.applySummary(op, c, s)
	return true
}

// applySummary fills op from the summary of the function c calls.
func (m *modeler) applySummary(op *Op, c *ssa.CallCommon, s *Summary) {
	op.Summary = s
	op.Kind = s.Kind
	op.FromRequest = s.FromRequest
	op.StateGuard = s.StateGuard
	op.SelectsByState = s.SelectsByState
	op.Locks = s.Locks || s.BeginsLocked
	if op.Kind == apis.None && s.BeginsLocked {
		op.Kind = apis.Lock // the transaction it hands back is locked already
	}
	if op.Kind == apis.None && s.Effect {
		op.Kind = apis.Effect
	}
	if s.TxFuncParam >= 0 {
		// A WithTx/InTx helper runs its func argument in a transaction,
		// as gorm's Transaction does.
		op.TxFunc = funcLiteral(arg(c, s.TxFuncParam))
		if op.Kind == apis.None && op.TxFunc != nil {
			op.Kind = apis.Begin
		}
	}
	op.Resource.Table = s.Table
	op.Resource.Tables = s.InsertTables
	recv := recvOf(c)
	op.Resource.Repo = repoType(recv)
	if op.Resource.Repo == nil && op.Resource.Table == "" {
		op.Resource.Repo = s.repo // a helper of the package over one repository
	}
	if h := arg(c, s.HandleParam); h != nil {
		op.Handle = m.handleOf(h)
	} else {
		op.Handle = Handle{Path: rootPath(recv), Kind: s.HandleKind}
		if s.RecvHandle && s.HandleKind == apis.HandleUnknown {
			op.Handle.Kind = m.handleOf(recv).Kind
		}
	}
	if s.TableArg > 0 {
		a := arg(c, s.TableArg-1)
		if t, ok := tableArgName(a); ok {
			op.Resource.Table = t // isListed(ctx, "waitlist", sku, email), RecordExists(&User{}, ...)
		} else if p := boundParam(a); p != nil {
			op.TableHole = p // a wrapper that hands its own parameter on: its callers name the table
		}
	}
	if cl := arg(c, s.ConflictParam); cl != nil {
		op.ConflictClause = cl
		op.Overwrites = upsertClause(cl)
	}
	op.Resource.Key = arg(c, s.KeyParam)
	if op.Resource.Key != nil {
		op.Resource.KeyForm = s.KeyForm
	}
	if rp := rootPath(recv); s.KeyStore != "" && rp.Valid() {
		op.Resource.Container = Path{Base: rp.Base, Fields: rp.Fields + strings.TrimPrefix(s.KeyStore, "@")}
	}
	if s.SQLParam >= 0 {
		m.fromSQLParam(op, c, s)
	}
}

// recvOf returns the receiver of a method call, of an invoke, or of a
// call through a bound method value, or nil.
func recvOf(c *ssa.CallCommon) ssa.Value {
	if r := receiver(c); r != nil {
		return r
	}
	return boundReceiver(c)
}

// driverShaped reports whether f's interface mirrors a database driver
// (sqlc's DBTX: Exec, Query, QueryRow): its SendBatch sends statements
// to the database, not a message to anyone.
func driverShaped(f *types.Func) bool {
	iface := declaringInterface(f)
	if iface == nil {
		return false
	}
	for i := range iface.NumMethods() {
		switch iface.Method(i).Name() {
		case "Exec", "ExecContext", "Query", "QueryContext", "QueryRow", "QueryRowContext":
			return true
		}
	}
	return false
}

// fromSQLInterface classifies a call through an interface declared
// outside the tables whose method mirrors a driver's query method, such
// as the DBTX interface sqlc generates: Exec/ExecContext, Query/
// QueryContext, QueryRow/QueryRowContext with the SQL text as the first
// string parameter. The text must be visible; the kind comes from it.
func (m *modeler) fromSQLInterface(op *Op, c *ssa.CallCommon, f *types.Func) bool {
	switch f.Name() {
	case "Exec", "ExecContext", "Query", "QueryContext", "QueryRow", "QueryRowContext":
	default:
		return false
	}
	params := f.Type().(*types.Signature).Params()
	for i := 0; i < params.Len(); i++ {
		b, ok := params.At(i).Type().(*types.Basic)
		if !ok || b.Kind() != types.String {
			continue
		}
		text, ok := m.sqlText(arg(c, i))
		if !ok {
			return false
		}
		setText(op, arg(c, i), text)
		op.Handle = m.handleOf(receiver(c))
		return op.Kind != apis.None
	}
	return false
}

// fromName classifies a call by a name the analysis was told or that is
// unambiguous: the receiver's type stands for the resource.
func (m *modeler) fromName(op *Op, c *ssa.CallCommon, kind apis.Kind) {
	op.Kind = kind
	recv := recvOf(c)
	op.Resource.Repo = repoType(recv)
	// A repository covering several entities names the one each method
	// touches: GetUserByName and CreateUser, not CreateSession.
	op.Resource.Table = methodTable(op.Callee, kind == apis.Read)
	if op.Resource.Table == "" {
		// Insert(ctx, a), CountAll() and MarkReplicated(ctx, key) name no
		// entity either; the other methods of their repository do, when
		// they agree on one.
		op.Resource.Table = interfaceTable(op.Callee)
	}
	op.Handle = Handle{Path: rootPath(recv), Kind: apis.HandleUnknown}
	for _, a := range c.Args {
		if h := m.handleOf(a); h.Kind != apis.HandleUnknown {
			op.Handle = h
			break
		}
	}
}

// methodTable returns the table a method's name says it touches, or,
// for a lookup (read) that names none (GetByEmail, FindOpenByPhone), the
// one the record it returns says: the User it returns is read as
// GetUser would be, so that the two name one table, and so is the
// element of a list it returns (TagsBySlug's Tag).
func methodTable(f *types.Func, read bool) string {
	if noun := apis.EntityOf(f.Name()); noun != "" {
		return normalizeTable(noun)
	}
	sig := f.Type().(*types.Signature)
	if !read || !returnsRecord(f) && !returnsRecordList(sig) {
		return ""
	}
	t := sig.Results().At(0).Type()
	if sl, ok := t.Underlying().(*types.Slice); ok {
		t = sl.Elem()
	}
	rec, _ := derefNamedStruct(t)
	if noun := apis.EntityOf("Get" + rec.Obj().Name()); noun != "" {
		return normalizeTable(noun)
	}
	return ""
}

// interfaceTable returns the one table the other methods of f's
// interface name (see methodTable, each lookup read as one), or "" when
// they name none or several.
func interfaceTable(f *types.Func) string {
	iface := declaringInterface(f)
	if iface == nil {
		return ""
	}
	table := ""
	for i := range iface.NumMethods() {
		m := iface.Method(i)
		if m.Name() == f.Name() {
			continue
		}
		t := methodTable(m, true)
		switch {
		case t == "":
		case table == "":
			table = t
		case t != table:
			return ""
		}
	}
	return table
}

// isAppInterface reports whether f is a method of an interface declared
// outside the standard library and the libraries the tables describe: a
// repository, a mailer, a payment client of the application's own.
func (m *modeler) isAppInterface(f *types.Func) bool {
	p := f.Pkg()
	return p != nil && !apis.KnownPackage(p.Path()) && !m.inGOROOT(f.Pos())
}

// isModuleInterface reports whether f is a method of an interface the
// analysed module declares: its repositories and services. Add is a verb
// of tracing and metrics libraries too (a span's AddEvent, a counter's
// AddInt), which the module only uses.
func (m *modeler) isModuleInterface(f *types.Func) bool {
	return m.isAppInterface(f) && inModule(f.Pkg().Path(), m.module())
}

// returnsRecord reports whether a method returns one record and an error:
// (T, error) or (*T, error) with T a named struct, or the record, a found
// bool and an error, (*T, bool, error), as xorm-backed repositories return
// it (GetByEmail(ctx, email) (u *User, exist bool, err error)).
func returnsRecord(f *types.Func) bool {
	res := f.Type().(*types.Signature).Results()
	switch {
	case res.Len() == 2 && ssautil.IsError(res.At(1).Type()):
	case res.Len() == 3 && ssautil.IsError(res.At(2).Type()) && ssautil.IsBool(res.At(1).Type()):
	default:
		return false
	}
	_, ok := derefNamedStruct(res.At(0).Type())
	return ok
}

// returnsString reports whether f returns a string (a status, a named
// string type), alone or with an error.
func returnsString(f *types.Func) bool {
	res := f.Type().(*types.Signature).Results()
	if res.Len() == 0 || res.Len() > 2 || res.Len() == 2 && !ssautil.IsError(res.At(1).Type()) {
		return false
	}
	return ssautil.IsString(res.At(0).Type())
}

// returnsStrings reports whether f returns strings and then an error
// (an id, or a localpart and its server name).
func returnsStrings(f *types.Func) bool {
	res := f.Type().(*types.Signature).Results()
	if res.Len() < 2 || !ssautil.IsError(res.At(res.Len()-1).Type()) {
		return false
	}
	for i := range res.Len() - 1 {
		if !ssautil.IsString(res.At(i).Type()) {
			return false
		}
	}
	return true
}

// returnsRecordList reports whether a signature returns a list of
// records, alone or with an error: []Email, []*Job.
func returnsRecordList(sig *types.Signature) bool {
	res := sig.Results()
	if res.Len() == 0 || res.Len() > 2 || res.Len() == 2 && !ssautil.IsError(res.At(1).Type()) {
		return false
	}
	list, ok := res.At(0).Type().Underlying().(*types.Slice)
	if !ok {
		return false
	}
	_, ok = derefNamedStruct(list.Elem())
	return ok
}

// fromInterfaceName classifies a call of an interface method whose body
// the analysis cannot see by the method's name and shape, in the order
// the names decide: a marker before ByName (which reads Mark* as a state
// write), a guarded transition's shape before ByName (which reads
// SetStatus* as a plain one), then ByName's unambiguous names, presence tests, a
// repository's setter and its Save* of a record, effects, lookups
// returning a record or a state, lists of pending work, the module's Add*, counts,
// and lookups returning a number. Names with the noun inside
// (UserExists, MarkEventProcessed, SetPaymentIntent), Save*, pending
// lists and Add* are read on the module's own interfaces only: a
// library's CollectionExists asks about its schema.
func (m *modeler) fromInterfaceName(op *Op, c *ssa.CallCommon, f *types.Func) bool {
	name := f.Name()
	var kind apis.Kind
	switch {
	case m.isModuleInterface(f) && apis.IsMarkerName(name):
		kind = apis.Insert
	case m.isModuleInterface(f) && apis.IsBareDedupTestName(name) && ssautil.ReturnsBoolAndError(f) && dedupLog(f):
		kind = apis.Exists // EventLog.Seen(ctx, provider, id)
	case m.isModuleInterface(f) && apis.IsBareDedupMarkName(name) && dedupLog(f):
		kind = apis.Insert // EventLog.Record(ctx, provider, id, typ): the marker Seen looks for
	case m.isModuleInterface(f) && comparesAndSwaps(f):
		m.fromName(op, c, apis.Update)
		op.StateGuard = true // Transition(ctx, id, from, to), SetStatusIf: its bool says who moved the row
		return true
	case apis.ByName(name) == apis.Insert && m.isModuleInterface(f) && reportsInserted(f):
		kind = apis.CondInsert // CreateByExternalID(ctx, c) (Contact, bool, error): its bool says whether it inserted
	case m.isModuleInterface(f) && apis.IsRecordWriteName(name) && namesInsertOutcome(f):
		kind = apis.CondInsert // Add(ctx, m) (added bool, err error): the store says whether this call made the row
	case m.isModuleInterface(f) && apis.ByName(name) == apis.Claim && namesWhatItMade(f) && !inRepository(f):
		// Carrier.Reserve(ctx, lane, price) (reservationID string, err
		// error) on a client: the call makes something elsewhere and
		// names it, where a claim answers whether this caller won.
		op.Kind = apis.Effect
		op.Handle = Handle{Path: rootPath(recvOf(c))}
		return true
	case apis.ByName(name) != apis.None:
		kind = apis.ByName(name)
	case m.isModuleInterface(f) && (apis.IsPresenceTestName(name) || apis.IsAvailabilityTestName(name)):
		kind = apis.Exists // IsEmailAvailable: its bool says absent (checkthenact's outcome reads the name)
	case m.isModuleInterface(f) && setterOf(f) != nil:
		kind = apis.Read // CompletedTrips(ctx, id) (int, error) beside SetCompletedTrips(ctx, id, n): the value its setter stores
	case m.isModuleInterface(f) && isBareStoreVerb(name) && getterOf(f) != nil:
		kind = apis.Update // Quotas.Store(ctx, key, hour, n): the value Used reads, written whole
	case m.isModuleInterface(f) && apis.IsSetterName(name) && setsByKey(f) && (inRepository(f) || getterOf(f) != nil):
		kind = apis.Update // SetPaymentIntent(ctx, orderID, pi): an absolute write of the row
	case m.isModuleInterface(f) && apis.IsSaveName(name) && handsRecord(f) && inRepository(f):
		kind = apis.Update // SaveUser(ctx, u): the record written back whole
		if rec := recordArg(c, f); rec != nil && isNewRecord(rec, name) {
			kind = apis.Insert // SaveUser(ctx, &User{Email: e}): a new row, its key left to the store
		}
	case m.isModuleInterface(f) && apis.IsPutName(name) && handsRecord(f) && inRepository(f) && isNewRecord(recordArg(c, f), name):
		kind = apis.Insert // Put(&User{...}): a new row; a Put of a record loaded before may be either, and is not read
	case m.isModuleInterface(f) && looksUpStored(f):
		kind = apis.Read // FeatureStore's Grant(ctx, userID, feature) (FeatureGrant, error) beside Insert(ctx, *FeatureGrant)
	case m.isAppInterface(f) && apis.IsEffectName(name) && !driverShaped(f):
		op.Kind = apis.Effect
		op.Handle = Handle{Path: rootPath(recvOf(c))}
		return true
	case m.isModuleInterface(f) && apis.IsTransitionName(name) && takesKeyOnly(f) && inRepository(f):
		kind = apis.Update // AcceptInvitation(ctx, id): the record moved to the state the name says
	case m.isAppInterface(f) && apis.IsLookupName(name) && returnsRecord(f):
		kind = apis.Read
	case m.isAppInterface(f) && apis.IsStateLookupName(name) && returnsString(f):
		kind = apis.Read // GetOrderStatus(ctx, id) (string, error): a state a caller may gate on
	case m.isModuleInterface(f) && apis.IsOwnerLookupName(name) && returnsStrings(f):
		kind = apis.Read // GetRoomIDForAlias(ctx, alias) (string, error): "" when the alias is free
	case m.isModuleInterface(f) && (apis.IsPendingListName(name) || apis.IsStateListName(name)) && returnsRecordList(f.Type().(*types.Signature)):
		kind = apis.Read
		op.SelectsByState = true // GetPendingEmails(ctx): the elements a poller handles one by one
	case m.isAppInterface(f) && apis.IsLookupName(name) && returnsRecordList(f.Type().(*types.Signature)):
		kind = apis.Read // TagsBySlug(ctx, slugs) ([]Tag, error): the rows found among the keys
	case m.isModuleInterface(f) && apis.IsAdjustName(name) && takesDelta(f):
		kind = apis.Update // AdjustStock(ctx, productID, delta): relativeUpdate reads the same
	case m.isModuleInterface(f) && apis.IsAddName(name):
		kind = apis.Insert
	case m.isModuleInterface(f) && name == "Add" && handsRecord(f) && inRepository(f):
		kind = apis.Insert // Add(ctx, &Subscriber{...}) on a store that also looks its rows up
	case m.isModuleInterface(f) && apis.IsNewRecordName(name) && handsRecord(f) && inRepository(f):
		kind = apis.Insert // NewSignup(ctx, NewSignup{Email: e}): the store makes the row
	case m.isAppInterface(f) && apis.IsCountName(name) && returnsCount(f):
		kind = apis.Exists
	case m.isAppInterface(f) && apis.IsLookupName(name) && returnsCount(f) && apis.EntityOf(name) != "" && nonContextParams(f) > 0:
		// GetBalance(ctx, id) (int64, error): a stored number, which a
		// caller may write back changed; GetID() asks its receiver, no
		// store, by no key.
		kind = apis.Read
	default:
		return false
	}
	m.fromName(op, c, kind)
	return true
}

// setsByKey reports whether a method takes a key and a value besides a
// context: SetLastSent(ctx, email, t), not SetLogger(l).
func setsByKey(f *types.Func) bool {
	return nonContextParams(f) >= 2
}

// nonContextParams returns how many parameters f takes besides a
// context.
func nonContextParams(f *types.Func) int {
	params := f.Type().(*types.Signature).Params()
	n := 0
	for i := range params.Len() {
		if !ssautil.IsContext(params.At(i).Type()) {
			n++
		}
	}
	return n
}

// reportsInserted reports whether an insert method returns the record,
// then a bool, then an error: (Contact, bool, error), the row and whether
// this call created it. A bare (bool, error) is often true whenever the
// error is nil (dendrite's InsertRegistrationToken) and says nothing.
func reportsInserted(f *types.Func) bool {
	res := f.Type().(*types.Signature).Results()
	return res.Len() == 3 && isRecord(res.At(0).Type()) && ssautil.IsBool(res.At(1).Type()) && ssautil.IsError(res.At(2).Type())
}

// namesInsertOutcome reports whether a method's results name a bool for
// whether the call made the row: (created bool, err error), (Booking,
// inserted bool, error). An interface's result names are its
// documentation; a store that says "created" answers a duplicate with
// false rather than a second row.
func namesInsertOutcome(f *types.Func) bool {
	res := f.Type().(*types.Signature).Results()
	if res.Len() < 2 || res.Len() > 3 || !ssautil.IsError(res.At(res.Len()-1).Type()) {
		return false
	}
	flag := res.At(res.Len() - 2)
	return ssautil.IsBool(flag.Type()) && apis.IsInsertOutcomeName(flag.Name())
}

// takesDelta reports whether a method takes a number besides its keys:
// delta of AdjustStock(ctx, productID int64, delta int). A number named
// as a key (productID, id) is the row, not the amount.
func takesDelta(f *types.Func) bool {
	params := f.Type().(*types.Signature).Params()
	for i := range params.Len() {
		p := params.At(i)
		b, ok := p.Type().Underlying().(*types.Basic)
		if ok && b.Info()&types.IsNumeric != 0 && !apis.IsIDName(p.Name()) {
			return true
		}
	}
	return false
}

// takesKeyOnly reports whether a method takes a key besides a context
// and returns nothing but an error: CompleteOrder(ctx, id) error, not a
// guarded transition that reports whether it moved the row
// (AcceptInvitation(ctx, id) (bool, error)).
func takesKeyOnly(f *types.Func) bool {
	sig := f.Type().(*types.Signature)
	res := sig.Results()
	if res.Len() > 1 || res.Len() == 1 && !ssautil.IsError(res.At(0).Type()) {
		return false
	}
	return nonContextParams(f) > 0
}

// looksUpStored reports whether f returns a record (T or *T, with an
// error) for scalar arguments, and another method of the interface that
// declares f takes a T to write: the interface stores Ts, and a method
// that hands one back for a key reads it, whatever its verb says.
func looksUpStored(f *types.Func) bool {
	iface := declaringInterface(f)
	if iface == nil || recordParam(f) >= 0 || !returnsRecord(f) {
		return false
	}
	rec, _ := derefNamedStruct(f.Type().(*types.Signature).Results().At(0).Type())
	for i := range iface.NumMethods() {
		g := iface.Method(i)
		if g == f || g.Name() == f.Name() {
			continue
		}
		if j := recordParam(g); j >= 0 {
			if t, ok := derefNamedStruct(g.Type().(*types.Signature).Params().At(j).Type()); ok && types.Identical(t, rec) {
				return true
			}
		}
	}
	return false
}

// declaringInterface returns the interface that declares the method f,
// or nil for a concrete method or a function.
func declaringInterface(f *types.Func) *types.Interface {
	recv := f.Type().(*types.Signature).Recv()
	if recv == nil {
		return nil
	}
	iface, _ := recv.Type().Underlying().(*types.Interface)
	return iface
}

// A store interface that pairs a getter with its setter
// (CompletedTrips(ctx, id) (int, error) and SetCompletedTrips(ctx, id,
// n int) error, or Used(ctx, key, hour) (int, error) and a bare Store(ctx,
// key, hour, n int) error) keeps one value per key: the getter reads what
// the setter writes, whatever the getter's name says.

// setterOf returns the method of f's interface that sets what f gets:
// Set+f's name, taking f's parameters and then a value of the type f
// returns (before its error), or nil.
func setterOf(f *types.Func) *types.Func {
	iface := declaringInterface(f)
	if iface == nil {
		return nil
	}
	for i := range iface.NumMethods() {
		if set := iface.Method(i); set.Name() == "Set"+f.Name() && setsWhatGets(set, f) {
			return set
		}
	}
	for i := range iface.NumMethods() {
		if set := iface.Method(i); isBareStoreVerb(set.Name()) && getterOf(set) == f {
			return set
		}
	}
	return nil
}

// getterOf returns the method of set's interface whose value set stores
// (see setterOf), or nil.
func getterOf(set *types.Func) *types.Func {
	iface := declaringInterface(set)
	if iface == nil {
		return nil
	}
	if isBareStoreVerb(set.Name()) {
		// Store(ctx, key, at, n) beside Used(ctx, key, at) (int, error):
		// the one method whose value and key the bare verb takes (an
		// Incr of that shape writes, it does not read).
		var only *types.Func
		for i := range iface.NumMethods() {
			if get := iface.Method(i); get != set && setsWhatGets(set, get) && !apis.ByName(get.Name()).IsWrite() {
				if only != nil {
					return nil
				}
				only = get
			}
		}
		return only
	}
	if !strings.HasPrefix(set.Name(), "Set") {
		return nil
	}
	for i := range iface.NumMethods() {
		if get := iface.Method(i); "Set"+get.Name() == set.Name() && setsWhatGets(set, get) {
			return get
		}
	}
	return nil
}

// isBareStoreVerb reports whether a method's whole name is a verb that
// stores a value (Store, Set, Put, Save, Write): with no noun, what it
// stores is what the method with its key and value type reads.
func isBareStoreVerb(name string) bool {
	switch name {
	case "Store", "Set", "Put", "Save", "Write":
		return true
	}
	return false
}

// setsWhatGets reports whether set takes get's parameters and then the
// value get returns with its error: (ctx, id) (int, error) and (ctx, id,
// int) error.
func setsWhatGets(set, get *types.Func) bool {
	gs, ss := get.Type().(*types.Signature), set.Type().(*types.Signature)
	res, params := gs.Results(), ss.Params()
	if res.Len() != 2 || !ssautil.IsError(res.At(1).Type()) || params.Len() != gs.Params().Len()+1 {
		return false
	}
	for i := range gs.Params().Len() {
		if !types.Identical(gs.Params().At(i).Type(), params.At(i).Type()) {
			return false
		}
	}
	return types.Identical(params.At(params.Len()-1).Type(), res.At(0).Type())
}

// dedupLog reports whether the interface declaring f pairs a one-word
// test of a key (Seen(ctx, provider, id) (bool, error)) with a one-word
// record of it (Record(ctx, provider, id, ...)) whose leading parameters
// have the test's types: a log of what was handled.
func dedupLog(f *types.Func) bool {
	iface := declaringInterface(f)
	if iface == nil {
		return false
	}
	var tests []*types.Func
	for i := range iface.NumMethods() {
		if m := iface.Method(i); apis.IsBareDedupTestName(m.Name()) && ssautil.ReturnsBoolAndError(m) {
			tests = append(tests, m)
		}
	}
	for _, t := range tests {
		for i := range iface.NumMethods() {
			// Record(ctx, id), or the test's own marker: MarkSeen beside Seen.
			mk := iface.Method(i)
			if !apis.IsBareDedupMarkName(mk.Name()) && mk.Name() != "Mark"+t.Name() {
				continue
			}
			if leadingParamsMatch(t.Type().(*types.Signature).Params(), mk.Type().(*types.Signature).Params()) {
				return true
			}
		}
	}
	return false
}

// leadingParamsMatch reports whether every parameter of test has the type
// of mark's parameter at the same place.
func leadingParamsMatch(test, mark *types.Tuple) bool {
	if test.Len() == 0 || test.Len() > mark.Len() {
		return false
	}
	for i := range test.Len() {
		if !types.Identical(test.At(i).Type(), mark.At(i).Type()) {
			return false
		}
	}
	return true
}

// namesWhatItMade reports whether f returns, besides an error, a string
// or a number: the id of what the call made. A bool says whether the
// caller won; a record or a list is the work the claim took
// (ClaimBackupJob's job, a queue's claimed jobs).
func namesWhatItMade(f *types.Func) bool {
	res := f.Type().(*types.Signature).Results()
	if res.Len() != 2 || !ssautil.IsError(res.At(1).Type()) {
		return false
	}
	basic, ok := res.At(0).Type().Underlying().(*types.Basic)
	return ok && basic.Info()&(types.IsString|types.IsInteger) != 0
}

// inRepository reports whether the interface that declares f also looks
// records up or asks for them (a Get*, Find*, Load* method, or Exists,
// Has*, or a method that takes a key and returns a record): a repository,
// not a configurable client.
func inRepository(f *types.Func) bool {
	iface := declaringInterface(f)
	if iface == nil {
		return false
	}
	for i := range iface.NumMethods() {
		if name := iface.Method(i).Name(); apis.IsLookupName(name) || apis.IsPresenceTestName(name) || apis.ByName(name).IsCheck() {
			return true
		}
		if returnsRecord(iface.Method(i)) && nonContextParams(iface.Method(i)) > 0 {
			return true // ForDriver(ctx, id) (Wallet, error): a lookup by its shape
		}
	}
	return false
}

// handsRecord reports whether a method takes a record (a struct or a
// pointer to one) to write.
func handsRecord(f *types.Func) bool {
	return recordParam(f) >= 0
}

// recordParam returns the index of f's first record parameter, or -1.
func recordParam(f *types.Func) int {
	params := f.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if _, ok := derefNamedStruct(params.At(i).Type()); ok && !ssautil.IsContext(params.At(i).Type()) {
			return i
		}
	}
	return -1
}

// recordArg returns the record an interface call hands to f.
func recordArg(c *ssa.CallCommon, f *types.Func) ssa.Value {
	return arg(c, recordParam(f))
}

// returnsCount reports whether f returns a count or another stored
// integer: alone or with an error.
func returnsCount(f *types.Func) bool {
	res := f.Type().(*types.Signature).Results()
	if res.Len() == 0 || res.Len() > 2 || res.Len() == 2 && !ssautil.IsError(res.At(1).Type()) {
		return false
	}
	b, ok := res.At(0).Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// fromFuncValue classifies a call through a func-typed field, parameter or
// captured variable whose name says it has an external effect
// (s.notify(ctx, u), sendEmail(to)).
func (m *modeler) fromFuncValue(fn *ssa.Function, instr ssa.CallInstruction) *Op {
	c := instr.Common()
	if c.IsInvoke() || c.StaticCallee() != nil {
		return nil
	}
	if !apis.IsEffectName(funcValueName(c.Value)) {
		return nil
	}
	return &Op{Kind: apis.Effect, Instr: instr, Fn: fn, Handle: Handle{Path: rootPath(c.Value)}}
}

// funcValueName names the variable or field a func value was loaded from.
func funcValueName(v ssa.Value) string {
	switch v := v.(type) {
	case *ssa.Parameter:
		return v.Name()
	case *ssa.FreeVar:
		return v.Name()
	case *ssa.UnOp:
		switch x := v.X.(type) {
		case *ssa.FieldAddr:
			if st, ok := ssautil.DerefStruct(x.X.Type()); ok && x.Field < st.NumFields() {
				return st.Field(x.Field).Name()
			}
		case *ssa.FreeVar:
			return x.Name() // a closure's load of a variable it captured (send, inside a transaction callback)
		case *ssa.Alloc:
			return x.Comment // a local the function's closures also capture
		}
	case *ssa.Field:
		if st, ok := v.X.Type().Underlying().(*types.Struct); ok && v.Field < st.NumFields() {
			return st.Field(v.Field).Name()
		}
	}
	return ""
}

// repoType is the named type of a repository receiver, or nil.
func repoType(recv ssa.Value) types.Type {
	if recv == nil {
		return nil
	}
	if n := ssautil.NamedOf(recv.Type()); n != nil {
		return n
	}
	return nil
}

func importsPath(pkg *types.Package, path string) bool {
	if pkg.Path() == path {
		return true
	}
	for _, imp := range pkg.Imports() {
		if imp.Path() == path || len(imp.Path()) > len(path) && imp.Path()[:len(path)+1] == path+"/" {
			return true
		}
	}
	return false
}

// funcLiteral returns the function a value denotes when it is a function
// literal or a named function, or nil.
func funcLiteral(v ssa.Value) *ssa.Function {
	switch v := v.(type) {
	case *ssa.MakeClosure:
		return v.Fn.(*ssa.Function)
	case *ssa.Function:
		return v
	case *ssa.ChangeType:
		return funcLiteral(v.X)
	}
	return nil
}

// classifyText classifies op as the statement v's text is. When the text
// is not visible, op is unclassified (it may still be a parameter of a
// wrapper, which noteSQLParam records), and it returns false.
func (m *modeler) classifyText(op *Op, v ssa.Value) bool {
	text, ok := m.sqlText(v)
	if !ok {
		m.noteSQLParam(op, v)
		op.Kind = apis.None
		return false
	}
	setText(op, v, text)
	return true
}

// setText classifies op by the SQL text of v, and notes the parameter
// that names its table when the text names none of its own.
func setText(op *Op, v ssa.Value, text string) {
	op.setSQL(text)
	if op.Resource.Table == "" {
		op.TableHole = tableHole(v)
	}
}
