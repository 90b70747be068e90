package abortedtx

import (
	"bytes"
	"fmt"
	"go/ast"
	"strconv"

	"github.com/idemvet/idemvet/internal/passutil"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
)

const pgxPath = "github.com/jackc/pgx/v5"

// suggestFix runs a failing pgx Exec in a savepoint when that is
// mechanical: the statement is `_, err := tx.Exec(ctx, ...)` (alone or as
// an if's init) on a transaction variable, and the file imports pgx. It
// becomes
//
//	err := pgx.BeginFunc(ctx, tx, func(tx pgx.Tx) error {
//		_, err := tx.Exec(ctx, ...)
//		return err
//	})
//
// pgx.BeginFunc on a Tx opens a savepoint and rolls back to it when the
// function fails, so the outer transaction stays usable.
func suggestFix(pass *analysis.Pass, f *finding) *analysis.SuggestedFix {
	if f.failed.Callee == nil || f.failed.Callee.Name() != "Exec" || !isPgx(f.failed.Handle.Path.Base.Type()) {
		return nil
	}
	file := passutil.FileOf(pass, f.failed.Pos())
	if file == nil {
		return nil
	}
	pgxName := importName(file, pgxPath)
	if pgxName == "" {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(file, f.failed.Pos(), f.failed.Pos())
	var call *ast.CallExpr
	var assign *ast.AssignStmt
	for _, n := range path {
		switch n := n.(type) {
		case *ast.CallExpr:
			if call == nil {
				call = n
			}
		case *ast.AssignStmt:
			assign = n
		}
		if assign != nil {
			break
		}
	}
	if call == nil || assign == nil || len(assign.Lhs) != 2 || len(assign.Rhs) != 1 || assign.Rhs[0] != call || len(call.Args) < 2 {
		return nil
	}
	if blank, ok := assign.Lhs[0].(*ast.Ident); !ok || blank.Name != "_" {
		return nil
	}
	errID, ok := assign.Lhs[1].(*ast.Ident)
	sel, ok2 := call.Fun.(*ast.SelectorExpr)
	if !ok || !ok2 {
		return nil
	}
	tx, ok := sel.X.(*ast.Ident)
	if !ok {
		return nil
	}
	src, err := pass.ReadFile(pass.Fset.File(file.Pos()).Name())
	if err != nil {
		return nil
	}
	tf := pass.Fset.File(file.Pos())
	text := func(n ast.Node) []byte { return src[tf.Offset(n.Pos()):tf.Offset(n.End())] }
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s %s %s.BeginFunc(%s, %s, func(%s %s.Tx) error {\n_, err := ",
		errID.Name, assign.Tok, pgxName, text(call.Args[0]), tx.Name, tx.Name, pgxName)
	b.Write(text(call))
	b.WriteString("\nreturn err\n})")
	return &analysis.SuggestedFix{
		Message:   "Run the statement in a savepoint (pgx.BeginFunc on the transaction)",
		TextEdits: []analysis.TextEdit{{Pos: assign.Pos(), End: assign.End(), NewText: b.Bytes()}},
	}
}

// importName returns the name under which file imports path, or "".
func importName(file *ast.File, path string) string {
	for _, spec := range file.Imports {
		if p, err := strconv.Unquote(spec.Path.Value); err != nil || p != path {
			continue
		}
		if spec.Name != nil {
			if spec.Name.Name == "_" || spec.Name.Name == "." {
				return ""
			}
			return spec.Name.Name
		}
		return "pgx"
	}
	return ""
}
