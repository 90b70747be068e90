// Package sqlite3 is a minimal stub of github.com/mattn/go-sqlite3: the
// error type and the extended code services match unique violations with.
package sqlite3

type ErrNoExtended int

type Error struct {
	ExtendedCode ErrNoExtended
}

func (e Error) Error() string { return "sqlite3" }

var ErrConstraintUnique = ErrNoExtended(2067)
