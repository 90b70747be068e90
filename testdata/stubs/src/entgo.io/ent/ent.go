// Package ent is a stub of entgo.io/ent: generated code imports it.
package ent

type Schema struct{}

type Interface interface{ Type() }

type Op uint

const (
	OpCreate Op = 1 << iota
	OpUpdate
)

// Field, Index and Annotation are what a schema type's Fields, Indexes
// and Annotations methods return.
type (
	Field interface{ Descriptor() }
	Index interface{ Descriptor() }
)

// Mixin is what a schema type's Mixin method returns: fields and indexes
// shared by the tables that mix it in.
type Mixin interface {
	Fields() []Field
	Indexes() []Index
}
