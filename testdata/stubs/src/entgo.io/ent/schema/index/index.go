// Package index is a stub of entgo.io/ent/schema/index.
package index

import "entgo.io/ent/schema"

type Builder struct{}

func (Builder) Descriptor() {}

func Fields(fields ...string) *Builder { return &Builder{} }

func (b *Builder) Unique() *Builder                                      { return b }
func (b *Builder) Edges(edges ...string) *Builder                        { return b }
func (b *Builder) Annotations(annotations ...schema.Annotation) *Builder { return b }
