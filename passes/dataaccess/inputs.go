package dataaccess

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// Inputs returns the values that select what an operation touches: the
// arguments of its call and of the builder chain it ends (Where(...),
// Model(&Order{Key: k})), the fields stored into composite literals passed
// by pointer, and the elements of variadic arguments. Contexts, handles,
// receivers and SQL text are left out. Checks compare the inputs of two
// operations to tell "the same row" from "a new row in the same table".
func (op *Op) Inputs() []ssa.Value {
	c := op.Call()
	if c == nil {
		if op.Resource.Key != nil {
			return []ssa.Value{op.Resource.Key}
		}
		return nil
	}
	var in []ssa.Value
	seen := map[ssa.Value]bool{}
	var add func(v ssa.Value, depth int)
	addChain := func(v ssa.Value, depth int) {
		if phi, ok := Unwrap(v).(*ssa.Phi); ok {
			v = chainEdge(phi) // a builder extended on one path or in a loop
		}
		recv, ok := v.(*ssa.Call)
		if !ok {
			return
		}
		for call := &recv.Call; call != nil; call = chainCall(call) {
			for i := 0; arg(call, i) != nil; i++ {
				add(arg(call, i), depth)
			}
		}
	}
	// addCaptured adds the values stored into the fields of a captured
	// record, and the record: false when the closure stores none.
	addCaptured := func(captured *ssa.FreeVar, depth int) bool {
		stored := storesInto(captured)
		for _, s := range stored {
			add(s, depth+1)
		}
		if len(stored) > 0 {
			in = append(in, captured)
		}
		return len(stored) > 0
	}
	add = func(v ssa.Value, depth int) {
		v = Unwrap(v)
		// Each value is added once; the depth only bounds how far a
		// record's nesting is followed (fider's joined records reached 7).
		if v == nil || seen[v] || depth > 18 {
			return
		}
		seen[v] = true
		if elems := variadicElems(v); elems != nil {
			for _, e := range elems {
				add(e, depth+1)
			}
			return
		}
		if l, ok := v.(*ssa.UnOp); ok && l.Op == token.MUL {
			// A field of a record built in a variable (sub :=
			// Subscription{UserID: user.ID}; INSERT ... sub.UserID)
			// holds what was stored into it: the new row's key. (An
			// update keyed by such a field, answer's
			// UpdateQuestionLink(ctx, answer.QuestionID), is judged by
			// the value it names, as before.)
			if fa, ok := l.X.(*ssa.FieldAddr); ok && (op.Kind == apis.Insert || op.Kind == apis.CondInsert) {
				if rec, ok := fa.X.(*ssa.Alloc); ok {
					for _, stored := range storedInField(rec, fa.Field) {
						add(stored, depth+1)
					}
				}
			}
			// A struct literal copied into place (an element of
			// []TransactWriteItem{{...}}) is built in an Alloc first.
			if lit, ok := l.X.(*ssa.Alloc); ok && len(fieldStores(lit)) > 0 {
				v = lit
			}
			// A variable a closure captures lives in a cell: u := &User{}
			// is loaded from it (*cell) wherever it is used, its fields
			// set through those loads.
			if cell, ok := l.X.(*ssa.Alloc); ok {
				if rec, ok := singleStore(cell).(*ssa.Alloc); ok {
					if stored := cellFieldStores(cell, rec); len(stored) > 0 {
						for _, s := range stored {
							add(s, depth+1)
						}
						in = append(in, rec)
						return
					}
				}
			}
			// A record declared outside a closure and built inside it
			// (var p Provider; db.Transaction(func(tx) { p = Provider{...};
			// tx.Create(p) })) is loaded through the captured variable.
			if captured, ok := l.X.(*ssa.FreeVar); ok && addCaptured(captured, depth) {
				return
			}
			// A record a constructor returns, stored by value
			// (e := models.NewEmail(userID, address); Create(*e)), is
			// keyed by the constructor's arguments, as the pointer is.
			if call, ok := l.X.(*ssa.Call); ok && isConstructor(call) {
				v = call
			}
		}
		if captured, ok := v.(*ssa.FreeVar); ok && addCaptured(captured, depth) {
			return // &p, p captured
		}
		if alloc, ok := v.(*ssa.Alloc); ok {
			if sl, ok := singleStore(alloc).(*ssa.Slice); ok {
				v = sl // &[]*Relation{rel, inverse}: the slice literal the variable holds
			}
		}
		if sl, ok := v.(*ssa.Slice); ok {
			// A slice literal of structs built in place
			// ([]TransactWriteItem{{Put: &Put{...}}}).
			if arr, ok := sl.X.(*ssa.Alloc); ok {
				v = arr
			}
		}
		if _, isConst := v.(*ssa.Const); isConst {
			return // SQL text, a format or an option, not a key
		}
		if ssautil.IsContext(v.Type()) || kindOfType(v.Type()) != apis.HandleUnknown {
			return
		}
		if mm, ok := v.(*ssa.MakeMap); ok {
			// A predicate map: sq.Eq{"email": email}, goqu.Ex{"id": id}.
			for _, ref := range *mm.Referrers() {
				if u, ok := ref.(*ssa.MapUpdate); ok && u.Map == mm {
					add(u.Value, depth+1)
				}
			}
			return
		}
		if e, ok := v.(*ssa.Extract); ok {
			// The args of a built statement (q, args, _ := b.ToSql()) are
			// the inputs of the builder chain.
			if call, ok := e.Tuple.(*ssa.Call); ok && e.Index == 1 && isToSQL(call) {
				addChain(receiver(&call.Call), depth+1)
				return
			}
		}
		if n := ssautil.NamedOf(v.Type()); n != nil && n.Obj().Pkg() != nil && apis.IsBuilderPkg(n.Obj().Pkg().Path()) {
			if _, built := v.(*ssa.Call); built {
				// A statement built and handed to a query wrapper
				// (executeSQL(sq.Update("t").Where(sq.Eq{"id": id}))):
				// the inputs of its chain.
				addChain(v, depth+1)
			}
			return // or a builder option such as squirrel's sq.Dollar placeholder format
		}
		if isBuiltCommand(v) {
			addChain(v, depth+1) // client.B().Get().Key(k).Build(): the words of the command
			return
		}
		if call, ok := v.(*ssa.Call); ok && isConstructor(call) {
			// A predicate or key builder (account.Email(email),
			// fmt.Sprintf("k:%s", id)) is keyed by its arguments; a call
			// with none (newID()) makes a fresh value of its own.
			before := len(in)
			for _, a := range call.Call.Args {
				add(a, depth+1)
			}
			if len(in) > before {
				return
			}
		}
		if x, ok := v.(*ssa.Extract); ok {
			// A marshalled record (av, err := attributevalue.MarshalMap(o))
			// is keyed by what was marshalled.
			if call, ok := x.Tuple.(*ssa.Call); ok && call.Call.StaticCallee() != nil && call.Call.Signature().Recv() == nil {
				before := len(in)
				for _, a := range call.Call.Args {
					add(a, depth+1)
				}
				if len(in) > before {
					// The result too: a record built from its fields
					// (githubUser.Login, from the provider's answer to
					// the code) is keyed by what the check was given.
					in = append(in, x)
					return
				}
			}
		}
		if mm, ok := v.(*ssa.MakeMap); ok {
			// A map literal (a DynamoDB Key or Item, a bson.M filter) is
			// keyed by its values.
			before := len(in)
			for _, ref := range *mm.Referrers() {
				if up, ok := ref.(*ssa.MapUpdate); ok && up.Map == mm {
					add(up.Value, depth+1)
				}
			}
			if len(in) > before {
				return
			}
		}
		if cell, ok := v.(*ssa.Alloc); ok && (op.Kind == apis.Insert || op.Kind == apis.CondInsert) {
			// A pointer variable handed by address (Create(&cart)) and
			// assigned more than once (a named result, first the lookup's
			// answer, then cart = &Cart{UserID: uID}): the insert stores
			// what the variable holds there.
			if held := storeReaching(cell, op.Instr); held != nil {
				add(held, depth+1)
				return
			}
		}
		if alloc, ok := v.(*ssa.Alloc); ok {
			stored := fieldStores(alloc)
			for _, s := range stored {
				add(s, depth+1)
			}
			if len(stored) > 0 {
				// The record itself too: a lookup by one of its fields
				// (GetUserByName(u.Name)) selects the row it creates.
				in = append(in, alloc)
				return
			}
		}
		in = append(in, v)
	}
	for call := c; call != nil; call = chainCall(call) {
		for i := 0; arg(call, i) != nil; i++ {
			add(arg(call, i), 0)
		}
	}
	if rec := insertedReceiver(op, c); rec != nil {
		add(rec, 0)
	}
	return in
}

