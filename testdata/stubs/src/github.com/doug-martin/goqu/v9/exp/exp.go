// Package exp is a minimal stub of github.com/doug-martin/goqu/v9/exp.
package exp

type Expression interface{}
type ConflictExpression interface{}
type IdentifierExpression interface{}
type WaitOption int

const Wait WaitOption = 0

type Ex map[string]interface{}
