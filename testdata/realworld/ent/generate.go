// Package ent is the ent client generated from ./schema, committed so the
// module builds offline: regenerate with `go generate ./ent` after editing
// the schema.
package ent

//go:generate go run entgo.io/ent/cmd/ent@v0.14.5 generate ./schema