// insertedReceiver returns the record a model method inserts itself
// from, built just before as a literal (user = &model.User{GitHubId:
// login}; user.Insert(inviterID)): its fields key the new row. nil for
// other calls, and for a receiver that is not such a literal (a
// repository, a service).
func insertedReceiver(op *Op, c *ssa.CallCommon) ssa.Value {
	if op.Kind != apis.Insert && op.Kind != apis.CondInsert || c.IsInvoke() {
		return nil
	}
	recv := receiver(c)
	if recv == nil {
		return nil
	}
	v := Unwrap(recv)
	if l, ok := v.(*ssa.UnOp); ok && l.Op == token.MUL {
		v = l.X
	}
	if alloc, ok := v.(*ssa.Alloc); ok && len(fieldStores(alloc)) > 0 {
		return recv
	}
	return nil
}

// isConstructor reports whether a call is to a function rather than a
// method: a key builder, a predicate or a record's constructor, keyed by
// its arguments.
func isConstructor(call *ssa.Call) bool {
	return call.Call.StaticCallee() != nil && call.Call.Signature().Recv() == nil
}

// chainCall returns the builder call whose result a call is made on
// (db.Where(...) in db.Where(...).First(&u)), or nil.
func chainCall(c *ssa.CallCommon) *ssa.CallCommon {
	recv, ok := receiver(c).(*ssa.Call)
	if !ok || chainReceiver(recv) == nil {
		return nil
	}
	return &recv.Call
}

