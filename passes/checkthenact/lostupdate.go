package checkthenact

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/sqlclass"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A quantity read from a row and written back as a value computed from
// it, in a separate step, loses updates: two callers both read stock 10,
// both write 9, and one of the two takes is gone (an item oversold, a
// balance credited once for two payments). A flag flipped from the value
// read (m.Admin = !m.Admin) is lost the same way: two toggles leave it
// set; so is a list grown from the one read (u.Roles = append(u.Roles,
// r)): two adds each write back one new element; and a map merged into
// (p.Metadata[k] = v): two merges each write back their own keys, also
// a list a repository hands out whole (tags = append(tags, t), then
// SetTags). The write is safe when
// the database computes it (SET n = n - $1, limitgate's relative
// update), when the read locks the row or the transaction serialises the
// two, or when the write is conditioned on the state it read.

// lostUpdate is one such race: the read, the arithmetic on the quantity
// it loaded, and the write that stores the result into the same row.
type lostUpdate struct {
	read  *dataaccess.Op
	field string
	calc  interface{ Pos() token.Pos } // the computation or the in-place change
	write *dataaccess.Op
}

// lostUpdates reports, for every read not already reported, a quantity
// it loaded that a later write of the same row stores back after adding
// to it or taking from it.
func lostUpdates(pass *analysis.Pass, judge *Judge, reported map[*dataaccess.Op]bool) {
	ops := judge.model.Ops
	for _, read := range ops {
		// An existence probe that fills a record (xorm's Get(&user), whose
		// bool says found) loads the row too; a pure probe has no quantity.
		// A helper that creates the row when missing and returns it
		// (loadCounter: First, else Create ON CONFLICT DO NOTHING and First
		// again) reads it for its caller all the same.
		loads := read.Kind == apis.Read || read.Kind == apis.Exists || read.Kind == apis.CondInsert && read.Summary != nil && len(recordValues(read)) > 0
		if reported[read] || !loads || dataaccess.KeyValue(read) || judge.NoTwin(read) || judge.FreshKey(read) {
			continue
		}
		if r, ok := lostUpdateOf(read, ops); ok {
			reportLostUpdate(pass, r)
			reported[read] = true
		}
	}
}

func lostUpdateOf(read *dataaccess.Op, ops []*dataaccess.Op) (lostUpdate, bool) {
	at, ok := read.Instr.(*ssa.Call)
	if !ok || readSerialised(read, ops) {
		return lostUpdate{}, false
	}
	records := recordValues(read)
	for _, q := range slices.Concat(quantities(read), textAmounts(read), flagsAndLists(read)) {
		for _, calc := range slices.Concat(arithmeticOn(q.v), arithmeticOnCopies(q.v)) {
			carriers := carriersOf(calc)
			// The write stores the new value only if it can run after the
			// computation (a record passed to a write, then changed, is
			// not written changed).
			carried := func(w *dataaccess.Op) bool { return carries(w, carriers) && computedBefore(calc, w) }
			if w := writeBack(read, records, q.field, at, carried, ops); w != nil {
				return lostUpdate{read: read, field: q.field, calc: calc, write: w}, true
			}
		}
	}
	for _, q := range returnedLists(read) {
		calcs := rebuiltFrom(q)
		if read.Summary == nil {
			// A list a repository method hands out whole, grown in place:
			// its setter stores it back. A helper's list (a DAG built from
			// the definitions it read) grown and handed to a write is work
			// for that write, not the row written back.
			calcs = append(calcs, arithmeticOn(q)...)
		}
		for _, calc := range calcs {
			carriers := carriersOf(calc)
			carried := func(w *dataaccess.Op) bool { return carries(w, carriers) && computedBefore(calc, w) }
			if w := writeBack(read, records, "", at, carried, ops); w != nil {
				return lostUpdate{read: read, calc: calc, write: w}, true
			}
		}
	}
	for _, m := range recordMutations(at, records, ops) {
		carried := func(w *dataaccess.Op) bool { return carriesRecord(w, m.carriers) }
		if w := writeBack(read, records, "", m.from, carried, ops); w != nil && ssautil.Reachable(m.at, w.Instr) {
			return lostUpdate{read: read, field: m.what, calc: m.at, write: w}, true
		}
	}
	return lostUpdate{}, false
}

// computedBefore reports whether the computation can run before w, when
// both are in one function.
func computedBefore(calc ssa.Value, w *dataaccess.Op) bool {
	instr, ok := calc.(ssa.Instruction)
	return !ok || instr.Parent() != w.Instr.Parent() || ssautil.Reachable(instr, w.Instr)
}

