// Package ent is a minimal stub of entgo.io/ent.
package ent

type Op uint

const (
	OpCreate Op = 1 << iota
	OpUpdate
)