// fieldStores returns the values stored into the fields of a composite
// literal, and of the struct elements and fields built in place inside it:
// &Order{Key: k} yields k, and so does []Item{{Put: &Put{Item: k}}}, and
// o := Order{Key: k} before &o.
func fieldStores(alloc *ssa.Alloc) []ssa.Value {
	return storesInto(alloc)
}

// storedInField returns the values stored into field i of the record
// rec, or of the literal copied into it whole (sub := Subscription{...}
// is built in a temporary, then copied into the variable).
func storedInField(rec *ssa.Alloc, i int) []ssa.Value {
	return storedInFieldFrom(rec, i, map[*ssa.Alloc]bool{})
}

func storedInFieldFrom(rec *ssa.Alloc, i int, seen map[*ssa.Alloc]bool) []ssa.Value {
	if seen[rec] {
		return nil
	}
	seen[rec] = true
	var vals []ssa.Value
	for _, ref := range *rec.Referrers() {
		switch ref := ref.(type) {
		case *ssa.FieldAddr:
			if ref.Field != i {
				continue
			}
			for _, use := range *ref.Referrers() {
				if st, ok := use.(*ssa.Store); ok && st.Addr == ref {
					vals = append(vals, st.Val)
				}
			}
		case *ssa.Store:
			if load, ok := ref.Val.(*ssa.UnOp); ok && ref.Addr == rec && load.Op == token.MUL {
				if lit, ok := load.X.(*ssa.Alloc); ok {
					vals = append(vals, storedInFieldFrom(lit, i, seen)...)
				}
			}
		}
	}
	return vals
}

// cellFieldStores returns the values stored into the fields of rec, the
// record a captured variable's cell holds, directly or through loads of
// the cell.
func cellFieldStores(cell, rec *ssa.Alloc) []ssa.Value {
	bases := []ssa.Value{rec}
	for _, ref := range *cell.Referrers() {
		if load, ok := ref.(*ssa.UnOp); ok && load.Op == token.MUL && load.X == cell {
			bases = append(bases, load)
		}
	}
	return storesInto(bases...)
}

