// Package ent is a stub of entgo.io/ent: generated code imports it.
package ent

type Schema struct{}

type Interface interface{ Type() }

type Op uint

const (
	OpCreate Op = 1 << iota
	OpUpdate
)
