// Package predicate mimics ent's generated predicate types.
package predicate

// Invitation filters invitation rows (a func(*sql.Selector) in ent).
type Invitation func()
