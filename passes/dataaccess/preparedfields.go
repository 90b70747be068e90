package dataaccess

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// Storage layers that prepare their statements once keep them in struct
// fields and run them from the methods:
//
//	s.insertStmt, err = db.Prepare(insertSQL)
//	sqlutil.StatementList{{&s.selectStmt, selectSQL}, ...}.Prepare(db)
//	...
//	sqlutil.TxStmt(txn, s.selectStmt).QueryRowContext(ctx, id)
//
// Where the statement runs, its text is not visible; where the field is
// filled, it is: a Prepare call's argument, or the string paired with the
// field's address in a literal the package hands to a preparing helper.
// The package's own struct types are only filled by the package, so the
// fills seen here are all the statements a field can hold.

// preparedStatements maps each prepared-statement field of the package's
// structs to the SQL texts it is filled with.
type preparedStatements map[*types.Var][]ssa.Value

// collectPreparedFields records the fills of pkg's prepared-statement
// fields made by funcs.
func collectPreparedFields(pkg *types.Package, funcs []*ssa.Function) preparedStatements {
	prepared := preparedStatements{}
	ownFieldAddrs(pkg, funcs, func(fa *ssa.FieldAddr, v *types.Var) {
		if !isPreparedStatement(v.Type()) {
			return
		}
		for _, ref := range *fa.Referrers() {
			st, ok := ref.(*ssa.Store)
			if !ok {
				continue
			}
			switch {
			case st.Addr == fa:
				if text := preparedFrom(st.Val); text != nil {
					prepared[v] = append(prepared[v], text)
				}
			case st.Val == fa:
				prepared[v] = append(prepared[v], pairedText(st.Addr)...)
			}
		}
	})
	return prepared
}

// preparedFrom returns the SQL text of the call that made a statement:
// a Prepare call's, or a preparing helper's (goalert's p := prep.P;
// p(query)), any call that returns a statement from a string it is
// given.
func preparedFrom(v ssa.Value) ssa.Value {
	if prep := preparingCall(v); prep != nil {
		return firstStringArg(prep)
	}
	v = Unwrap(v)
	if x, ok := v.(*ssa.Extract); ok {
		v = x.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok || !yieldsStatement(call.Type()) {
		return nil
	}
	return firstStringArg(&call.Call)
}

// yieldsStatement reports whether a call's result is a prepared
// statement, alone or first with an error.
func yieldsStatement(t types.Type) bool {
	if tuple, ok := t.(*types.Tuple); ok {
		return tuple.Len() > 0 && isPreparedStatement(tuple.At(0).Type())
	}
	return isPreparedStatement(t)
}

// pairedText returns the strings stored beside an address in the literal
// it was stored into ({&s.selectStmt, selectSQL}: selectSQL).
func pairedText(slot ssa.Value) []ssa.Value {
	fa, ok := slot.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	var texts []ssa.Value
	for _, ref := range *fa.X.Referrers() {
		sibling, ok := ref.(*ssa.FieldAddr)
		if !ok || sibling == fa {
			continue
		}
		for _, use := range *sibling.Referrers() {
			if st, ok := use.(*ssa.Store); ok && st.Addr == sibling && ssautil.IsString(st.Val.Type()) {
				texts = append(texts, st.Val)
			}
		}
	}
	return texts
}

// isPreparedStatement reports whether t is database/sql's or sqlx's
// prepared statement.
func isPreparedStatement(t types.Type) bool {
	n := ssautil.NamedOf(t)
	if n == nil || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() {
	case "database/sql":
		return n.Obj().Name() == "Stmt"
	case "github.com/jmoiron/sqlx":
		return n.Obj().Name() == "Stmt" || n.Obj().Name() == "NamedStmt"
	}
	return false
}

// statementText returns the one SQL text every fill of the field stmt is
// loaded from puts there.
func (m *modeler) statementText(stmt ssa.Value) (string, bool) {
	var field *types.Var
	switch x := Unwrap(stmt).(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			field = fieldVar(fa.X.Type(), fa.Field)
		}
	case *ssa.Field:
		field = fieldVar(x.X.Type(), x.Field)
	}
	texts := m.prepared[field]
	if field == nil || len(texts) == 0 {
		return "", false
	}
	text := ""
	for i, v := range texts {
		t, ok := m.sqlText(v)
		if !ok || i > 0 && t != text {
			return "", false
		}
		text = t
	}
	return text, true
}

// statementOn returns the prepared statement a call runs and the
// transaction it is bound to: tx.Stmt(s) and tx.StmtContext(ctx, s) bind s
// to tx, and so does a helper that takes a transaction and a statement
// and returns a statement (sqlutil.TxStmt(txn, s)). tx is nil for a
// statement run as it is.
func statementOn(stmt ssa.Value) (s, tx ssa.Value) {
	call, ok := Unwrap(stmt).(*ssa.Call)
	if !ok || !isPreparedStatement(call.Type()) {
		return stmt, nil
	}
	var inner ssa.Value
	for i := 0; arg(&call.Call, i) != nil; i++ {
		a := arg(&call.Call, i)
		switch {
		case isPreparedStatement(a.Type()):
			inner = a
		case kindOfType(a.Type()) != apis.HandleUnknown:
			tx = a
		}
	}
	if inner == nil {
		return stmt, nil
	}
	if tx == nil {
		tx = receiver(&call.Call)
	}
	return inner, tx
}