// writeBack returns the write, after from in the read's function, that
// stores a value carried holds into the row read: not one conditioned on
// the state it read (WHERE version = $old), one that picks a single
// winner, nor one a mutex held since the read serialises.
func writeBack(read *dataaccess.Op, records []ssa.Value, field string, from ssa.Instruction, carried func(*dataaccess.Op) bool, ops []*dataaccess.Op) *dataaccess.Op {
	for _, w := range ops {
		if w.Fn != read.Fn || !storesBack(w, field, from, carried) || !sameRow(read, records, field, w) {
			continue
		}
		if held, _ := mutexHeldAcross(read.Instr, w.Instr); held {
			continue
		}
		if wonGuardBefore(read, w.Instr, ops) {
			continue
		}
		return w
	}
	return nil
}

// wonGuardBefore reports whether target (a write, or the call handing the
// record to one) runs only where a guarded transition after the read
// changed a row (ClaimForCollection(ctx, id, "failed", "collecting"),
// whose false returns): a second caller's transition changes nothing and
// it never reaches the write.
func wonGuardBefore(read *dataaccess.Op, target ssa.Instruction, ops []*dataaccess.Op) bool {
	for _, g := range ops {
		call, ok := g.Instr.(*ssa.Call)
		if !ok || g.Instr == target || g.Fn != read.Fn || !ssautil.Before(read.Instr, g.Instr) {
			continue
		}
		if !(g.StateGuard && !dataaccess.DoublesWrite(g)) && !picksWinner(g) {
			continue
		}
		errorTells := g.Summary != nil && g.Summary.WinsByError
		if ssautil.Gates(call, !errorTells && (g.StateGuard || dataaccess.WinnerNotInError(g)), target) {
			return true
		}
	}
	return false
}

// storesBack reports whether w, after from, overwrites a row with a value
// carried holds, neither conditioned on the state it read nor picking
// one winner.
func storesBack(w *dataaccess.Op, field string, from ssa.Instruction, carried func(*dataaccess.Op) bool) bool {
	// An upsert (an ORM's clause, a helper running one) writes for both
	// callers: it picks no winner, whatever its kind says.
	return overwrites(w) && ssautil.Before(from, w.Instr) && carried(w) && !stopsSecondWriter(w, field) && (!picksWinner(w) || dataaccess.Overwrites(w))
}

// flagsAndLists returns the bool and slice fields a read loads: a flag
// the code may store back flipped (m.Admin = !m.Admin), a list it may
// store back grown (u.Roles = append(u.Roles, r)).
func flagsAndLists(read *dataaccess.Op) []stateValue {
	var out []stateValue
	for _, sv := range stateValues(read) {
		if isFlagOrList(sv) {
			out = append(out, sv)
		}
	}
	return out
}

// returnedLists returns the list a helper's or a repository's read hands
// back (hooks, err := store.Hooks(ctx, id)): a list kept in one row.
func returnedLists(read *dataaccess.Op) []ssa.Value {
	call, ok := read.Instr.(*ssa.Call)
	if !ok || read.Kind != apis.Read || read.Summary == nil && (read.Resource.Repo == nil || read.Callee == nil || !passutil.IsInterfaceMethod(read.Callee)) {
		return nil
	}
	var out []ssa.Value
	if isSlice(call.Type()) {
		out = append(out, call)
	}
	for _, ref := range *call.Referrers() {
		if e, ok := ref.(*ssa.Extract); ok && isSlice(e.Type()) && !ssautil.IsBytes(e.Type()) {
			out = append(out, e)
		}
	}
	return out
}

// rebuiltFrom returns the appends that copy an element of the list q
// into another list (for _, h := range old { updated = append(updated,
// h) }): a new value of the list, built from the one read.
func rebuiltFrom(q ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, ref := range *q.Referrers() {
		elem, ok := ref.(*ssa.IndexAddr)
		if !ok || elem.X != q {
			continue
		}
		for _, load := range elementValues(elem) {
			for _, use := range *load.Referrers() {
				st, ok := use.(*ssa.Store)
				if !ok || st.Val != load {
					continue
				}
				if app := appendOfElement(st); app != nil {
					out = append(out, app)
				}
			}
		}
	}
	return out
}

