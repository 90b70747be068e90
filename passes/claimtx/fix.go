package claimtx

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// suggestFix offers to run an autocommit claim on the write's transaction
// when that is mechanical: the claim names its handle (as the receiver of
// the call chain or as the argument a wrapper runs on), the write's tx is
// a variable already open and in scope at the claim, and its type fits
// where the handle was. A claim made before the transaction begins is
// moved after the Begin (moveAfterBegin); when it cannot be, unmoved says
// why.
func suggestFix(pass *analysis.Pass, f *finding) (fix *analysis.SuggestedFix, unmoved string) {
	if f.begunAfter != nil {
		return moveAfterBegin(pass, f)
	}
	return onOpenTx(pass, f), ""
}

// onOpenTx is suggestFix for a transaction open where the claim runs.
func onOpenTx(pass *analysis.Pass, f *finding) *analysis.SuggestedFix {
	if f.how != autocommit && f.how != outerHandle {
		return nil
	}
	claimCall := callAt(pass, f.claim.op.Pos())
	writeCall := callAt(pass, f.write.op.Pos())
	if claimCall == nil || writeCall == nil {
		return nil
	}
	handle, param := handleExpr(pass, f.claim.op, claimCall)
	txExpr, _ := handleExpr(pass, f.write.op, writeCall)
	if handle == nil || txExpr == nil {
		return nil
	}
	target, tx := retarget(pass, handle, txExpr)
	if tx == nil || !inScopeAt(pass, tx, target.Pos()) || !openAt(f.write.op.Handle.Path.Base, f.claim.op) {
		return nil
	}
	if target == handle && !fits(pass, tx.Type(), handle, param, claimCall) {
		return nil
	}
	return &analysis.SuggestedFix{
		Message: fmt.Sprintf("Run the claim on %s, in the write's transaction", tx.Name()),
		TextEdits: []analysis.TextEdit{{
			Pos: target.Pos(), End: target.End(), NewText: []byte(tx.Name()),
		}},
	}
}

// handleForTx returns the handle expression of op's call that tx can
// replace: tx is in scope where the call will run (at, or the handle's
// own position when at is NoPos) and has the method the call makes on
// the handle with the same signature (pool.Exec becomes tx.Exec). It
// returns nil otherwise.
func handleForTx(pass *analysis.Pass, op *dataaccess.Op, call *ast.CallExpr, tx *types.Var, at token.Pos) ast.Expr {
	handle, param := handleExpr(pass, op, call)
	if handle == nil {
		return nil
	}
	if !at.IsValid() {
		at = handle.Pos()
	}
	if !inScopeAt(pass, tx, at) || !fits(pass, tx.Type(), handle, param, call) {
		return nil
	}
	return handle
}

// retarget returns the expression of the claim to replace and the tx
// variable to put there. When the write runs on a variable (tx, qtx), the
// claim's handle is replaced by it. When it runs on a client field of a
// transaction (ent's tx.Order), the claim's client field on another value
// (client.IdempotencyKey) is moved onto the transaction
// (tx.IdempotencyKey), provided the transaction has that field with the
// same type.
func retarget(pass *analysis.Pass, handle, txExpr ast.Expr) (ast.Expr, *types.Var) {
	switch x := ast.Unparen(txExpr).(type) {
	case *ast.Ident:
		tx, _ := pass.TypesInfo.Uses[x].(*types.Var)
		return handle, tx
	case *ast.SelectorExpr:
		base, ok := ast.Unparen(x.X).(*ast.Ident)
		claimSel, ok2 := ast.Unparen(handle).(*ast.SelectorExpr)
		if !ok || !ok2 || !isFieldSel(pass, x) || !isFieldSel(pass, claimSel) {
			return nil, nil
		}
		tx, _ := pass.TypesInfo.Uses[base].(*types.Var)
		if tx == nil || sameVar(pass, claimSel.X, tx) {
			return nil, nil
		}
		field, _, _ := types.LookupFieldOrMethod(tx.Type(), true, pass.Pkg, claimSel.Sel.Name)
		if v, ok := field.(*types.Var); !ok || !v.IsField() || !types.Identical(v.Type(), pass.TypesInfo.TypeOf(claimSel)) {
			return nil, nil
		}
		return claimSel.X, tx
	}
	return nil, nil
}

func isFieldSel(pass *analysis.Pass, sel *ast.SelectorExpr) bool {
	s, ok := pass.TypesInfo.Selections[sel]
	return ok && s.Kind() == types.FieldVal
}

// sameVar reports whether e is an identifier denoting v.
func sameVar(pass *analysis.Pass, e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && pass.TypesInfo.Uses[id] == v
}

// callAt returns the call expression whose '(' is at pos.
func callAt(pass *analysis.Pass, pos token.Pos) *ast.CallExpr {
	for _, file := range pass.Files {
		if pos < file.Pos() || pos > file.End() {
			continue
		}
		var found *ast.CallExpr
		ast.Inspect(file, func(n ast.Node) bool {
			if found != nil || n == nil || pos < n.Pos() || pos >= n.End() {
				return false
			}
			if c, ok := n.(*ast.CallExpr); ok && c.Lparen == pos {
				found = c
			}
			return true
		})
		return found
	}
	return nil
}

