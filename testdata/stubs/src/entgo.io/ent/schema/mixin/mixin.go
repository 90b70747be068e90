// Package mixin is a stub of entgo.io/ent/schema/mixin.
package mixin

import "entgo.io/ent"

// Schema is the base a mixin embeds: it declares nothing.
type Schema struct{}

func (Schema) Fields() []ent.Field  { return nil }
func (Schema) Indexes() []ent.Index { return nil }
