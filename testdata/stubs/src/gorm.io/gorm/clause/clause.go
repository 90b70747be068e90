// Package clause is a stub of gorm.io/gorm/clause.
package clause

type Expression interface{}

type Column struct{ Name string }

type OnConflict struct {
	Columns   []Column
	DoNothing bool
	UpdateAll bool
}

type Locking struct {
	Strength string
	Options  string
}

const LockingStrengthUpdate = "UPDATE"

type Expr struct {
	SQL  string
	Vars []interface{}
}