// handleExpr returns the expression naming the handle a call runs on,
// and the parameter type when it is an argument: the argument a wrapper's
// summary names, or the root of the receiver's builder chain
// (s.db in s.db.WithContext(ctx).Create(&k)).
func handleExpr(pass *analysis.Pass, op *dataaccess.Op, call *ast.CallExpr) (ast.Expr, types.Type) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	isMethod := ok && isMethodSel(pass, sel)
	if s := op.Summary; s != nil && s.HandleParam >= 0 {
		sig, ok := op.Callee.Type().(*types.Signature)
		i := s.HandleParam
		if ok && sig.Recv() != nil && !isMethod {
			return nil, nil // a method expression: leave it alone
		}
		if !ok || i < 0 || i >= len(call.Args) || i >= sig.Params().Len() || sig.Variadic() && i == sig.Params().Len()-1 {
			return nil, nil
		}
		return call.Args[i], sig.Params().At(i).Type()
	}
	if op.Summary != nil && !op.Summary.RecvHandle || !isMethod || !onReceiver(op) {
		return nil, nil // the handle is inside the wrapper, or an argument
	}
	return chainRoot(pass, sel.X), nil
}

// onReceiver reports whether op runs on its call's receiver chain rather
// than on a handle passed as an argument (repo.TryClaim(ctx, db, key)).
func onReceiver(op *dataaccess.Op) bool {
	c := op.Call()
	if c == nil {
		return false
	}
	recv := c.Value
	if !c.IsInvoke() {
		if len(c.Args) == 0 {
			return false
		}
		recv = c.Args[0]
	}
	return dataaccess.RootPath(recv).Equal(op.Handle.Path)
}

// chainRoot strips builder calls (WithContext, Where, Model, ...) that
// return a value of the receiver's package, as the model does.
func chainRoot(pass *analysis.Pass, e ast.Expr) ast.Expr {
	for range 64 {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return e
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !isMethodSel(pass, sel) || samePkg(pass.TypesInfo.TypeOf(sel.X), pass.TypesInfo.TypeOf(call)) == nil {
			return e
		}
		if n := sel.Sel.Name; n == "WithTx" || n == "Tx" || len(n) >= 5 && n[:5] == "Begin" {
			return e // opens a transaction: a different handle
		}
		e = sel.X
	}
	return e
}

func isMethodSel(pass *analysis.Pass, sel *ast.SelectorExpr) bool {
	s, ok := pass.TypesInfo.Selections[sel]
	return ok && s.Kind() == types.MethodVal
}

// samePkg returns the package both named types belong to, or nil.
func samePkg(a, b types.Type) *types.Package {
	na, nb := named(a), named(b)
	if na == nil || nb == nil || na.Obj().Pkg() == nil || na.Obj().Pkg() != nb.Obj().Pkg() {
		return nil
	}
	return na.Obj().Pkg()
}

func named(t types.Type) *types.Named {
	if t == nil {
		return nil
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// inScopeAt reports whether v is the variable its name denotes at pos.
func inScopeAt(pass *analysis.Pass, v *types.Var, pos token.Pos) bool {
	inner := pass.Pkg.Scope().Innermost(pos)
	if inner == nil {
		return false
	}
	_, obj := inner.LookupParent(v.Name(), pos)
	return obj == v
}

// openAt reports whether the transaction value is already open where the
// claim runs: a parameter of the claim's function (a callback's tx), or a
// value computed before the claim on every path.
func openAt(tx ssa.Value, claim *dataaccess.Op) bool {
	switch tx := tx.(type) {
	case *ssa.Parameter:
		return tx.Parent() == claim.Fn
	case ssa.Instruction:
		return tx.Parent() == claim.Fn && ssautil.Before(tx, claim.Instr)
	}
	return false
}

// fits reports whether the tx can stand where the handle was: assignable
// to the parameter, the same type as the chain root, or the receiver of a
// method the tx has with the same signature (db.ExecContext becomes
// tx.ExecContext, pool.Exec becomes tx.Exec).
func fits(pass *analysis.Pass, tx types.Type, handle ast.Expr, param types.Type, call *ast.CallExpr) bool {
	if param != nil {
		return types.AssignableTo(tx, param)
	}
	ht := pass.TypesInfo.TypeOf(handle)
	if ht == nil {
		return false
	}
	if types.Identical(ht, tx) {
		return true
	}
	// The first call of the chain is made on the handle; with the tx in
	// its place it must have the same signature, so that the rest of the
	// chain is unchanged (db.NewInsert() becomes tx.NewInsert()).
	first := firstCallOn(call, handle)
	if first == nil {
		return false
	}
	sel := ast.Unparen(first.Fun).(*ast.SelectorExpr)
	want, ok := pass.TypesInfo.TypeOf(sel).(*types.Signature)
	if !ok {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(tx, true, pass.Pkg, sel.Sel.Name)
	m, ok := obj.(*types.Func)
	return ok && types.Identical(m.Type(), want)
}

// firstCallOn walks a builder chain from its last call back to the call
// made directly on handle, or returns nil.
func firstCallOn(call *ast.CallExpr, handle ast.Expr) *ast.CallExpr {
	for range 64 {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		if ast.Unparen(sel.X) == ast.Unparen(handle) {
			return call
		}
		if call, ok = ast.Unparen(sel.X).(*ast.CallExpr); !ok {
			return nil
		}
	}
	return nil
}
