package checkthenact

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// awsPkg declares aws.String, which makes the *string a condition field takes.
const awsPkg = "github.com/aws/aws-sdk-go-v2/aws"

// dynamoCondition adds to a PutItem input literal the condition that makes
// it put the item only if no item has its key:
//
//	ConditionExpression:      aws.String("attribute_not_exists(#k)"),
//	ExpressionAttributeNames: map[string]string{"#k": "pk"},
//
// The key attribute comes from the GetItem check's Key literal, so it is
// certain; the name goes through a placeholder because many attribute
// names (key, status, name) are reserved words in expressions. There is
// no fix when the check's key is not a literal, when the input literal
// already has a condition or attribute names, or when the aws package's
// name is taken. A concurrent duplicate then fails with
// ConditionalCheckFailedException, which the caller sees as an error.
func (f *fixer) dynamoCondition(check, write *dataaccess.Op) *analysis.SuggestedFix {
	get, _ := f.callAt(check.Pos())
	put, _ := f.callAt(write.Pos())
	if get == nil || put == nil || check.Callee == nil || check.Callee.Name() != "GetItem" ||
		len(get.Args) < 2 || len(put.Args) < 2 {
		return nil
	}
	attr := keyAttribute(inputLiteral(get.Args[1]))
	input := inputLiteral(put.Args[1])
	if attr == "" || input == nil || len(input.Elts) == 0 ||
		hasField(input, "ConditionExpression") || hasField(input, "ExpressionAttributeNames") {
		return nil
	}
	aws, importEdit, ok := f.importName(awsPkg, "aws")
	if !ok {
		return nil
	}
	fields := []string{
		"ConditionExpression: " + aws + `.String("attribute_not_exists(#k)")`,
		`ExpressionAttributeNames: map[string]string{"#k": ` + strconv.Quote(attr) + "}",
	}
	last := input.Elts[len(input.Elts)-1]
	var edit analysis.TextEdit
	if f.line(input.Rbrace) == f.line(last.End()) {
		edit = analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(", " + strings.Join(fields, ", "))}
	} else {
		// One field a line, indented as the literal's other fields.
		indent := f.text(f.lineStart(input.Rbrace), input.Rbrace)
		if strings.TrimSpace(indent) != "" {
			return nil
		}
		text := "\t" + strings.Join(fields, ",\n"+indent+"\t") + ",\n" + indent
		edit = analysis.TextEdit{Pos: input.Rbrace, End: input.Rbrace, NewText: []byte(text)}
	}
	edits := []analysis.TextEdit{edit}
	if importEdit != nil {
		edits = append(edits, *importEdit)
	}
	return &analysis.SuggestedFix{
		Message:   "Put the item only if its key is absent (attribute_not_exists); a duplicate then fails with ConditionalCheckFailedException",
		TextEdits: edits,
	}
}

// inputLiteral returns the composite literal of &T{...}, or nil.
func inputLiteral(e ast.Expr) *ast.CompositeLit {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil
	}
	lit, _ := ast.Unparen(u.X).(*ast.CompositeLit)
	return lit
}

// keyAttribute returns the first attribute name of a GetItem input's Key
// map literal: any key attribute exists exactly when the item does.
func keyAttribute(input *ast.CompositeLit) string {
	if input == nil {
		return ""
	}
	for _, e := range input.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok || !isIdent(kv.Key, "Key") {
			continue
		}
		m, ok := kv.Value.(*ast.CompositeLit)
		if !ok || len(m.Elts) == 0 {
			return ""
		}
		first, ok := m.Elts[0].(*ast.KeyValueExpr)
		if !ok {
			return ""
		}
		lit, ok := first.Key.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return ""
		}
		name, err := strconv.Unquote(lit.Value)
		if err != nil {
			return ""
		}
		return name
	}
	return ""
}

func hasField(lit *ast.CompositeLit, name string) bool {
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok && isIdent(kv.Key, name) {
			return true
		}
	}
	return false
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

func (f *fixer) line(pos token.Pos) int { return f.pass.Fset.Position(pos).Line }

// lineStart returns the position where pos's line begins.
func (f *fixer) lineStart(pos token.Pos) token.Pos {
	return f.pass.Fset.File(pos).LineStart(f.line(pos))
}