// elementValues returns the loads of a list's element, and of the loop
// variable it is copied into (for _, h := range old gives each iteration
// an h of its own).
func elementValues(elem *ssa.IndexAddr) []ssa.Value {
	loads := ssautil.LoadsOf(elem)
	for _, l := range slices.Clone(loads) {
		for _, v := range rangeVars(l) {
			loads = append(loads, ssautil.LoadsOf(v)...)
		}
	}
	return loads
}

// appendOfElement returns the append whose variadic arguments st stores
// an element into (append(updated, h) builds [1]T{h} first), or nil.
func appendOfElement(st *ssa.Store) *ssa.Call {
	slot, ok := st.Addr.(*ssa.IndexAddr)
	if !ok {
		return nil
	}
	for _, ref := range *slot.X.Referrers() {
		sl, ok := ref.(*ssa.Slice)
		if !ok {
			continue
		}
		for _, use := range *sl.Referrers() {
			if call, ok := use.(*ssa.Call); ok {
				if b, ok := call.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(call.Call.Args) == 2 && call.Call.Args[1] == sl {
					return call
				}
			}
		}
	}
	return nil
}

// isFlagOrList reports whether a loaded field is a bool or a list (not
// bytes).
func isFlagOrList(sv stateValue) bool {
	if sv.field == "" {
		return false
	}
	_, isList := sv.v.Type().Underlying().(*types.Slice)
	return ssautil.IsBool(sv.v.Type()) || isList && !ssautil.IsBytes(sv.v.Type())
}

// arithmeticOn returns the values that add to or take from q: q + x and
// q - x, a flag flipped (!q), a list grown (append(q, x)) or shrunk
// (slices.Delete(q, i, i+1)), and the calls of an arithmetic helper or method that take q and
// return a value of its type (AddPrices(user.Balance, amount),
// balance.Add(amount) of a decimal type, Sub, Minus).
func arithmeticOn(q ssa.Value) []ssa.Value {
	var calcs []ssa.Value
	for _, ref := range *q.Referrers() {
		switch ref := ref.(type) {
		case *ssa.BinOp:
			if ref.Op == token.ADD || ref.Op == token.SUB {
				calcs = append(calcs, ref)
			}
		case *ssa.UnOp:
			if ref.Op == token.NOT {
				calcs = append(calcs, ref)
			}
		case *ssa.Call:
			if namesArithmetic(ref.Call.StaticCallee()) && types.Identical(ref.Type(), q.Type()) && slices.Contains(ref.Call.Args, q) {
				calcs = append(calcs, ref)
			}
			if b, ok := ref.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(ref.Call.Args) > 0 && ref.Call.Args[0] == q {
				calcs = append(calcs, ref) // the list read, grown
			}
			if shrinksList(ref) && ref.Call.Args[0] == q {
				calcs = append(calcs, ref) // the list read, an element taken out
			}
		}
	}
	return calcs
}

// arithmeticOn for the field of another record the value read was
// copied into and loaded from again: h.Nodes = cur.Nodes, then h.Nodes =
// append(h.Nodes, n) and h saved (the caller's record brought up to date
// from a fresh read, then grown).
func arithmeticOnCopies(q ssa.Value) []ssa.Value {
	var calcs []ssa.Value
	for _, ref := range *q.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Val != q {
			continue
		}
		if _, ok := st.Addr.(*ssa.FieldAddr); !ok {
			continue
		}
		for _, load := range loadsAfter(st) {
			calcs = append(calcs, arithmeticOn(load)...)
		}
	}
	return calcs
}

// loadsAfter returns the loads of the field st stores into that read
// what st stored: st runs before each, and no other store to the field
// runs between.
func loadsAfter(st *ssa.Store) []ssa.Value {
	to := dataaccess.RootPath(st.Addr)
	if !to.Valid() || to.Fields == "" {
		return nil
	}
	var stores []*ssa.Store
	var loads []*ssa.UnOp
	for _, b := range st.Parent().Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Store:
				if _, ok := x.Addr.(*ssa.FieldAddr); ok && dataaccess.RootPath(x.Addr).Equal(to) {
					stores = append(stores, x)
				}
			case *ssa.UnOp:
				if _, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL && dataaccess.RootPath(x.X).Equal(to) {
					loads = append(loads, x)
				}
			}
		}
	}
	var out []ssa.Value
	for _, l := range loads {
		if !ssautil.Before(st, l) {
			continue
		}
		overwritten := slices.ContainsFunc(stores, func(o *ssa.Store) bool {
			return o != st && ssautil.Before(st, o) && ssautil.Before(o, l)
		})
		if !overwritten {
			out = append(out, l)
		}
	}
	return out
}

