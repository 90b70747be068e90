// Package clause is a stub of gorm.io/gorm/clause.
package clause

type Expression interface{}

type Column struct{ Name string }

type OnConflict struct {
	Columns   []Column
	DoNothing bool
	DoUpdates Set
	UpdateAll bool
}

// Set is the assignments of an upsert's DO UPDATE.
type Set []Assignment

type Assignment struct {
	Column Column
	Value  interface{}
}

func AssignmentColumns(values []string) Set { return nil }

type Locking struct {
	Strength string
	Options  string
}

const LockingStrengthUpdate = "UPDATE"

type Expr struct {
	SQL  string
	Vars []interface{}
}