// storesInto returns the values stored into the fields and elements of
// the records the bases point to, nested up to eight levels deep. Each
// address is walked once: a literal copied through temporaries can reach
// one address by many paths, which without the set grew exponentially
// with the depth.
func storesInto(bases ...ssa.Value) []ssa.Value {
	var vals []ssa.Value
	seen := map[ssa.Value]bool{}
	var walk func(addr ssa.Value, depth int)
	walk = func(addr ssa.Value, depth int) {
		if depth > 8 || seen[addr] {
			return
		}
		seen[addr] = true
		for _, ref := range *addr.Referrers() {
			var sub ssa.Value
			switch ref := ref.(type) {
			case *ssa.FieldAddr:
				sub = ref
			case *ssa.IndexAddr:
				sub = ref
			case *ssa.Store:
				// u := User{Email: e} builds the literal in a temporary
				// and copies it whole into u: the temporary's fields are u's.
				if load, ok := ref.Val.(*ssa.UnOp); ok && ref.Addr == addr && load.Op == token.MUL {
					if tmp, ok := load.X.(*ssa.Alloc); ok {
						walk(tmp, depth+1)
					}
				}
				continue
			case *ssa.Call:
				if v := setterValue(ref, addr); v != nil {
					vals = append(vals, v)
				}
				continue
			default:
				continue
			}
			for _, r := range *sub.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == sub {
					vals = append(vals, st.Val)
				}
			}
			walk(sub, depth+1)
		}
	}
	for _, b := range bases {
		walk(b, 0)
	}
	return vals
}

// SameInput reports whether two operations are selected by a common
// input: an equal value, or values rooted at the same variable or field
// (icon.Hash and icon). When either has no inputs it cannot tell and
// answers true: a check with no key (SELECT EXISTS(SELECT 1 FROM admins))
// guards the whole table.
func SameInput(a, b *Op) bool {
	if (a.Resource.KeyForm != "" || b.Resource.KeyForm != "") && a.Resource.Key != nil && b.Resource.Key != nil {
		return sameKey(a.Resource, b.Resource) // a key built by a helper's template: its inputs are the key's
	}
	ia, ib := a.Inputs(), b.Inputs()
	if len(ia) == 0 || len(ib) == 0 {
		return true
	}
	for _, x := range ia {
		px := rootPath(x)
		for _, y := range ib {
			if SameValue(x, y) {
				return true
			}
			py := rootPath(y)
			if px.Valid() && py.Valid() && px.Base == py.Base {
				return true
			}
			if loadedBy(py.Base, x) || loadedBy(px.Base, y) {
				return true
			}
		}
	}
	return false
}

// loadedBy reports whether record is the result of a lookup keyed by key:
// order of order, err := s.orders.Get(ctx, orderID). Its fields (order.ID)
// name the row orderID names, so an insert built from them and a check
// keyed by orderID select the same thing.
func loadedBy(record, key ssa.Value) bool {
	if ext, ok := record.(*ssa.Extract); ok && ext.Index == 0 {
		record = ext.Tuple
	}
	call, ok := record.(*ssa.Call)
	if !ok || !isRecord(call.Type()) && !isRecordTuple(call.Type()) {
		return false
	}
	if f := callee(&call.Call); f == nil || !apis.IsLookupName(f.Name()) {
		return false
	}
	for _, arg := range call.Call.Args {
		if SameValue(arg, key) {
			return true
		}
	}
	return false
}

// isRecordTuple reports whether a call's results start with a record:
// (*Order, error), (Order, bool, error).
func isRecordTuple(t types.Type) bool {
	tuple, ok := t.(*types.Tuple)
	return ok && tuple.Len() > 0 && isRecord(tuple.At(0).Type())
}

// setterValue returns what a setter of the record at addr stores: v of
// rec.SetName(v), as API types with pointer fields have them (go-vela's
// u.SetName(n)).
func setterValue(call *ssa.Call, addr ssa.Value) ssa.Value {
	if recv, _, ok := SetterField(call); ok && recv == addr {
		return call.Call.Args[1]
	}
	return nil
}
