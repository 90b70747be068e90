// Package schema is a stub of entgo.io/ent/schema.
package schema

type Annotation interface{ Name() string }
