package checkthenact

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A find-or-create often has no "found" return: the row's id is scanned
// by the check or by the insert, and either way the function goes on
// with it.
//
//	err = tx.QueryRow(`SELECT id FROM icons WHERE hash = $1`, h).Scan(&id)
//	if errors.Is(err, sql.ErrNoRows) {
//		err := tx.QueryRow(`INSERT INTO icons (hash) VALUES ($1) RETURNING id`, h).Scan(&id)
//		if err != nil {
//			return err
//		}
//	} else if err != nil {
//		return err
//	}
//	// uses id
//
// Made conditional, a twin's insert returns no row; reading the row as
// the check does, right after, puts the twin's id where the insert's would
// have gone, and the code goes on as for a found row. (Under READ
// COMMITTED each statement sees rows committed before it, so the read finds
// the row the conflict waited for; under REPEATABLE READ it finds none, and
// the error test after it fails the call rather than insert twice.)

// joinsPresentPath reports whether the insert statement assign sits in
// that shape: directly in the block the check's absent outcome enters,
// followed there by nothing but a test of errVar that returns, in an if
// whose else branches all return, so that the check's present outcome
// and the insert's success both go on after the if.
func (f *fixer) joinsPresentPath(check *dataaccess.Op, assign *ast.AssignStmt, errVar string) bool {
	path, _ := astutil.PathEnclosingInterval(f.file, assign.Pos(), assign.End())
	if len(path) < 3 {
		return false
	}
	block, ok1 := path[1].(*ast.BlockStmt)
	absent, ok2 := path[2].(*ast.IfStmt)
	if !ok1 || !ok2 || absent.Body != block || !allReturn(absent.Else) {
		return false
	}
	after := false
	for _, stmt := range block.List {
		switch {
		case stmt == assign:
			after = true
		case after && !errorExit(stmt, errVar):
			return false
		}
	}
	return f.entersOnAbsent(check, block)
}

// allReturn reports whether every branch of an else chain ends in a
// return (a nil chain has none).
func allReturn(els ast.Stmt) bool {
	switch e := els.(type) {
	case nil:
		return true
	case *ast.BlockStmt:
		return endsInReturn(e)
	case *ast.IfStmt:
		return endsInReturn(e.Body) && allReturn(e.Else)
	}
	return false
}

func endsInReturn(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}

// errorExit reports whether stmt is `if errVar != nil { ...; return ... }`
// with no else.
func errorExit(stmt ast.Stmt, errVar string) bool {
	ifs, ok := stmt.(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil || !endsInReturn(ifs.Body) {
		return false
	}
	cmp, ok := ifs.Cond.(*ast.BinaryExpr)
	if !ok || cmp.Op != token.NEQ {
		return false
	}
	x, okX := cmp.X.(*ast.Ident)
	y, okY := cmp.Y.(*ast.Ident)
	return okX && okY && x.Name == errVar && y.Name == "nil"
}

// entersOnAbsent reports whether block is the successor of a test of the
// check's outcome that the absent outcome takes.
func (f *fixer) entersOnAbsent(check *dataaccess.Op, block *ast.BlockStmt) bool {
	for _, s := range presenceSplits(check) {
		if s.afterFallback {
			continue
		}
		for _, instr := range s.absent.Instrs {
			if p := instr.Pos(); p.IsValid() {
				if p >= block.Pos() && p < block.End() {
					return true
				}
				break
			}
		}
	}
	return false
}