// shrinksList reports whether call takes elements out of the list it is
// handed first: slices.Delete, slices.DeleteFunc.
func shrinksList(call *ssa.Call) bool {
	fn, ok := call.Call.Value.(*ssa.Function)
	if !ok || len(call.Call.Args) == 0 {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	return ok && obj.Pkg() != nil && obj.Pkg().Path() == "slices" && strings.HasPrefix(obj.Name(), "Delete")
}

// namesArithmetic reports whether fn's name starts with a word of adding
// or taking away: Add, AddPrices, Sub, Subtract, Plus, Minus.
func namesArithmetic(fn *ssa.Function) bool {
	if fn == nil {
		return false
	}
	words := apis.SplitWords(fn.Name())
	if len(words) == 0 {
		return false
	}
	switch words[0] {
	case "add", "sub", "subtract", "plus", "minus":
		return true
	}
	return false
}

// overwrites reports whether op sets columns of a row to the values it is
// given, guarded or not: an absolute update (SQL, an ORM chain, a
// helper's), or gorm's Save of a record.
func overwrites(op *dataaccess.Op) bool {
	return op.Kind == apis.Update && !dataaccess.NonIdempotent(op) || dataaccess.WritesBack(op) || dataaccess.Overwrites(op) ||
		op.Summary != nil && op.Summary.SavesParam >= 0
}

// stopsSecondWriter reports whether the write's state guard makes the
// second writer match no row: it tests a column the write itself changes
// (WHERE status = 'pending' ... SET status = 'paid'). A bound on the
// quantity (WHERE stock_num >= ?) keeps it from going below zero but
// still matches the row, and a precondition on a column the write leaves
// alone (goods_sell_status = 0) matches it too. When the changed columns
// cannot be told (SQL text, a helper), the guard is taken to stop it.
func stopsSecondWriter(w *dataaccess.Op, field string) bool {
	if !w.StateGuard {
		return false
	}
	changed, known := changedColumns(w)
	if !known || w.Condition == "" {
		return true
	}
	quantity := dataaccess.ColumnName(field)
	for _, part := range strings.Split(strings.ToLower(w.Condition), " and ") {
		col, rest := leadingColumn(strings.TrimSpace(part))
		if col == "" || sqlclass.IsKeyColumn(col) {
			continue
		}
		if col == quantity && (strings.HasPrefix(rest, ">") || strings.HasPrefix(rest, "<")) {
			continue
		}
		if changed[col] {
			return true
		}
	}
	return false
}

// leadingColumn splits a condition into the column it starts with (its
// table prefix dropped) and the rest, trimmed.
func leadingColumn(part string) (col, rest string) {
	end := strings.IndexFunc(part, func(r rune) bool {
		return !(r == '_' || r == '.' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	})
	if end < 0 {
		end = len(part)
	}
	col = part[:end]
	if i := strings.LastIndexByte(col, '.'); i >= 0 {
		col = col[i+1:]
	}
	return col, strings.TrimSpace(part[end:])
}

// changedColumns returns the columns a gorm update sets: the fields
// stored into the struct it is given (Updates(Goods{StockNum: n})), or the
// column it names (Update("stock_num", n)); known is false otherwise.
func changedColumns(w *dataaccess.Op) (cols map[string]bool, known bool) {
	c := w.Call()
	if c == nil || w.Callee == nil || len(c.Args) < 2 {
		return nil, false
	}
	cols = map[string]bool{}
	switch w.Callee.Name() {
	case "Update", "UpdateColumn":
		name, ok := dataaccess.SQLText(c.Args[1])
		if !ok {
			return nil, false
		}
		cols[strings.ToLower(name)] = true
		return cols, true
	case "Updates", "UpdateColumns":
		rec := dataaccess.Unwrap(c.Args[1])
		if l, ok := rec.(*ssa.UnOp); ok && l.Op == token.MUL {
			rec = l.X
		}
		if _, ok := rec.(*ssa.Alloc); !ok {
			return nil, false
		}
		for _, st := range fieldStoresBefore([]ssa.Value{rec}, w) {
			fa := st.Addr.(*ssa.FieldAddr)
			cols[dataaccess.ColumnName(ssautil.FieldName(fa.X.Type(), fa.Field))] = true
		}
		return cols, true
	}
	return nil, false
}

// carriersOf returns the values that hold v on its way to a write: v
// itself, its conversions, the merges and further appends of a list, and
// the records, literals and maps it is stored into (Goods{StockNum: v},
// a.Balance = v, map{"n": v}), with their loads.
func carriersOf(v ssa.Value) map[ssa.Value]bool {
	carriers := map[ssa.Value]bool{}
	work := []ssa.Value{v}
	add := func(x ssa.Value) {
		if !carriers[x] {
			work = append(work, x)
		}
	}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if carriers[x] {
			continue
		}
		carriers[x] = true
		if x.Referrers() == nil {
			continue
		}
		for _, ref := range *x.Referrers() {
			switch r := ref.(type) {
			case *ssa.Convert, *ssa.ChangeType, *ssa.Phi:
				add(r.(ssa.Value))
			case *ssa.MakeInterface:
				add(r)
				for _, text := range formattedFrom(r) {
					add(text) // fmt.Sprintf("%f", have-cost): the amount as text
				}
			case *ssa.Store:
				if r.Val != x {
					continue
				}
				if fa, ok := r.Addr.(*ssa.FieldAddr); ok {
					for _, rec := range enclosingRecords(fa) {
						add(rec)
						for _, l := range ssautil.LoadsOf(rec) {
							add(l)
						}
						if l, ok := rec.(*ssa.UnOp); ok && l.Op == token.MUL {
							if cell, ok := l.X.(*ssa.Alloc); ok {
								add(cell) // Save(&line): the variable that points to the record
							}
						}
					}
				}
			case *ssa.MapUpdate:
				if r.Value == x {
					add(r.Map)
				}
			case *ssa.Call:
				if formatsNumber(r) && slices.Contains(r.Call.Args, x) {
					add(r) // strconv.FormatFloat(have+amount, 'f', 2, 64)
				}
				// A setter stores it into the record (d.SetBuilds(builds)),
				// which a write of the record then carries.
				if recv, _, ok := dataaccess.SetterField(r); ok && len(r.Call.Args) == 2 && r.Call.Args[1] == x {
					add(recv)
				}
				// The list grown further (updated = append(updated, hook)).
				if b, ok := r.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(r.Call.Args) > 0 && r.Call.Args[0] == x {
					add(r)
				}
			}
		}
	}
	return carriers
}

// enclosingRecords returns what a field's address is part of: the record
// itself (&o.Stock: o), and for an element of a slice the record holds
// (&p.Quotas[i].UsedCount) that element and the record that holds the
// slice, which a Save(&p) writes back whole.
func enclosingRecords(fa *ssa.FieldAddr) []ssa.Value {
	out := []ssa.Value{fa.X}
	ia, ok := fa.X.(*ssa.IndexAddr)
	if !ok {
		return out
	}
	slice, ok := ia.X.(*ssa.UnOp) // the slice loaded from the record's field
	if !ok || slice.Op != token.MUL {
		return out
	}
	if holder, ok := slice.X.(*ssa.FieldAddr); ok {
		out = append(out, holder.X)
	}
	return out
}

// carries reports whether one of w's arguments is a carrier of the
// computed value.
func carries(w *dataaccess.Op, carriers map[ssa.Value]bool) bool {
	c := w.Call()
	if c == nil {
		return false
	}
	for _, a := range c.Args {
		if carriers[a] || carriers[dataaccess.Unwrap(a)] {
			return true
		}
		for _, e := range dataaccess.VariadicElems(a) { // SQL parameters
			if carriers[e] || carriers[dataaccess.Unwrap(e)] {
				return true
			}
		}
	}
	return false
}

func reportLostUpdate(pass *analysis.Pass, r lostUpdate) {
	what := quantityName(r.read, r.field)
	line := pass.Fset.Position(r.write.Pos()).Line
	pass.Report(analysis.Diagnostic{
		Pos: r.read.Pos(),
		Message: fmt.Sprintf("lost update: %s read here is written back at line %d as a value computed from it, in a separate step, so two concurrent callers both read the same value and the second write overwrites the first: one change is lost (let the database compute it: UPDATE ... SET n = n - $1 WHERE id = $2 AND n >= $1, gorm.Expr(\"n - ?\", x); or read the row FOR UPDATE in the transaction that writes)",
			what, line),
		Related: []analysis.RelatedInformation{
			{Pos: r.calc.Pos(), Message: "the new value, computed from the one read"},
			{Pos: r.write.Pos(), Message: "the write that stores it"},
		},
		URL: apis.RuntimeClaimURL,
	})
}
